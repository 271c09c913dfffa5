"""What the two Kattis formats share: the folders ``data/sample`` and ``data/secret``, the input validator, the
submissions' folders, the statement's text and DOMjudge's zip (:class:`Kattis`, the formats' common part).  Each
Kattis format (:mod:`.kattis2025`, :mod:`.legacy`) adds its own ``problem.yaml``, statement layout, output
validator folder and validators' cases.  O(size of what it writes).

>>> [path for path, _ in test_files([("sample/1", b"1\\n1\\n", b"1\\n")])]
['data/sample/1.in', 'data/sample/1.ans']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from . import domjudge
from .base import Archive, PackagedTest, Problem, resource, tests_under

__all__ = ["JUDGED", "Kattis", "judged", "problem_yaml_text", "statement_files", "submission_files", "test_files"]

#: The groups of ``data/`` a solution is judged on (the others are the validators' own cases).
JUDGED = ("sample", "secret")


def test_files(tests: Sequence[tuple[str, bytes, bytes]]) -> list[tuple[str, bytes]]:
    """``data/NAME.in`` and ``data/NAME.ans`` for each test. O(size)."""
    files = []
    for name, data, digits in tests:
        files += [(f"data/{name}.in", data), (f"data/{name}.ans", digits)]
    return files


def submission_files(problem: Problem) -> list[tuple[str, bytes]]:
    """``submissions/accepted/``, ``wrong_answer/`` and ``time_limit_exceeded/``. O(size)."""
    files = [(f"submissions/accepted/{program}", text) for program, text in problem.accepted.items()]
    files += [(f"submissions/wrong_answer/{name}.py", text) for name, text in problem.wrong_answer.items()]
    files.append(("submissions/time_limit_exceeded/slow.py", problem.slow))
    return files


def problem_yaml_text(folder: Path) -> str | None:
    """``problem.yaml`` of ``folder`` as text, or None when there is none (or it cannot be read). O(size)."""
    try:
        return (folder / "problem.yaml").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def judged(folder: Path) -> list[PackagedTest]:
    """The tests under ``folder/data/sample`` and ``folder/data/secret``, named ``sample/1``, ``secret/NAME``."""
    return tests_under(folder / "data", JUDGED)


def _environments(tex: str) -> str:
    """The statement's ``\\section*{Input}`` and ``{Output}`` as the format's ``Input`` and ``Output`` environments."""
    parts = re.split(r"\\section\*\{(Input|Output|Notes)\}\n", tex)
    out = [parts[0]]
    for title, body in zip(parts[1::2], parts[2::2], strict=True):
        if title == "Notes":  # (a heading as large as the environments')
            out.append(f"\\subsection*{{{title}}}\n{body}")
        else:
            out.append(f"\\begin{{{title}}}\n{body.rstrip()}\n\\end{{{title}}}\n\n")
    return "".join(out).rstrip() + "\n"


def statement_files() -> list[tuple[str, bytes]]:
    """The statement's files: LaTeX (with the format's environments), Markdown and the solution's slides. O(size).

    >>> [path for path, _ in statement_files()]
    ['statement/problem.en.tex', 'statement/problem.en.md', 'solution/solution.en.tex']
    """
    tex = resource("problem", "problem.en.tex")
    return [
        ("statement/problem.en.tex", _environments(tex.decode()).encode()),
        ("statement/problem.en.md", resource("problem", "problem.en.md")),
        ("solution/solution.en.tex", resource("problem", "solution.en.tex")),
    ]


class Kattis:
    """What both Kattis formats do alike: their tests, DOMjudge's zip, their submissions' folders."""

    judge: str = domjudge.JUDGE
    strength_note: str = "downwedig-strength.md"  # (the format has no place for notes: beside the manifest)

    def judged(self, folder: Path) -> list[PackagedTest]:
        """``data/sample`` and ``data/secret`` (``data/invalid_input`` and the output cases are the validators')."""
        return judged(folder)

    def missing(self, zip: bool) -> list[str]:
        """Nothing for the folder; for the zip, what its statement's PDF needs (:func:`.domjudge.missing`)."""
        return domjudge.missing() if zip else []

    def archive(self, folder: Path, time_limit: float) -> Archive:
        """DOMjudge's zip (:func:`.domjudge.archive`), its statement built from 2025-09's."""
        return domjudge.archive(folder, time_limit, dict(statement_files()))

    def submission_path(self, mistake: str) -> str:
        """``submissions/wrong_answer/MISTAKE.py``."""
        return f"submissions/wrong_answer/{mistake}.py"

    def test_label(self, name: str, index: int) -> str:
        """The test's path under ``data/`` (``secret/04-n8-equal``), as ``bt run`` and verifyproblem say it."""
        return name

    def notes(self, problem: Problem) -> list[str]:
        """Nothing: a file in a submissions folder has that folder's verdict, listed or not."""
        return []

    def stale(self, kept: Sequence[str]) -> list[str]:
        """The zips and PDFs at the package's root: what ``bt zip``, ``bt pdf``, ``bt solutions`` and
        ``bt problem_slides`` (or problemtools' ``problem2pdf``) made of it.

        >>> Kattis().stale(["downwedig.zip", "problem.en.pdf", "notes.txt", "submissions/mine.py", "mine/"])
        ['downwedig.zip', 'problem.en.pdf']
        """
        return [name for name in kept if "/" not in name and name.endswith((".zip", ".pdf"))]
