"""The engine's adversarial families do what they claim, and the engine stays right on them."""

from __future__ import annotations

import itertools

import pytest

from downwedig import InvalidOption, Staircase, answer, move_masks, reference_answer
from downwedig.contest.generating.adversarial import FAMILIES
from downwedig.contest.generating.prng import SplitMix64
from downwedig.contest.generating.registry import generate
from downwedig.engine.bit_tables import bit_form


def states_met(rows: list[int]) -> int:
    """How many distinct tables ``G_p`` occur down the staircase: what the engine's memo must hold."""
    tables = bit_form(8)
    table = tables.g1
    seen = {table}
    for mask in move_masks(Staircase.from_ints(rows)):
        table = tables.step(table, mask)
        seen.add(table)
    return len(seen)


def test_novelty_defeats_the_memo_far_more_than_random_rows() -> None:
    n = 3000
    novelty = states_met(generate("novelty", n, seed=5))
    random = states_met(generate("random", n, seed=5))
    assert novelty > 20 * random
    assert novelty > 500


def test_pairs_meets_more_pairs_of_masks_than_random_rows() -> None:
    def pairs(name: str) -> int:
        masks = move_masks(Staircase.from_ints(generate(name, 20000, seed=2)))
        return len(set(itertools.pairwise(masks)))

    assert pairs("pairs") > 2 * pairs("random")


def test_cycles_has_more_states_than_any_short_period() -> None:
    assert states_met(generate("cycles", 3000, seed=1)) >= 90


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_engine_is_right_on_adversarial_families(name: str) -> None:
    staircase = Staircase.from_ints(generate(name, 250, seed=3))
    assert answer(staircase) == reference_answer(staircase)


def test_stutter_puts_one_repeated_row_where_asked() -> None:
    rows = FAMILIES["stutter"].generate(40, SplitMix64(0), at=17)
    repeats = [i + 1 for i in range(1, 40) if rows[i] == rows[i - 1]]
    assert repeats == [18]  # step 18 repeats step 17
    assert all(rows[i] ^ rows[i - 1] == 0xFF for i in range(1, 40) if i + 1 != 18)


@pytest.mark.parametrize(
    ("name", "options", "words"),
    [
        ("novelty", {"candidates": 0}, "candidates must be between 1 and 256"),
        ("glitched", {"percent": 101}, "percent must be between 0 and 100"),
        ("stutter", {"at": -1}, "at must be 0 or a step number"),
        ("pairs", {"k": 0}, "k must be between 1 and 256"),
        ("pairs", {"every": 0}, "every must be at least 1"),
        ("novstutter", {"percent": -1}, "percent must be between 0 and 100"),
        ("novglitched", {"head": -1}, "head must be at least 0"),
        ("restutter", {"head": -1}, "head must be at least 0"),
        ("restutter", {"every": 0}, "every must be at least 1"),
        ("seesaw", {"length": 0}, "length must be at least 1"),
    ],
)
def test_options_out_of_range_are_refused(name: str, options: dict[str, int], words: str) -> None:
    with pytest.raises(InvalidOption, match=words):
        generate(name, 10, seed=1, **options)


def alternating(rows: list[int]) -> bool:
    return all(a ^ b == 0xFF for a, b in itertools.pairwise(rows))


def test_novstutter_is_novelty_then_one_stutter() -> None:
    rows = generate("novstutter", 400, seed=1, percent=50)
    assert states_met(rows[:200]) > 100  # novelty: a new table at almost every step
    tail = rows[200:]
    repeats = [i for i in range(1, len(tail)) if tail[i] == tail[i - 1]]
    assert len(repeats) == 1 and alternating(tail[: repeats[0]]) and alternating(tail[repeats[0] :])


def test_novglitched_is_novelty_then_glitched() -> None:
    rows = generate("novglitched", 400, seed=1, head=100)
    assert states_met(rows[:100]) > 50
    # glitched: mostly alternating complements
    assert sum(a ^ b == 0xFF for a, b in itertools.pairwise(rows[100:])) > 200


def test_restutter_repeats_a_row_every_few_steps() -> None:
    rows = generate("restutter", 300, seed=1, head=20, every=40)
    tail = rows[20:]
    repeats = [i for i in range(1, len(tail)) if tail[i] == tail[i - 1]]
    assert repeats == list(range(40, 280, 40))
    assert all(a ^ b == 0xFF for i, (a, b) in enumerate(itertools.pairwise(tail), 1) if i not in repeats)


def test_seesaw_alternates_novelty_and_complements() -> None:
    rows = generate("seesaw", 600, seed=1, length=100)
    # rows 0..7 start, then 100 novelty rows, then 100 alternating ones, and so on
    assert alternating(rows[108:208]) and alternating(rows[308:408])
    assert not alternating(rows[8:108])
