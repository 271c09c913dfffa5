"""Running a solution as a judge does: input on a pipe, a fresh folder, limits, and nothing left behind.

:func:`run_solution` runs a shell command with the test on its standard input
and returns a :class:`Run`: exit status, output, CPU and wall seconds, peak
memory, and the isolation it ran under.  How:

- **What it is given.**  The input comes through a pipe, so the command never
  learns where the test lives; it runs in a fresh, empty working folder
  (``TMPDIR`` too: the sandbox's ``/box``, in memory, or a folder in the
  judge's ``TMPDIR``), removed with everything in it after the run (a simple
  command's relative file names, ``python3 solution.py``, are made absolute
  first: :func:`~downwedig.contest.running.command.relocated`).  The output
  and errors go to unnamed temporary files, so a background process that keeps
  them open cannot hold the run up (the run ends when the command's process
  ends), and a huge output costs disk, not memory: no file may grow past
  ``output_limit`` bytes (``RLIMIT_FSIZE``; ``SIGXFSZ`` then), and only the
  first :data:`STDERR_KEPT` bytes of the errors are read back.
- **Its own cgroup**, where the machine allows it
  (:func:`~downwedig.contest.running.cgroup.isolation`: ``cgroup-v2`` or
  ``cgroup-v1``): the shell that runs the command moves itself into a fresh
  cgroup (v1; in v2 the judge moves it) and stops itself, and the judge checks
  it is there before it lets it go on, so every process of the run is in the
  group.  CPU time and peak memory are the group's
  (children included, waited for or not); the memory limit and a cap of
  :data:`~downwedig.contest.running.cgroup.PROCESS_LIMIT` tasks are the
  group's; the judge reads the group's CPU time as the run goes and ends it
  once it passes the CPU limit; and when the command ends (or at a limit) the
  whole group is killed, then removed.
- **Otherwise a process group** (``process-group``): limits per process, set
  by the shell before it ``exec``\\ s the command (``ulimit``: CPU seconds,
  ``SIGXCPU`` a second past the limit and ``SIGKILL`` a second later; the
  address space, which is the memory limit); peak memory from GNU time
  (``/usr/bin/time``) where it is installed, else the kernel's ``ru_maxrss``
  (which on Linux counts the judge's own size for a small program); and a
  sweep for what the run left (:mod:`~downwedig.contest.running.sweep`, which
  says what it cannot see).
- **A wall-clock limit** ends every run: at ``timeout`` seconds it is killed
  (and reported with ``returncode`` None).  A simple command (one program and
  its arguments) is ``exec``-ed by the shell, so its exit status and signal
  reach the judge as they are.

A :class:`~downwedig.contest.running.runner.Runner` runs one command on many
inputs, as a judging does: while a run goes on, the next one's sandbox is set
up on a free core (:mod:`~downwedig.contest.running.launch`), so that its
start costs it nothing.  :func:`stop_all` kills every run going on and refuses new ones (a
judge told to stop by a signal calls it).

>>> run_solution("cat", b"hi", timeout=10).stdout
b'hi'
>>> describe_exit(-9), describe_exit(3)
('killed by signal SIGKILL', 'exit status 3')
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import select
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from . import workspace
from .command import describe_exit, has_gnu_time
from .isolation import _exited
from .launch import JudgeFailure, Launch, Stopped, launch, room, stop_all
from .limits import OUTPUT_LIMIT, Limits
from .sandbox import Sandbox

__all__ = [
    "STDERR_KEPT",
    "JudgeFailure",
    "Limits",
    "Run",
    "Stopped",
    "describe_exit",
    "has_gnu_time",
    "run_solution",
    "stop_all",
]

#: How much of a run's standard error is kept (the start).
STDERR_KEPT = 64 << 10
#: How often the judge reads a cgroup's CPU time while a run goes on (seconds).
CPU_POLL = 0.05


@dataclasses.dataclass(frozen=True)
class Run:
    """What one run of the solution did."""

    returncode: int | None  # None when killed at the wall-clock limit; -N: killed by signal N
    stdout: bytes
    stderr: bytes  # the first STDERR_KEPT bytes
    seconds: float  # wall-clock time
    cpu_seconds: float = 0.0  # user + system: of the whole cgroup, or of the command and what it waited for
    peak_mib: float | None = None  # peak memory (the cgroup's, or the resident size); None if unknown
    output_limit: int = OUTPUT_LIMIT
    isolation: str = "process-group"  # see cgroup.MODES
    out_of_memory: bool = False  # the kernel's OOM killer ended a process of the run's cgroup
    overflow: str | None = None  # "output" or "error output" when it reached output_limit

    @property
    def timed_out(self) -> bool:
        """Whether the run was killed for taking too long (wall clock)."""
        return self.returncode is None


class _Feeder:
    """The input, written into the pipe as the command reads it (never blocking the judge)."""

    def __init__(self, fd: int, data: bytes) -> None:
        self.fd: int | None = fd
        self.data = memoryview(data)
        os.set_blocking(fd, False)
        if not data:
            self.close()

    def write_some(self) -> None:
        if self.fd is None:
            return
        try:
            self.data = self.data[os.write(self.fd, self.data[: 1 << 16]) :]
        except BlockingIOError:
            return
        except OSError:  # the command closed its input (BrokenPipeError): the rest is not wanted
            self.data = self.data[:0]
        if not self.data:
            self.close()

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def _wait(pid: int, deadline: float, feeder: _Feeder, over_cpu: Callable[[], bool] | None) -> str:
    """Feed the input until ``pid`` ends (``'exited'``), ``deadline`` passes (``'wall'``) or ``over_cpu()`` is true
    (``'cpu'``); ``pid`` is not reaped."""
    pidfd = None
    with contextlib.suppress(OSError, AttributeError):
        pidfd = os.pidfd_open(pid)
    try:
        pause = 0.0005
        while True:
            if _exited(pid):
                return "exited"
            left = deadline - time.monotonic()
            if left <= 0:
                return "wall"
            if over_cpu is not None and over_cpu():
                return "cpu"
            wait = min(left, 1.0, CPU_POLL if over_cpu is not None else 1.0)
            if pidfd is None:
                wait = min(wait, pause)
                pause = min(2 * pause, 0.02)
            writers = [feeder.fd] if feeder.fd is not None else []
            readers = [pidfd] if pidfd is not None else []
            if readers or writers:
                _, writable, _ = select.select(readers, writers, [], wait)
                if writable:
                    feeder.write_some()
            else:
                time.sleep(wait)
    finally:
        if pidfd is not None:
            os.close(pidfd)


def _size(file: object) -> int:
    return os.fstat(file.fileno()).st_size  # type: ignore[attr-defined]


def timeout_of(limits: Limits | None, timeout: float | None) -> float:
    """A run's wall-clock limit: ``timeout`` if given, else the limits' (a TypeError without either). O(1).

    >>> timeout_of(None, 3.0), timeout_of(Limits(cpu_s=2), None)
    (3.0, 4.0)
    """
    if timeout is not None:
        return timeout
    if limits is None:
        raise TypeError("a run needs limits or a timeout")
    return limits.wall_s


def run_solution(
    command: str, data: bytes | Path, limits: Limits | None = None, *, timeout: float | None = None
) -> Run:
    """Run the shell ``command`` with ``data`` (bytes, or a file read first) on stdin, as the module docstring says.

    ``limits`` are the run's (CPU, memory, stack, output; the wall clock is
    :attr:`Limits.wall_s` unless ``timeout`` is given); without them only the
    wall clock (``timeout``) and the output cap hold.  Raises :class:`Stopped`
    after :func:`stop_all`, and a :class:`~downwedig.errors.CommandError` when the
    run cannot be set up.  Cost: the run itself, plus a few milliseconds.

    >>> run = run_solution("exit 3", b"", Limits(cpu_s=1, memory_mib=64))
    >>> run.returncode, run.timed_out, run.cpu_seconds < 1
    (3, False, True)
    """
    wall = timeout_of(limits, timeout)
    if not isinstance(data, (bytes, bytearray)):
        data = Path(data).read_bytes()
    return finish(launch(command, limits, timeout=wall), bytes(data))


def finish(launched: Launch, data: bytes) -> Run:
    """Let a launched run go with ``data`` on its input, wait for it (under its limits), end it and say what it
    did: :func:`run_solution`'s second half, and a :class:`~downwedig.contest.running.runner.Runner`'s.
    Cost: the run itself."""
    with launched:
        counted, limits = launched.counted, launched.limits
        output_limit = OUTPUT_LIMIT if limits is None else limits.output_bytes
        feeder = _Feeder(launched.take_input(), data)
        ended = "killed"
        start = time.monotonic()
        try:
            start = launched.release()
            over_cpu = counted.over_cpu(None if limits is None else limits.cpu_s)
            ended = _wait(launched.process.pid, start + launched.timeout, feeder, over_cpu)
        finally:
            stopped = time.monotonic()  # (the run's wall time ends here, not after the clean-up)
            feeder.close()
            deadline = max(start + launched.timeout, time.monotonic()) + 1.0
            _, usage = launched.end(ended, deadline)
        returncode: int | None = None if ended == "wall" else launched.process.returncode
        box = launched.box
        if returncode is not None and isinstance(box, Sandbox):
            returncode = box.returncode(returncode)
        cpu, peak, oom, signalled = counted.usage(usage)
        if signalled is not None and returncode is not None:
            returncode = -signalled
        stdout, stderr = launched.stdout, launched.stderr
        overflow = "output" if _size(stdout) >= output_limit else None
        if overflow is None and _size(stderr) >= output_limit:
            overflow = "error output"
        if returncode != 0 and overflow is None:  # (a failed write for want of room is the judge's trouble, ...
            if launched.private is not None:  # ... unless the room was the run's own files, which go first)
                workspace.remove_tree(launched.work)
            room(tempfile.gettempdir(), output_limit // 8)
        stdout.seek(0)
        stderr.seek(0)
        name = counted.mode if not isinstance(box, Sandbox) else f"{counted.mode}+{box.name}"
        return Run(
            returncode,
            stdout.read(output_limit),
            stderr.read(STDERR_KEPT),
            stopped - start,
            cpu,
            peak,
            output_limit,
            name,
            oom,
            overflow,
        )
