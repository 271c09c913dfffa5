"""Witnesses: each mutant the catalogue holds (but the equivalent ones) gets a small staircase on which it really
answers differently; a wrong program gets one from its own runs; a rewrite of the judge gets none."""

from __future__ import annotations

import itertools

import pytest

from downwedig.contest.judging.verdict import Limits, Verdict
from downwedig.contest.strength.catalogue import CATALOGUE, Mutant, mutant
from downwedig.contest.strength.witness import PALETTE, classes, search_mutant, search_solution
from downwedig.reference import reference_answer
from downwedig.staircase import Staircase

from ...conftest import THOROUGH, only_thorough
from ...solutions import solution_command
from .test_catalogue import EQUIVALENT

#: Without the thorough profile, one mutant of each kind of witness search (the catalogue's others under CI).
QUICK = {"strict_rule", "seven_columns", "short_window", "memo_seven_bits", "greedy_farthest", "index_past_end"}


def test_the_classes_stand_for_every_staircase_up_to_4_steps() -> None:
    def canonical(rows: list[int]) -> tuple[tuple[int, ...], ...]:
        flipped = [row ^ rows[0] for row in rows]
        return tuple(sorted(tuple(row >> (7 - c) & 1 for row in flipped) for c in range(8)))

    for steps in (2, 3):
        every = {canonical(list(rows)) for rows in itertools.product(range(256), repeat=steps) if rows[0] == 0}
        assert {canonical(rows) for rows in classes(steps)} == every


@pytest.mark.parametrize(
    "mutant", [m for m in CATALOGUE if m.name not in EQUIVALENT and (THOROUGH or m.name in QUICK)], ids=lambda m: m.name
)
def test_each_wrong_mutant_gets_a_small_witness_on_which_it_really_differs(mutant: Mutant) -> None:
    if mutant.needs:
        pytest.skip("wrong only past 65,536 steps, or only slow: no small witness exists")
    found = search_mutant(mutant)
    witness = found.witness
    assert witness is not None and found.equivalent_up_to is None
    assert 1 <= len(witness.rows) <= 20
    truth = reference_answer(Staircase.from_ints(witness.rows))
    assert witness.expected == truth
    try:
        printed = mutant.answer(bytes(witness.rows)).decode()
    except IndexError:
        assert witness.verdict is Verdict.RE
    else:
        assert printed == witness.received != truth


def test_an_equivalent_mutant_has_no_witness_and_says_how_far_it_was_checked() -> None:
    found = search_mutant(mutant("columns_reversed"))
    assert found.witness is None and found.equivalent_up_to == 4
    assert found.tried == 6_610 + 3_000 and "6,610 classes" in found.method
    asymmetric = search_mutant(mutant("seven_columns"))
    assert asymmetric.witness is not None and len(asymmetric.witness.rows) == 2  # (found among all 65,792)


def test_a_wrong_program_gets_a_witness_from_its_own_runs(tmp_path: object) -> None:
    found = search_solution(solution_command(tmp_path, "off_by_one"), Limits(cpu_s=5), jobs=2)  # type: ignore[arg-type]
    witness = found.witness
    assert witness is not None and witness.verdict is Verdict.WA
    assert len(witness.rows) <= 20 and witness.expected == reference_answer(Staircase.from_ints(witness.rows))
    assert witness.received != witness.expected and len(witness.received) == len(witness.rows)


def test_a_rewrite_of_the_judge_is_never_a_survivor_with_a_witness(tmp_path: object) -> None:
    only_thorough("about 500 runs of a Python program: 10 s")
    found = search_solution(solution_command(tmp_path, "correct"), Limits(cpu_s=5), jobs=2)  # type: ignore[arg-type]
    assert found.witness is None and found.equivalent_up_to == 2
    assert found.tried >= len(PALETTE) * (len(PALETTE) + 1) and "palette of 9 rows" in found.method
