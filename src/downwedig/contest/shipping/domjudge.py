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
(``data/invalid_input`` ...), which DOMjudge does not read.  Cost: building the
statement (a few seconds of ``lualatex`` and ``pandoc``) and O(package size).

>>> print(domjudge_ini("downwedig", 5), end="")
; What DOMjudge reads from this problem's zip beside problem.yaml (made by `downwedig package --zip`).
name = "Down We Dig"
timelimit = 5
externalid = "downwedig"
; The label on the scoreboard: D, as in NERC 2020.
short-name = "D"
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import InvalidDestination
from ...staircase import MEMORY_LIMIT_MIB
from .formats import NAME, statement_files
from .statement import HTML_TOOL, build_html, build_pdf, missing_tools

if TYPE_CHECKING:
    from .package import Built

__all__ = ["LABEL", "check_zip_destination", "domjudge_ini", "write_zip", "zip_members"]

#: The problem's label in NERC 2020 (DOMjudge's ``short-name``).
LABEL = "D"
#: What DOMjudge does not read, and ``bt zip`` leaves out: the validators' own test cases.
_LEFT_OUT = ("data/invalid_input/", "data/invalid_output/", "data/valid_output/", "data/invalid_answer/")
#: A fixed time for every member, so the same files give the same zip (DOS times start in 1980).
_DATE = (2020, 12, 1, 0, 0, 0)


def domjudge_ini(short_name: str, time_limit: float) -> str:
    """``domjudge-problem.ini``: the name, the time limit, the external id (the short name) and the label. O(1)."""
    return (
        "; What DOMjudge reads from this problem's zip beside problem.yaml (made by `downwedig package --zip`).\n"
        f'name = "{NAME}"\ntimelimit = {time_limit:g}\nexternalid = "{short_name}"\n'
        f'; The label on the scoreboard: {LABEL}, as in NERC 2020.\nshort-name = "{LABEL}"\n'
    )


def check_zip_destination(path: Path, folder: Path) -> Path:
    """Refuse a zip path that cannot be written, or a machine without the tools to build the statement. O(1)."""
    if path.suffix != ".zip":
        raise InvalidDestination(f"--zip {path}: name it .zip (DOMjudge imports a .zip)")
    if path.is_dir():
        raise InvalidDestination(f"--zip {path} is a folder")
    if path.absolute().is_relative_to(folder.absolute()):
        raise InvalidDestination(f"--zip {path}: put it outside the package's folder {folder}")
    if not path.absolute().parent.is_dir():
        raise InvalidDestination(f"--zip {path}: no folder {path.parent}")
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
        if not path.relative_to(root).as_posix().startswith(_LEFT_OUT)
    ]
    names = dict(members)
    statement = dict(statement_files("2025-09"))  # (the legacy package's is the same text in other headings)
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


def write_zip(built: Built, path: Path) -> str:
    """Write the DOMjudge zip of ``built`` to ``path`` (whole: under a temporary name, then renamed); a summary."""
    members = zip_members(built)
    temporary = path.with_name(f".{path.name}.tmp")
    try:
        with zipfile.ZipFile(temporary, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for name, data in members:
                info = zipfile.ZipInfo(name, _DATE)
                info.external_attr = 0o644 << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, data)
        temporary.replace(path)
    finally:
        temporary.unlink(missing_ok=True)
    statement = " and ".join(name for name, _ in members if name in ("problem.pdf", "problem.html"))
    size = path.stat().st_size
    return f"{len(members)} files at its root, the statement as {statement}, {size / 1e6:.1f} MB"
