"""The verdicts' own words, testlib codes and colours: one of each for every member, so a new verdict cannot
reach a report without them."""

from __future__ import annotations

import re

import pytest

from downwedig.contest.judging.verdict import Verdict


@pytest.mark.parametrize("verdict", list(Verdict))
def test_every_verdict_has_its_words_and_colour(verdict: Verdict) -> None:
    assert verdict.words and verdict.words == verdict.words.lower()
    assert re.fullmatch(r"3[0-7]", verdict.colour), "an ANSI foreground colour"
    assert verdict.accepted is (verdict is Verdict.AC)


def test_the_colours_say_what_kind_of_verdict() -> None:
    assert Verdict.AC.colour == "32"  # green: the one good verdict
    assert {Verdict.WA.colour, Verdict.PE.colour} == {"31"}  # red: a wrong output
    assert {Verdict.TLE.colour, Verdict.MLE.colour} == {"33"}  # yellow: a limit
    assert {Verdict.RE.colour, Verdict.FAIL.colour} == {"35"}  # magenta: a crash, or the checker's own failure
    assert Verdict.AC.colour not in {v.colour for v in Verdict if v is not Verdict.AC}


def test_only_the_checker_s_verdicts_have_a_testlib_status() -> None:
    assert {v: v.testlib_status for v in Verdict if v.testlib_status is not None} == {
        Verdict.AC: 0,
        Verdict.WA: 1,
        Verdict.PE: 2,
        Verdict.FAIL: 3,
    }
