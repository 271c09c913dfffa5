"""Writing a package's folder as a careful tool does: whole or not at all, and over nothing but its own work.

:func:`check_destination` says whether a folder may be written: absent, empty,
or (with ``force``) a package this tool wrote and nobody changed since.  Each
package holds a manifest, :data:`MARKER`, listing the SHA-256 of every file
the tool wrote (``sha256sum -c`` checks it; its name has no leading dot, which
Kattis' file-name rule refuses); a folder with anything else in it -- another
file, a changed file, a ``.git`` -- is never replaced.  ``..`` and symbolic
links above the folder are resolved first, the folder itself may not be a
link, and a folder that holds the current folder is refused.

:func:`write_folder` writes the files into a hidden temporary folder beside
the destination (``.NAME.dw-PID-START-XXXX.tmp``), then, checking again that
the destination is still what was checked, moves it into place: an absent
destination is taken only if still absent (``renameat2(RENAME_NOREPLACE)``
where the kernel has it), an empty one only if still empty, and a package is
moved aside and removed only once the new one is in place.  A failure, Ctrl-C,
``SIGTERM`` or ``SIGHUP`` while it writes leaves nothing behind; what a
``SIGKILL`` leaves, the next run beside the same folder removes.

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

__all__ = ["MARKER", "Destination", "check_destination", "manifest", "write_folder"]

#: The manifest file of a package: ``SHA256  PATH`` per file written, as ``sha256sum`` prints it.
MARKER = "downwedig-package.sha256"
_SHORT_NAME = re.compile(r"[a-z0-9]+")


@dataclasses.dataclass(frozen=True)
class Destination:
    """A checked destination: where it is (resolved) and what was there (``None``, ``"empty"``, ``"package"``)."""

    path: Path
    found: str | None
    identity: tuple[int, int] | None  # (device, inode) of the folder that was there


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


def _hash(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _foreign(folder: Path) -> list[str]:
    """What in ``folder`` the tool did not write, as it wrote it (empty for an unchanged package). O(size)."""
    try:
        info = os.lstat(folder / MARKER)
        if not stat.S_ISREG(info.st_mode):
            return [f"{MARKER} (not a regular file)"]
        listed = {}
        for line in (folder / MARKER).read_text(encoding="utf-8").splitlines():
            digest, _, name = line.partition("  ")
            listed[name] = digest
    except FileNotFoundError:
        return []  # (not a package at all: see check_destination)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return [f"{MARKER}: {getattr(exc, 'strerror', None) or exc}"]
    parents = set()  # every folder above a file listed
    for name in listed:
        head = os.path.dirname(name)
        while head and head not in parents:
            parents.add(head)
            head = os.path.dirname(head)
    foreign = []
    for root, folders, names in os.walk(folder):
        for name in sorted(folders):
            relative = os.path.relpath(os.path.join(root, name), folder)
            if relative not in parents and not os.path.islink(os.path.join(root, name)):
                foreign.append(relative + "/")
                folders.remove(name)  # (not looked into)
        for name in sorted(names + [f for f in folders if os.path.islink(os.path.join(root, f))]):
            full = os.path.join(root, name)
            relative = os.path.relpath(full, folder)
            if relative == MARKER:
                continue
            expected = listed.pop(relative, None)
            if expected is None or os.path.islink(full) or not os.path.isfile(full):
                foreign.append(relative)
            elif _hash(full) != expected:
                foreign.append(f"{relative} (changed)")
        if len(foreign) >= 3:
            break
    return foreign


def _holds_the_current_folder(path: Path) -> bool:
    try:
        here = Path(os.path.realpath(os.getcwd()))
    except OSError:
        return False
    return here == path or path in here.parents


def check_destination(path: Path, force: bool = False) -> Destination:
    """Whether the package may be written to ``path``; an :class:`~downwedig.errors.InvalidDestination` if not.

    Its last component is the problem's short name (``[a-z0-9]+``); it may be
    absent, an empty folder, or with ``force`` an unchanged package this tool
    wrote (see the module docstring).  Cost: O(1), or hashing the package
    with ``force``.

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
        foreign = _foreign(target)
        if foreign:
            shown = ", ".join(foreign[:3]) + (", ..." if len(foreign) > 3 else "")
            raise InvalidDestination(
                f"{path} holds what 'downwedig package' did not write ({shown}); --force replaces only an "
                f"unchanged package: move those away, or choose another DIR"
            )
        return Destination(target, "package", identity)
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
    """Remove the temporary folders that earlier runs beside ``name`` left when they were killed (``SIGKILL``)."""
    pattern = re.compile(rf"\.{re.escape(name)}\.dw-(\d+)-(\d+)-[^/]*\.(?:tmp|old)")
    with contextlib.suppress(OSError):
        for entry in os.listdir(parent):
            match = pattern.fullmatch(entry)
            if match and _gone(match[1], match[2]):
                shutil.rmtree(parent / entry, ignore_errors=True)


def _rename_no_replace(source: Path, target: Path) -> None:
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
    if destination.found == "package" and (_foreign(path) or not os.path.lexists(path / MARKER)):
        raise CommandError(changed)


def write_folder(destination: Destination, files: Sequence[tuple[str, bytes]], mode: int = 0o777) -> None:
    """Write ``files`` (path inside, content) and their :data:`MARKER` as the folder ``destination``, whole.

    See the module docstring.  ``mode`` is the folder's permission bits (the
    umask applies).  A failure is a :class:`~downwedig.errors.CommandError`
    (the destination changed meanwhile, or the system refused: a full disk).
    Cost: O(total size), plus hashing a package replaced.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp()) / "pkg"
    >>> write_folder(check_destination(folder), [("a.txt", b"x")])
    >>> sorted(p.name for p in folder.iterdir())
    ['a.txt', 'downwedig-package.sha256']
    """
    target = destination.path
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
                _rename_no_replace(work, target)
            elif destination.found == "empty":
                os.rename(work, target)  # (an empty folder only: the kernel refuses one that is not)
            else:
                _swap(work, destination)
        except BaseException as exc:
            shutil.rmtree(work, ignore_errors=True)
            if isinstance(exc, OSError):
                name = f" {exc.filename!r}" if exc.filename else ""
                raise CommandError(
                    f"cannot write the package{name}: {exc.strerror or exc}; nothing was written"
                ) from None
            raise


def _swap(work: Path, destination: Destination) -> None:
    """Put the package ``work`` in place of the old package at ``destination``, then remove the old one."""
    target = destination.path
    aside = Path(tempfile.mkdtemp(prefix=f".{target.name}.{_owner()}", suffix=".old", dir=target.parent))
    old = aside / target.name
    os.rename(target, old)
    if _identity(old) != destination.identity:  # (it changed between the check and the move: put it back)
        _rename_no_replace(old, target)
        aside.rmdir()
        raise CommandError(f"{target} changed while the package was being made; it is left as it is")
    try:
        _rename_no_replace(work, target)
    except BaseException:
        with contextlib.suppress(OSError):
            _rename_no_replace(old, target)
            aside.rmdir()
        raise
    shutil.rmtree(aside, ignore_errors=True)
