"""Without cgroups: a run's processes found by their process group and a mark, and killed (the ``process-group`` mode).

Where :func:`~downwedig.contest.running.cgroup.isolation` finds no cgroup to
use, :func:`~downwedig.contest.running.run.run_solution` still ends everything
a run started, as far as a process without privileges can see it:

- the command runs in a new session, its own process group, killed as a whole;
- on Linux the judge makes itself a *child subreaper*
  (``prctl(PR_SET_CHILD_SUBREAPER)``): a process whose parent is gone becomes
  the judge's child, not ``init``'s, so the judge can reap it;
- every process of a run carries a mark in its environment (:data:`MARK`), and
  after each run :func:`sweep` looks through the judge's descendants (every
  process, where the kernel does not list children) for the run's group, its
  mark, the children of what it found, and the marks of this judge's runs that
  have finished;
  it stops each one found (``SIGSTOP``: a fork bomb cannot outrun the sweep),
  looks again until it finds no more, then kills them all and reaps those that
  became its children.

What this cannot see: a process that leaves the session (``setsid``) *and*
clears its environment is not recognised and stays running; the CPU time and
memory of processes the command did not wait for are not counted; the limits
(``RLIMIT_CPU``, ``RLIMIT_AS``) hold for each process, not for the run.

:data:`LOCK` guards :data:`ACTIVE` (the runs going on, by mark): a run is
started and registered under it, and a sweep looks under it, so a sweep never
takes a run that has just started for a leftover.

>>> sorted(ACTIVE)
[]
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from typing import Protocol

__all__ = ["ACTIVE", "LOCK", "MARK", "become_subreaper", "children", "kill_group", "sweep"]

#: The environment variable whose value marks every process of a run.
MARK = "DOWNWEDIG_RUN"


class _Run(Protocol):
    pid: int

    def kill_now(self) -> None: ...


#: The runs going on, by mark; changed only under :data:`LOCK`.
ACTIVE: dict[str, _Run] = {}
LOCK = threading.Lock()

_subreaper: bool | None = None


def become_subreaper(on: bool = True) -> bool:
    """Make this process the child subreaper of what it starts, or stop being one (Linux); whether it is one. O(1).

    >>> isinstance(become_subreaper(False), bool)
    True
    """
    global _subreaper
    if _subreaper is not on and sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(36, int(on), 0, 0, 0) == 0:  # PR_SET_CHILD_SUBREAPER
                _subreaper = on
    return bool(_subreaper)


def _stat(pid: int) -> tuple[int, int, str] | None:
    """A process's parent, group and start time (None once it is gone)."""
    try:
        fd = os.open(f"/proc/{pid}/stat", os.O_RDONLY)
        try:
            fields = os.read(fd, 4096).rsplit(b")", 1)[1].split()
        finally:
            os.close(fd)
        return int(fields[1]), int(fields[2]), fields[19].decode()
    except (OSError, IndexError, ValueError):
        return None


def _mark(pid: int) -> str | None:
    with contextlib.suppress(OSError):
        prefix = f"{MARK}=".encode()
        with open(f"/proc/{pid}/environ", "rb") as file:
            for entry in file.read().split(b"\0"):
                if entry.startswith(prefix):
                    return entry[len(prefix) :].decode("ascii", "replace")
    return None


def children(pid: int | str = "self") -> list[int]:
    """The children of process ``pid``, this one by default (Linux: from /proc; none elsewhere). O(threads).

    >>> children(-1)
    []
    """
    found: list[int] = []
    with contextlib.suppress(OSError):
        for task in os.listdir(f"/proc/{pid}/task"):
            with contextlib.suppress(OSError, ValueError), open(f"/proc/{pid}/task/{task}/children") as file:
                found += map(int, file.read().split())
    return found


_CHILDREN_LISTED = os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children")


def _processes() -> list[int]:
    """The processes to look at: this judge's descendants (where the kernel lists children), else all.

    As the subreaper of what it starts, the judge has every process of its runs
    below it: orphans come to it, and a process whose parent lives is below
    that parent.
    """
    if _CHILDREN_LISTED and _subreaper:
        found: list[int] = []
        todo = children()
        while todo:
            pid = todo.pop()
            found.append(pid)
            todo += children(pid)
        return found
    try:
        return [int(name) for name in os.listdir("/proc") if name.isdigit()]
    except OSError:
        return []


def kill_group(group: int) -> None:
    """``SIGKILL`` to a process group, if it still exists. O(1).

    >>> kill_group(2**22 + 1)  # (no such group: nothing happens)
    """
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(group, signal.SIGKILL)


def _signal(pid: int, number: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, number)


def sweep(mark: str, group: int, deadline: float) -> int:
    """Stop, then kill, every process of run ``mark`` (and group ``group``) and of this judge's finished runs.

    Looks until a round finds nothing more, and no longer than 10 seconds past
    ``deadline`` (``time.monotonic()``): a fork bomb that starves the judge of
    CPU time can make it late, but is stopped to the last process.  Returns how many
    processes it killed.  Cost: one pass over ``/proc`` per round (a look at
    each process's start; the environment only of those started since the
    run), most runs needing one round.

    >>> child = os.posix_spawnp("sleep", ["sleep", "60"], os.environ, setsid=True)
    >>> sweep("run-none", child, time.monotonic() + 1), os.path.exists(f"/proc/{child}")  # (killed, reaped)
    (1, False)
    """
    kill_group(group)
    if not os.path.isdir("/proc/self"):
        return 0
    me = os.getpid()
    ours = f"run-{me}-"
    since = _stat(group)  # (the run's first process: nothing of the run started before it)
    stopped: dict[int, tuple[int, str]] = {}  # pid -> (parent, start time)
    give_up = deadline + 10.0  # (a fork bomb may starve the judge: it goes on past the deadline, to the end)
    killed = 0
    while True:
        found = 0
        with LOCK:
            for pid in _processes():
                if pid == me:
                    continue
                status = _stat(pid)
                if status is None or (since is not None and int(status[2]) < int(since[2])):
                    continue  # (older than the run: its environment need not be read)
                if pid in stopped and stopped[pid][1] == status[2]:
                    continue  # (found already; the same number with another start is another process)
                ours_now = status[1] == group or status[0] in stopped  # (in its group, or a child of one found)
                if not ours_now:
                    its_mark = _mark(pid)
                    ours_now = its_mark == mark or (
                        its_mark is not None and its_mark.startswith(ours) and its_mark not in ACTIVE
                    )
                if ours_now:
                    _signal(pid, signal.SIGSTOP)
                    stopped[pid] = (status[0], status[2])
                    found += 1
        if found and time.monotonic() <= give_up:
            continue  # (until a round finds none: a process may have been forking as its parent stopped)
        if killed == len(stopped) or time.monotonic() > give_up:
            break
        for pid in list(stopped)[killed:]:  # all stopped: none can fork; then one more look
            _signal(pid, signal.SIGKILL)
        killed = len(stopped)
    for pid in list(stopped)[killed:]:
        _signal(pid, signal.SIGKILL)
    kill_group(group)
    _reap(stopped)
    return len(stopped)


def _reap(killed: dict[int, tuple[int, str]]) -> None:
    """Reap the killed processes as they become this judge's children (their start time checked: no other is taken).

    A killed process whose parent was killed too comes to the subreaper; one
    that never does (another subreaper took it) is left after a second.
    """
    waiting = list(killed)
    end = time.monotonic() + 1.0
    while waiting:
        for pid in list(waiting):
            status = _stat(pid)
            if status is None or status[2] != killed[pid][1]:
                waiting.remove(pid)  # reaped by its parent: gone
                continue
            if status[0] != os.getpid():
                continue
            with LOCK:
                if any(run.pid == pid for run in ACTIVE.values()):
                    waiting.remove(pid)
                    continue
                try:
                    done, _ = os.waitpid(pid, os.WNOHANG)
                except ChildProcessError:
                    done = pid
            if done:
                waiting.remove(pid)
        if not waiting or time.monotonic() > end:
            return
        time.sleep(0.002)
