"""The checker: testlib's verdicts, the first wrong day, and why that day goes as it does."""

from __future__ import annotations

import io
import resource

import pytest
from hypothesis import given
from hypothesis import strategies as st

from downwedig import Staircase, answer
from downwedig.contest.judging import check as check_module
from downwedig.contest.judging.check import check, differences, read_digits
from downwedig.errors import InvalidOutput
from downwedig.explain import analyse
from downwedig.reader import describe_byte

from ...conftest import only_thorough
from ...strategies import examples, staircases

#: testlib's exit codes, the checker's contract.
OK, WA, PE, FAIL = 0, 1, 2, 3

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
    with pytest.raises(InvalidOutput, match="column 2: expected a digit 1 or 2, found '3'"):
        read_digits(b"13", 2)
    with pytest.raises(InvalidOutput, match="line 2: expected one line of 2 digits, found a second line"):
        read_digits(b"1\n2", 2)
    with pytest.raises(InvalidOutput, match="expected 2 digits, found nothing"):
        read_digits(b" \n", 2)


def test_differences() -> None:
    assert differences("2111", "2111") is None
    assert differences("2111", "1112") == (1, 2)


def old_read_digits(data: bytes, n: int) -> str:
    """The checker's reading of an output as it was written at first: the whole output in memory, byte by byte."""
    text = data.rstrip(b" \t\r\n")
    if not text.translate(None, b"12") and len(text) == n:
        return text.decode("ascii")
    for position, byte in enumerate(text):
        if byte == 0x0A:
            raise ValueError(f"line 2: expected one line of {n} digits, found a second line")
        if byte not in b"12":
            raise ValueError(f"column {position + 1}: expected a digit 1 or 2, found {describe_byte(byte)}")
    raise ValueError(f"expected {n} digits, found {len(text) or 'nothing'}")


@examples(500)
@given(
    st.lists(st.sampled_from([b"1", b"2", b" ", b"\n", b"\r", b"\t", b"x", b"\x00", b"12", b"\n\n"])), st.integers(0, 6)
)
def test_reading_in_blocks_says_what_reading_it_whole_did(pieces: list[bytes], n: int) -> None:
    data = b"".join(pieces)
    try:
        expected: str | None = old_read_digits(data, n)
    except ValueError as exc:
        expected = str(exc)
    for chunk in (1, 2, 3, 1 << 20):
        check_module.CHUNK, saved = chunk, check_module.CHUNK
        try:
            got: str | None = read_digits(io.BytesIO(data), n)
        except ValueError as exc:
            got = str(exc)
        finally:
            check_module.CHUNK = saved
        assert got == expected


class Endless(io.RawIOBase):
    """``size`` bytes of ``byte``, made as they are read (never all in memory), then ``tail``."""

    def __init__(self, byte: bytes, size: int, tail: bytes = b"") -> None:
        self.byte, self.left, self.tail = byte, size, tail

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        if self.left <= 0:
            tail, self.tail = self.tail, b""
            return tail
        take = min(size if size >= 0 else self.left, self.left)
        self.left -= take
        return self.byte * take


def test_a_huge_output_is_read_in_bounded_memory() -> None:
    only_thorough("900 MB of output streamed through the checker")
    # 300 MB outputs, made as they are read: reading one whole would raise this process's peak by as much.
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(InvalidOutput, match="expected 1 digits, found 300000000"):
        read_digits(Endless(b"1", 3 * 10**8), 1)
    # Blanks are fine after the answer, not before something else: that needs reading to the end.
    with pytest.raises(InvalidOutput, match="column 1: expected a digit 1 or 2, found ' '"):
        read_digits(Endless(b" ", 3 * 10**8, b"x"), 1)
    assert check(INPUT, Endless(b"\n", 3 * 10**8), b"211\n").status == PE
    assert check(b"1\nWWWWWWWW\n", Endless(b"2", 1, b" " * (50 << 20)), b"2\n").status == OK
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 64 * 1024  # KiB
