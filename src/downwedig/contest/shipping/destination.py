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

The zip beside a package (``package --zip``) is written the same way
(:func:`check_zip_destination`, :func:`write_archive`): whole, and over no
file but a zip this tool made, which its comment (:func:`zip_comment`) says.

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
import zipfile
from collections.abc import Sequence
from pathlib import Path

from ...errors import CommandError, InvalidDestination
from ...files import whole_file
from ...interrupts import terminations
from .manifest import MARKER, manifest, owner, owner_gone, read_manifest, rename_no_replace, survey
from .rebuild import clean_trash, rebuild

__all__ = ["Destination", "check_destination", "check_zip_destination", "write_archive", "write_folder", "zip_comment"]

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


# -- the zip ---------------------------------------------------------------------------------------

#: What the comment of a zip this tool made starts with (the only kind ``force`` replaces).
_OURS = b"made by downwedig package --zip"
#: A fixed time for every member, so the same files give the same zip (DOS times start in 1980).
_DATE = (2020, 12, 1, 0, 0, 0)


def zip_comment(judge: str) -> bytes:
    """The comment of the zip this tool makes for ``judge``: what marks it as this tool's. O(1).

    >>> zip_comment("DOMjudge")
    b'made by downwedig package --zip, for DOMjudge'
    """
    return _OURS + f", for {judge}".encode()


def _ours(path: Path) -> bool:
    """Whether ``path`` is a regular file, a zip this tool made (its comment says so)."""
    if path.is_symlink() or not path.is_file():
        return False
    try:
        with zipfile.ZipFile(path) as archive:
            return archive.comment.startswith(_OURS)
    except (OSError, zipfile.BadZipFile):
        return False


def _check_target(path: Path, force: bool) -> None:
    """Refuse an existing ``path`` unless ``force`` and it is a zip this tool made."""
    if not os.path.lexists(path):
        return
    if not force:
        raise InvalidDestination(f"--zip {path} exists (--force replaces a zip that 'downwedig package' wrote)")
    if not _ours(path):
        raise InvalidDestination(f"--zip {path} is not a zip that 'downwedig package' wrote; it is left as it is")


def check_zip_destination(path: Path, folder: Path, force: bool = False, judge: str = "DOMjudge") -> Path:
    """Refuse a zip path that cannot be written (the tools a format's zip needs are its
    :meth:`~.formats.base.PackageFormat.missing`). O(1).

    An existing file is refused unless ``force`` and it is a zip this tool made.  ``judge`` is who imports it.
    ``..`` and links are resolved first (the zip's own name too, when it is a
    link): a path inside the package's folder is refused, and so is one in
    ``/dev``, ``/proc`` or ``/sys``, or in a folder where no file can be made
    (tried with a temporary file, at once).

    >>> check_zip_destination(Path("p.tar"), Path("downwedig"))
    Traceback (most recent call last):
    ...
    downwedig.errors.InvalidDestination: --zip p.tar: name it .zip (DOMjudge imports a .zip)
    """
    if path.suffix != ".zip":
        raise InvalidDestination(f"--zip {path}: name it .zip ({judge} imports a .zip)")
    if path.is_dir():
        raise InvalidDestination(f"--zip {path} is a folder")
    where = Path(os.path.realpath(path))
    package = Path(os.path.realpath(folder))
    if where.is_relative_to(package):
        raise InvalidDestination(f"--zip {path}: put it outside the package's folder {folder}")
    if not where.parent.is_dir():
        raise InvalidDestination(f"--zip {path}: no folder {path.parent}")
    if any(where.is_relative_to(top) for top in ("/dev", "/proc", "/sys")):
        raise InvalidDestination(f"--zip {path}: a zip is not written into {where.parent}")
    _check_target(path, force)
    try:
        descriptor, probe = tempfile.mkstemp(prefix=f".{where.name}.", suffix=".probe", dir=where.parent)
        os.close(descriptor)
        os.unlink(probe)
    except OSError as exc:
        raise InvalidDestination(f"--zip {path}: cannot write in {where.parent}: {exc.strerror or exc}") from None
    return path


def write_archive(path: Path, members: Sequence[tuple[str, bytes]], judge: str, force: bool = False) -> int:
    """Write the zip of ``members`` (name, bytes) for ``judge`` to ``path``, whole, its comment saying this tool made
    it (:func:`zip_comment`); its size.

    ``path`` is checked again first (:func:`check_zip_destination`'s rules), and again just before the move: an
    absent one is taken only if still absent, so a file that appeared meanwhile is not replaced.  Cost: O(size)
    of compressing.
    """
    _check_target(path, force)
    try:
        _write_whole(path, members, force, zip_comment(judge))
    except OSError as exc:
        raise CommandError(f"cannot write {str(path)!r}: {exc.strerror or exc}; no zip was written") from None
    return path.stat().st_size


def _write_whole(path: Path, members: Sequence[tuple[str, bytes]], force: bool, comment: bytes) -> None:
    """Write the zip of ``members`` beside ``path`` under a temporary name, then move it to ``path``."""
    taken = os.path.lexists(path)  # (then replaced only if, checked again just before, a zip of ours)
    try:
        with (
            whole_file(path, replace=taken, check=lambda: _check_target(path, force)) as file,
            zipfile.ZipFile(file, "w", compression=zipfile.ZIP_DEFLATED) as archive,
        ):
            archive.comment = comment
            for member, data in members:
                info = zipfile.ZipInfo(member, _DATE)
                info.external_attr = 0o644 << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, data)
    except FileExistsError:
        raise CommandError(f"{path} appeared while the zip was made; it is left as it is") from None
