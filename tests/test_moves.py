"""The bit-sliced move masks against the rule applied pair by pair."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from downwedig import Staircase, move_masks

from .strategies import staircases


def masks_by_the_rule(staircase: Staircase) -> list[int]:
    n, width = len(staircase), staircase.width
    return [
        sum(1 << (d - 1) for d in range(1, width + 1) if i + d <= n and staircase.is_move(i, i + d))
        for i in range(1, n + 1)
    ]


@pytest.mark.parametrize("width", range(1, 17))
@settings(max_examples=60)
@given(data=st.data())
def test_masks_follow_the_rule_for_every_width(width: int, data: st.DataObject) -> None:
    staircase = data.draw(staircases(width=width, max_n=80))
    assert list(move_masks(staircase)) == masks_by_the_rule(staircase)


@settings(max_examples=300)
@given(staircases())
def test_masks_follow_the_rule(staircase: Staircase) -> None:
    assert list(move_masks(staircase)) == masks_by_the_rule(staircase)


def test_is_move_counts_common_pieces() -> None:
    staircase = Staircase.from_rows(["WWWWWWWW", "WWWWWWWR", "WWWWWWRR", "RRRRRRRR"])
    assert staircase.common(1, 2) == 7 and staircase.is_move(1, 2)
    assert staircase.common(1, 3) == 6 and staircase.is_move(1, 3)
    assert staircase.common(1, 4) == 0 and not staircase.is_move(1, 4)
    assert not staircase.is_move(2, 1)  # only downwards
    assert staircase.moves(1) == [2, 3]
    assert staircase.moves(1, last=2) == [2]
