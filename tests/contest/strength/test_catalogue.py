"""The mutants: each fast form answers as its literal form (the reference's code with the mistake) does, the
symmetric ones ignore column order and colours, and the seed's recursion depth is measured right."""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from downwedig.contest.generating.registry import generate
from downwedig.contest.strength.catalogue import ARRAY_ROWS, CATALOGUE, Mutant, mutant
from downwedig.contest.strength.games import STANDARD, Game, masks, play
from downwedig.contest.strength.seed import DEEPEST, StackOverflow, too_deep
from downwedig.engine.solver import Solver
from downwedig.moves import packed_move_masks
from downwedig.reference import reference_answer
from downwedig.staircase import Staircase

from ...strategies import examples
from .literal import LITERAL, _seed, reference

#: The mutants that answer as the judge does, on purpose.
EQUIVALENT = {"window_9", "last_step_never_computed", "columns_reversed", "colours_swapped"}


def outcome(answer: object, rows: list[int]) -> str:
    try:
        found = answer(rows)  # type: ignore[operator]
    except IndexError:
        return "IndexError"
    return found.decode() if isinstance(found, bytes) else str(found)


def fast(mutant: Mutant) -> object:
    return lambda rows: mutant.answer(bytes(rows))


def test_the_catalogue_is_large_named_once_and_described() -> None:
    names = [m.name for m in CATALOGUE]
    assert len(names) >= 30 and len(set(names)) == len(names)
    assert set(names) == set(LITERAL)
    assert all(m.description and m.origin for m in CATALOGUE)
    assert {"strict_rule", "short_window", "first_day", "counts_differences"} <= set(names)  # the package's four
    assert sum(m.origin.startswith("reference.py") for m in CATALOGUE) >= 15


@pytest.mark.parametrize("mutant", CATALOGUE, ids=lambda m: m.name)
def test_each_mutant_answers_as_its_literal_form(mutant: Mutant) -> None:
    rng = random.Random(mutant.name)
    palette = [0, 1, 3, 7, 15, 31, 63, 127, 255]
    staircases = [[a] for a in palette] + [[a, b] for a in palette for b in palette]
    for _ in range(300):
        rows = rng.sample(range(256), rng.randint(1, 3))
        staircases.append([rng.choice(rows) for _ in range(rng.randint(1, 24))])
    literal = LITERAL[mutant.name]
    for rows in staircases:
        assert outcome(fast(mutant), rows) == outcome(literal, rows), rows


@pytest.mark.parametrize("mutant", [m for m in CATALOGUE if m.symmetric], ids=lambda m: m.name)
def test_a_symmetric_mutant_ignores_column_order_and_colours(mutant: Mutant) -> None:
    rng = random.Random(mutant.name)
    for _ in range(60):
        rows = [rng.randrange(256) for _ in range(rng.randint(1, 14))]
        order = rng.sample(range(8), 8)
        flip = rng.randrange(256)
        moved = [sum((row >> order[b] & 1) << b for b in range(8)) ^ flip for row in rows]
        assert outcome(fast(mutant), moved) == outcome(fast(mutant), rows)


def test_the_one_asymmetric_mutant_is_said_so() -> None:
    rows = [0b11111110, 0b00000000]  # the two rows share only the last column, which seven_columns leaves out
    flipped = [0b01111111, 0b00000000]
    assert mutant("seven_columns").answer(bytes(rows)) != mutant("seven_columns").answer(bytes(flipped))
    assert [m.name for m in CATALOGUE if not m.symmetric] == ["seven_columns"]


@given(st.lists(st.integers(0, 255), min_size=1, max_size=40))
@examples(300)
def test_the_game_s_true_form_is_the_engine(rows: list[int]) -> None:
    values = bytes(rows)
    assert masks(values, STANDARD) == packed_move_masks(values, 8)
    assert play(masks(values, STANDARD), Game()).decode() == reference_answer(Staircase.from_ints(rows))


@given(st.lists(st.sampled_from([0, 1, 3, 255]), min_size=1, max_size=30))
@examples(200)
def test_the_equivalent_mutants_answer_as_the_judge(rows: list[int]) -> None:
    expected = reference_answer(Staircase.from_ints(rows)).encode()
    for name in EQUIVALENT:
        assert mutant(name).answer(bytes(rows)) == expected


def test_the_mistakes_past_some_n_are_right_below_it() -> None:
    long = bytes(random.Random(3).randrange(256) for _ in range(70_000))
    right = Solver(8).feed(packed_move_masks(long, 8))
    assert mutant("fixed_array").answer(long) == right
    wrapped = mutant("wraps_16_bits").answer(long)
    assert wrapped[:65_536] == right[:65_536] and wrapped[65_536:] == right[: 70_000 - 65_536]
    with pytest.raises(IndexError, match="100,000"):
        mutant("fixed_array").answer(bytes(ARRAY_ROWS + 1))


def _seed_depth(steps: bytes) -> int:
    """The seed's ``dfs`` literally, counting the frames on its stack at the deepest."""
    n = len(steps)
    from downwedig.engine.tables import byte_form

    through = byte_form(8).through
    memo: set[tuple[int, int]] = set()
    deepest = 0
    for day in range(1, n + 1):
        pos, now, frames = day, 254, 1
        while pos != 1 and (pos, now) not in memo:
            memo.add((pos, now))
            now = through[steps[pos - 2]][now]
            pos -= 1
            frames += 1
        deepest = max(deepest, frames)
    return deepest


@given(st.lists(st.sampled_from([0, 1, 3, 7, 255]), min_size=1, max_size=60), st.integers(1, 70))
@example(rows=[0] * 8 + [255] + [0] * 3, limit=11)  # (day 12 meets day 10 at step 1, a frame deep there still)
@examples(300)
def test_the_recursion_s_depth_is_the_seed_s(rows: list[int], limit: int) -> None:
    steps = packed_move_masks(bytes(rows), 8)
    assert too_deep(steps, limit) == (_seed_depth(steps) > limit)


def test_the_recursion_crashes_only_past_an_8_mib_stack() -> None:
    deep = mutant("deep_recursion")
    stutter = bytes(generate("stutter", DEEPEST + 100, seed=1))  # (windows that travel: about n frames deep)
    assert too_deep(packed_move_masks(stutter, 8)) and not too_deep(packed_move_masks(stutter[:-200], 8))
    with pytest.raises(StackOverflow):
        deep.answer(stutter)


def test_the_literal_seed_is_the_reference() -> None:
    rng = random.Random(1)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    for _ in range(200):
        rows = [rng.choice([0, 1, 3, 255]) for _ in range(rng.randint(1, 30))]
        assert _seed(rows) == reference(rows) == reference_answer(Staircase.from_ints(rows))


def test_the_docs_name_every_mutant() -> None:
    from ...conftest import ROOT

    page = (ROOT / "docs" / "strength.md").read_text(encoding="utf-8")
    missing = [
        m.name
        for m in CATALOGUE
        if f"`{m.name}`" not in page and m.name not in ("window_2", "window_3", "window_4", "window_5")
    ]
    assert missing == [] and f"over {len(CATALOGUE) // 10 * 10} plausible" in page
