"""Writing a package's folder as a careful tool does: whole or not at all, and over nothing but its own work.

:func:`check_destination` says whether a folder may be written: absent, empty,
or (with ``force``) a package this tool wrote (it holds the tool's manifest,
:data:`~.manifest.MARKER`: :mod:`.manifest`).  A rebuild (``force``) regenerates what the manifest
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

>>> check_destination(Path("/nonexistent/downwedig")).found is None
True
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Sequence
from pathlib import Path

from ...errors import CommandError, InvalidDestination
from ...interrupts import terminations
from .manifest import MARKER, manifest, owner, owner_gone, read_manifest, rename_no_replace, survey
from .rebuild import clean_trash, rebuild

__all__ = ["Destination", "check_destination", "write_folder"]

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


def _resolved(path: Path) -> Path:
    """``path`` with ``..`` and the links above its last component resolved (the last one is kept as it is)."""
    if path.name in ("", ".", ".."):
        return Path(os.path.realpath(path))
    return Path(os.path.realpath(path.parent)) / path.name


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


def _clean_stale(parent: Path, name: str) -> None:
    """Remove the temporary folders that earlier runs beside ``name`` left when they were killed (``SIGKILL``):
    a new package's (``.tmp``) whole, an old one's (``.old``) only as far as its manifest lists it unchanged."""
    pattern = re.compile(rf"\.{re.escape(name)}\.dw-(\d+)-(\d+)-[^/]*\.(tmp|old)")
    with contextlib.suppress(OSError):
        for entry in os.listdir(parent):
            match = pattern.fullmatch(entry)
            if match and owner_gone(match[1], match[2]):
                if match[3] == "tmp":
                    shutil.rmtree(parent / entry, ignore_errors=True)
                else:
                    clean_trash(parent / entry)


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
            work = Path(tempfile.mkdtemp(prefix=f".{target.name}.{owner()}", suffix=".tmp", dir=target.parent))
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
                kept = rebuild(work, target, [name for name, _ in files])
        except BaseException as exc:
            shutil.rmtree(work, ignore_errors=True)
            if isinstance(exc, OSError):
                name = f" {exc.filename!r}" if exc.filename else ""
                raise CommandError(
                    f"cannot write the package{name}: {exc.strerror or exc}; nothing was written"
                ) from None
            raise
    return kept
