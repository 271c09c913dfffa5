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

:func:`stop_all` kills every run going on and refuses new ones (a judge told
to stop by a signal calls it).

>>> run_solution("cat", b"hi", timeout=10).stdout
b'hi'
>>> describe_exit(-9), describe_exit(3)
('killed by signal SIGKILL', 'exit status 3')
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import secrets
import select
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from subprocess import Popen
from typing import IO

from ...errors import CommandError
from . import sweep, workspace
from .cgroup import PROCESS_LIMIT
from .command import describe_exit, has_gnu_time, relocated, shell_script
from .isolation import Accounting, _exited, accounting
from .limits import OUTPUT_LIMIT, Limits
from .sandbox import SPACE_BYTES, Sandbox, environment, lease, sandbox

TYPE_CHECKING = False
if TYPE_CHECKING:
    import resource

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


class Stopped(Exception):
    """Runs were stopped (:func:`stop_all`): no new one starts."""


_stopping = False


def stop_all(stop: bool = True) -> None:
    """Kill every run going on and refuse new ones (``stop=False`` allows runs again). O(runs).

    Safe in a signal handler: it takes no lock.

    >>> stop_all(False)
    """
    global _stopping
    _stopping = stop
    if stop:
        for run in list(sweep.ACTIVE.values()):
            run.kill_now()


class _Process:
    """A run's process while it goes on: what :func:`stop_all` and the sweep need of it."""

    def __init__(self, pid: int, accounting: Accounting) -> None:
        self.pid = pid
        self.accounting = accounting

    def kill_now(self) -> None:
        self.accounting.kill_now(self.pid)


class JudgeFailure(CommandError):
    """The judge's own trouble (no room for a run's folder or output...), never the solution's: ``FAIL``."""


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


def _room(folder: str, needed: int) -> None:
    """A :class:`JudgeFailure` unless ``folder`` has ``needed`` bytes free (as DOMjudge checks its disk first)."""
    try:
        found = os.statvfs(folder)
    except OSError as exc:
        raise JudgeFailure(f"cannot look at the temporary folder {folder}: {exc.strerror or exc}") from None
    free = found.f_bavail * found.f_frsize
    if free < needed:
        raise JudgeFailure(
            f"the temporary folder {folder} has {free >> 10} KiB free; a run needs {needed >> 20} MiB for its "
            "output and errors (TMPDIR chooses another)"
        )


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
    if timeout is None:
        if limits is None:
            raise TypeError("run_solution needs limits or a timeout")
        timeout = limits.wall_s
    cpu_limit = None if limits is None else limits.cpu_s
    memory_mib = None if limits is None else limits.memory_mib
    stack_mib = None if limits is None else limits.stack
    output_limit = OUTPUT_LIMIT if limits is None else limits.output_bytes
    if not isinstance(data, (bytes, bytearray)):
        data = Path(data).read_bytes()
    mark = f"run-{os.getpid()}-{secrets.token_hex(8)}"
    try:
        origin: str | None = os.getcwd()
    except OSError:  # (a folder removed under the judge)
        origin = None
    if origin is not None:
        command = relocated(command, origin)
    box = sandbox()
    with contextlib.ExitStack() as stack:
        counted = accounting(memory_mib)
        stack.callback(counted.close)
        try:
            _room(tempfile.gettempdir(), 2 * output_limit)
            wrap: list[str] = []
            unaccounted = counted.mode == "process-group"
            private: str | None = None
            if isinstance(box, Sandbox):  # (its folder is the sandbox's /box, in memory: none on the judge's disk)
                workspace.clean_stale()
                work = "/"
                space = SPACE_BYTES if memory_mib is None else memory_mib << 20
                uid = stack.enter_context(lease())
                wrap = box.argv(command, origin, space=space, counted_by_wait=unaccounted, uid=uid)
            else:
                private, work = workspace.run_folder()
                stack.callback(workspace.remove_tree, private)
            stdout = stack.enter_context(tempfile.TemporaryFile())
            stderr = stack.enter_context(tempfile.TemporaryFile())
        except OSError as exc:
            raise JudgeFailure(f"cannot set up the run: {exc.strerror or exc} ({exc.filename or 'TMPDIR'})") from None
        script = shell_script(
            command,
            cpu_limit,
            memory_mib if counted.mode == "process-group" else None,
            output_limit,
            stop_first=counted.stop_first,
            enter=counted.enter,
            stack_mib=stack_mib,
            wrap=wrap,
            processes=PROCESS_LIMIT if wrap and unaccounted else None,  # (else the cgroup caps them, or nothing can)
        )
        argv = counted.wrap(["/bin/sh", "-c", script])
        reader, writer = os.pipe()
        feeder = _Feeder(writer, bytes(data))
        stack.callback(feeder.close)
        env = environment(os.environ) if wrap else {**os.environ}
        env.update({sweep.MARK: mark, "TMPDIR": work if private else tempfile.gettempdir(), "PWD": work})
        env.pop("OLDPWD", None)
        start = time.monotonic()
        try:
            with sweep.LOCK:
                if _stopping:
                    raise Stopped("runs were stopped")
                process = _start(argv, reader, stdout, stderr, work, env)
                running = sweep.ACTIVE[mark] = _Process(process.pid, counted)
        finally:
            os.close(reader)
        ended = "killed"
        try:
            if _stopping:
                running.kill_now()
            if counted.stop_first:
                counted.place(process.pid)
                start = time.monotonic()  # (the run starts now: moving it took the kernel some milliseconds)
            ended = _wait(process.pid, start + timeout, feeder, counted.over_cpu(cpu_limit))
        finally:
            stopped = time.monotonic()  # (the run's wall time ends here, not after the clean-up)
            feeder.close()
            deadline = max(start + timeout, time.monotonic()) + 1.0
            left = counted.end(process.pid, ended, mark, deadline)
            with sweep.LOCK:
                del sweep.ACTIVE[mark]
            status, usage = _reap(process.pid, left, deadline)
            process.returncode = os.waitstatus_to_exitcode(status)
        returncode: int | None = None if ended == "wall" else process.returncode
        if returncode is not None and isinstance(box, Sandbox):
            returncode = box.returncode(returncode)
        cpu, peak, oom, signalled = counted.usage(usage)
        if signalled is not None and returncode is not None:
            returncode = -signalled
        overflow = "output" if _size(stdout) >= output_limit else None
        if overflow is None and _size(stderr) >= output_limit:
            overflow = "error output"
        if returncode != 0 and overflow is None:  # (a failed write for want of room is the judge's trouble, ...
            if private is not None:  # ... unless the room was the run's own files, which go first)
                workspace.remove_tree(work)
            _room(tempfile.gettempdir(), output_limit // 8)
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


def _start(
    argv: list[str], reader: int, stdout: IO[bytes], stderr: IO[bytes], work: str, env: dict[str, str]
) -> Popen[bytes]:
    """Start the run's shell in its folder; that folder made again if something removed it meanwhile
    (another run of a solution that deletes what it finds, which may strike again: up to 8 tries); a
    CommandError if it still cannot start."""
    attempts = 8
    for attempt in range(1, attempts + 1):
        try:
            return subprocess.Popen(
                argv, stdin=reader, stdout=stdout, stderr=stderr, cwd=work, start_new_session=True, env=env
            )
        except FileNotFoundError:
            if attempt == attempts or os.path.isdir(work):
                raise JudgeFailure(f"cannot start the run: {argv[0]} or its folder {work} is missing") from None
            with contextlib.suppress(OSError):  # (removed again while being made: the next try makes it again)
                os.makedirs(work, 0o700, exist_ok=True)
        except OSError as exc:  # (E2BIG: a command over the argument limit; ENOMEM...)
            raise JudgeFailure(f"cannot start the run: {exc.strerror or exc}") from None
    raise AssertionError("unreachable")


def _reap(pid: int, left: list[int], deadline: float) -> tuple[int, resource.struct_rusage]:
    """Reap the run's first process with its resource usage, waiting no longer than ``deadline`` (it was
    killed); a CommandError if processes could not be killed."""
    while True:
        found, status, usage = os.wait4(pid, os.WNOHANG)
        if found and not left:
            return status, usage
        if found or time.monotonic() > deadline + 4.0:
            break
        if time.monotonic() > deadline:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.001)
    raise CommandError(f"processes of the run could not be killed (stuck in the kernel?): {left[:10] or [pid]}")
