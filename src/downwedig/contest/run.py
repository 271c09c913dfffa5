"""Running a solution as a judge does: its own process group, a time limit, and nothing left behind.

:func:`run_solution` runs a shell command with the test on its standard
input in a new session (process group); when it times out, or as soon as it
has finished, the whole group is killed, so nothing it started is left
running.  Process groups make this POSIX-only.

>>> run_solution("cat", b"hi", timeout=10).stdout
b'hi'
>>> describe_exit(-9), describe_exit(3)
('killed by signal SIGKILL', 'exit status 3')
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import signal
import subprocess
import time

__all__ = ["Run", "describe_exit", "run_solution"]


@dataclasses.dataclass(frozen=True)
class Run:
    """What one run of the solution did."""

    returncode: int | None  # None after a time-out
    stdout: bytes
    stderr: bytes
    seconds: float

    @property
    def timed_out(self) -> bool:
        """Whether the run was killed for taking too long."""
        return self.returncode is None


def _kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def run_solution(command: str, data: bytes, timeout: float) -> Run:
    """Run the shell ``command`` with ``data`` on stdin, in its own process group. O(its run time).

    After ``timeout`` seconds the whole group is killed with SIGKILL; it is
    killed in any case once the command has finished, so background
    processes it started do not outlive it.
    """
    start = time.monotonic()
    process = subprocess.Popen(
        command,
        shell=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        stdout, stderr = process.communicate(data, timeout=timeout)
        returncode: int | None = process.returncode
    except subprocess.TimeoutExpired:
        _kill_group(process.pid)
        stdout, stderr = process.communicate()
        returncode = None
    finally:
        _kill_group(process.pid)
        if process.poll() is None:  # an exception other than the time-out
            process.kill()
            process.wait()
    return Run(returncode, stdout, stderr, time.monotonic() - start)


def describe_exit(code: int) -> str:
    """An exit status as a person reads it: ``exit status N``, or the signal that killed it by name. O(1)."""
    if code < 0:
        try:
            return f"killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit status {code}"
