"""Rebuilding a package in place: the tool's files replaced one by one, the setter's never touched.

A package is the setter's workspace: they add submissions, notes, ``bt pdf``'s
output, a ``.git``.  :func:`rebuild` puts the new package (written whole in a
temporary folder beside it) into the old folder: under
:func:`~downwedig.interrupts.held` (``SIGTERM``, ``SIGHUP`` and Ctrl-C wait for
it), it moves the files the old manifest lists into a trash folder beside the
package (``.NAME.dw-PID-START-XXXX.old``), checking each one's hash there,
moves the new files in with ``renameat2(RENAME_NOREPLACE)`` (so a file that
appeared meanwhile at one of their paths is never overwritten), and only then
removes the trash: only files whose hash the old manifest lists.  Everything
else stays where it is, so a file written into the package while it is being
rebuilt is never lost; any failure puts the old files back.  Cost: O(size of
the package): renames, and hashing the old files twice.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

from ...errors import CommandError
from ...interrupts import held
from .manifest import MARKER, file_hash, owner, read_manifest, rename_no_replace, survey

__all__ = ["clashes", "clean_trash", "rebuild"]


def clashes(kept: Iterable[str], names: Sequence[str]) -> list[str]:
    """The setter's entries (``kept``: files, ``folder/``) that stand where one of the new files ``names`` goes,
    or above or below one. O(names + kept).

    >>> clashes(["notes.txt", "data/secret/x.in", "mine/"], ["data/secret/x.in", "mine/a.py"])
    ['data/secret/x.in', 'mine/']
    """
    new = set(names)
    above = {os.path.dirname(name) for name in names}
    for name in names:
        head = os.path.dirname(name)
        while head:
            above.add(head)
            head = os.path.dirname(head)
    found = []
    for entry in kept:
        path = entry.rstrip("/")
        heads = []
        head = os.path.dirname(path)
        while head:
            heads.append(head)
            head = os.path.dirname(head)
        if path in new or (entry.endswith("/") and path in above) or any(h in new for h in heads):
            found.append(entry)
    return found


def _prune(target: Path, old: Iterable[str]) -> None:
    """Remove the folders of the old files that are empty now, deepest first (a folder with anything in it stays)."""
    folders = set()
    for name in old:
        head = os.path.dirname(name)
        while head:
            folders.add(head)
            head = os.path.dirname(head)
    for folder in sorted(folders, key=lambda f: -f.count("/")):
        with contextlib.suppress(OSError):
            os.rmdir(target / folder)


def clean_trash(trash: Path) -> bool:
    """Remove from ``trash`` the files its own manifest lists, unchanged, then its empty folders; whether it is
    gone (anything else in it stays, and so does the folder). O(size).

    >>> clean_trash(Path("/nonexistent"))
    True
    """
    if not trash.exists():
        return True
    try:
        listed = read_manifest(trash)
    except (OSError, ValueError):
        listed = {}
    for name, digest in listed.items():
        path = trash / name
        with contextlib.suppress(OSError):
            if not path.is_symlink() and path.is_file() and file_hash(str(path)) == digest:
                path.unlink()
    _prune(trash, listed)
    others = [entry for entry in os.listdir(trash) if entry != MARKER]
    if others:
        return False
    with contextlib.suppress(OSError):
        (trash / MARKER).unlink()
        trash.rmdir()
    return not trash.exists()


def rebuild(work: Path, target: Path, names: Sequence[str]) -> list[str]:
    """Put the package written in ``work`` (the files ``names`` and its :data:`MARKER`) into the package
    folder ``target``, keeping the setter's files; what was kept (paths inside it). See the module docstring.

    A :class:`~downwedig.errors.CommandError` when a file the tool wrote was
    changed, or a setter's file stands where a new one goes (the package is
    then left as it was).
    """
    with held():
        try:
            old_marker = (target / MARKER).read_bytes()
            listed = read_manifest(target)
        except (OSError, ValueError) as exc:
            raise CommandError(f"{target}: cannot read its {MARKER} ({exc}); it is left as it is") from None
        found = survey(target, listed)
        if found.changed:
            raise CommandError(
                f"{target}: {found.changed[0]} changed while the package was being made; it is left as it is"
            )
        clash = clashes(found.foreign, names)
        if clash:
            raise CommandError(
                f"{target}: {clash[0]} is not the tool's, and the new package writes {clash[0].rstrip('/')} (or a "
                "file in it): rename that test or move your file; the package is left as it is"
            )
        trash = Path(tempfile.mkdtemp(prefix=f".{target.name}.{owner()}", suffix=".old", dir=target.parent))
        (trash / MARKER).write_bytes(old_marker)
        moved_out: list[str] = []
        moved_in: list[str] = []
        try:
            for name in sorted(listed):
                source, aside = target / name, trash / name
                if not os.path.lexists(source):
                    continue
                aside.parent.mkdir(parents=True, exist_ok=True)
                os.rename(source, aside)
                moved_out.append(name)
                if aside.is_symlink() or not aside.is_file() or file_hash(str(aside)) != listed[name]:
                    raise CommandError(
                        f"{target}: {name} changed while the package was being made; it is left as it is"
                    )
            for name in [*names, MARKER]:
                (target / name).parent.mkdir(parents=True, exist_ok=True)
                if name == MARKER:
                    os.replace(work / name, target / name)  # (the old one, read above, is the tool's)
                else:
                    rename_no_replace(work / name, target / name)
                moved_in.append(name)
        except BaseException:
            for name in reversed(moved_in):
                with contextlib.suppress(OSError):
                    if name == MARKER:
                        (target / MARKER).write_bytes(old_marker)
                    else:
                        os.rename(target / name, work / name)
            for name in reversed(moved_out):
                with contextlib.suppress(OSError):
                    rename_no_replace(trash / name, target / name)
            _prune(target, [name for name in names if name not in listed])
            if not clean_trash(trash):
                _prune(trash, moved_out)
            raise
        _prune(target, [name for name in listed if name not in set(names)])
        clean_trash(trash)
        shutil.rmtree(work, ignore_errors=True)
    return found.foreign
