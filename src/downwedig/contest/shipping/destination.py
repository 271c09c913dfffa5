"""Writing a package's folder as a careful tool does: whole or not at all, and over nothing but its own work.

:func:`check_destination` says whether a folder may be written: absent, empty,
or (with ``force``) a package this tool wrote.  Each package holds a
manifest, :data:`MARKER`, listing the SHA-256 of every file the tool wrote
(``sha256sum -c`` checks it; its name has no leading dot, which Kattis'
file-name rule refuses).  A rebuild (``force``) regenerates what the manifest
lists and keeps everything else -- the setter's submissions, notes, ``bt pdf``
output, a ``.git`` -- where it is (:mod:`.rebuild`); a file the tool wrote and
the setter changed is never overwritten (the rebuild is refused, naming it),
and neither is a folder without a manifest.  ``..`` and symbolic links above
the folder are resolved first, the folder itself may not be a link, and a
folder that holds the current folder is refused.

:func:`write_folder` writes the files into a hidden temporary folder beside
the destination (``.NAME.dw-PID-START-XXXX.tmp``), then, checking again that
the destination is still what was checked, moves it into place: an absent
destination is taken only if still absent (``renameat2(RENAME_NOREPLACE)``
where the kernel has it), an empty one only if still empty, and a package is
rebuilt in place, file by file (:func:`~.rebuild.rebuild`).  A failure,
Ctrl-C, ``SIGTERM`` or ``SIGHUP`` while it writes leaves nothing behind; what
a ``SIGKILL`` leaves, the next run beside the same folder removes (only the
files its manifest lists, unchanged).  Cost: O(size), and hashing an old
package.

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
import re
import shutil
import stat
import tempfile
from collections.abc import Sequence
from pathlib import Path

from ...errors import CommandError, InvalidDestination
from ...interrupts import terminations

__all__ = [
    "MARKER",
    "Destination",
    "Survey",
    "check_destination",
    "file_hash",
    "manifest",
    "read_manifest",
    "rename_no_replace",
    "survey",
    "write_folder",
]

#: The manifest file of a package: ``SHA256  PATH`` per file written, as ``sha256sum`` prints it.
MARKER = "downwedig-package.sha256"
_SHORT_NAME = re.compile(r"[a-z0-9]+")


@dataclasses.dataclass(frozen=True)
class Destination:
    """A checked destination: where it is (resolved) and what was there (``None``, ``"empty"``, ``"package"``);
    for a package, what it keeps (the setter's files and folders, by path inside it) and its uuid."""

    path: Path
    found: str | None
    identity: tuple[int, int] | None  # (device, inode) of the folder that was there
    kept: tuple[str, ...] = ()
    uuid: str | None = None


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


def _resolved(path: Path) -> Path:
    """``path`` with ``..`` and the links above its last component resolved (the last one is kept as it is)."""
    if path.name in ("", ".", ".."):
        return Path(os.path.realpath(path))
    return Path(os.path.realpath(path.parent)) / path.name


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


def _uuid(folder: Path, listed: dict[str, str]) -> str | None:
    """The uuid in the package's ``problem.yaml``, when the tool wrote it (and it is unchanged)."""
    if "problem.yaml" not in listed:
        return None
    try:
        text = (folder / "problem.yaml").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    match = re.search(r"(?m)^uuid: *([0-9a-f-]{36}) *$", text)
    return match[1] if match else None


def _holds_the_current_folder(path: Path) -> bool:
    try:
        here = Path(os.path.realpath(os.getcwd()))
    except OSError:
        return False
    return here == path or path in here.parents


def check_destination(path: Path, force: bool = False) -> Destination:
    """Whether the package may be written to ``path``; an :class:`~downwedig.errors.InvalidDestination` if not.

    Its last component is the problem's short name (``[a-z0-9]+``); it may be
    absent, an empty folder, or with ``force`` a package this tool wrote whose
    files (those its manifest lists) nobody changed; what else it holds is
    kept (``kept``).  Cost: O(1), or hashing the package with ``force``.

    >>> check_destination(Path("Down_We_Dig"))
    Traceback (most recent call last):
    ...
    downwedig.errors.InvalidDestination: the folder's name is the problem's short name: \
lower-case letters and digits only ([a-z0-9]+), got 'Down_We_Dig'
    """
    try:
        target = _resolved(path)
        if not _SHORT_NAME.fullmatch(target.name):
            raise InvalidDestination(
                f"the folder's name is the problem's short name: lower-case letters and digits only ([a-z0-9]+), "
                f"got {target.name!r}"
            )
        try:
            info = os.lstat(target)
        except FileNotFoundError:
            above = target.parent
            while not above.exists():
                above = above.parent
            if not above.is_dir():
                raise InvalidDestination(f"{above} is not a folder") from None
            return Destination(target, None, None)
        if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
            raise InvalidDestination(f"{path} exists and is not a folder")
        if _holds_the_current_folder(target):
            raise InvalidDestination(f"{path} holds the current folder; run 'downwedig package' from outside it")
        identity = (info.st_dev, info.st_ino)
        if not any(target.iterdir()):
            return Destination(target, "empty", identity)
        if not force:
            raise InvalidDestination(f"{path} is not empty (--force replaces it)")
        if not os.path.lexists(target / MARKER):
            raise InvalidDestination(
                f"{path} is not a package that 'downwedig package' wrote (it has no {MARKER}), so --force does not "
                f"replace it: choose another DIR, or empty this one"
            )
        try:
            listed = read_manifest(target)
        except (UnicodeDecodeError, ValueError) as exc:
            raise InvalidDestination(f"{path}: {exc}; --force rebuilds only a package it can read") from None
        found = survey(target, listed)
        if found.changed:
            shown = ", ".join(found.changed[:3]) + (", ..." if len(found.changed) > 3 else "")
            raise InvalidDestination(
                f"{path}: files that 'downwedig package' wrote were changed since ({shown}); --force would "
                f"overwrite them: move your versions to other names (or restore them), then rebuild"
            )
        return Destination(target, "package", identity, tuple(found.foreign), _uuid(target, listed))
    except OSError as exc:
        raise InvalidDestination(f"{path}: {exc.strerror or exc}") from None


# -- writing ---------------------------------------------------------------------------------------


def _owner() -> str:
    try:
        with open("/proc/self/stat") as file:
            start = file.read().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        start = "0"
    return f"dw-{os.getpid()}-{start}-"


def _gone(pid: str, start: str) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()[19] != start
    except FileNotFoundError:
        return os.path.isdir("/proc/self")  # (without /proc, nothing can be told: keep it)
    except (OSError, IndexError):
        return False


def _clean_stale(parent: Path, name: str) -> None:
    """Remove the temporary folders that earlier runs beside ``name`` left when they were killed (``SIGKILL``):
    a new package's (``.tmp``) whole, an old one's (``.old``) only as far as its manifest lists it unchanged."""
    from .rebuild import clean_trash

    pattern = re.compile(rf"\.{re.escape(name)}\.dw-(\d+)-(\d+)-[^/]*\.(tmp|old)")
    with contextlib.suppress(OSError):
        for entry in os.listdir(parent):
            match = pattern.fullmatch(entry)
            if match and _gone(match[1], match[2]):
                if match[3] == "tmp":
                    shutil.rmtree(parent / entry, ignore_errors=True)
                else:
                    clean_trash(parent / entry)


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


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    return (info.st_dev, info.st_ino) if stat.S_ISDIR(info.st_mode) else (-1, -1)


def _still(destination: Destination) -> None:
    """Make sure the destination is still what was checked; a CommandError if it changed meanwhile."""
    path = destination.path
    now = _identity(path)
    changed = f"{path} changed while the package was being made; it is left as it is, and nothing was written"
    if destination.found is None:
        if now is not None:
            raise CommandError(f"{path} appeared while the package was being made; it is left as it is")
        return
    if now != destination.identity:
        raise CommandError(changed)
    if destination.found == "empty" and any(path.iterdir()):
        raise CommandError(changed)
    if destination.found == "package" and not os.path.lexists(path / MARKER):
        raise CommandError(changed)


def write_folder(destination: Destination, files: Sequence[tuple[str, bytes]], mode: int = 0o777) -> list[str]:
    """Write ``files`` (path inside, content) and their :data:`MARKER` as the folder ``destination``, whole;
    what it kept of a package rebuilt (the setter's entries, by path inside it).

    See the module docstring.  ``mode`` is the folder's permission bits (the
    umask applies).  A failure is a :class:`~downwedig.errors.CommandError`
    (the destination changed meanwhile, or the system refused: a full disk).
    Cost: O(total size), plus hashing a package replaced.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp()) / "pkg"
    >>> write_folder(check_destination(folder), [("a.txt", b"x")])
    []
    >>> sorted(p.name for p in folder.iterdir())
    ['a.txt', 'downwedig-package.sha256']
    """
    target = destination.path
    kept: list[str] = []
    with terminations():
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            _clean_stale(target.parent, target.name)
            work = Path(tempfile.mkdtemp(prefix=f".{target.name}.{_owner()}", suffix=".tmp", dir=target.parent))
        except OSError as exc:
            raise CommandError(f"cannot write the package in {str(target.parent)!r}: {exc.strerror or exc}") from None
        try:
            for name, data in files:
                file = work / name
                file.parent.mkdir(parents=True, exist_ok=True)
                file.write_bytes(data)
            (work / MARKER).write_bytes(manifest(files))
            mask = os.umask(0)
            os.umask(mask)
            os.chmod(work, mode & ~mask)
            _still(destination)
            if destination.found is None:
                rename_no_replace(work, target)
            elif destination.found == "empty":
                os.rename(work, target)  # (an empty folder only: the kernel refuses one that is not)
            else:
                from .rebuild import rebuild

                kept = rebuild(work, destination, [name for name, _ in files])
        except BaseException as exc:
            shutil.rmtree(work, ignore_errors=True)
            if isinstance(exc, OSError):
                name = f" {exc.filename!r}" if exc.filename else ""
                raise CommandError(
                    f"cannot write the package{name}: {exc.strerror or exc}; nothing was written"
                ) from None
            raise
    return kept
