"""The checker: testlib's verdicts, the first wrong day, and why that day goes as it does."""

from __future__ import annotations

import pytest
from hypothesis import given

from downwedig import Staircase, answer
from downwedig.contest.check import FAIL, OK, PE, WA, check, differences, read_digits
from downwedig.explain import analyse

from ..strategies import examples, staircases

INPUT = b"3\nWWWWWWWW\nWWWWWWWW\nRRRRRRRR\n"  # answer 211


@pytest.mark.parametrize(
    ("output", "answer_file", "status"),
    [
        (b"211\n", b"211\n", OK),
        (b"211", None, OK),
        (b"211 \t\r\n\n", b"211\n", OK),
        (b"212\n", b"211\n", WA),
        (b"122\n", None, WA),
        (b"21\n", b"211\n", PE),
        (b"2111\n", b"211\n", PE),
        (b"2 1 1\n", b"211\n", PE),
        (b"21\n1\n", b"211\n", PE),
        (b" 211\n", b"211\n", PE),
        (b"", b"211\n", PE),
        (b"213\n", b"211\n", PE),
        (b"211\n", b"21\n", FAIL),
        (b"211\n", b"abc\n", FAIL),
    ],
)
def test_check_verdicts(output: bytes, answer_file: bytes | None, status: int) -> None:
    assert check(INPUT, output, answer_file).status == status


def test_check_fails_on_an_invalid_input() -> None:
    assert check(b"2\nWWWWWWWW\n", b"21\n", None).status == FAIL


def test_wrong_answer_message_names_the_first_wrong_day_and_why() -> None:
    verdict = check(INPUT, b"122\n", None, explain=True)
    first, why = verdict.message.splitlines()
    assert first == "wrong answer on day 1: expected 2 (Dima wins), received 1 (Dina wins); 3 of 3 days wrong"
    assert why == "on day 1: Step 1 is the only step: Dina cannot move and loses at once."
    verdict = check(INPUT, b"212\n", None, explain=True)
    assert "day 3: expected 1" in verdict.message
    assert "on day 3: Dina wins by moving to a step lost for Dima: 2." in verdict.message


def test_a_wrong_answer_file_is_pointed_out() -> None:
    verdict = check(INPUT, b"212\n", b"212\n", explain=False)
    assert verdict.status == OK
    verdict = check(INPUT, b"211\n", b"212\n", explain=True)
    assert verdict.status == WA and "the engine disagrees with the answer file on day 3" in verdict.message


@examples(100)
@given(staircases(max_n=30, width=8))
def test_explanations_agree_with_the_answer(staircase: Staircase) -> None:
    digits = answer(staircase)
    for day in range(1, len(staircase) + 1):
        wrong = "2" if digits[day - 1] == "1" else "1"
        received = (digits[: day - 1] + wrong + digits[day:]).encode()
        verdict = check(staircase.to_text().encode(), received, None, explain=True)
        assert verdict.status == WA
        assert verdict.message.splitlines()[1] == f"on day {day}: {analyse(staircase, day).reason()}"


def test_read_digits_messages() -> None:
    with pytest.raises(ValueError, match="column 2: expected a digit 1 or 2, found '3'"):
        read_digits(b"13", 2)
    with pytest.raises(ValueError, match="line 2: expected one line of 2 digits, found a second line"):
        read_digits(b"1\n2", 2)
    with pytest.raises(ValueError, match="expected 2 digits, found nothing"):
        read_digits(b" \n", 2)


def test_differences() -> None:
    assert differences("2111", "2111") is None
    assert differences("2111", "1112") == (1, 2)
