"""A control group per run (Linux cgroups v2 or v1), as DOMjudge's runguard and IOI's isolate give each run.

A run's processes live in a cgroup of its own, so the kernel accounts for the
whole process tree, children waited for or not: :meth:`Group.cpu_seconds` is
its CPU time (user + system), :meth:`Group.peak_bytes` its peak memory
(resident and page cache, swap included: the kernel's count), and
:meth:`Group.out_of_memory` says whether the kernel's OOM killer ended one of
its processes.  The memory limit and a cap on tasks (:data:`PROCESS_LIMIT`
processes and threads) are the group's, and :meth:`Group.kill` ends every
process in it, however it detached itself (``setsid``, double forks, a cleared
environment): ``cgroup.kill`` where the kernel has it, else the task cap drops
to 0, so nothing can fork, and every process listed is killed until none is.

:func:`isolation` finds, once per process, which kind of cgroup runs can get
here (``DOWNWEDIG_ISOLATION`` chooses: ``auto``, the default, ``cgroup-v2``,
``cgroup-v1`` or ``process-group``; asking for a cgroup that cannot be had is a
:class:`~downwedig.errors.CommandError`):

- ``cgroup-v2``: the unified hierarchy, where this process's own cgroup has
  the ``memory`` and ``pids`` controllers delegated to its children (root, or a
  delegated subtree: ``systemd-run --user --scope -p Delegate=yes``); when the
  judge is alone in its cgroup, it moves into a leaf of its own first, as the
  kernel wants no process beside child groups;
- ``cgroup-v1``: the ``memory``, ``cpuacct`` and ``pids`` hierarchies, each
  writable below this process's own cgroup (as for root);
- ``process-group``: neither (other systems, containers without cgroups,
  unprivileged users without delegation): the caller falls back to a process
  group, a session and a sweep (see :mod:`~downwedig.contest.running.sweep`).

Groups are named ``downwedig-NS-PID-START-TOKEN`` after the judging process's
PID namespace, pid and start time (a judge of another namespace is left
alone); one whose judge is gone (killed with ``SIGKILL``) is emptied and
removed by the next judge that looks (:func:`isolation`).

>>> isolation() in MODES
True
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import signal
import threading
import time

from ...errors import CommandError, UsageError
from ...owner import OWNER, judge_id, maker_gone
from .cgroupfs import bases as _bases
from .cgroupfs import read as _read
from .cgroupfs import write as _write

__all__ = ["MODES", "PROCESS_LIMIT", "Group", "isolation", "new_group"]

#: The isolation modes, best first.
MODES = ("cgroup-v2", "cgroup-v1", "process-group")
#: The most tasks (processes and threads) one run may have at once: a fork bomb stops there.
PROCESS_LIMIT = 256
#: The environment variable that chooses the mode.
CHOICE = "DOWNWEDIG_ISOLATION"

_V1_CONTROLLERS = ("memory", "cpuacct", "pids")
_V2_CONTROLLERS = ("memory", "pids")
_NAME = re.compile(rf"downwedig-(?:judge-)?({OWNER})(?:-[0-9a-f]+)?")


class Group:
    """One run's cgroup: v1 (a folder in each of the memory, cpuacct and pids hierarchies) or v2 (one folder).

    Made by :func:`new_group`; ``limit_bytes`` is its memory limit.  Each
    method costs a few reads or writes in the cgroup file system; :meth:`kill`
    O(processes) of them.

    >>> Group("cgroup-v1", {"pids": "/nonexistent"}, None).pids()
    []
    """

    def __init__(self, mode: str, folders: dict[str, str], limit_bytes: int | None) -> None:
        self.mode = mode
        self.folders = folders  # controller -> folder (v2: every controller -> the one folder)
        self.limit_bytes = limit_bytes
        self._current_peak = 0

    def _file(self, controller: str, name: str) -> str:
        return os.path.join(self.folders[controller], name)

    def _unique(self) -> list[str]:
        return list(dict.fromkeys(self.folders.values()))

    def entries(self) -> list[str]:
        """The files a process writes ``0`` to, to move itself into the group (cgroup v1's ``tasks``; none in v2)."""
        return [os.path.join(folder, "tasks") for folder in self._unique()] if self.mode == "cgroup-v1" else []

    def holds(self, pid: int) -> bool:
        """Whether process ``pid`` is in the group, in every hierarchy."""
        for folder in self._unique():
            try:
                if str(pid) not in _read(os.path.join(folder, "cgroup.procs")).split():
                    return False
            except OSError:
                return False
        return True

    def place(self, pid: int) -> None:
        """Move process ``pid`` (stopped, before it runs anything) into the group; an OSError if it can't be."""
        for folder in self._unique():
            _write(os.path.join(folder, "cgroup.procs"), str(pid))

    def _tree(self, controller: str) -> list[str]:
        """The group's folder in ``controller`` and every group below it, deepest first."""
        found: list[str] = []
        for root, _, _ in os.walk(self.folders[controller]):
            found.append(root)
        return found[::-1]

    def pids(self) -> list[int]:
        """The processes in the group now, those of the groups below it too."""
        found: list[int] = []
        for folder in self._tree("pids"):
            with contextlib.suppress(OSError, ValueError):
                found += [int(pid) for pid in _read(os.path.join(folder, "cgroup.procs")).split()]
        return found

    def cpu_seconds(self) -> float:
        """CPU time (user + system) of every process that ran in the group, in seconds."""
        try:
            if self.mode == "cgroup-v1":
                return int(_read(self._file("cpuacct", "cpuacct.usage"))) / 1e9
            for line in _read(self._file("cpu", "cpu.stat")).splitlines():
                key, _, value = line.partition(" ")
                if key == "usage_usec":
                    return int(value) / 1e6
        except (OSError, ValueError):
            pass
        return 0.0

    def sample(self) -> None:
        """Note the memory in use now (the peak where the kernel keeps none: cgroup v2 before Linux 5.19)."""
        if self.mode == "cgroup-v2":
            with contextlib.suppress(OSError, ValueError, KeyError):
                self._current_peak = max(self._current_peak, int(_read(self._file("memory", "memory.current"))))

    def peak_bytes(self) -> int | None:
        """The group's peak memory in bytes (None when the kernel does not say)."""
        names = (
            ("memory.max_usage_in_bytes", "memory.memsw.max_usage_in_bytes")
            if self.mode == "cgroup-v1"
            else ("memory.peak",)
        )
        peaks = []
        for name in names:
            with contextlib.suppress(OSError, ValueError, KeyError):
                peaks.append(int(_read(self._file("memory", name))))
        if not peaks and self.mode == "cgroup-v2":
            self.sample()
            return self._current_peak or None
        return max(peaks) if peaks else None

    def out_of_memory(self) -> bool:
        """Whether the kernel's OOM killer killed a process of the group (at its memory limit)."""
        try:
            if self.mode == "cgroup-v1":
                counts = dict(line.split() for line in _read(self._file("memory", "memory.oom_control")).splitlines())
                if "oom_kill" in counts:
                    return int(counts["oom_kill"]) > 0
                failed = int(_read(self._file("memory", "memory.failcnt"))) > 0
                return failed and self.limit_bytes is not None and (self.peak_bytes() or 0) >= self.limit_bytes
            counts = dict(line.split() for line in _read(self._file("memory", "memory.events")).splitlines())
            return int(counts.get("oom_kill", 0)) > 0 or int(counts.get("oom", 0)) > 0
        except (OSError, ValueError, KeyError):
            return False

    def freeze_forks(self) -> None:
        """No process of the group can start another from now on (its task cap drops to 0)."""
        with contextlib.suppress(OSError, KeyError):
            _write(self._file("pids", "pids.max"), "0")

    def signal_all(self) -> None:
        """Kill every process in the group now, without waiting (``cgroup.kill``, else one by one)."""
        if self.mode == "cgroup-v2":
            with contextlib.suppress(OSError):
                _write(self._file("pids", "cgroup.kill"), "1")
                return
        self.freeze_forks()
        for pid in self.pids():
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)

    def kill(self, timeout: float = 5.0) -> bool:
        """End every process in the group; whether it is empty (within ``timeout`` seconds). O(processes)."""
        self.freeze_forks()
        if not self.pids():  # (the usual end: the run's processes are gone already, nothing to wait for)
            return True
        deadline = time.monotonic() + timeout
        pause = 0.0005
        while True:
            self.signal_all()
            time.sleep(pause)
            if not self.pids():
                return True
            if time.monotonic() > deadline:
                return False
            pause = min(2 * pause, 0.02)

    def remove(self) -> None:
        """Remove the group's folders, the groups below them first (once empty); what cannot be removed is
        left for the next judge."""
        for top in self._unique():
            for folder in [root for root, _, _ in os.walk(top)][::-1]:
                for attempt in range(50):
                    try:
                        os.rmdir(folder)
                        break
                    except FileNotFoundError:
                        break
                    except OSError as exc:
                        if exc.errno != errno.EBUSY or attempt == 49:
                            break
                        time.sleep(0.01)


# -- finding what the machine allows -----------------------------------------------------------------

_found: dict[str, object] = {}
_found_lock = threading.Lock()


def _v2_base(bases: dict[str, str]) -> str:
    """The unified hierarchy's folder below which runs' groups go, its controllers delegated; a reason if none."""
    base = bases.get("")
    if base is None:
        raise OSError("no cgroup v2 hierarchy")
    available = _read(os.path.join(base, "cgroup.controllers")).split()
    missing = [c for c in _V2_CONTROLLERS if c not in available]
    if missing:
        raise OSError(f"cgroup v2 controllers not delegated here: {', '.join(missing)}")
    control = os.path.join(base, "cgroup.subtree_control")
    if all(c in _read(control).split() for c in _V2_CONTROLLERS):
        return base
    enable = " ".join("+" + c for c in _V2_CONTROLLERS)
    try:
        _write(control, enable)
    except OSError as exc:
        if exc.errno != errno.EBUSY:
            raise
        # Processes may not sit beside child groups: alone in its group, the judge moves into a leaf of its own.
        if _read(os.path.join(base, "cgroup.procs")).split() != [str(os.getpid())]:
            raise OSError("cgroup v2: this process's cgroup holds other processes") from None
        leaf = os.path.join(base, f"downwedig-judge-{judge_id()}")
        os.makedirs(leaf, exist_ok=True)
        _write(os.path.join(leaf, "cgroup.procs"), str(os.getpid()))
        _write(control, enable)
    return base


def _clean_stale(folders: set[str]) -> None:
    """Empty and remove the groups left by judges that are gone (a judge killed with SIGKILL leaves its own)."""
    for base in folders:
        with contextlib.suppress(OSError):
            for entry in os.listdir(base):
                match = _NAME.fullmatch(entry)
                if match is None or not maker_gone(match[1]):
                    continue  # not a run's group, a judge's of another PID namespace, or its judge still runs
                path = os.path.join(base, entry)
                mode = "cgroup-v1" if os.path.exists(os.path.join(path, "tasks")) else "cgroup-v2"
                stale = Group(mode, {"pids": path, "cpu": path, "memory": path}, None)
                stale.kill(timeout=1.0)
                stale.remove()


def _probe(mode: str) -> dict[str, str]:
    """The base folders of ``mode`` (controller -> folder) if runs' groups can be made there; else an OSError."""
    bases = _bases()
    if mode == "cgroup-v2":
        base = _v2_base(bases)
        folders = {"memory": base, "pids": base, "cpu": base}
    else:
        missing = [c for c in _V1_CONTROLLERS if c not in bases]
        if missing:
            raise OSError(f"no cgroup v1 hierarchy for {', '.join(missing)}")
        folders = {c: bases[c] for c in _V1_CONTROLLERS}
    _clean_stale(set(folders.values()))
    trial = _create(mode, folders, 64, 8)  # make one, with limits, and remove it
    trial.remove()
    return folders


def isolation() -> str:
    """The isolation mode of runs here: one of :data:`MODES` (found once; see the module docstring). O(1) after.

    >>> isolation() in ("cgroup-v2", "cgroup-v1", "process-group")
    True
    """
    choice = os.environ.get(CHOICE, "auto").strip() or "auto"
    if choice not in ("auto", "cgroup", *MODES):
        raise UsageError(f"{CHOICE}={choice!r}: expected auto, cgroup, {', '.join(MODES)}")
    if choice == "process-group" or not os.path.isdir("/proc/self"):
        return "process-group"
    wanted = [m for m in MODES[:2] if choice in ("auto", "cgroup", m)]
    reasons = []
    with _found_lock:
        for mode in wanted:
            if mode not in _found:
                try:
                    _found[mode] = _probe(mode)
                except OSError as exc:
                    _found[mode] = f"{mode}: {exc.strerror or exc}"
            if isinstance(_found[mode], dict):
                return mode
            reasons.append(str(_found[mode]))
    if choice != "auto":
        raise CommandError(f"{CHOICE}={choice}, but no cgroup can be made here ({'; '.join(reasons)})")
    return "process-group"


def _create(mode: str, bases: dict[str, str], memory_mib: int | None, processes: int) -> Group:
    name = f"downwedig-{judge_id()}-{secrets.token_hex(4)}"
    made: dict[str, str] = {}
    for controller, base in bases.items():
        folder = os.path.join(base, name)
        if folder not in made.values():
            os.mkdir(folder, 0o755)
        made[controller] = folder
    limit = None if memory_mib is None else memory_mib << 20
    group = Group(mode, made, limit)
    try:
        if mode == "cgroup-v1":
            if limit is not None:
                _write(group._file("memory", "memory.limit_in_bytes"), str(limit))
                for optional, value in (("memory.memsw.limit_in_bytes", str(limit)), ("memory.swappiness", "0")):
                    with contextlib.suppress(OSError):
                        _write(group._file("memory", optional), value)
        elif limit is not None:
            _write(group._file("memory", "memory.max"), str(limit))
            with contextlib.suppress(OSError):
                _write(group._file("memory", "memory.swap.max"), "0")
        _write(group._file("pids", "pids.max"), str(processes))
    except BaseException:
        group.remove()
        raise
    return group


def new_group(mode: str, memory_mib: int | None, processes: int = PROCESS_LIMIT) -> Group:
    """A fresh, empty group for one run, in ``mode`` (a cgroup mode :func:`isolation` gave), with its limits.

    A failure is a :class:`~downwedig.errors.CommandError`.  Cost: a few
    ``mkdir`` and writes in the cgroup file system.

    >>> mode = isolation()
    >>> if mode != "process-group":
    ...     group = new_group(mode, 64)
    ...     assert group.pids() == [] and group.limit_bytes == 64 << 20
    ...     group.remove()
    """
    bases = _found.get(mode)
    if not isinstance(bases, dict):
        raise CommandError(f"no {mode} here")
    try:
        return _create(mode, bases, memory_mib, processes)
    except OSError as exc:
        raise CommandError(f"cannot make the run's cgroup ({mode}): {exc.strerror or exc}") from None
