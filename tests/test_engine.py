"""The fast engine against the oracle, on every family, width and way of feeding it."""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from downwedig import Player, Solver, Staircase, answer, answer_chunks, reference_answer, winners
from downwedig import engine as engine_module

from .strategies import staircases


@settings(max_examples=1000)
@given(staircases())
def test_engine_equals_oracle(staircase: Staircase) -> None:
    assert answer(staircase) == reference_answer(staircase)


@pytest.mark.parametrize("width", range(1, 11))
@settings(max_examples=150)
@given(data=st.data())
def test_engine_equals_oracle_for_every_width(width: int, data: st.DataObject) -> None:
    staircase = data.draw(staircases(width=width, max_n=120))
    assert answer(staircase) == reference_answer(staircase)


@settings(max_examples=40)
@given(staircases(width=16, max_n=60))
def test_widest_steps(staircase: Staircase) -> None:
    assert answer(staircase) == reference_answer(staircase)


@settings(max_examples=300)
@given(staircases(max_n=200), st.lists(st.integers(0, 200), max_size=6))
def test_chunked_feeding_equals_whole(staircase: Staircase, cuts: list[int]) -> None:
    """Streaming splits the steps anywhere; the digits must not depend on where."""
    n = len(staircase)
    bounds = sorted({0, n, *(c % (n + 1) for c in cuts)})
    chunks = [staircase.packed[a:b] for a, b in itertools.pairwise(bounds)]
    assert b"".join(answer_chunks(chunks)).decode() == answer(staircase)


# Every memo layout the engine can be in: the flat table, the dict past it, and
# clearing when full (tiny limits and tiny blocks, so each happens many times);
# the memo alone (never giving up), composing alone (giving up at the first miss),
# and switching between them after every few steps.
@contextlib.contextmanager
def memo_limits(limits: dict[str, int]) -> Iterator[None]:
    """Set the engine's memo limits for the duration (hypothesis forbids monkeypatch here)."""
    saved = {name: getattr(engine_module, name) for name in limits}
    for name, value in limits.items():
        setattr(engine_module, name, value)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(engine_module, name, value)


MEMO_LIMITS = [
    {"MAX_STATES": 1},
    {"FLAT_STATES": 0},
    {"FLAT_STATES": 2, "MAX_TRANSITIONS": 3},
    {"FLAT_STATES": 1, "MAX_STATES": 4},
    {"MISS_RATIO": 1},
    {"MISS_RATIO": 10**9, "MISS_ALLOWANCE": 0},
    {"BLOCK": 5, "MISS_RATIO": 2, "MAX_BACKOFF": 1, "MISS_ALLOWANCE": 1},
    {"BLOCK": 7, "MISS_RATIO": 3, "MAX_BACKOFF": 3, "MISS_ALLOWANCE": 2, "MAX_STATES": 3},
]


@pytest.mark.parametrize("limits", MEMO_LIMITS, ids=lambda d: ",".join(f"{k}={v}" for k, v in d.items()))
@settings(max_examples=60)
@given(staircase=staircases(max_n=150), width=st.sampled_from([2, 8, 9]))
def test_every_memo_layout_keeps_answers(limits: dict[str, int], staircase: Staircase, width: int) -> None:
    staircase = Staircase.from_ints([v & ((1 << width) - 1) for v in staircase.values()], width)
    masks = list(engine_module.packed_move_masks(staircase.packed, width))
    if width > 8:
        masks = [lo | hi << 8 for lo, hi in zip(masks[0::2], masks[1::2], strict=True)]
    with memo_limits(limits):
        solver = Solver(width)
        digits = b"".join(solver.feed(masks[i : i + 3]) for i in range(0, len(masks), 3))
    assert digits.decode() == reference_answer(staircase)


def test_winners_match_digits() -> None:
    staircase = Staircase.from_rows(["WWWWWWWW"] * 11)
    assert "".join(str(int(p)) for p in winners(staircase)) == answer(staircase)
    assert winners(staircase)[0] is Player.DIMA


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


@pytest.mark.parametrize("limits", MEMO_LIMITS, ids=lambda d: ",".join(f"{k}={v}" for k, v in d.items()))
@pytest.mark.parametrize("family", ["random", "palette", "neighbours", "novelty", "glitched"])
def test_memo_layouts_agree_on_long_inputs(limits: dict[str, int], family: str) -> None:
    """Long inputs revisit states with many masks, which small examples rarely do."""
    from downwedig.contest.families import generate

    staircase = Staircase.from_ints(generate(family, 3000, seed=11))
    expected = answer(staircase)  # the default layout, itself checked against the oracle above
    with memo_limits(limits):
        got = answer(staircase)
    assert got == expected


def test_novelty_defeats_the_memo_and_composing_stays_right() -> None:
    """The adversarial family makes the memo give up; the composed answer is still the oracle's."""
    from downwedig.contest.families import generate

    staircase = Staircase.from_ints(generate("novelty", 2000, seed=4))
    solver = Solver()
    digits = solver.feed(engine_module.packed_move_masks(staircase.packed, 8))
    assert solver.composed > 1000  # after a first allowance of misses, the memo gives up
    assert digits.decode() == reference_answer(staircase)


def test_random_rows_stay_with_the_memo() -> None:
    from downwedig.contest.families import generate

    staircase = Staircase.from_ints(generate("random", 20000, seed=4))
    solver = Solver()
    solver.feed(engine_module.packed_move_masks(staircase.packed, 8))
    assert solver.composed == 0


@pytest.mark.parametrize(("width", "masks", "bad"), [(8, [1, 256], 256), (3, bytes([7, 8]), 8), (9, [-1], -1)])
def test_masks_out_of_range_are_refused(width: int, masks: list[int] | bytes, bad: int) -> None:
    with pytest.raises(ValueError, match=f"move mask {bad} is outside 0..{(1 << width) - 1} for width {width}"):
        Solver(width).feed(masks)
