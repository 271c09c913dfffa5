"""The checker: a contestant's output against the answer, with testlib's verdicts.

:func:`check` takes the three files of a testlib checker (INPUT, OUTPUT,
ANSWER, in that order) and returns a :class:`Checked`: a
:class:`~downwedig.contest.judging.verdict.Verdict` (AC; WA; PE: the output is
not one line of ``n`` digits ``1``/``2``, trailing whitespace being fine; FAIL:
INPUT is not a staircase, or ANSWER is malformed) and a message, whose
``status`` is testlib's exit code (0, 1, 2, 3).  ANSWER may be ``None`` to let
the engine compute it.  INPUT is read with the tolerant reader of ``solve``;
``validate`` is the strict one.  :func:`compare` is the part every judging
tool shares: an output against the expected digits, in the one wording of a
wrong day (:func:`wrong_day`).

>>> check(b"2\\nWWWWWWWW\\nWWWWWWWW\\n", b"21\\n", None)
Checked(verdict=<Verdict.AC: 'AC'>, message='ok 2 days', first_wrong_day=None)
>>> print(check(b"2\\nWWWWWWWW\\nWWWWWWWW\\n", b"22\\n", None).message)
wrong answer on day 2: expected 1 (Dina wins), received 2 (Dima wins); 1 of 2 days wrong
"""

from __future__ import annotations

import dataclasses
import io

from ...engine.solver import answer
from ...errors import InvalidOutput, InvalidStaircase
from ...explain import analyse
from ...reader import describe_byte, parse
from .verdict import Verdict

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol

    class Readable(Protocol):
        """What the checker reads an output from: a binary stream (``read(size)`` gives at most ``size`` bytes)."""

        def read(self, size: int = -1, /) -> bytes: ...


__all__ = ["CHUNK", "Checked", "check", "compare", "differences", "read_digits", "wrong_day"]

#: Bytes read at a time from an output stream.
CHUNK = 1 << 20
#: What may follow the digits.
_BLANK = b" \t\r\n"

_WHO = {"1": "1 (Dina wins)", "2": "2 (Dima wins)"}


@dataclasses.dataclass(frozen=True)
class Checked:
    """A checker's finding: the verdict, a one-paragraph ``message`` and, on WA, the first wrong day."""

    verdict: Verdict
    message: str
    first_wrong_day: int | None = None

    @property
    def status(self) -> int:
        """testlib's exit status for the verdict: 0 AC, 1 WA, 2 PE, 3 FAIL."""
        status = self.verdict.testlib_status
        assert status is not None, f"a checker does not give {self.verdict}"
        return status


def _days(n: int) -> str:
    return f"{n} day{'s' * (n != 1)}"


def read_digits(output: str | bytes | Readable, n: int) -> str:
    """``output`` (text, bytes, or a binary stream read to its end) as one line of ``n`` digits ``1``/``2``.

    Trailing spaces, tabs, ``\\r`` and newlines are ignored; nothing else is.
    An :class:`~downwedig.errors.InvalidOutput` says what is wrong, at the first byte that is.  A stream
    is read in blocks of :data:`CHUNK` bytes, so any output costs O(n + CHUNK)
    memory; time is O(size) in C-level byte operations (a 500 MB output takes
    well under a second, plus reading it).

    >>> read_digits(b"1212 \\r\\n", 4)
    '1212'
    >>> read_digits(b"12\\n12\\n", 4)
    Traceback (most recent call last):
    ...
    downwedig.errors.InvalidOutput: line 2: expected one line of 4 digits, found a second line
    """
    stream = io.BytesIO(_bytes(output)) if isinstance(output, (str, bytes, bytearray)) else output
    kept: list[bytes] = []  # the first n digits
    run = 0  # length of the leading run of digits
    stop: bytes = b""  # from the first byte that is not a digit to the end of its block
    while True:
        block = stream.read(CHUNK)
        if not block:
            break
        digits = len(block) - len(block.lstrip(b"12"))
        if run < n:
            kept.append(block[: min(digits, n - run)])
        run += digits
        if digits < len(block):
            stop = block[digits:]
            break
    # The run ends at a blank (the answer's end, if only blanks follow) or at anything else.
    if stop and (stop[0] not in _BLANK or _more_than_blanks(stop, stream)):
        if stop[0] == 0x0A:
            raise InvalidOutput(f"line 2: expected one line of {n} digits, found a second line")
        raise InvalidOutput(f"column {run + 1}: expected a digit 1 or 2, found {describe_byte(stop[0])}")
    if run == n:
        return b"".join(kept).decode("ascii")
    raise InvalidOutput(f"expected {n} digits, found {run or 'nothing'}")


def _bytes(data: str | bytes | bytearray) -> bytes:
    """Text as the files hold it (UTF-8), bytes as they are."""
    return data.encode("utf-8", "surrogateescape") if isinstance(data, str) else bytes(data)


#: Added to an answer file's fault when it reads as a staircase (the files given in the wrong order).
_STAIRCASE_HINT = "; this looks like a staircase (an input), not an answer"


def _looks_like_staircase(data: bytes) -> bool:
    """Whether ``data`` starts as a staircase does: a number alone on its line, then a line of pieces. O(1).

    >>> _looks_like_staircase(b"2\\nWWWWWWWW\\nRRRRRRRR\\n"), _looks_like_staircase(b"21\\n")
    (True, False)
    """
    first, second = [*data[:200].split(b"\n"), b"", b""][:2]
    pieces = second.rstrip(b" \t\r")
    return first.rstrip(b" \t\r").isdigit() and bool(pieces) and not pieces.translate(None, b"WR")


def _more_than_blanks(block: bytes, stream: Readable) -> bool:
    """Whether ``block`` or the rest of ``stream`` holds a byte other than a blank (reads until it does)."""
    while block:
        if block.translate(None, _BLANK):
            return True
        block = stream.read(CHUNK)
    return False


def differences(expected: str, received: str) -> tuple[int, int] | None:
    """The first day on which two answers of one length differ and on how many days they do; None if equal. O(n).

    >>> differences("2111", "2122"), differences("21", "21")
    ((3, 2), None)
    """
    if expected == received:
        return None
    n = len(expected)
    # (In C: the XOR of the two as big-endian integers is zero exactly on the days that agree; its highest set
    # bit is in the first day that does not.)
    xor = int.from_bytes(expected.encode("ascii"), "big") ^ int.from_bytes(received.encode("ascii"), "big")
    return n - (xor.bit_length() + 7) // 8 + 1, n - xor.to_bytes(n, "big").count(0)


def wrong_day(expected: str, received: str) -> str:
    """The one wording of a wrong answer: its first wrong day, who wins it, how many days are wrong. O(n).

    >>> wrong_day("21", "21"), wrong_day("2", "1")
    ('', 'wrong answer on day 1: expected 2 (Dima wins), received 1 (Dina wins); 1 of 1 day wrong')
    """
    found = differences(expected, received)
    if found is None:
        return ""
    day, wrong = found
    return (
        f"{Verdict.WA.words} on day {day}: expected {_WHO[expected[day - 1]]}, received {_WHO[received[day - 1]]}; "
        f"{wrong} of {_days(len(expected))} wrong"
    )


def compare(expected: str, output: str | bytes | Readable) -> Checked:
    """The verdict on ``output`` (text, bytes or a binary stream) against the expected digits: AC, WA or PE. O(size).

    >>> compare("21", b"2").message
    'wrong output format: expected 2 digits, found 1'
    """
    n = len(expected)
    try:
        received = read_digits(output, n)
    except InvalidOutput as exc:
        return Checked(Verdict.PE, f"{Verdict.PE.words}: {exc}")
    found = differences(expected, received)
    if found is None:
        return Checked(Verdict.AC, f"ok {_days(n)}")
    return Checked(Verdict.WA, wrong_day(expected, received), found[0])


def check(
    input_data: str | bytes, output: str | bytes | Readable, answer_data: str | bytes | None, *, explain: bool = False
) -> Checked:
    """The verdict on ``output`` for ``input_data`` (ANSWER ``None``: the engine's). O(n + size of output).

    Each file may be text or bytes, as :func:`~downwedig.parse` takes them;
    ``output`` may also be a binary stream: it is then read in bounded memory
    (see :func:`read_digits`), however large it is.

    With ``explain`` a wrong answer's message adds, for the first wrong day,
    :meth:`DayAnalysis.reason <downwedig.explain.DayAnalysis.reason>` (O(day) more).

    >>> check(b"1\\nWWWWWWWW\\n", b"2", b"1\\n").status  # the answer file itself is wrong
    1
    >>> check(b"1\\nWWWWWWWW\\n", b"x", None).status, check(b"0\\n", b"2", None).status
    (2, 3)
    >>> check("1\\nWWWWWWWW\\n", "2\\n", "2\\n").message  # (text works as bytes do)
    'ok 1 day'
    """
    try:
        staircase = parse(input_data, source="INPUT")
    except InvalidStaircase as exc:
        return Checked(Verdict.FAIL, f"FAIL invalid input: {exc}")
    if answer_data is None:
        expected = answer(staircase)
    else:
        try:
            expected = read_digits(answer_data, len(staircase))
        except InvalidOutput as exc:
            hint = _STAIRCASE_HINT if _looks_like_staircase(_bytes(answer_data)) else ""
            return Checked(Verdict.FAIL, f"FAIL invalid answer file: {exc}{hint}")
    found = compare(expected, output)
    day = found.first_wrong_day
    if not explain or day is None:
        return found
    analysis = analyse(staircase, day)
    message = f"{found.message}\non day {day}: {analysis.reason()}"
    if answer_data is not None and str(int(analysis.winner)) != expected[day - 1]:
        message += f"\n(note: the engine disagrees with the answer file on day {day})"
    return dataclasses.replace(found, message=message)
