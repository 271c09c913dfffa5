"""The memo's walk by blocks: what it reads back is what walking step by step gives."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from downwedig import MemoLimits, Solver, Staircase
from downwedig.contest.generating.registry import generate
from downwedig.engine import _memo
from downwedig.engine._memo import BLOCK, MISS, Memo, present, walk
from downwedig.moves import move_masks

from ..strategies import examples

#: Composing every step: no memo at all, the answer to compare with.
COMPOSE = MemoLimits(probe=2, probe_work=-1, rebuild_depths=(), checkpoint=1, backoff=3, max_backoff=50)


def step_by_step(memo: Memo, masks: bytes, state: int) -> list[int]:
    """The states of a walk one step at a time, visiting each state as it is reached."""
    states = [state]
    for m in masks:
        state = memo.rows[state][m]
        assert state != MISS
        state = memo.visit(state)
        states.append(state)
    return states


def walked(masks: bytes, base: int = 0) -> tuple[list[int], Memo]:
    """The states of :func:`walk` over ``masks``, visiting where it stops."""
    memo = Memo(present(masks))
    states = [memo.visit(memo.start_id)]
    pos = 0
    while pos < len(masks):
        pos = walk(memo, masks, pos, len(masks), base, states)
        if pos < len(masks) and states[-1] not in memo.fixed:
            states[-1] = memo.visit(states[-1])
        elif pos < len(masks):  # (a fixed state: it stays)
            states += [states[-1]] * (len(masks) - pos)
            pos = len(masks)
    return states, memo


@examples(200)
@given(
    st.lists(st.integers(0, 255), min_size=1, max_size=6),
    st.integers(1, 40),
    st.integers(0, 600),
    st.integers(0, 100),
)
def test_blocks_read_back_the_walk(period: list[int], length: int, n: int, base: int) -> None:
    """Repeating masks, any period and any start: the blocks found again give the same states."""
    masks = bytes(period[i % len(period)] for i in range(length)) * (n // max(1, length) + 1)
    masks = masks[:n]
    states, memo = walked(masks, base)
    assert [memo.tables[s] for s in states] == [memo.tables[s] for s in step_by_step(memo, masks, states[0])]


def test_a_periodic_input_is_walked_by_blocks() -> None:
    staircase = Staircase.from_ints(generate("cycles", 5000, seed=2))
    masks = bytes(move_masks(staircase))
    solver = Solver(limits=MemoLimits(probe=0, memo_budget=10**9))
    assert solver.feed(masks) == Solver(limits=COMPOSE).feed(masks)
    assert solver._memo is not None and solver._memo.blocks
    assert all(len(states) == BLOCK for states in solver._memo.blocks.values())


def test_an_input_that_never_repeats_stops_trying_blocks() -> None:
    """Masks drawn at random from two: blocks never come back, and the walk soon stops keeping them."""
    rng = random.Random(5)
    masks = bytes(rng.choice((0b1, 0b10)) for _ in range(BLOCK * 500))
    states, memo = walked(masks)
    assert [memo.tables[s] for s in states] == [memo.tables[s] for s in step_by_step(memo, masks, states[0])]
    assert not memo.fixed and 0 < len(memo.blocks) <= _memo._CREDIT * (memo.visited + 1) < 500


def test_a_full_store_of_blocks_starts_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_memo, "_MAX_BLOCKS", 2)
    masks = bytes(move_masks(Staircase.from_ints(generate("stutter", 4000, seed=3))))
    solver = Solver(limits=MemoLimits(probe=0, memo_budget=10**9))
    assert solver.feed(masks) == Solver(limits=COMPOSE).feed(masks)
    assert solver._memo is not None and len(solver._memo.blocks) <= 2
