"""The step-through's code and reasons in Python: the code the page shows solves the problem, and every reason it
gives agrees with the reference solver (the page's mirrors are compared with these in test_teach.py)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from downwedig import Staircase, parse
from downwedig.explain import analyse
from downwedig.moves import move_masks
from downwedig.reference import reference_answer, reference_statuses
from downwedig.render.teaching import CODE, CODE_LINES, deciding_line, teach_order, why

from ..conftest import SAMPLE
from ..strategies import staircases


def run_code(staircase: Staircase) -> tuple[str, str]:
    """The answer as the code's ``solve`` finds it day by day, and as its ``every_day`` reads it off ``G_p``."""
    answer: dict[int, int] = {}
    masks = move_masks(staircase)
    names: dict[str, object] = {
        "common": staircase.common,
        "mask": {p: masks[p - 1] for p in range(1, len(staircase) + 1)},
        "answer": answer,
    }
    exec("\n".join(code for _, code, _ in CODE), names)
    solve, every_day = names["solve"], names["every_day"]
    assert callable(solve) and callable(every_day)
    bottom_up = "".join("1" if solve(k) else "2" for k in range(1, len(staircase) + 1))
    every_day(len(staircase))
    return bottom_up, "".join(str(answer[p]) for p in range(1, len(staircase) + 1))


def test_the_code_beside_the_step_through_solves_the_problem() -> None:
    sample = parse(SAMPLE.read_bytes())
    assert run_code(sample) == ("211112222212", "211112222212")


@given(staircases(max_n=40))
def test_the_code_answers_as_the_reference_solver(staircase: Staircase) -> None:
    expected = reference_answer(staircase)
    assert run_code(staircase) == (expected, expected)


def test_each_role_names_one_line_of_the_code() -> None:
    assert sorted(CODE_LINES) == ["ask", "g", "lost", "none", "won"]
    assert CODE[CODE_LINES["won"] - 1][1].strip() == "won[i] = True"
    assert {CODE[CODE_LINES[r] - 1][1].strip() for r in ("lost", "none")} == {"won[i] = False"}
    assert "legal_moves" in CODE[CODE_LINES["ask"] - 1][1] and "answer[p]" in CODE[CODE_LINES["g"] - 1][1]
    assert all(len(code) <= 48 for _, code, _ in CODE), "the code fits beside the picture"
    commented = [(code, comment) for _, code, comment in CODE if comment]
    assert all(len(code) <= 34 and len(comment) <= 18 for code, comment in commented), "and its comments beside it"


_WON = re.compile(r"(\d+) -> (\d+): step (\d+) is lost")
_LOST = re.compile(r"every move reaches a won step: (.*)")
_STUCK = re.compile(r"no move: (.*)")


def agrees_with_the_reference(staircase: Staircase, day: int, won: list[bool], step: int, said: str, line: int) -> None:
    """``said`` and ``line`` are true of ``step`` on ``day``, by the reference solver's statuses ``won`` and the rule
    applied to the rows themselves."""
    i, width = step, staircase.width
    legal = [j for j in range(i + 1, day + 1) if j - i <= staircase.common(i, j)]
    if won[i - 1]:
        match = _WON.fullmatch(said)
        assert match and int(match[1]) == i and match[2] == match[3], said
        target = int(match[2])
        assert target in legal and not won[target - 1], f"{said}: the move named reaches a lost step"
        assert line == CODE_LINES["won"]
    elif legal:
        match = _LOST.fullmatch(said)
        assert match, said
        assert match[1] == ", ".join(f"{i} -> {j}" for j in legal), f"{said}: every move is named"
        assert all(won[j - 1] for j in legal)
        assert line == CODE_LINES["lost"]
    else:
        match = _STUCK.fullmatch(said)
        assert match, said
        if i == day:
            assert match[1] == f"step {i} is the last step of day {day}"
        else:
            far = range(i + 1, min(day, i + width) + 1)
            assert match[1] == "; ".join(f"step {j} is {j - i} down, {staircase.common(i, j)} common" for j in far)
            assert all(j - i > staircase.common(i, j) for j in far)
        assert line == CODE_LINES["none"]


@given(st.sampled_from([3, 8, 12]).flatmap(lambda width: staircases(width=width, max_n=30)))
def test_every_reason_agrees_with_the_reference_solver(staircase: Staircase) -> None:
    n = len(staircase)
    for day in sorted({1, (n + 1) // 2, n}):
        won, a = reference_statuses(staircase, day), analyse(staircase, day)
        order = teach_order(a)
        assert [entry["step"] for entry in order] == list(range(day, 0, -1))
        for entry in order:
            i = int(str(entry["step"]))
            assert entry["status"] == ("won" if won[i - 1] else "lost")
            assert entry["line"] == deciding_line(a, i)
            agrees_with_the_reference(staircase, day, won, i, why(a, i), deciding_line(a, i))
