"""The one interface over the isolation modes: what accounts for a run, and what keeps it from the judge.

A run's isolation has two parts, each with a fallback:

- **accounting** (:class:`Accounting`): :class:`Grouped`, its own cgroup
  (:mod:`~downwedig.contest.running.cgroup`: ``cgroup-v2`` or ``cgroup-v1``),
  which counts and kills the whole process tree; else :class:`Swept`, a
  process group with limits per process and a sweep
  (:mod:`~downwedig.contest.running.sweep`: ``process-group``);
- **the sandbox** (:mod:`~downwedig.contest.running.sandbox`): its own
  namespaces through bubblewrap (``+namespaces``), and as root its own uid
  (``+uid``); else none.

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
import os
import signal
import time
from collections.abc import Callable
from typing import Protocol

from ...errors import CommandError
from . import sweep, workspace
from .cgroup import Group, isolation, new_group
from .command import has_gnu_time, read_time_report
from .sandbox import Sandbox, sandbox

TYPE_CHECKING = False
if TYPE_CHECKING:
    import resource

__all__ = ["Accounting", "Grouped", "Swept", "accounting", "describe"]

_GNU_TIME = "/usr/bin/time"


class Accounting(Protocol):
    """What counts a run's resources and ends it: the same calls in every mode."""

    mode: str
    stop_first: bool  # the run's shell stops itself until placed (cgroups)
    enter: list[str]  # files the shell writes 0 to, to move itself (cgroup v1)

    def wrap(self, argv: list[str]) -> list[str]: ...
    def place(self, pid: int) -> None: ...
    def started(self) -> None: ...  # the command goes now: what was counted before (a sandbox's setup) is not its
    def over_cpu(self, limit: float | None) -> Callable[[], bool] | None: ...
    def kill_now(self, pid: int) -> None: ...
    def end(self, pid: int, ended: str, mark: str, deadline: float) -> list[int]: ...
    def usage(self, usage: resource.struct_rusage) -> tuple[float, float | None, bool, int | None]: ...
    def close(self) -> None: ...


def _exited(pid: int) -> bool:
    """Whether ``pid`` has ended (not reaped: its id stays its own)."""
    return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None


def _wait_stopped(pid: int) -> bool:
    """Wait until the run's shell has stopped itself (True) or ended (False), without reaping it."""
    found = os.waitid(os.P_PID, pid, os.WSTOPPED | os.WEXITED | os.WNOWAIT)
    return found is not None and found.si_code == os.CLD_STOPPED


class Grouped:
    """A run in its own cgroup: the group's CPU time, peak and OOM kills; the whole group killed at the end."""

    stop_first = True

    def __init__(self, mode: str, memory_mib: int | None) -> None:
        self.mode = mode
        self.group: Group = new_group(mode, memory_mib)
        self.enter = self.group.entries()
        self.before = 0.0  # (the group's CPU time before the command went: its sandbox's setup)

    def wrap(self, argv: list[str]) -> list[str]:
        return argv

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

    def over_cpu(self, limit: float | None) -> Callable[[], bool] | None:
        if limit is None:
            return None
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

    def usage(self, usage: resource.struct_rusage) -> tuple[float, float | None, bool, int | None]:
        peak = self.group.peak_bytes()
        cpu = self.group.cpu_seconds() - self.before
        return cpu, None if peak is None else peak / (1 << 20), self.group.out_of_memory(), None

    def close(self) -> None:
        self.group.remove()


class Swept:
    """A run without a cgroup: limits per process, GNU time's peak where installed, and the sweep."""

    mode = "process-group"
    stop_first = False

    def __init__(self) -> None:
        self.enter: list[str] = []
        self.report = workspace.time_report() if has_gnu_time() else None

    def wrap(self, argv: list[str]) -> list[str]:
        return argv if self.report is None else [_GNU_TIME, "-f", "%M", "-o", self.report, "--", *argv]

    def place(self, pid: int) -> None:
        pass

    def started(self) -> None:
        pass

    def over_cpu(self, limit: float | None) -> Callable[[], bool] | None:
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
            while not _exited(pid) and time.monotonic() < end:
                time.sleep(0.002)
        sweep.sweep(mark, pid, deadline)
        return []

    def usage(self, usage: resource.struct_rusage) -> tuple[float, float | None, bool, int | None]:
        cpu = usage.ru_utime + usage.ru_stime
        peak: float | None = usage.ru_maxrss / 1024
        signalled = None
        if self.report is not None:
            peak, signalled = read_time_report(self.report)
        return cpu, peak, False, signalled

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


#: The guarantees a missing part does not give, in words.
NO_CGROUP = (
    "no cgroup: CPU time and memory are counted and limited per process, not for the run as a whole (its "
    "processes together, the shared memory they make)"
)
NO_CGROUP_NOR_SANDBOX = "a process that leaves the session and clears its environment is not found"
NO_SANDBOX = (
    "no sandbox ({why}): the run sees the judge's processes and files, can signal them, can use the network, "
    "and can write wherever the judge's user can"
)
NO_UID = "the run is root: it can leave, rewrite or remove its own cgroup"


def describe() -> tuple[str, list[str]]:
    """What runs get here (``cgroup-v1+namespaces+uid``), and the guarantees not given, in words. O(1) after the
    first call (the modes are found once).

    >>> describe()[0].startswith(("cgroup", "process-group"))
    True
    """
    mode = isolation()
    box = sandbox()
    missing = [] if mode != "process-group" else [NO_CGROUP]
    if isinstance(box, Sandbox):  # (it caps the run's processes, and ends them all with its namespace)
        return f"{mode}+{box.name}", missing
    missing += [NO_CGROUP_NOR_SANDBOX] if missing else []
    missing.append(NO_SANDBOX.format(why=box))
    if os.geteuid() == 0 and mode != "process-group":
        missing.append(NO_UID)
    return mode, missing
