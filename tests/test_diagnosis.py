"""Why a program's answer is wrong: the first wrong day and the first step it gets wrong, held to the oracle.

The programs are the package's mistakes (in this process: ``wrong_answer``), a program that reads the rows
below the day, and one that only fails; every claim a diagnosis makes is checked against the reference
solver (:func:`downwedig.reference.reference_statuses`), and its sentences against the analysis.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given

from downwedig import Staircase, answer, reference_statuses
from downwedig.contest.shipping.programs.mistakes import MISTAKES, wrong_answer
from downwedig.diagnosis import WORDS, diagnose
from downwedig.explain import analyse
from downwedig.moves import move_masks

from .strategies import examples, staircases

Program = Callable[[Staircase], str]


def mistaken(name: str) -> Program:
    return lambda staircase: wrong_answer(name, staircase.to_text().encode())


def past_the_day(staircase: Staircase) -> str:
    """A program that forgets that steps below day k do not exist on day k: its moves go past the day."""
    masks = [0, *move_masks(staircase)]
    n, out = len(staircase), []
    for k in range(1, n + 1):
        won = [False] * (n + 2)
        for i in range(n, 0, -1):
            if i == k:
                continue  # step k is lost on day k ...
            won[i] = any(masks[i] >> (d - 1) & 1 and not won[i + d] for d in range(1, 9) if i + d <= n)
        out.append("1" if won[1] else "2")  # ... but the steps below it still count
    return "".join(out)


PROGRAMS: dict[str, Program] = {name: mistaken(name) for name in MISTAKES} | {"past_the_day": past_the_day}


def the_oracle_agrees(staircase: Staircase, received: str, program: Program) -> None:
    """What ``diagnose`` says of ``received`` is what the reference solver says, claim by claim."""
    found = diagnose(staircase, received, program)
    truth = answer(staircase)
    if received == truth:
        assert found is None
        return
    assert found is not None
    day = next(k for k in range(1, len(truth) + 1) if truth[k - 1] != received[k - 1])
    assert found.day == day and found.said == received[day - 1]
    statuses = reference_statuses(staircase, day)  # statuses[i - 1]: step i won on day `day`
    said = {p: program(staircase.steps(p, day))[-1] == "1" for p in range(1, day + 1)}
    if found.finding == "step":
        p = found.step
        assert p is not None and found.step_said_won == said[p] != statuses[p - 1], "the program gets step p wrong"
        assert all(said[j] == statuses[j - 1] for j in range(p + 1, day + 1)), "and every step below it right"
        assert found.runs == day - p + 1
    else:
        assert found.finding == "below" and all(said[p] == statuses[p - 1] for p in said)
    text = found.text()
    assert text.startswith(WORDS["day"].split("{")[0] + f"{day} ")
    assert f"Why: step 1 is {'won' if statuses[0] else 'lost'} ({analyse(staircase, day).why(1)})." in text


@pytest.mark.parametrize("name", sorted(PROGRAMS))
@given(staircase=staircases(max_n=14))
@examples(300)
def test_each_claim_is_the_oracle_s(name: str, staircase: Staircase) -> None:
    program = PROGRAMS[name]
    the_oracle_agrees(staircase, program(staircase), program)
    alone, together = (diagnose(staircase, program(staircase), program, jobs=jobs) for jobs in (1, 3))
    assert (alone is None) == (together is None), "three runs at once find what one at a time finds"
    if alone is not None and together is not None:
        assert (alone.day, alone.finding, alone.step, alone.step_said_won) == (
            together.day,
            together.finding,
            together.step,
            together.step_said_won,
        )


#: A staircase each program gets wrong, and the step of the first wrong day it first gets wrong.
KNOWN = [
    ("strict_rule", ["WWWWWWWW", "WWWWWWWW", "WRWRRRRR"], 3, 1, "won", "1 -> 3 is a move (distance 2 <= 2"),
    ("short_window", ["WWWWWWWW"] * 9, 9, 1, "won", "1 -> 9 is a move (distance 8 <= 8 common pieces)"),
    ("first_day", ["WWWWWWWW"], 1, 1, "lost", "step 1 is the last step of day 1: no move"),
    ("counts_differences", ["WWWWWWWW", "RRRRRRRR"], 2, 1, "lost", "Steps lost within reach that are no move"),
]


@pytest.mark.parametrize(("name", "rows", "day", "step", "truth", "words"), KNOWN)
def test_each_mistake_is_explained_where_it_is_made(
    name: str, rows: list[str], day: int, step: int, truth: str, words: str
) -> None:
    staircase = Staircase.from_rows(rows)
    found = diagnose(staircase, PROGRAMS[name](staircase), PROGRAMS[name])
    assert found is not None and (found.day, found.step, found.finding) == (day, step, "step")
    assert found.step_said_won is (truth == "lost")
    assert words in found.text() and f"so step {step} is {truth}." in found.text()


def test_a_program_that_reads_past_the_day_is_told_so() -> None:
    staircase = Staircase.from_rows(["RWWRWWWR", "WRRWRRRW", "RWWRWWWR"])  # 1 -> 3 wins day 2 for it, past the day
    received = past_the_day(staircase)
    assert (received, answer(staircase)) == ("211", "221")
    found = diagnose(staircase, received, past_the_day)
    assert found is not None and found.finding == "below" and found.step is None
    assert found.lines()[-1] == WORDS["below"].format(day=found.day)


def test_a_run_that_gives_no_answer_and_a_long_day_are_said_plainly() -> None:
    staircase = Staircase.from_rows(["WWWWWWWW"] * 3)
    found = diagnose(staircase, "222", lambda part: None)
    assert found is not None and (found.finding, found.untold_at, found.runs) == ("untold", 2, 1)
    assert found.lines()[-1] == WORDS["untold"].format(step=2, day=2, count=1)
    found = diagnose(staircase, "222", lambda part: "x" * len(part), max_runs=1)
    assert found is not None and found.finding == "unchecked" and found.runs == 1
    unasked = diagnose(staircase, "222")
    assert unasked is not None and unasked.finding == "unchecked" and len(unasked.lines()) == 3
    with pytest.raises(ValueError, match="an answer of 3 digits 1/2 is needed, got '21'"):
        diagnose(staircase, "21")
