"""What the two Kattis formats share: the folders ``data/sample`` and ``data/secret``, the input validator and the
submissions' folders.  Each Kattis format (:mod:`.kattis2025`, :mod:`.legacy`) adds its own ``problem.yaml``,
statement, output validator folder and validators' cases.  O(size of what it writes).

>>> [path for path, _ in test_files([("sample/1", b"1\\n1\\n", b"1\\n")])]
['data/sample/1.in', 'data/sample/1.ans']
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from .base import PackagedTest, Problem, tests_under

__all__ = ["JUDGED", "judged", "problem_yaml_text", "submission_files", "test_files"]

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
