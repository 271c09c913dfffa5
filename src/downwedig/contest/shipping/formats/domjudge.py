"""The zip DOMjudge imports, made from a written Kattis package: its files at the root, an ini and a built statement.

What DOMjudge's importer (``ImportProblemService.php``) reads: ``problem.yaml``
(the name, ``type`` as one string it splits at spaces, ``limits``),
``domjudge-problem.ini`` (``name``, ``timelimit``, ``externalid``, and
``short-name``, the problem's label on the scoreboard), the statement only as
``problem.pdf`` (or ``.html``, ``.txt``) at the root, ``data/sample`` and
``data/secret`` as ``.in`` with ``.ans``, the output validator from one folder
(``output_validator/`` or ``output_validators/``), and the ``submissions/``
it submits as the jury's with the verdict of their folder.  :func:`zip_members`
gives exactly those, in a fixed order, from the package's own files: the
files of ``bt zip --legacy`` (BAPCtools' DOMjudge zip) in the current format
(``problem.yaml`` 2025-09, ``statement/``, ``submissions.yaml``), plus the
ini and ``problem.html``; not the validators' own test cases
(``data/invalid_input`` ...), which DOMjudge does not read, nor the folder's
manifest.  It is both Kattis formats' archive (:meth:`~.base.PackageFormat.archive`);
:func:`~downwedig.contest.shipping.destination.write_archive` writes it.  Cost:
building the statement (a few seconds of ``lualatex`` and ``pandoc``) and
O(package size).

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
from collections.abc import Mapping
from pathlib import Path

from ....staircase import MEMORY_LIMIT_MIB
from ..facts import LABEL, NAME
from ..manifest import MARKER
from ..statement import HTML_TOOL, build_html, build_pdf, missing_tools
from .base import Archive

__all__ = ["JUDGE", "archive", "domjudge_ini", "missing", "zip_members"]

#: Who imports the zip.
JUDGE = "DOMjudge"
#: What DOMjudge does not read, and ``bt zip`` leaves out: the validators' own test cases.
_LEFT_OUT = (
    "data/invalid_input/",
    "data/invalid_output/",
    "data/valid_output/",
    "data/invalid_answer/",
    "generators/manual/",  # (bt zip takes generators/* alone: gen.cpp and generators.yaml)
    "data/fuzz/",  # (bt fuzz's tests: bt zip takes sample and secret alone)
)


def domjudge_ini(short_name: str, time_limit: float) -> str:
    """``domjudge-problem.ini``: the name, the time limit, the external id (the short name) and the label. O(1)."""
    return (
        "; What DOMjudge reads from this problem's zip beside problem.yaml (made by `downwedig package --zip`).\n"
        f'name = "{NAME}"\ntimelimit = {time_limit:g}\nexternalid = "{short_name}"\n'
        f'; The label on the scoreboard: {LABEL}, as in NERC 2020.\nshort-name = "{LABEL}"\n'
    )


def missing() -> list[str]:
    """What the zip needs and this machine lacks: ``lualatex``, for ``problem.pdf`` (``pandoc``'s
    ``problem.html`` is left out without it). O(PATH).

    >>> isinstance(missing(), list)
    True
    """
    return missing_tools(html=False)


def zip_members(root: Path, time_limit: float, statement: Mapping[str, bytes]) -> list[tuple[str, bytes]]:
    """Every member of the DOMjudge zip of the Kattis package ``root`` (whose time limit is ``time_limit``),
    ``(name, bytes)``, in order; ``statement`` holds the 2025-09 statement's files by path
    (``statement/problem.en.tex`` and ``.md``), which the zip builds as PDF and HTML (the legacy package's is the
    same text in other headings). O(size), and the statement's builds."""
    files = sorted(p for p in root.rglob("*") if p.is_file())
    members = [
        (path.relative_to(root).as_posix(), path.read_bytes())
        for path in files
        if not path.relative_to(root).as_posix().startswith(_LEFT_OUT) and path.name != MARKER
    ]
    names = dict(members)
    sample = names["data/sample/1.in"], names["data/sample/1.ans"]
    extra = [
        ("domjudge-problem.ini", domjudge_ini(root.name, time_limit).encode()),
        ("problem.pdf", build_pdf(statement["statement/problem.en.tex"], *sample, time_limit, MEMORY_LIMIT_MIB)),
    ]
    if shutil.which(HTML_TOOL[0]) is not None:
        html = build_html(statement["statement/problem.en.md"], *sample, time_limit, MEMORY_LIMIT_MIB)
        extra.append(("problem.html", html))
    return extra + members


def archive(root: Path, time_limit: float, statement: Mapping[str, bytes]) -> Archive:
    """The DOMjudge zip of the Kattis package ``root`` (:func:`zip_members`), with what it holds in words."""
    members = zip_members(root, time_limit, statement)
    built = " and ".join(name for name, _ in members if name in ("problem.pdf", "problem.html"))
    return Archive(JUDGE, members, f"the statement as {built}")
