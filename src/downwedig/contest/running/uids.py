"""The uids of runs, leased machine-wide: no two runs going on, of any judges on the machine, have the same one.

When the judge is root each run gets an unprivileged uid of its own (the
sandbox switches to it), as isolate gives each box one: then a run's processes
are counted apart (``RLIMIT_NPROC`` is per uid: one run's fork bomb cannot make
another's ``fork`` fail) and nothing of one run's uid is another's.  A lease
(:func:`lease`) is a lock on a file of :data:`FOLDER` per uid, as isolate's box
ids are (``flock``: the kernel lets it go when its judge ends, however it
ends), held while the run goes on.  Before the uid is leased again:

- its user keyrings are emptied (:func:`~downwedig.contest.running.kernel.clear_keyrings`),
  when the lease ends;
- if the judge that held it ended without ending its lease (killed with
  ``SIGKILL``), what is left of the uid's processes is killed, and its
  keyrings emptied (the lease's file says ``busy`` until the lease ends):
  by the first lease of every judge, for every such uid of the pool (a run
  that was its namespace's first process, without a cgroup, outlives its
  judge so: its new uid cleared the parent-death signal it had).

Cost: an ``open``, an ``flock`` and two writes of a few bytes a lease (and the
first lease of a judge, the same for each file of the pool); when a uid is
found ``busy``, O(processes) to look for its processes.

>>> with lease() as first, lease() as second:
...     first != second and RUN_UID <= first < RUN_UID + POOL
True
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import signal
import threading
from collections.abc import Iterator

from ...errors import CommandError
from .kernel import clear_keyrings

__all__ = ["FOLDER", "POOL", "RUN_UID", "lease"]

#: The first uid (and gid) a run gets when the judge is root, as isolate's boxes and DOMjudge's ``domjudge-run``.
RUN_UID = 60001
#: How many uids the runs of all judges on the machine share (one per run going on).
POOL = 1000
#: Where the leases' files are: root's, emptied at every boot (``/run`` is memory).
FOLDER = "/run/downwedig-uids"

_BUSY, _FREE = b"busy\n", b"free\n"
_lock = threading.Lock()
_held: set[int] = set()  # (this judge's leases: a lock file is not opened twice by one process)


def _folder() -> str | None:
    """The leases' folder (made, root's alone); None where there is none to be had (not root: a lease is then
    this judge's alone, which its runs' user namespaces make enough)."""
    if os.geteuid() != 0:
        return None
    with contextlib.suppress(FileExistsError):
        os.mkdir(FOLDER, 0o700)
    status = os.lstat(FOLDER)
    if not os.path.isdir(FOLDER) or os.path.islink(FOLDER) or status.st_uid != 0 or status.st_mode & 0o022:
        raise CommandError(f"{FOLDER} is not root's own folder: the uids of runs cannot be leased")
    return FOLDER


def _end_processes(uid: int) -> None:
    """Kill every process of ``uid`` (left by a judge that was killed while its run went on)."""
    for _ in range(10):  # (until none is found: one may fork while the others are killed)
        found = []
        with contextlib.suppress(OSError):
            for entry in os.listdir("/proc"):
                if entry.isdigit():
                    with contextlib.suppress(OSError):
                        if os.stat(f"/proc/{entry}").st_uid == uid:
                            found.append(int(entry))
        if not found:
            return
        for pid in found:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


_swept: set[int] = set()  # (the processes whose first lease swept the pool)


def _sweep(folder: str) -> None:
    """Clear every uid of the pool that a killed judge left ``busy`` and no judge holds (once per process)."""
    if os.getpid() in _swept:
        return
    _swept.add(os.getpid())
    with contextlib.suppress(OSError):
        for entry in os.listdir(folder):
            uid = entry.removeprefix("uid-")
            if entry.startswith("uid-") and uid.isdigit() and int(uid) not in _held:
                with contextlib.suppress(OSError):
                    fd = _take(folder, int(uid))
                    if fd is not None:
                        os.pwrite(fd, _FREE, 0)
                        os.close(fd)


def _take(folder: str, uid: int) -> int | None:
    """The lease of ``uid`` (its file, locked), or None when another judge's run has it."""
    fd = os.open(os.path.join(folder, f"uid-{uid}"), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        os.close(fd)
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
            return None
        raise
    if os.pread(fd, 16, 0) == _BUSY:  # (its judge ended while its run went on: what the run left goes first)
        _end_processes(uid)
        clear_keyrings(uid)
    os.pwrite(fd, _BUSY, 0)
    return fd


@contextlib.contextmanager
def lease() -> Iterator[int]:
    """A uid no other run going on on this machine has (as root; otherwise this judge's runs alone are told
    apart), held until the context ends: then the uid's keyrings are emptied and it is free again.

    A :class:`~downwedig.errors.CommandError` when all :data:`POOL` are taken.
    """
    folder = _folder()
    fd: int | None = None
    with _lock:
        if folder is not None:
            _sweep(folder)
        for uid in range(RUN_UID, RUN_UID + POOL):
            if uid in _held:
                continue
            if folder is not None:
                try:
                    fd = _take(folder, uid)
                except OSError as exc:
                    raise CommandError(f"cannot lease a uid for the run: {exc.strerror or exc} ({FOLDER})") from None
                if fd is None:
                    continue
            _held.add(uid)
            break
        else:
            raise CommandError(f"all {POOL} uids of runs (from {RUN_UID}) are taken by runs going on")
    try:
        yield uid
    finally:
        try:
            if fd is not None:
                clear_keyrings(uid)
                os.pwrite(fd, _FREE, 0)
        finally:
            with _lock:
                _held.discard(uid)
            if fd is not None:
                os.close(fd)
