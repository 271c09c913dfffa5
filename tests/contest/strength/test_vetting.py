"""The package's short strength report: each mutant's first catch as the full matrix has it, the survivors'
witnesses real, the equivalent ones left out, every mutant in the note once."""

from __future__ import annotations

import pytest

from downwedig.contest.strength.catalogue import CATALOGUE, EQUIVALENT, mutant
from downwedig.contest.strength.kill import Case, first_catches, kill_matrix
from downwedig.contest.strength.vetting import vet
from downwedig.engine.solver import answer
from downwedig.reader import parse
from downwedig.reference import reference_answer
from downwedig.staircase import Staircase

from .test_catalogue import EQUIVALENT as PROVEN


def _cases(*texts: str) -> list[Case]:
    found = []
    for index, text in enumerate(texts):
        staircase = parse(text)
        found.append(Case(f"t{index}", staircase.packed, answer(staircase)))
    return found


SAMPLE = (
    "12\nWWWWWWWW\nWWWWWWWW\nWWRRWWWW\nRRWWWWWW\nWWWWWRWW\nWRWWWWWW\nWWWRRWWW\nRRWWWWWW\nWWWWWWRW\n"
    "WWWWWWWW\nWWWWWWWW\nRRRRRRRR\n"
)
NINE = "9\n" + "WWWWWWWW\n" * 9
TWO = "2\nWWWWWWWW\nRRRRRRRR\n"


def test_the_catalogue_says_which_mutants_are_equivalent_with_a_reason_each() -> None:
    assert set(EQUIVALENT) == PROVEN and all(len(reason) > 20 for reason in EQUIVALENT.values())


@pytest.mark.parametrize("texts", [(SAMPLE, NINE), (TWO, NINE, SAMPLE), (NINE,)], ids=["sample-nine", "three", "nine"])
def test_the_first_catch_is_the_first_test_the_whole_matrix_says_catches_it(texts: tuple[str, ...]) -> None:
    mutants = [m for m in CATALOGUE if not m.grows and not m.needs]  # (the slow ones are the matrix's tests)
    cases = _cases(*texts)
    matrix = kill_matrix(mutants, cases)
    found = first_catches(mutants, cases, jobs=2)
    for m, row, first in zip(mutants, matrix, found, strict=True):
        catching = [index for index, cell in enumerate(row) if not cell.verdict.accepted]
        if not catching:
            assert first is None, m.name
        else:
            assert first is not None and first[0] == catching[0], m.name
            assert first[1].verdict is row[catching[0]].verdict


def test_vet_runs_what_can_be_caught_finds_real_witnesses_and_names_every_mutant_once() -> None:
    found = vet(_cases(SAMPLE, NINE), jobs=2)
    assert [m.name for m in found.equivalent] == [m.name for m in CATALOGUE if m.name in EQUIVALENT]
    names = [*found.caught, *(m.name for m, _ in found.survivors), *(m.name for m in found.equivalent)]
    assert sorted(names) == sorted(m.name for m in CATALOGUE)
    assert found.total == len(CATALOGUE) - len(EQUIVALENT)
    assert found.caught["first_day"] == ("t0", "WA")
    for m, search in found.survivors:
        if m.needs:
            assert search.witness is None and m.needs in search.method
            continue
        witness = search.witness
        assert witness is not None and len(witness.rows) <= 20, m.name
        truth = reference_answer(Staircase.from_ints(witness.rows))
        assert witness.expected == truth and m.answer(bytes(witness.rows)).decode() != truth
    note = found.note("downwedig strength dig")
    assert all(f"`{name}`" in note for name in names)
    assert "## Survivors" in note and "## Equivalent to the judge (not run)" in note


def test_a_mutant_that_needs_a_large_test_is_not_searched() -> None:
    found = vet(_cases(TWO), mutants=[mutant("wraps_16_bits")])
    ((_, search),) = found.survivors
    assert search.tried == 0 and search.method.endswith("a test of more than 65,536 steps (gen max) would")
