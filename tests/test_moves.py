"""The bit-sliced move masks against the rule applied pair by pair."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from downwedig import Staircase, move_masks
from downwedig.moves import distances, packed_move_masks, step_mask
from downwedig.staircase import unpack_values

from .strategies import examples, staircases


def masks_by_the_rule(staircase: Staircase) -> list[int]:
    n, width = len(staircase), staircase.width
    return [
        sum(1 << (d - 1) for d in range(1, width + 1) if i + d <= n and staircase.is_move(i, i + d))
        for i in range(1, n + 1)
    ]


@pytest.mark.parametrize("width", range(1, 17))
@examples(60)
@given(data=st.data())
def test_masks_follow_the_rule_for_every_width(width: int, data: st.DataObject) -> None:
    staircase = data.draw(staircases(width=width, max_n=80))
    expected = masks_by_the_rule(staircase)
    assert list(move_masks(staircase)) == expected
    assert list(unpack_values(packed_move_masks(staircase.packed, width), width)) == expected
    values = staircase.values()
    assert [step_mask(values, i, width) for i in range(len(staircase))] == expected


@examples(300)
@given(staircases())
def test_masks_follow_the_rule(staircase: Staircase) -> None:
    assert list(move_masks(staircase)) == masks_by_the_rule(staircase)


def test_distances_of_a_mask() -> None:
    assert distances(0) == ()
    assert distances(0b1) == (1,)
    assert distances(0b10100001) == (1, 6, 8)
    assert distances(1 << 15) == (16,)
