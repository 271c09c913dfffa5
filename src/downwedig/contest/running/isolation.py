"""What accounts for a run (its resources counted, its limits held, its end), and what runs get here in all.

A run's isolation has two parts, each an object with the same methods in
every mode, each with a fallback:

- **accounting** (:class:`Accounting`): :class:`Grouped`, its own cgroup
  (:mod:`~downwedig.contest.running.cgroup`: ``cgroup-v2`` or ``cgroup-v1``),
  which counts and kills the whole process tree; else :class:`Swept`, a
  process group with limits per process, GNU time's peak and a sweep
  (:mod:`~downwedig.contest.running.sweep`: ``process-group``);
- **the sandbox** (:class:`~downwedig.contest.running.sandbox.Box`): its own
  namespaces through bubblewrap (``+namespaces``), and as root its own uid
  (``+uid``); else a box that gives nothing.

:func:`describe` names what runs get here (``cgroup-v1+namespaces+uid``, say)
and lists the guarantees that are *not* given, which the reports print, as
``docs/judges.md`` says.  Each method costs a few system calls; ``end``
O(processes of the run).

>>> name, missing = describe()
>>> name.split("+")[0] in ("cgroup-v2", "cgroup-v1", "process-group"), isinstance(missing, list)
(True, True)
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from ...errors import CommandError
from . import sweep, workspace
from .cgroup import Group, isolation, new_group
from .kernel import dying_with_judge
from .sandbox import sandbox
from .streams import exited

TYPE_CHECKING = False
if TYPE_CHECKING:
    import resource

__all__ = ["Accounting", "Grouped", "Swept", "Usage", "accounting", "describe", "has_gnu_time", "read_time_report"]

_GNU_TIME = "/usr/bin/time"


@dataclasses.dataclass(frozen=True)
class Usage:
    """What a run used: CPU seconds, its peak (MiB, if known), whether the kernel's OOM killer ended a process of
    it, and the signal that ended its command (when only GNU time saw it)."""

    cpu_s: float
    peak_mib: float | None
    out_of_memory: bool = False
    signalled: int | None = None


class Accounting(Protocol):
    """What counts a run's resources and ends it: the same calls in every mode."""

    mode: str
    limits_per_process: bool  # no cgroup: the memory limit is each process's, and the run is counted by waiting
    stop_first: bool  # the run's shell stops itself until placed (cgroups)
    enter: list[str]  # files the shell writes 0 to, to move itself (cgroup v1)

    def wrap(self, argv: list[str]) -> list[str]: ...
    def closes(self, held: tuple[int, ...]) -> int | None: ...  # a descriptor the run's shell closes first
    def place(self, pid: int) -> None: ...
    def started(self) -> None: ...  # the command goes now: what was counted before (a sandbox's setup) is not its
    def over_cpu(self, limit: float) -> Callable[[], bool] | None: ...
    def kill_now(self, pid: int) -> None: ...
    def end(self, pid: int, ended: str, mark: str, deadline: float) -> list[int]: ...
    def usage(self, usage: resource.struct_rusage) -> Usage: ...
    def close(self) -> None: ...


def _wait_stopped(pid: int) -> bool:
    """Wait until the run's shell has stopped itself (True) or ended (False), without reaping it."""
    found = os.waitid(os.P_PID, pid, os.WSTOPPED | os.WEXITED | os.WNOWAIT)
    return found is not None and found.si_code == os.CLD_STOPPED


class Grouped:
    """A run in its own cgroup: the group's CPU time, peak and OOM kills; the whole group killed at the end."""

    stop_first = True
    limits_per_process = False

    def __init__(self, mode: str, memory_mib: int | None) -> None:
        self.mode = mode
        self.group: Group = new_group(mode, memory_mib)
        self.enter = self.group.entries()
        self.before = 0.0  # (the group's CPU time before the command went: its sandbox's setup)

    def wrap(self, argv: list[str]) -> list[str]:
        return argv

    def closes(self, held: tuple[int, ...]) -> int | None:
        return None

    def place(self, pid: int) -> None:
        """Move the run's shell, stopped before it runs anything, into the group (or check that it moved
        itself there: cgroup v1), and let it go on."""
        if not _wait_stopped(pid):
            raise CommandError("the run's shell ended before it could be moved into its cgroup")
        try:
            if not self.enter:
                self.group.place(pid)
            elif not self.group.holds(pid):
                raise OSError(0, "it did not move itself there")
        except OSError as exc:
            raise CommandError(f"cannot move the run into its cgroup: {exc.strerror or exc}") from None
        os.kill(pid, signal.SIGCONT)

    def started(self) -> None:
        self.before = self.group.cpu_seconds()

    def over_cpu(self, limit: float) -> Callable[[], bool] | None:
        group = self.group

        def over() -> bool:
            group.sample()
            return group.cpu_seconds() - self.before > limit

        return over

    def kill_now(self, pid: int) -> None:
        self.group.signal_all()
        sweep.kill_group(pid)

    def end(self, pid: int, ended: str, mark: str, deadline: float) -> list[int]:
        # The run's own process and session too: a run that left the group (as root, without a sandbox)
        # is still ended, and never waited for past the deadline.
        sweep.kill_group(pid)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
        return [] if self.group.kill(timeout=max(0.5, deadline - time.monotonic())) else self.group.pids()

    def usage(self, usage: resource.struct_rusage) -> Usage:
        peak = self.group.peak_bytes()
        cpu = self.group.cpu_seconds() - self.before
        return Usage(cpu, None if peak is None else peak / (1 << 20), self.group.out_of_memory())

    def close(self) -> None:
        self.group.remove()


class Swept:
    """A run without a cgroup: limits per process, GNU time's peak where installed, and the sweep.

    GNU time writes its report to a file of the judge's, which its child (the
    run's shell) inherits open: the shell closes it before anything else
    (:meth:`closes`), so that no run can write to it (or allocate the judge's
    disk through it).
    """

    mode = "process-group"
    stop_first = False
    limits_per_process = True

    def __init__(self) -> None:
        self.enter: list[str] = []
        self.report = workspace.time_report() if has_gnu_time() else None

    def wrap(self, argv: list[str]) -> list[str]:
        """GNU time first, where it is installed; it dies with the judge (``setpriv --pdeathsig``), so that what
        it started (bubblewrap, tied to it) dies too, and a run held at its gate never goes on alone."""
        if self.report is None:
            return argv
        return dying_with_judge([_GNU_TIME, "-f", "%M", "-o", self.report, "--", *argv])

    def closes(self, held: tuple[int, ...]) -> int | None:
        """The descriptor GNU time's report has in the run's shell: the first free one, as GNU time opens it with
        the run's own (0 to 2) and ``held`` (those passed to the run) open."""
        if self.report is None:
            return None
        return next(fd for fd in range(3, 10) if fd not in held)

    def place(self, pid: int) -> None:
        pass

    def started(self) -> None:
        pass

    def over_cpu(self, limit: float) -> Callable[[], bool] | None:
        return None

    def kill_now(self, pid: int) -> None:
        sweep.kill_group(pid)

    def end(self, pid: int, ended: str, mark: str, deadline: float) -> list[int]:
        if ended != "exited" and self.report is not None:
            # GNU time between the judge and the command: kill the command first, so that GNU time still
            # writes its report (CPU time and peak memory), then the rest.
            for child in sweep.children(pid):
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(child, signal.SIGKILL)
            end = time.monotonic() + 0.5
            while not exited(pid) and time.monotonic() < end:
                time.sleep(0.002)
        sweep.sweep(mark, pid, deadline)
        return []

    def usage(self, usage: resource.struct_rusage) -> Usage:
        cpu = usage.ru_utime + usage.ru_stime
        if self.report is None:
            return Usage(cpu, usage.ru_maxrss / 1024)
        peak, signalled = read_time_report(self.report)
        return Usage(cpu, peak, False, signalled)

    def close(self) -> None:
        if self.report is not None:
            workspace.unlink(self.report)


def accounting(memory_mib: int | None) -> Accounting:
    """A fresh accounting for one run, in the mode :func:`~downwedig.contest.running.cgroup.isolation` gives.

    >>> found = accounting(64); found.close(); found.mode in ("cgroup-v2", "cgroup-v1", "process-group")
    True
    """
    mode = isolation()
    sweep.become_subreaper(mode == "process-group")
    return Swept() if mode == "process-group" else Grouped(mode, memory_mib)


#: What a missing cgroup does not give, in words.
NO_CGROUP = (
    "no cgroup: CPU time and memory are counted and limited per process, not for the run as a whole (its "
    "processes together, the shared memory they make)"
)
NO_CGROUP_NOR_SANDBOX = "a process that leaves the session and clears its environment is not found"


def describe() -> tuple[str, list[str]]:
    """What runs get here (``cgroup-v1+namespaces+uid``), and the guarantees not given, in words. O(1) after the
    first call (the modes are found once).

    >>> describe()[0].startswith(("cgroup", "process-group"))
    True
    """
    mode = isolation()
    box = sandbox()
    missing = [] if mode != "process-group" else [NO_CGROUP]
    if box.name is None and missing:
        missing.append(NO_CGROUP_NOR_SANDBOX)
    missing += box.missing(accounted=mode != "process-group")
    return mode if box.name is None else f"{mode}+{box.name}", missing


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


def read_time_report(path: str) -> tuple[float | None, int | None]:
    """GNU time's report (``-f %M``): the peak in MiB, and the signal that ended the command (if one did). O(size).

    >>> read_time_report("/nonexistent")
    (None, None)
    """
    try:
        lines = Path(path).read_text(errors="replace").split("\n")
    except OSError:
        return None, None
    lines = [line for line in lines if line.strip()]
    peak = int(lines[-1]) / 1024 if lines and lines[-1].strip().isdigit() else None
    ended = next((line for line in lines if line.startswith("Command terminated by signal ")), None)
    return peak, int(ended.rsplit(" ", 1)[1]) if ended else None
