"""Whose a thing in a shared place is: the judge process that made it, and whether that judge is gone.

A judge leaves things in places other judges share: a cgroup, a run's folder
in the temporary folder, a lease on a run's uid, a package's trash.  Each is
named after the process that made it (:func:`judge_id`: its PID namespace,
pid and start time; a pid alone may be reused, and means something only in
its own namespace), so that whoever finds it later can tell whether its maker
still runs (:func:`maker_gone`) and, if not, clean up after it.  This module is
the one rule for that, for every cleaner in the package.  Each call is O(1): a
read of ``/proc``.

>>> owner = judge_id()
>>> maker_gone(owner), maker_gone(f"{namespace()}-{os.getpid()}-0")
(False, True)
"""

from __future__ import annotations

import os
import re

__all__ = ["OWNER", "judge_id", "maker_gone", "namespace", "start_time"]

#: How :func:`judge_id` is written in a name: ``NAMESPACE-PID-START``.
OWNER = r"(\d+)-(\d+)-(\d+)"
_OWNER = re.compile(OWNER)


def start_time(pid: int | str = "self") -> str | None:
    """When process ``pid`` started (clock ticks since boot), or None when there is no such process. O(1).

    With its pid it names a process for good.

    >>> start_time(os.getpid()) == start_time("self") != None
    True
    """
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            return file.read().rsplit(b")", 1)[1].split()[19].decode()
    except (OSError, IndexError):
        return None


def namespace() -> str:
    """This process's PID namespace (the inode of ``/proc/self/ns/pid``; ``0`` where there is none). O(1).

    >>> namespace().isdigit()
    True
    """
    try:
        return os.readlink("/proc/self/ns/pid").rsplit("[", 1)[1].rstrip("]")
    except (OSError, IndexError):
        return "0"


_ids: dict[int, str] = {}


def judge_id() -> str:
    """This process, as names of what it makes carry it: ``NAMESPACE-PID-START`` (found once per process). O(1).

    >>> judge_id() == f"{namespace()}-{os.getpid()}-{start_time()}"
    True
    """
    pid = os.getpid()  # (a forked child is another judge)
    if pid not in _ids:
        _ids[pid] = f"{namespace()}-{pid}-{start_time(pid)}"
    return _ids[pid]


def maker_gone(owner: str) -> bool:
    """Whether the judge named ``owner`` (``NAMESPACE-PID-START``, as :func:`judge_id` writes it) has ended; a
    judge of another PID namespace is never taken for gone (its pid means nothing here). O(1).

    >>> maker_gone("1-2-3")  # (a judge of another namespace: never gone for us)
    False
    """
    found = _OWNER.fullmatch(owner)
    if found is None or found[1] != namespace():
        return False
    return start_time(int(found[2])) != found[3]
