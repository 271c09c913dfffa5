"""Shrinking: delta debugging finds the guilty items, the cut after the first wrong day, the run budget."""

from __future__ import annotations

from downwedig.contest.judging.shrink import ddmin, shrink


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
