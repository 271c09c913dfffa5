"""The analysis of a day: statuses and remoteness against a brute force, moves and lines legal, the reason."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given

from downwedig import InvalidDay, InvalidStep, Player, Staircase, answer, parse, reference_statuses
from downwedig.explain import REASONS, DayAnalysis, analyse

from .conftest import EXPLAIN, THOROUGH
from .strategies import days, examples, staircases


def brute_force(staircase: Staircase, day: int) -> tuple[list[bool], list[int]]:
    """Status and remoteness of steps 1..day straight from the definitions, by recursion."""
    rows = staircase.rows()[:day]

    def targets(i: int) -> list[int]:  # 0-based
        return [j for j in range(i + 1, day) if j - i <= sum(a == b for a, b in zip(rows[i], rows[j], strict=True))]

    @cache
    def solve(i: int) -> tuple[bool, int]:
        results = [solve(j) for j in targets(i)]
        if not results:
            return False, 0
        lost = [r for won, r in results if not won]
        if lost:
            return True, 1 + min(lost)
        return False, 1 + max(r for _, r in results)

    for i in range(day - 1, -1, -1):  # bottom-up first, so the recursion stays shallow
        solve(i)
    return [solve(i)[0] for i in range(day)], [solve(i)[1] for i in range(day)]


@examples(150)
@given(days())
def test_statuses_and_remoteness_equal_brute_force(case: tuple[Staircase, int]) -> None:
    staircase, day = case
    a = analyse(staircase, day)
    won, rem = brute_force(staircase, day)
    assert [bool(x) for x in a.won[1:]] == won
    assert list(a.remoteness[1:]) == rem
    assert a.winner is (Player.DINA if won[0] else Player.DIMA)
    assert a.winner == Player(int(answer(staircase)[day - 1]))
    assert [bool(x) for x in a.won[1:]] == reference_statuses(staircase, day)


@examples(40)
@given(staircases(width=5, max_n=40))
def test_other_widths(staircase: Staircase) -> None:
    a = analyse(staircase)
    assert ([bool(x) for x in a.won[1:]], list(a.remoteness[1:])) == brute_force(staircase, len(staircase))


def check_moves_and_line(a: DayAnalysis) -> None:
    s, day = a.staircase, a.day
    for i in range(1, day + 1):
        info = a.step(i)
        assert [m.target for m in info.moves] == s.moves(i, day)
        for m in info.moves:
            assert s.is_move(i, m.target) and m.source == i
            assert m.distance == m.target - i <= m.common == s.common(i, m.target)
        assert info.won == any(not a.won[m.target] for m in info.moves)
        assert info.remoteness % 2 == (1 if info.won else 0)
    wins = a.winning_moves()
    assert all(s.is_move(1, m.target) and not a.won[m.target] for m in wins)
    assert bool(wins) == (a.winner is Player.DINA)
    assert ("Dina wins by moving" in a.reason()) == bool(wins)
    assert a.replies() == ([] if wins else [(m, a.best_move(m.target)) for m in a.moves(1)])
    for move, reply in a.replies():
        assert a.won[move.target] and not a.won[reply.target] and reply.source == move.target
    line = a.line()
    assert len(line) == a.remoteness[1]
    step = 1
    for number, ply in enumerate(line):
        m = ply.move
        assert ply.player is (Player.DINA if number % 2 == 0 else Player.DIMA)
        assert m.source == step and s.is_move(m.source, m.target) and m.common == s.common(m.source, m.target)
        assert a.remoteness[m.target] == a.remoteness[m.source] - 1
        if a.won[m.source]:
            assert not a.won[m.target], "the winner always moves to a lost step"
        step = m.target
    assert a.moves(step) == []
    assert (line[-1].player if line else Player.DIMA) is a.winner
    assert list(a.line_steps()) == [1, *(p.move.target for p in line)]


@examples(150)
@given(days())
def test_moves_and_line_are_legal_and_consistent(case: tuple[Staircase, int]) -> None:
    check_moves_and_line(analyse(*case))


def test_reasons_are_worded_by_the_templates() -> None:
    example = parse(EXPLAIN.read_bytes())
    assert analyse(example, 7).reason() == REASONS["wins"].format(targets="3")
    assert analyse(example, 1).reason() == REASONS["only_step"]
    lost = analyse(Staircase.from_rows(["WW", "WR", "RR", "RW", "WW"]))
    assert lost.reason() == "Every move from step 1 reaches a step won for Dima: 2 (Dima answers 2 -> 3)."
    stuck = analyse(Staircase.from_rows(["WW", "RR", "RR"]))
    assert stuck.reason() == (
        "Dina cannot move from step 1 (a move needs distance <= common pieces): "
        "step 2 is 1 down, 0 common; step 3 is 2 down, 0 common."
    )


def test_notable_steps_follow_the_line() -> None:
    a = analyse(Staircase.from_rows(["WW"] * 12))
    assert a.notable_steps(limit=5) == [1, 2, 3, 4, 6]
    assert set(a.line_steps()) <= set(a.notable_steps())


def test_days_and_steps_outside_the_staircase_are_refused() -> None:
    staircase = Staircase.from_rows(["WW"] * 3)
    with pytest.raises(InvalidDay, match=r"day 4 is not in 1\.\.3"):
        analyse(staircase, 4)
    with pytest.raises(InvalidStep, match=r"step 3 is not in 1\.\.2"):
        analyse(staircase, 2).step(3)
    with pytest.raises(InvalidStep, match=r"step 0 is not in 1\.\.2"):
        analyse(staircase, 2).why(0)
    with pytest.raises(TypeError, match="a day is an int, not str: '3'"):
        analyse(staircase, "3")  # type: ignore[arg-type]


def test_a_day_analysis_says_what_it_is_in_its_repr() -> None:
    a = analyse(Staircase.from_rows(["WW", "WR", "WR"]))
    assert repr(a) == "<DayAnalysis of day 3 (of 3): Dima wins, remoteness 2>"
    assert a.won[1:] == b"\0\1\0" and a.won[0] == 0, "won[i] is step i's status (index 0 unused)"


def test_the_judges_largest_day() -> None:
    """Nothing recurses: a 300,000-step day is analysed (its time is in benchmarks/), and agrees with the engine.
    (By default a day of 20,000 steps, far past any recursion limit; the largest under the thorough profile.)"""
    n = 300_000 if THOROUGH else 20_000
    s = Staircase.from_ints([(i * 2654435761 >> 7) % 256 for i in range(n)])
    a = analyse(s)
    assert a.winner == Player(int(answer(s)[-1]))
    assert len(a.line()) == a.remoteness[1]
