"""The library's small edges (issue 27, F20; learner report 5, L19): check on text, Game on a staircase,
winning_moves' type, parse on what is not text, the step a method refuses."""

from __future__ import annotations

import pytest

from downwedig import InvalidStep, Staircase, parse
from downwedig.contest.judging.check import check
from downwedig.explain import Move, analyse
from downwedig.play import Game

from .conftest import SAMPLE


def test_check_takes_text_as_it_takes_bytes() -> None:
    data = SAMPLE.read_bytes()
    answer = SAMPLE.with_suffix(".ans").read_bytes()
    wrong = answer.replace(b"21", b"22", 1)
    for output in (answer, wrong, b"x\n"):
        as_bytes = check(data, output, answer, explain=True)
        as_text = check(data.decode(), output.decode(), answer.decode(), explain=True)
        assert as_text == as_bytes
    assert check(data.decode(), answer.decode(), None).status == 0
    assert check(data.decode(), wrong.decode(), None).status == 1


def test_a_game_refuses_a_staircase_at_once() -> None:
    staircase = parse(SAMPLE.read_bytes())
    with pytest.raises(TypeError, match=r"Game takes a day's analysis \(explain.analyse\(staircase, day\)\)"):
        Game(staircase, 11)  # type: ignore[arg-type]
    assert Game(analyse(staircase, 11)).analysis.day == 11


def test_winning_moves_are_moves_whose_targets_the_json_lists() -> None:
    from downwedig.render import to_json

    day = analyse(Staircase.from_rows(["WW", "WW", "WW"]))
    moves = day.winning_moves()
    assert all(isinstance(m, Move) for m in moves) and [m.target for m in moves] == [3]
    assert to_json(day)["winning_moves"] == [m.target for m in moves]


def test_parse_says_what_it_reads() -> None:
    with pytest.raises(TypeError, match=r"parse reads the judge's text, as str or bytes, not int"):
        parse(123)  # type: ignore[arg-type]
    data = SAMPLE.read_bytes()
    assert parse(data.decode()) == parse(data)


def test_a_step_out_of_range_is_refused_by_every_method_as_a_step() -> None:
    staircase = parse(SAMPLE.read_bytes())
    for call in (lambda: staircase.common(0, 1), lambda: staircase.common(1, 13), lambda: staircase.moves(13)):
        with pytest.raises(InvalidStep, match=r"step (0|13) is not in 1\.\.12"):
            call()
