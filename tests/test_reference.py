"""The oracle itself: against a brute force written from the definitions, and on golden files."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import given

from downwedig import Staircase, answer, parse, reference_answer, reference_statuses

from .conftest import EXAMPLES, ROOT
from .strategies import days, examples

GOLDEN = sorted((ROOT / "tests" / "data").glob("*.in")) + sorted(EXAMPLES.glob("sample*.in"))


def won_by_recursion(staircase: Staircase, day: int) -> list[bool]:
    """Whether each step 1..day is won, straight from "a position is won when some move reaches a lost one"."""
    rows = staircase.rows()[:day]

    @cache
    def won(i: int) -> bool:  # 0-based
        targets = [j for j in range(i + 1, day) if j - i <= sum(a == b for a, b in zip(rows[i], rows[j], strict=True))]
        return any(not won(j) for j in targets)

    for i in range(day - 1, -1, -1):  # bottom-up first, so the recursion stays shallow
        won(i)
    return [won(i) for i in range(day)]


@examples(200)
@given(days(max_n=40))
def test_statuses_equal_the_definition(case: tuple[Staircase, int]) -> None:
    staircase, day = case
    assert reference_statuses(staircase, day) == won_by_recursion(staircase, day)
    assert reference_answer(staircase)[day - 1] == ("1" if won_by_recursion(staircase, day)[0] else "2")


def test_there_are_golden_files() -> None:
    assert len(GOLDEN) >= 7


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_answer(path: Path) -> None:
    staircase = parse(path.read_bytes(), source=str(path))
    expected = path.with_suffix(".ans").read_text()
    assert reference_answer(staircase) + "\n" == expected
    assert answer(staircase) + "\n" == expected
