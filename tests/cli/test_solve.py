"""``downwedig solve``: the answer from files and stdin, whole or streamed, and every refusal."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

import pytest

from downwedig import answer, parse

from ..conftest import SAMPLE, Cli

SAMPLE_ANSWER = SAMPLE.with_suffix(".ans").read_text()


@pytest.mark.parametrize("args", [("solve",), ("solve", "-"), ("solve", "--stream"), ("solve", "--stream", "-")])
def test_solve_from_stdin(cli: Cli, args: tuple[str, ...]) -> None:
    result = cli(*args, stdin=SAMPLE.read_bytes())
    assert result.status == 0, result.stderr
    assert result.out == SAMPLE_ANSWER


def test_solve_a_file(cli: Cli) -> None:
    result = cli("solve", SAMPLE)
    assert (result.status, result.out, result.stderr) == (0, SAMPLE_ANSWER, "")


def test_stream_output_equals_whole_output(cli: Cli) -> None:
    data = b"20000\n" + b"".join(b"WWRRWRWR\n" if i % 3 else b"RWRRWWWR\n" for i in range(20000))
    whole = cli("solve", stdin=data)
    streamed = cli("solve", "--stream", stdin=data)
    assert whole.status == streamed.status == 0
    assert whole.stdout == streamed.stdout and len(whole.stdout) == 20001


def test_width_option(cli: Cli) -> None:
    result = cli("solve", "--width", "3", stdin=b"3\nWWW\nWWR\nRRR\n")
    assert result.status == 0 and result.stdout == b"212\n"
    wrong = cli("solve", "--width", "3", stdin=b"1\nWWWWWWWW\n")
    assert wrong.status == 1 and "<stdin>:2:4: error: step 1 has 8 pieces, expected 3" in wrong.stderr
    assert cli("solve", "--width", "17").status == 2


BAD = [
    (b"", "<stdin>:1:1: empty input: expected the number of steps n, then n steps"),
    (b"abc\n", "<stdin>:1:1: the number of steps n must be a positive integer, got 'abc'"),
    (b"0\n", "<stdin>:1:1: the number of steps n must be at least 1, got '0'"),
    (b"3\nWWWWWWWW\nRRRRRRRR\n", "<stdin>:4:1: expected 3 steps, found only 2"),
    (b"1\nWWWWWWWW\nRRRRRRRR\n", "<stdin>:3:1: unexpected content after the 1 step: 'RRRRRRRR'"),
    (b"2\nWWWWWWWW\nWWWWWW\n", "<stdin>:3:7: step 2 has 6 pieces, expected 8"),
    (b"2\nWWWWWWWW\nWWWWWWwW\n", "<stdin>:3:7: unexpected character 'w' in step 2 (a piece is 'W' or 'R')"),
    (b"1\nWXWWWWWW\n", "<stdin>:2:2: unexpected character 'X' in step 1 (a piece is 'W' or 'R')"),
    (b"1\nWW\xffWWWWW\n", "<stdin>:2:3: byte 0xff is not text (the input must be UTF-8)"),
]


@pytest.mark.parametrize(("data", "message"), BAD, ids=[m.split(": ", 1)[1][:30] for _, m in BAD])
@pytest.mark.parametrize("stream", [False, True], ids=["whole", "stream"])
def test_invalid_input_is_refused_in_one_line(cli: Cli, data: bytes, message: str, stream: bool) -> None:
    result = cli("solve", *(["--stream"] if stream else []), stdin=data)
    assert result.status == 1
    location, reason = message.split(": ", 1)
    assert result.stderr == f"{location}: error: {reason}\n"
    assert result.stdout == b""


def test_invalid_file_is_named(cli: Cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"2\nWWWWWWWW\nWWWW\n")
    result = cli("solve", bad)
    assert result.status == 1 and result.stdout == b""
    assert result.stderr == f"{bad}:3:5: error: step 2 has 4 pieces, expected 8\n"


def test_stream_keeps_digits_written_before_a_bad_line(cli: Cli) -> None:
    n = 300_000
    data = b"%d\n" % n + b"WWRRWWRR\n" * (n - 1) + b"WWRRWWRX\n"
    result = cli("solve", "--stream", stdin=data)
    assert result.status == 1
    assert result.stderr == (
        f"<stdin>:{n + 1}:8: error: unexpected character 'X' in step {n} (a piece is 'W' or 'R')\n"
    )
    # Digits already known were written; the line is left without its newline.
    assert len(result.stdout) > 100_000 and not result.stdout.endswith(b"\n")
    assert set(result.stdout) <= set(b"12")
    assert cli("solve", stdin=data).stdout == b""  # without --stream: all or nothing


def test_usage_errors_exit_2(cli: Cli, tmp_path: Path) -> None:
    missing = cli("solve", tmp_path / "nope.txt")
    assert missing.status == 2 and missing.stdout == b""
    assert f"cannot open '{tmp_path / 'nope.txt'}': No such file or directory" in missing.stderr
    assert "usage: downwedig solve" in missing.stderr
    folder = cli("solve", tmp_path)
    assert folder.status == 2 and "Is a directory" in folder.stderr
    unknown = cli("solve", "--frobnicate")
    assert unknown.status == 2 and "unrecognized arguments: --frobnicate" in unknown.stderr


def test_a_file_name_cannot_break_the_message(cli: Cli, tmp_path: Path) -> None:
    bad = tmp_path / "a\nb\x1b[31m.in"
    bad.write_bytes(b"1\nw\n")
    result = cli("solve", bad)
    assert result.status == 1 and result.stderr.count("\n") == 1 and "\x1b" not in result.stderr
    assert result.stderr.startswith(str(tmp_path) + "/a\\nb\\x1b[31m.in:2:1: error: ")


def read_until(stream: IO[bytes], count: int, seconds: float = 30) -> bytes:
    """Bytes from ``stream`` (a pipe) until ``count`` have come or ``seconds`` have passed."""
    got = b""
    deadline = time.monotonic() + seconds
    while len(got) < count and time.monotonic() < deadline:
        if select.select([stream], [], [], 0.1)[0]:
            more = os.read(stream.fileno(), 1 << 16)
            if not more:
                break
            got += more
    return got


def test_stream_is_live() -> None:
    """Day k's digit comes out as soon as step k + 8 is read, while the rest is still on its way."""
    rows = [b"WWRRWRWR\n" if i % 3 else b"RWRRWWWR\n" for i in range(40)]
    expected = answer(parse(b"40\n" + b"".join(rows)))
    with subprocess.Popen(
        [sys.executable, "-m", "downwedig", "solve", "--stream"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(b"40\n" + b"".join(rows[:20]))
        proc.stdin.flush()
        early = read_until(proc.stdout, 12)
        assert early == expected[:12].encode(), "days 1..12 are known once step 20 is read"
        proc.stdin.write(b"".join(rows[20:]))
        proc.stdin.close()
        rest = proc.stdout.read()
        assert proc.wait(timeout=60) == 0
    assert early + rest == expected.encode() + b"\n"


def test_stream_bad_line_after_a_slow_start_keeps_the_known_days() -> None:
    good = b"".join(b"WWRRWRWR\n" if i % 3 else b"RWRRWWWR\n" for i in range(19))
    with subprocess.Popen(
        [sys.executable, "-m", "downwedig", "solve", "--stream"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as proc:
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        proc.stdin.write(b"20\n" + good + b"WWWWWWWx\n")
        proc.stdin.close()
        out, err = proc.stdout.read(), proc.stderr.read()
        assert proc.wait(timeout=60) == 1
    assert len(out) == 11 and not out.endswith(b"\n"), "days 1..11 were known from steps 1..19"
    assert err == b"<stdin>:21:8: error: unexpected character 'x' in step 20 (a piece is 'W' or 'R')\n"
