"""The fast engine against the oracle, on every family, width and way of feeding it."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from downwedig import InvalidMask, MemoLimits, Player, Solver, Staircase, answer, answer_chunks, reference_answer
from downwedig import winners as winners_of
from downwedig.contest.registry import generate
from downwedig.moves import move_masks

from .strategies import examples, staircases


@examples(1000)
@given(staircases())
def test_engine_equals_oracle(staircase: Staircase) -> None:
    assert answer(staircase) == reference_answer(staircase)


@pytest.mark.parametrize("width", range(1, 11))
@examples(150)
@given(data=st.data())
def test_engine_equals_oracle_for_every_width(width: int, data: st.DataObject) -> None:
    staircase = data.draw(staircases(width=width, max_n=120))
    assert answer(staircase) == reference_answer(staircase)


@examples(40)
@given(staircases(width=16, max_n=60))
def test_widest_steps(staircase: Staircase) -> None:
    assert answer(staircase) == reference_answer(staircase)


@examples(300)
@given(staircases(max_n=200), st.lists(st.integers(0, 200), max_size=6))
def test_chunked_feeding_equals_whole(staircase: Staircase, cuts: list[int]) -> None:
    """Streaming splits the steps anywhere; the digits must not depend on where."""
    n = len(staircase)
    bounds = sorted({0, n, *(c % (n + 1) for c in cuts)})
    chunks = [staircase.packed[a:b] for a, b in itertools.pairwise(bounds)]
    assert b"".join(answer_chunks(chunks)).decode() == answer(staircase)


# Every memo layout the engine can be in: the flat table, the dict past it, and
# starting afresh when full (tiny limits and tiny blocks, so each happens many times);
# the memo alone (never giving up), composing alone (giving up at the first miss),
# and switching between them after every few steps.
LAYOUTS = [
    MemoLimits(max_states=1),
    MemoLimits(flat_states=0),
    MemoLimits(flat_states=2, max_transitions=3),
    MemoLimits(flat_states=1, max_states=4),
    MemoLimits(miss_ratio=1),
    MemoLimits(miss_ratio=10**9, miss_allowance=0),
    MemoLimits(block=5, miss_ratio=2, max_backoff=1, miss_allowance=1),
    MemoLimits(block=7, miss_ratio=3, max_backoff=3, miss_allowance=2, max_states=3),
]


def layout_id(limits: MemoLimits) -> str:
    defaults = MemoLimits()
    return ",".join(f"{k}={getattr(limits, k)}" for k in limits.__slots__ if getattr(limits, k) != getattr(defaults, k))


@pytest.mark.parametrize("limits", LAYOUTS, ids=layout_id)
@examples(60)
@given(staircase=staircases(max_n=150), width=st.sampled_from([2, 8, 9]))
def test_every_memo_layout_keeps_answers(limits: MemoLimits, staircase: Staircase, width: int) -> None:
    staircase = Staircase.from_ints([v & ((1 << width) - 1) for v in staircase.values()], width)
    masks = list(move_masks(staircase))
    solver = Solver(width, limits=limits)
    digits = b"".join(solver.feed(masks[i : i + 3]) for i in range(0, len(masks), 3))
    assert digits.decode() == reference_answer(staircase)


@pytest.mark.parametrize("limits", LAYOUTS, ids=layout_id)
@pytest.mark.parametrize("family", ["random", "palette", "neighbours", "novelty", "glitched"])
def test_memo_layouts_agree_on_long_inputs(limits: MemoLimits, family: str) -> None:
    """Long inputs revisit states with many masks, which small examples rarely do."""
    staircase = Staircase.from_ints(generate(family, 3000, seed=11))
    assert answer(staircase, limits=limits) == answer(staircase)  # the default layout: checked above


def test_winners_match_digits() -> None:
    staircase = Staircase.from_rows(["WWWWWWWW"] * 11)
    assert "".join(str(int(p)) for p in winners_of(staircase)) == answer(staircase)
    assert winners_of(staircase)[0] is Player.DIMA


# Small cases worked out by hand.


def test_one_step_is_lost_for_dina() -> None:
    # Day 1: the handkerchief is on the only step, so Dina cannot move.
    assert answer(Staircase.from_rows(["WRWRWRWR"])) == "2"


def test_equal_rows_are_a_subtraction_game() -> None:
    # Equal rows share all 8 colours, so any step 1..8 down is a move: a subtraction
    # game in which step i is lost on day k exactly when (k - i) % 9 == 0.  Dina loses
    # on days 1, 10, 19, ... and wins on every other day.
    got = answer(Staircase.from_rows(["WWRRWWRR"] * 30))
    assert got == "".join("2" if (k - 1) % 9 == 0 else "1" for k in range(1, 31))


def test_complementary_rows_only_allow_even_moves() -> None:
    # Alternating complements share nothing with a neighbour and everything with the
    # step two below, so only moves of 2, 4, 6 or 8 are legal and the odd steps form
    # a subtraction game with moves 1..4 (in units of two steps).  On odd day k Dina
    # loses exactly when ((k - 1) / 2) % 5 == 0; on even day k step k - 1 has no move,
    # so the day plays out like day k - 1.
    rows = ["WWWWWWWW", "RRRRRRRR"] * 6
    assert answer(Staircase.from_rows(rows)) == "221111111122"


def test_the_problem_statement_example() -> None:
    # Step 1 shares 7 colours with step 2 and 6 with step 3, so both 1 -> 2 and 1 -> 3
    # are legal.  Day 2: moving to the lost step 2 wins.  Day 3: step 3 is lost and
    # 1 -> 3 reaches it directly, so Dina wins again.
    assert answer(Staircase.from_rows(["WWWWWWWW", "WWWWWWWR", "WWWWWWRR"])) == "211"


def test_a_step_without_moves_passes_the_loss_up() -> None:
    # Step 2 shares no colour with step 3, so on day 3 step 2 is lost (no move);
    # step 1 shares all colours with step 2 and can move there: Dina wins.  Step 1
    # shares nothing with step 3, so the only move is to step 2.
    assert answer(Staircase.from_rows(["WWWWWWWW", "WWWWWWWW", "RRRRRRRR"])) == "211"


def test_novelty_defeats_the_memo_and_the_partners_answer() -> None:
    """The adversarial family makes the probe choose the partners; their answer is the oracle's."""
    staircase = Staircase.from_ints(generate("novelty", 2000, seed=4))
    solver = Solver()
    digits = solver.feed(move_masks(staircase))
    memo, partners, composed, _ = solver.routes
    assert partners > 1000 and memo == composed == 0
    assert digits.decode() == reference_answer(staircase)


def test_random_rows_stay_with_the_memo() -> None:
    staircase = Staircase.from_ints(generate("random", 20000, seed=4))
    solver = Solver()
    solver.feed(move_masks(staircase))
    memo, partners, composed, probed = solver.routes
    assert (memo + probed, partners, composed, solver.switches) == (20000, 0, 0, 0)


@pytest.mark.parametrize(("width", "masks", "bad"), [(8, [1, 256], 256), (3, bytes([7, 8]), 8), (9, [-1], -1)])
def test_masks_out_of_range_are_refused(width: int, masks: list[int] | bytes, bad: int) -> None:
    with pytest.raises(InvalidMask, match=f"move mask {bad} is outside 0..{(1 << width) - 1} for width {width}"):
        Solver(width).feed(masks)
