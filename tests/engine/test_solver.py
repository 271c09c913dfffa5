"""The fast engine against the oracle, on every family, width and way of feeding it."""

from __future__ import annotations

import functools
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from downwedig import InvalidMask, MemoLimits, Player, Solver, Staircase, answer, answer_chunks, reference_answer
from downwedig import winners as winners_of
from downwedig.contest.generating.registry import all_families, generate
from downwedig.engine._memo import FORM, Memo
from downwedig.moves import move_masks

from ..conftest import THOROUGH
from ..strategies import ORACLE_N, cases, examples, staircases


@examples(1000)
@given(staircases(max_n=ORACLE_N))
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


# The solver of widths other than 8: every memo layout it can be in (the flat table, the
# dict past it, starting afresh when full; tiny limits and tiny blocks, so each happens
# many times), the memo alone, composing alone, and switching after every few steps.
GENERIC = [
    MemoLimits(max_states=1),
    MemoLimits(flat_states=0),
    MemoLimits(flat_states=2, max_transitions=3),
    MemoLimits(flat_states=1, max_states=4),
    MemoLimits(miss_ratio=1),
    MemoLimits(miss_ratio=10**9, miss_allowance=0),
    MemoLimits(block=5, miss_ratio=2, max_backoff=1, miss_allowance=1),
    MemoLimits(block=7, miss_ratio=3, max_backoff=3, miss_allowance=2, max_states=3),
]

NEVER = 10**9
#: Width 8: each route alone, each switch and each fallback forced, many times over.
ROUTES = {
    # the memo alone: the first probe decides at once, and nothing defeats it
    "memo": MemoLimits(probe=0, memo_budget=NEVER),
    # ... starting afresh after every row it fills
    "memo-restarts": MemoLimits(probe=0, memo_budget=NEVER, max_rows=1, max_states=2),
    # the partners alone (after one probed step), at every depth, small blocks and checkpoints
    "partners": MemoLimits(probe=1, probe_work=-1, unmatched_ratio=0, walk_budget=NEVER),
    "partners-shallow": MemoLimits(
        probe=1, probe_work=-1, depth=1, deep_depths=(), unmatched_ratio=0, walk_budget=NEVER
    ),
    "partners-small": MemoLimits(
        probe=1,
        probe_work=-1,
        depth=3,
        deep_depths=(4, 9),
        unmatched_ratio=0,
        walk_budget=NEVER,
        partner_block=5,
        max_partner_block=11,
        checkpoint=3,
        rebuild_depths=(12, 24, 48),
        backoff=8,
        max_backoff=16,
    ),
    # the partners (novelty-like probes), where G can never be rebuilt: the memo or composing takes over
    "partners-to-memo": MemoLimits(
        probe=64, rebuild_depths=(), checkpoint=7, partner_block=4, backoff=16, max_backoff=64
    ),
    # the partners failing at once (G never rebuilt), the probes finding the memo hopeless:
    # composing, in short stretches
    "compose": MemoLimits(probe=2, probe_work=-1, rebuild_depths=(), checkpoint=1, backoff=3, max_backoff=50),
    # ... everything failing everywhere, with probes that always find the memo hopeless
    "churn": MemoLimits(
        probe=3,
        probe_work=-1,
        memo_budget=0,
        memo_visits=0,
        unmatched_ratio=1,
        walk_budget=1,
        walk_ratio=NEVER,
        checkpoint=2,
        partner_block=2,
        max_partner_block=4,
        backoff=2,
        max_backoff=5,
    ),
    # switching every few steps, with a probe that picks the memo
    "switching": MemoLimits(
        probe=4,
        memo_budget=1,
        memo_rate=3,
        memo_visits=1,
        visit_rate=5,
        unmatched_ratio=8,
        walk_budget=3,
        checkpoint=6,
        partner_block=6,
        backoff=4,
        max_backoff=9,
    ),
}


def limits_id(limits: MemoLimits) -> str:
    defaults = MemoLimits()
    return ",".join(f"{k}={getattr(limits, k)}" for k in limits.__slots__ if getattr(limits, k) != getattr(defaults, k))


def fed_in_pieces(solver: Solver, masks: bytes | list[int], cuts: list[int]) -> str:
    bounds = sorted({0, len(masks), *(c % (len(masks) + 1) for c in cuts)})
    return b"".join(solver.feed(masks[a:b]) for a, b in itertools.pairwise(bounds)).decode()


@pytest.mark.parametrize("limits", GENERIC, ids=limits_id)
@examples(60)
@given(staircase=staircases(max_n=150), width=st.sampled_from([2, 9]))
def test_every_generic_layout_keeps_answers(limits: MemoLimits, staircase: Staircase, width: int) -> None:
    staircase = Staircase.from_ints([v & ((1 << width) - 1) for v in staircase.values()], width)
    masks = list(move_masks(staircase))
    solver = Solver(width, limits=limits)
    digits = b"".join(solver.feed(masks[i : i + 3]) for i in range(0, len(masks), 3))
    assert digits.decode() == reference_answer(staircase)


@pytest.mark.parametrize("route", sorted(ROUTES))
@examples(100)
@given(staircase=staircases(max_n=250), cuts=st.lists(st.integers(0, 250), max_size=4))
def test_every_route_keeps_answers(route: str, staircase: Staircase, cuts: list[int]) -> None:
    """Each route, switch and fallback of width 8, fed whole or in pieces, against the oracle."""
    solver = Solver(limits=ROUTES[route])
    assert fed_in_pieces(solver, bytes(move_masks(staircase)), cuts) == reference_answer(staircase)


@pytest.mark.parametrize(("family", "route"), cases(sorted(set(all_families()) - {"max"}), sorted(ROUTES)))
def test_every_route_agrees_on_every_family(route: str, family: str) -> None:
    """Long inputs of every family (the adversarial ones too) meet what small examples rarely do.
    (Every pair under the thorough profile; each family and each route at least once otherwise.)"""
    staircase = long_input(family)
    solver = Solver(limits=ROUTES[route])
    digits = fed_in_pieces(solver, bytes(move_masks(staircase)), [1000, 1001, 2500])
    assert digits == answer(staircase)  # (the default engine meets the oracle on every family in the next test)


@pytest.mark.parametrize("family", sorted(set(all_families()) - {"max"}))
def test_default_engine_equals_oracle_on_every_family(family: str) -> None:
    for seed in range(3 if THOROUGH else 1):
        staircase = Staircase.from_ints(generate(family, 150 + 50 * seed, seed=seed))
        assert answer(staircase) == reference_answer(staircase)


@functools.cache
def long_input(family: str) -> Staircase:
    return Staircase.from_ints(generate(family, 3000, seed=11))


def test_every_route_is_taken() -> None:
    """The forcing limits do force: each route answers steps, and the solvers switch."""
    staircase = long_input("restutter")
    masks = bytes(move_masks(staircase))
    taken = {}
    for route, limits in ROUTES.items():
        solver = Solver(limits=limits)
        solver.feed(masks)
        taken[route] = (solver.routes, solver.switches, solver.restarts)
    assert taken["memo"][0][1:3] == [0, 0] and taken["memo-restarts"][2] > 1000
    assert taken["partners"][0][0] == 0 and taken["partners"][0][1] > 2900
    assert taken["partners-small"][0][1] > 1000 and taken["partners-small"][1] > 10
    assert taken["partners-to-memo"][0][0] > 1000 and taken["partners-to-memo"][1] > 10
    assert taken["compose"][0][2] > 2000 and taken["churn"][1] > 40
    assert min(taken["switching"][0]) > 0


def test_default_routes_on_adversarial_inputs() -> None:
    """restutter: the probe picks the partners for the novelty head, the memo takes the stutter over."""
    staircase = Staircase.from_ints(generate("restutter", 12000, seed=1))
    solver = Solver()
    solver.feed(move_masks(staircase))
    memo, partners, composed, _ = solver.routes
    assert memo > 500 and partners > 500 and composed < 500 and solver.switches == 1


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
    staircase = Staircase.from_ints(generate("novelty", 700, seed=4))  # (the oracle is O(n^2))
    solver = Solver()
    digits = solver.feed(move_masks(staircase))
    memo, partners, composed, probed = solver.routes
    assert probed == 512 and partners == 700 - 512 and memo == composed == 0
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


def test_random_rows_reach_a_table_that_no_mask_changes() -> None:
    """Once G is a fixed point of every mask present, the memo answers the rest without walking."""
    staircase = Staircase.from_ints(generate("random", 20000, seed=4))
    solver = Solver()
    digits = solver.feed(move_masks(staircase))
    assert solver._memo is not None and solver._memo.fixed
    assert digits == Solver(limits=ROUTES["compose"]).feed(move_masks(staircase))


def test_a_fixed_table_stops_being_fixed_when_a_new_mask_moves_it() -> None:
    """Mask 4 has two attractors: a table that is one digit on each basin is fixed, until mask 0 comes."""
    through = FORM.through[4]

    def attractor(x: int) -> int:  # the smallest window of the cycle that x ends in
        for _ in range(256):
            x = through[x]
        cycle = {x}
        while through[x] not in cycle:
            x = through[x]
            cycle.add(x)
        return min(cycle)

    table = bytes(49 if attractor(x) == attractor(0) else 50 for x in range(256))
    assert len(set(table)) == 2 and through.translate(table) == table
    memo = Memo(bytes([4]))
    state = memo.visit(memo.enter(table))
    assert state in memo.fixed
    memo.add_masks(bytes([0]))
    assert state not in memo.fixed and memo.rows[state][0] != state


@examples(100)
@given(staircase=staircases(max_n=250), more=staircases(max_n=60))
def test_a_fixed_table_meeting_new_masks_keeps_answers(staircase: Staircase, more: Staircase) -> None:
    """Fed in two pieces, the second with masks the first lacked: the fixed tables are checked again."""
    whole = Staircase(staircase.packed + more.packed)
    masks = bytes(move_masks(whole))
    solver = Solver(limits=ROUTES["memo"])
    cut = len(staircase)
    assert (solver.feed(masks[:cut]) + solver.feed(masks[cut:])).decode() == reference_answer(whole)
