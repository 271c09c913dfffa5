"""Shrinking: delta debugging finds the guilty items, the cut after the first wrong day, the run budget."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from downwedig.contest.judging.shrink import ddmin, shrink

from ...strategies import examples


def test_ddmin_finds_the_guilty_pair() -> None:
    calls: list[int] = []

    def test(xs: list[int]) -> list[int] | None:
        calls.append(len(xs))
        return xs if 13 in xs and 71 in xs else None

    assert ddmin(list(range(100)), test) == [13, 71]
    assert len(calls) < 100


def test_shrink_cuts_after_the_first_wrong_day() -> None:
    # "Wrong" from the first step that has a red piece in column 0 on.
    def fails(rows: list[int]) -> int | None:
        days = [k for k, r in enumerate(rows, 1) if r & 0x80]
        return days[0] if days else None

    result = shrink([0, 3, 0, 0x81, 0, 0xFF, 7], fails)
    assert result.rows == [0x80] and result.complete


def test_shrink_respects_its_budget() -> None:
    result = shrink(list(range(256)), lambda rows: len(rows) if len(rows) > 3 else None, max_runs=5)
    assert result.runs == 5 and not result.complete and len(result.rows) > 3


@examples(200)
@given(st.lists(st.integers(0, 255), min_size=1, max_size=12), st.integers(1, 4), st.integers(1, 3))
def test_what_shrink_returns_is_one_minimal(rows: list[int], reds: int, steps: int) -> None:
    """Removing any one step, or turning any one red piece white, makes the result pass; and no input is run
    twice."""
    seen: list[tuple[int, ...]] = []  # every input shrink runs, in order

    def fails(candidate: list[int]) -> int | None:
        seen.append(tuple(candidate))
        crowded = sum(bin(row).count("1") >= reds for row in candidate)
        return len(candidate) if crowded >= min(steps, len(rows)) else None

    assume(fails(rows) is not None)
    seen.clear()
    result = shrink(rows, fails)
    assert result.complete and fails(result.rows) is not None
    for i in range(len(result.rows)):
        if len(result.rows) > 1:
            assert fails(result.rows[:i] + result.rows[i + 1 :]) is None
        for bit in range(8):
            if result.rows[i] >> bit & 1:
                whiter = [*result.rows[:i], result.rows[i] & ~(1 << bit), *result.rows[i + 1 :]]
                assert fails(whiter) is None
    assert len(seen[: result.runs]) == len(set(seen[: result.runs]))
