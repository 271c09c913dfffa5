"""A run's pipes as the judge holds them: the input fed as the run reads it, the output drained up to its cap, and
nothing of the judge's blocked by a run that stops reading or writes without end."""

from __future__ import annotations

import os
import select
import subprocess
import time

from downwedig.contest.running.streams import Drain, Feeder, exited, wait


def test_a_drain_keeps_what_it_may_and_counts_the_rest() -> None:
    reader, writer = os.pipe()
    drain = Drain(reader, cap=10, kept=4)
    os.write(writer, b"0123456789")
    assert drain.read_some() and not drain.over and drain.data == b"0123"
    os.write(writer, b"x")
    assert not drain.read_some() and drain.over and drain.size == 11  # (over its cap: no more is wanted)
    os.close(writer)
    drain.read_rest()
    assert drain.fd is None and drain.data == b"0123"


def test_reading_what_is_left_stops_at_a_writer_that_never_ends() -> None:
    # (a process that left the run, where nothing ends it, keeps its pipe open: the judge does not wait for it)
    writer = subprocess.Popen(["yes"], stdout=subprocess.PIPE)
    assert writer.stdout is not None
    drain = Drain(os.dup(writer.stdout.fileno()), cap=1 << 30, kept=1 << 16)
    try:
        select.select([writer.stdout], [], [], 10)  # (once it has written)
        start = time.monotonic()
        drain.read_rest(chunks=8)
        assert time.monotonic() - start < 5 and 0 < drain.size <= 8 << 16
    finally:
        drain.close()
        writer.kill()
        writer.communicate()


def test_the_input_is_fed_as_the_run_reads_and_dropped_when_it_stops_reading() -> None:
    data = b"x" * (1 << 20)  # (far more than a pipe holds)
    head = subprocess.Popen(["head", "-c", "100"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert head.stdin is not None and head.stdout is not None
    feeder = Feeder(os.dup(head.stdin.fileno()), data)
    head.stdin.close()
    out = Drain(os.dup(head.stdout.fileno()), cap=1 << 20, kept=1 << 20)
    head.stdout.close()
    ended = wait(head.pid, time.monotonic() + 20, feeder, (out,), None)
    out.read_rest()
    out.close()
    feeder.close()
    assert ended == "exited" and out.data == b"x" * 100 and exited(head.pid)
    assert head.wait() == 0


def test_a_run_that_writes_past_its_cap_is_ended_at_once() -> None:
    yes = subprocess.Popen(["yes"], stdout=subprocess.PIPE)
    assert yes.stdout is not None
    out = Drain(os.dup(yes.stdout.fileno()), cap=1 << 16, kept=1 << 16)
    yes.stdout.close()
    reader, writer = os.pipe()
    os.close(reader)
    try:
        assert wait(yes.pid, time.monotonic() + 20, Feeder(writer, b""), (out,), None) == "output"
        assert out.over and len(out.data) == 1 << 16 and not exited(yes.pid)
    finally:
        out.close()
        yes.kill()
        yes.wait()
