"""Running a solution as a judge does: limits, files for its streams, and nothing left behind.

:func:`run_solution` runs a shell command with the test on its standard input
and returns a :class:`Run`: exit status, output, CPU and wall seconds, peak
memory.  How:

- **Streams are files, not pipes.**  The input is a file, and the output and
  errors go to temporary files, so a background process that keeps them open
  cannot hold the run up (the run ends when the command's process ends: it is
  waited for, not its output's end of file), and a huge output costs disk, not
  memory: the output file may not grow past ``output_limit`` bytes
  (``RLIMIT_FSIZE``; the process is then killed by ``SIGXFSZ``), and only the
  first :data:`STDERR_KEPT` bytes of the errors are read back.
- **Limits**, when asked for: CPU seconds (``RLIMIT_CPU``: ``SIGXCPU`` one
  second past the limit, ``SIGKILL`` a second later), address space
  (``RLIMIT_AS``, the memory limit) and a stack as large as the memory limit
  allows.  They are set by the shell that runs the command (``ulimit``), so
  nothing runs in the forked child before ``exec``.  A simple command (one
  program and its arguments) is ``exec``-ed by that shell, so its exit status
  and signal reach the judge as they are.
- **A wall-clock limit** ends every run: at ``timeout`` seconds the run is
  killed (and reported with ``returncode`` None).
- **Nothing survives the run.**  The command runs in a new session (its own
  process group), killed as a whole as soon as the command has ended.  A process
  can leave the group (``setsid``); on Linux the judging process therefore makes
  itself a *child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``), so that such a
  process, once its parent is gone, becomes a child of the judge rather than of
  ``init``; every run's processes carry a mark in their environment
  (``DOWNWEDIG_RUN``), and after each run the judge kills and reaps those of its
  children that bear the mark of a finished run or belong to its group.
  Limits of this: a process that both leaves the group and clears its
  environment is not recognised (it is left running); a process whose parent
  outlives the run is only found once that parent is gone; other systems get
  the group kill only.
- **Peak memory** is the peak resident set size from GNU time (``/usr/bin/time``)
  when it is installed; without it, it is the kernel's ``ru_maxrss``, which on
  Linux also counts the judging process's own size (a few tens of MiB) for a
  small program, since the child is forked from it.

>>> run_solution("cat", b"hi", timeout=10).stdout
b'hi'
>>> describe_exit(-9), describe_exit(3)
('killed by signal SIGKILL', 'exit status 3')
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import os
import secrets
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import BinaryIO

from .verdict import OUTPUT_LIMIT

TYPE_CHECKING = False
if TYPE_CHECKING:
    import resource

__all__ = ["STDERR_KEPT", "Run", "describe_exit", "has_gnu_time", "run_solution"]

#: How much of a run's standard error is kept (the start).
STDERR_KEPT = 64 << 10
#: The environment variable whose value marks every process of a run.
MARK = "DOWNWEDIG_RUN"
_GNU_TIME = "/usr/bin/time"


@dataclasses.dataclass(frozen=True)
class Run:
    """What one run of the solution did."""

    returncode: int | None  # None when killed at the wall-clock limit; -N: killed by signal N
    stdout: bytes
    stderr: bytes  # the first STDERR_KEPT bytes
    seconds: float  # wall-clock time
    cpu_seconds: float = 0.0  # user + system, of the command and the processes it waited for
    peak_mib: float | None = None  # peak resident memory; None if unknown
    output_limit: int = OUTPUT_LIMIT

    @property
    def timed_out(self) -> bool:
        """Whether the run was killed for taking too long (wall clock)."""
        return self.returncode is None


def describe_exit(code: int) -> str:
    """An exit status as a person reads it: ``exit status N``, or the signal that killed it by name. O(1).

    A shell reports a command killed by signal N as status 128 + N; such a
    status is shown with the signal's name beside it.

    >>> describe_exit(139)
    'exit status 139 (as a shell reports SIGSEGV)'
    """
    if code < 0:
        try:
            return f"killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    if 128 < code < 128 + signal.NSIG:
        with contextlib.suppress(ValueError):
            return f"exit status {code} (as a shell reports {signal.Signals(code - 128).name})"
    return f"exit status {code}"


# -- the shell command ---------------------------------------------------------------------------

_SHELL_WORDS = frozenset(
    ("!", "{", "}", "[[", "case", "do", "done", "elif", "else", "esac", "fi", "for", "function", "if", "in")
) | {"select", "then", "time", "until", "while"}


def _exec_form(command: str) -> str:
    """``exec COMMAND`` when the command is one program with its arguments, else the command as it is.

    Then the shell does not stay in between: the program's own exit status (or
    signal) and resource usage are the run's.
    """
    if "\n" in command:
        return command
    try:
        lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        words = list(lexer)
    except ValueError:
        return command
    if not words or any(word and not word.strip("();<>|&") for word in words):
        return command  # an operator: a list, a pipeline, a redirection or a subshell
    first = words[0]
    if "=" in first or first in _SHELL_WORDS or shutil.which(first) is None:
        return command  # an assignment, a keyword, a builtin or a function: keep the shell
    return "exec " + command


def _limits(cpu_limit: float | None, memory_mib: int | None, output_limit: int) -> str:
    """The ``ulimit`` lines that set a run's limits in its shell (failures to set one are ignored)."""
    lines = [f"ulimit -f {max(1, -(-output_limit // 512))} 2>/dev/null"]  # in blocks of 512 bytes
    if cpu_limit is not None:
        soft = math.ceil(cpu_limit) + 1
        lines += [f"ulimit -S -t {soft} 2>/dev/null", f"ulimit -H -t {soft + 1} 2>/dev/null"]
    if memory_mib is not None:
        lines += [f"ulimit -v {memory_mib * 1024} 2>/dev/null", "ulimit -S -s unlimited 2>/dev/null"]
    return "\n".join(lines) + "\n"


# -- peak memory -----------------------------------------------------------------------------------

_gnu_time: bool | None = None


def has_gnu_time() -> bool:
    """Whether ``/usr/bin/time`` is GNU time, which measures a program's peak memory (asked once). O(1) after.

    >>> isinstance(has_gnu_time(), bool)
    True
    """
    global _gnu_time
    if _gnu_time is None:
        try:
            found = subprocess.run([_GNU_TIME, "--version"], capture_output=True, timeout=10)
            _gnu_time = b"GNU" in found.stdout + found.stderr
        except (OSError, subprocess.SubprocessError):
            _gnu_time = False
    return _gnu_time


def _read_time_report(path: str) -> tuple[float | None, int | None]:
    """GNU time's report: the peak in MiB, and the signal that ended the command (if one did)."""
    try:
        lines = Path(path).read_text(errors="replace").split("\n")
    except OSError:
        return None, None
    lines = [line for line in lines if line.strip()]
    peak = int(lines[-1]) / 1024 if lines and lines[-1].strip().isdigit() else None
    ended = next((line for line in lines if line.startswith("Command terminated by signal ")), None)
    return peak, int(ended.rsplit(" ", 1)[1]) if ended else None


# -- processes that outlive their run (Linux) ------------------------------------------------------

_lock = threading.Lock()
_active: dict[str, int] = {}  # mark -> the run's process group, while the run goes on
_subreaper: bool | None = None


def _become_subreaper() -> bool:
    """Make this process the child subreaper of everything it starts (Linux); whether it is one."""
    global _subreaper
    if _subreaper is None:
        _subreaper = False
        if sys.platform.startswith("linux"):
            with contextlib.suppress(OSError, AttributeError):
                import ctypes

                libc = ctypes.CDLL(None, use_errno=True)
                _subreaper = libc.prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER
    return _subreaper


def _children(pid: int | str = "self") -> list[int]:
    """The children of process ``pid``, this one by default (Linux: from /proc; none elsewhere)."""
    found: list[int] = []
    with contextlib.suppress(OSError):
        for task in os.listdir(f"/proc/{pid}/task"):
            with contextlib.suppress(OSError, ValueError):
                found += map(int, Path(f"/proc/{pid}/task/{task}/children").read_text().split())
    return found


def _group_and_mark(pid: int) -> tuple[int | None, str | None]:
    """A process's group and its run mark (None when it has none or it cannot be read)."""
    group = mark = None
    with contextlib.suppress(OSError, ValueError, IndexError):
        group = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[2])
    with contextlib.suppress(OSError):
        prefix = f"{MARK}=".encode()
        for entry in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0"):
            if entry.startswith(prefix):
                mark = entry[len(prefix) :].decode("ascii", "replace")
    return group, mark


def _kill_group(group: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(group, signal.SIGKILL)


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _sweep(group: int) -> None:
    """Kill and reap what is left of a finished run: its group, and the processes it left behind."""
    _kill_group(group)
    if not _subreaper:
        return
    deadline = time.monotonic() + 2.0
    while True:
        found = False
        with _lock:
            running = set(_active)
            groups = set(_active.values())
        for pid in _children():
            its_group, its_mark = _group_and_mark(pid)
            if its_group == group or (its_mark is not None and its_mark.startswith("run-") and its_mark not in running):
                if its_group is not None and its_group not in groups and its_group != os.getpgrp():
                    _kill_group(its_group)
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
                with contextlib.suppress(ChildProcessError):
                    os.waitpid(pid, 0)
                found = True
        if (not found and not _group_alive(group)) or time.monotonic() > deadline:
            return
        time.sleep(0.001)


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


# -- running ---------------------------------------------------------------------------------------


def _wait(pid: int, timeout: float) -> tuple[int, resource.struct_rusage] | None:
    """Reap ``pid`` with its resource usage, or None if it is still running after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    pidfd = None
    with contextlib.suppress(OSError, AttributeError):
        pidfd = os.pidfd_open(pid)
    try:
        pause = 0.0005
        while True:
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if done:
                return status, usage
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            if pidfd is not None:
                select.select([pidfd], [], [], left)
            else:
                time.sleep(min(pause, left))
                pause = min(2 * pause, 0.02)
    finally:
        if pidfd is not None:
            os.close(pidfd)


def _stop(pid: int, *, timed: bool) -> tuple[int, resource.struct_rusage]:
    """End a run over its wall-clock limit and reap it.

    When GNU time runs the command (``timed``), the command is killed first and
    GNU time is left to reap it, so that its CPU time and peak memory are still
    counted; then, or if that does not end it at once, the whole group.
    """
    if timed:
        for child in _children(pid):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(child, signal.SIGKILL)
        ended = _wait(pid, 2.0)
        if ended is not None:
            return ended
    _kill_group(pid)
    return os.wait4(pid, 0)[1:]


def run_solution(
    command: str,
    data: bytes | Path,
    timeout: float,
    *,
    cpu_limit: float | None = None,
    memory_mib: int | None = None,
    output_limit: int = OUTPUT_LIMIT,
) -> Run:
    """Run the shell ``command`` with ``data`` (bytes, or a file) on stdin, as the module docstring says.

    ``timeout`` is the wall-clock limit; ``cpu_limit`` (seconds) and
    ``memory_mib`` (address space) are enforced when given.  Cost: the run
    itself, plus a few milliseconds.

    >>> run = run_solution("exit 3", b"", timeout=10, cpu_limit=1, memory_mib=64)
    >>> run.returncode, run.timed_out, run.cpu_seconds < 1
    (3, False, True)
    """
    _become_subreaper()
    mark = f"run-{os.getpid()}-{secrets.token_hex(8)}"
    script = _limits(cpu_limit, memory_mib, output_limit) + _exec_form(command)
    argv = ["/bin/sh", "-c", script]
    report = None
    if has_gnu_time():
        handle, report = tempfile.mkstemp(prefix="downwedig-time-")
        os.close(handle)
        argv = [_GNU_TIME, "-f", "%M", "-o", report, "--", *argv]
    with contextlib.ExitStack() as stack:
        stdin: BinaryIO
        if isinstance(data, (bytes, bytearray)):
            stdin = stack.enter_context(tempfile.TemporaryFile())
            stdin.write(data)
            stdin.seek(0)
        else:
            stdin = stack.enter_context(open(data, "rb"))
        stdout = stack.enter_context(tempfile.TemporaryFile())
        stderr = stack.enter_context(tempfile.TemporaryFile())
        if report is not None:
            stack.callback(_remove, report)
        start = time.monotonic()
        with _lock:
            process = subprocess.Popen(
                argv,
                stdin=stdin,
                stdout=stdout,
                stderr=stderr,
                start_new_session=True,
                env={**os.environ, MARK: mark},
            )
            _active[mark] = process.pid
        try:
            ended = _wait(process.pid, timeout)
            if ended is None:
                ended = _stop(process.pid, timed=report is not None)
                returncode = None
            else:
                returncode = os.waitstatus_to_exitcode(ended[0])
            process.returncode = os.waitstatus_to_exitcode(ended[0])
        finally:
            if process.returncode is None:  # interrupted: do not leave it behind
                _kill_group(process.pid)
                process.wait()
            with _lock:
                del _active[mark]
            _sweep(process.pid)
        seconds = time.monotonic() - start
        usage = ended[1]
        peak: float | None = usage.ru_maxrss / 1024
        if report is not None:
            peak, signalled = _read_time_report(report)
            if signalled is not None and returncode is not None:
                returncode = -signalled
        stdout.seek(0)
        stderr.seek(0)
        return Run(
            returncode,
            stdout.read(output_limit),
            stderr.read(STDERR_KEPT),
            seconds,
            usage.ru_utime + usage.ru_stime,
            peak,
            output_limit,
        )
