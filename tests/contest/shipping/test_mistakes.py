"""The deliberate mistakes: with no mistake, their way of computing the move masks is the package's."""

from __future__ import annotations

from hypothesis import given

from downwedig import Staircase
from downwedig.contest.shipping.programs.mistakes import MISTAKES, move_masks_by
from downwedig.moves import packed_move_masks
from downwedig.staircase import WIDTH, allows_move

from ...strategies import examples, staircases


@examples(300)
@given(staircases())
def test_the_rule_itself_gives_the_package_s_move_masks(staircase: Staircase) -> None:
    assert move_masks_by(allows_move, staircase.packed) == packed_move_masks(staircase.packed, WIDTH)


@examples(100)
@given(staircases())
def test_the_short_window_drops_exactly_the_moves_of_eight_steps(staircase: Staircase) -> None:
    right = packed_move_masks(staircase.packed, WIDTH)
    short = move_masks_by(allows_move, staircase.packed, MISTAKES["short_window"].window)
    assert short == bytes(mask & 0x7F for mask in right)  # moves of 8 steps are never looked at
