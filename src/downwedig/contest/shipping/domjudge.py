"""The zip DOMjudge imports, made from a written package: its files at the root, an ini and a built statement.

What DOMjudge's importer (``ImportProblemService.php``) reads: ``problem.yaml``
(the name, ``type`` as one string it splits at spaces, ``limits``),
``domjudge-problem.ini`` (``name``, ``timelimit``, ``externalid``, and
``short-name``, the problem's label on the scoreboard), the statement only as
``problem.pdf`` (or ``.html``, ``.txt``) at the root, ``data/sample`` and
``data/secret`` as ``.in`` with ``.ans``, the output validator from one folder
(``output_validator/`` or ``output_validators/``), and the ``submissions/``
it submits as the jury's with the verdict of their folder.  :func:`write_zip`
writes exactly those, in a fixed order, from the package's own files: the
files of ``bt zip --legacy`` (BAPCtools' DOMjudge zip) in the current format
(``problem.yaml`` 2025-09, ``statement/``, ``submissions.yaml``), plus the
ini and ``problem.html``; not the validators' own test cases
(``data/invalid_input`` ...), which DOMjudge does not read, nor the folder's manifest.  Cost: building the
statement (a few seconds of ``lualatex`` and ``pandoc``) and O(package size).

Like the package's folder, the zip never replaces a file this tool did not
write: an existing FILE is replaced only with ``force``, and only when it is a
zip whose comment (:data:`COMMENT`) says ``downwedig package`` made it.

>>> print(domjudge_ini("downwedig", 5), end="")
; What DOMjudge reads from this problem's zip beside problem.yaml (made by `downwedig package --zip`).
name = "Down We Dig"
timelimit = 5
externalid = "downwedig"
; The label on the scoreboard: D, as in NERC 2020.
short-name = "D"
"""

from __future__ import annotations

import os
import shutil
import tempfile
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import CommandError, InvalidDestination
from ...files import whole_file
from ...staircase import MEMORY_LIMIT_MIB
from .facts import LABEL, NAME
from .formats.kattis2025 import statement_files
from .manifest import MARKER
from .statement import HTML_TOOL, build_html, build_pdf, missing_tools

if TYPE_CHECKING:
    from .package import Built

__all__ = ["COMMENT", "check_zip_destination", "domjudge_ini", "write_archive", "write_zip", "zip_members"]

#: What DOMjudge does not read, and ``bt zip`` leaves out: the validators' own test cases.
_LEFT_OUT = (
    "data/invalid_input/",
    "data/invalid_output/",
    "data/valid_output/",
    "data/invalid_answer/",
    "generators/manual/",  # (bt zip takes generators/* alone: gen.cpp and generators.yaml)
)
#: The zip's comment: what marks a zip this tool made (the only kind ``force`` replaces; the Polygon zip's
#: says ``for Polygon``).
COMMENT = b"made by downwedig package --zip, for DOMjudge"
_OURS = COMMENT.rpartition(b",")[0]
#: A fixed time for every member, so the same files give the same zip (DOS times start in 1980).
_DATE = (2020, 12, 1, 0, 0, 0)


def domjudge_ini(short_name: str, time_limit: float) -> str:
    """``domjudge-problem.ini``: the name, the time limit, the external id (the short name) and the label. O(1)."""
    return (
        "; What DOMjudge reads from this problem's zip beside problem.yaml (made by `downwedig package --zip`).\n"
        f'name = "{NAME}"\ntimelimit = {time_limit:g}\nexternalid = "{short_name}"\n'
        f'; The label on the scoreboard: {LABEL}, as in NERC 2020.\nshort-name = "{LABEL}"\n'
    )


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
    """Refuse a zip path that cannot be written, or a machine without the tools to build the statement. O(1).

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
    missing = missing_tools(html=False)
    if missing:
        raise InvalidDestination("--zip builds the statement as problem.pdf, which needs " + "; ".join(missing))
    return path


def zip_members(built: Built) -> list[tuple[str, bytes]]:
    """Every member of the DOMjudge zip of the package ``built``, ``(name, bytes)``, in order."""
    root = built.path
    files = sorted(p for p in root.rglob("*") if p.is_file())
    members = [
        (path.relative_to(root).as_posix(), path.read_bytes())
        for path in files
        if not path.relative_to(root).as_posix().startswith(_LEFT_OUT) and path.name != MARKER
    ]
    names = dict(members)
    statement = dict(statement_files())  # (the legacy package's is the same text in other headings)
    sample = names["data/sample/1.in"], names["data/sample/1.ans"]
    limit = built.timing.time_limit
    extra = [
        ("domjudge-problem.ini", domjudge_ini(root.name, limit).encode()),
        ("problem.pdf", build_pdf(statement["statement/problem.en.tex"], *sample, limit, MEMORY_LIMIT_MIB)),
    ]
    if shutil.which(HTML_TOOL[0]) is not None:
        html = build_html(statement["statement/problem.en.md"], *sample, limit, MEMORY_LIMIT_MIB)
        extra.append(("problem.html", html))
    return extra + members


def write_zip(built: Built, path: Path, force: bool = False) -> str:
    """Write the DOMjudge zip of ``built`` to ``path``, whole (under a temporary name, then moved); a summary.

    ``path`` is checked again just before the move (see :func:`check_zip_destination`): an absent one is taken
    only if still absent, so a file that appeared meanwhile is not replaced.  Cost: :func:`zip_members`, and
    O(package size) of compressing.
    """
    members = zip_members(built)
    size = write_archive(path, members, force)
    statement = " and ".join(member for member, _ in members if member in ("problem.pdf", "problem.html"))
    return f"{len(members)} files at its root, the statement as {statement}, {size / 1e6:.1f} MB"


def write_archive(path: Path, members: list[tuple[str, bytes]], force: bool = False, comment: bytes = COMMENT) -> int:
    """Write the zip of ``members`` (name, bytes) with the comment ``comment`` to ``path``, whole; its size.

    ``path`` is checked again first (:func:`check_zip_destination`'s rules).  Cost: O(size) of compressing.
    """
    _check_target(path, force)
    try:
        _write_whole(path, members, force, comment)
    except OSError as exc:
        raise CommandError(f"cannot write {str(path)!r}: {exc.strerror or exc}; no zip was written") from None
    return path.stat().st_size


def _write_whole(path: Path, members: list[tuple[str, bytes]], force: bool, comment: bytes) -> None:
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
