"""A package's manifest and the file operations that trust it: what the tool wrote, and what it may touch.

Each package holds a manifest, :data:`MARKER`, listing the SHA-256 of every
file the tool wrote (``sha256sum -c`` checks it; its name has no leading dot,
which Kattis' file-name rule refuses).  :func:`survey` tells the setter's
files from the tool's, and the tool's changed ones from the unchanged;
:func:`rename_no_replace` moves a file in without ever replacing one that
appeared meanwhile; :func:`owner` and :func:`owner_gone` name a temporary
folder after the process that made it, so a later run can tell a killed run's
leftovers from a running one's.  Writing a folder
(:mod:`~downwedig.contest.shipping.destination`) and rebuilding one in place
(:mod:`~downwedig.contest.shipping.rebuild`) both stand on this.  Cost: O(size)
to hash, O(1) else.

>>> MARKER
'downwedig-package.sha256'
"""

from __future__ import annotations

import contextlib
import ctypes
import dataclasses
import errno
import hashlib
import os
import stat
from collections.abc import Sequence
from pathlib import Path

__all__ = [
    "MARKER",
    "Survey",
    "file_hash",
    "manifest",
    "owner",
    "owner_gone",
    "read_manifest",
    "rename_no_replace",
    "survey",
]

#: The manifest file of a package: ``SHA256  PATH`` per file written, as ``sha256sum`` prints it.
MARKER = "downwedig-package.sha256"


@dataclasses.dataclass(frozen=True)
class Survey:
    """What a package's folder holds: the manifest (path -> SHA-256), the setter's entries (``notes.txt``,
    ``mine/``: kept), and the files the tool wrote that are changed (or no longer regular files)."""

    listed: dict[str, str]
    foreign: list[str]
    changed: list[str]


def manifest(files: Sequence[tuple[str, bytes]]) -> bytes:
    """The :data:`MARKER` file of a package of ``files`` (path inside it, content). O(total size).

    >>> manifest([("a.txt", b"")]).decode()
    'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  a.txt\\n'
    """
    return "".join(f"{hashlib.sha256(data).hexdigest()}  {name}\n" for name, data in files).encode()


def file_hash(path: str) -> str:
    """The SHA-256 of the file ``path``, in hex. O(size)."""
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def read_manifest(folder: Path) -> dict[str, str]:
    """The :data:`MARKER` of ``folder`` as path -> SHA-256; OSError or ValueError when it cannot be read. O(size).

    >>> read_manifest(Path("/nonexistent"))
    Traceback (most recent call last):
    ...
    FileNotFoundError: [Errno 2] No such file or directory: '/nonexistent/downwedig-package.sha256'
    """
    info = os.lstat(folder / MARKER)
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(f"{MARKER} is not a regular file")
    listed = {}
    for line in (folder / MARKER).read_text(encoding="utf-8").splitlines():
        digest, _, name = line.partition("  ")
        if not name or name.startswith("/") or ".." in name.split("/"):
            raise ValueError(f"{MARKER}: not a line of sha256sum: {line[:80]!r}")
        listed[name] = digest
    return listed


def survey(folder: Path, listed: dict[str, str]) -> Survey:
    """What ``folder`` holds beside the files ``listed`` (its manifest), and which of those changed. O(size).

    A folder above no listed file is one entry (``mine/``), not looked into;
    a link is the setter's, wherever it is.
    """
    parents = set()  # every folder above a file listed
    for name in listed:
        head = os.path.dirname(name)
        while head and head not in parents:
            parents.add(head)
            head = os.path.dirname(head)
    foreign, changed = [], []
    for root, folders, names in os.walk(folder):
        for name in sorted(folders):
            full = os.path.join(root, name)
            relative = os.path.relpath(full, folder)
            if os.path.islink(full):
                folders.remove(name)
                names.append(name)
            elif relative not in parents:
                foreign.append(relative + "/")
                folders.remove(name)  # (not looked into)
        folders.sort()
        for name in sorted(names):
            full = os.path.join(root, name)
            relative = os.path.relpath(full, folder)
            if relative == MARKER:
                continue
            expected = listed.get(relative)
            if expected is None:
                foreign.append(relative)
            elif os.path.islink(full) or not os.path.isfile(full) or file_hash(full) != expected:
                changed.append(relative)
    return Survey(listed, foreign, changed)


def owner() -> str:
    """What names a temporary folder as this process's: ``dw-PID-START-``, START its start time in clock ticks
    (so a later process that reuses the pid is told apart). O(1)."""
    try:
        with open("/proc/self/stat") as file:
            start = file.read().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        start = "0"
    return f"dw-{os.getpid()}-{start}-"


def owner_gone(pid: str, start: str) -> bool:
    """Whether the process that wrote ``dw-PID-START-`` has ended (its pid gone, or another process's now). O(1)."""
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()[19] != start
    except FileNotFoundError:
        return os.path.isdir("/proc/self")  # (without /proc, nothing can be told: keep it)
    except (OSError, IndexError):
        return False


def rename_no_replace(source: Path, target: Path) -> None:
    """Rename ``source`` to ``target`` unless ``target`` exists (atomically where the kernel can)."""
    with contextlib.suppress(AttributeError, OSError):
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.renameat2(-100, os.fsencode(source), -100, os.fsencode(target), 1) == 0:  # AT_FDCWD, NOREPLACE
            return
        code = ctypes.get_errno()
        if code not in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
            raise OSError(code, os.strerror(code), str(target))
    if os.path.lexists(target):
        raise OSError(errno.EEXIST, os.strerror(errno.EEXIST), str(target))
    os.rename(source, target)
