"""The sweep (the one-file solution's route under PyPy) against the oracle and the engine, and its budget."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from downwedig import Staircase, answer, reference_answer
from downwedig.contest.generating.registry import all_families, generate, to_text
from downwedig.contest.shipping.programs import solution
from downwedig.engine import sweep as sweep_module
from downwedig.engine.sweep import SETTLE, settled, sweep
from downwedig.moves import move_masks

from ..strategies import ORACLE_N, examples, staircases


@examples(1000)
@given(staircases(max_n=ORACLE_N))
def test_the_sweep_equals_the_oracle(staircase: Staircase) -> None:
    assert sweep(bytes(move_masks(staircase))) == reference_answer(staircase).encode()


@examples(200)
@given(st.binary(min_size=1, max_size=300))
def test_the_sweep_equals_the_engine_on_any_masks(masks: bytes) -> None:
    """Masks no staircase has (a move past the last step, say) too: the sweep reads the rule as the engine does."""
    from downwedig import Solver

    assert sweep(masks) == Solver().feed(masks)


@pytest.mark.parametrize("family", sorted(set(all_families()) - {"max"}))
def test_the_sweep_answers_every_family_within_its_budget(family: str) -> None:
    staircase = Staircase.from_ints(generate(family, 5000, seed=3))
    assert sweep(bytes(move_masks(staircase))) == answer(staircase).encode()


def test_the_sweep_gives_up_past_its_budget() -> None:
    masks = bytes(move_masks(Staircase.from_ints(generate("random", 200, seed=1))))
    assert sweep(masks, rate=0, slack=0) is None
    assert sweep(masks[:1], rate=0, slack=0) == b"2"  # (one step: no window was live before it)
    assert sweep(masks, rate=8, slack=8 * 200) is not None  # (8 windows at least: the days p .. p + 7)


@pytest.mark.parametrize("gives_up", [False, True])
def test_the_solution_s_pypy_path_answers_as_the_engine(monkeypatch: pytest.MonkeyPatch, gives_up: bool) -> None:
    """Under CPython too: the loops' masks and the sweep, or the solver when the sweep gives up."""
    monkeypatch.setattr(solution, "LOOPS", True)
    if gives_up:
        monkeypatch.setattr(sweep_module, "sweep", lambda masks: None)
    for family in sorted(set(all_families()) - {"max"}):
        data = to_text(generate(family, 700, seed=5)).encode()
        out = io.BytesIO()
        assert solution.main([], io.BytesIO(data), out, io.BytesIO()) == 0
        assert out.getvalue() == answer(Staircase.from_ints(generate(family, 700, seed=5))).encode() + b"\n"


@examples(300)
@given(staircases())
def test_a_settled_table_is_the_digit_of_every_later_day(staircase: Staircase) -> None:
    masks = bytes(move_masks(staircase))
    q, digit = settled(masks, len(masks))
    expected = reference_answer(staircase).encode()
    assert q == len(masks) or set(expected[q:]) == {digit}
    assert sweep(masks, settle=0) == sweep(masks) == expected


@pytest.mark.parametrize(("family", "settles"), [("random", True), ("chain", True), ("cycles", False)])
def test_random_rows_settle_within_the_first_steps(family: str, settles: bool) -> None:
    masks = bytes(move_masks(Staircase.from_ints(generate(family, 3000, seed=1))))
    assert (settled(masks)[0] < SETTLE) == settles
