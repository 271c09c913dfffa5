"""The checker: a contestant's output against the answer, with testlib's verdicts.

:func:`check` takes the three files of a testlib checker (INPUT, OUTPUT,
ANSWER, in that order) and returns a :class:`Verdict` whose ``status`` is
testlib's exit code: 0 accepted, 1 wrong answer, 2 presentation error (the
output is not one line of ``n`` digits ``1``/``2``; trailing whitespace is
fine), 3 checker failure (INPUT is not a staircase, or ANSWER is malformed).
ANSWER may be ``None`` to let the engine compute it.  INPUT is read with the
tolerant reader of ``solve``; ``validate`` is the strict one.

>>> check(b"2\\nWWWWWWWW\\nWWWWWWWW\\n", b"21\\n", None)
Verdict(status=0, message='ok 2 days')
>>> print(check(b"2\\nWWWWWWWW\\nWWWWWWWW\\n", b"22\\n", None).message)
wrong answer on day 2: expected 1 (Dina wins), received 2 (Dima wins); 1 of 2 days wrong
"""

from __future__ import annotations

import dataclasses

from ..engine import answer
from ..explain import analyse
from ..reader import parse
from ..staircase import InvalidStaircase, Staircase

__all__ = ["FAIL", "OK", "PE", "WA", "Verdict", "check", "day_statuses", "explain_day", "read_digits"]

#: testlib's exit codes.
OK, WA, PE, FAIL = 0, 1, 2, 3

_WHO = {"1": "1 (Dina wins)", "2": "2 (Dima wins)"}


@dataclasses.dataclass(frozen=True)
class Verdict:
    """A checker's verdict: testlib's exit ``status`` and a one-paragraph ``message``."""

    status: int
    message: str


def read_digits(data: bytes, n: int) -> str:
    """``data`` as one line of ``n`` digits ``1``/``2``; a ``ValueError`` saying what is wrong. O(n).

    Trailing spaces, tabs, ``\\r`` and newlines are ignored; nothing else is.

    >>> read_digits(b"1212 \\r\\n", 4)
    '1212'
    >>> read_digits(b"12\\n12\\n", 4)
    Traceback (most recent call last):
    ...
    ValueError: line 2: expected one line of 4 digits, found a second line
    """
    text = data.rstrip(b" \t\r\n")
    if not text.translate(None, b"12") and len(text) == n:
        return text.decode("ascii")
    for position, byte in enumerate(text):
        if byte == 0x0A:
            line = text.count(b"\n", 0, position) + 2
            raise ValueError(f"line {line}: expected one line of {n} digits, found a second line")
        if byte not in b"12":
            shown = repr(chr(byte)) if 0x20 <= byte < 0x7F else f"byte 0x{byte:02x}"
            raise ValueError(f"column {position + 1}: expected a digit 1 or 2, found {shown}")
    if not text:
        raise ValueError(f"expected {n} digits, found nothing")
    raise ValueError(f"expected {n} digits, found {len(text)}")


def day_statuses(staircase: Staircase, day: int) -> list[bool]:
    """Whether each step ``1..day`` is won for the player to move on that day (index 0 = step 1). O(day * 8).

    The statuses :func:`downwedig.explain.analyse` computes, as a list.

    >>> day_statuses(Staircase.from_rows(["WWWWWWWW"] * 3), 3)
    [True, True, False]
    """
    return [bool(status) for status in analyse(staircase, day).won[1:]]


def explain_day(staircase: Staircase, day: int) -> str:
    """Why day ``day`` has its winner: Dina's winning move, or why she has none. O(day * 8).

    >>> print(explain_day(Staircase.from_rows(["WWWWWWWW", "RRRRRRRR"]), 2))
    on day 2 Dina cannot move: step 1 shares 0 pieces with step 2 (a move of 1 needs 1)
    """
    won = day_statuses(staircase, day)
    targets = staircase.moves(1, day)
    if not targets:
        shares = ", ".join(
            f"{staircase.common(1, j)} pieces with step {j} (a move of {j - 1} needs {j - 1})"
            for j in range(2, min(day, 1 + staircase.width) + 1)
        )
        if day == 1:
            return "on day 1 there is only step 1: Dina cannot move"
        return f"on day {day} Dina cannot move: step 1 shares {shares}"

    def why(j: int) -> str:
        return f"step {j} (distance {j - 1}, {staircase.common(1, j)} pieces in common)"

    lost = [j for j in targets if not won[j - 1]]
    if lost:
        j = lost[0]
        return f"on day {day} Dina wins by moving from step 1 to {why(j)}: " + (
            f"step {j} is the last step, so Dima cannot move" if j == day else f"step {j} is lost for Dima"
        )
    replies = []
    for j in targets:
        reply = next(r for r in staircase.moves(j, day) if not won[r - 1])
        replies.append(f"from step {j} Dima moves on to step {reply}")
    return (
        f"on day {day} Dina loses: her moves from step 1 go to steps {', '.join(map(str, targets))}, "
        f"and each is won for Dima ({'; '.join(replies)}), each reply leaving Dina on a lost step"
    )


def check(input_data: bytes, output_data: bytes, answer_data: bytes | None, *, explain: bool = False) -> Verdict:
    """The verdict on ``output_data`` for ``input_data`` (ANSWER ``None``: the engine's). O(n).

    With ``explain`` a wrong answer's message adds :func:`explain_day` for the
    first wrong day (O(day) more).

    >>> check(b"1\\nWWWWWWWW\\n", b"2", b"1\\n").status  # the answer file itself is wrong
    1
    >>> check(b"1\\nWWWWWWWW\\n", b"x", None).status, check(b"0\\n", b"2", None).status
    (2, 3)
    """
    try:
        staircase = parse(input_data, source="INPUT")
    except InvalidStaircase as exc:
        return Verdict(FAIL, f"FAIL invalid input: {exc}")
    n = len(staircase)
    if answer_data is None:
        expected = answer(staircase)
    else:
        try:
            expected = read_digits(answer_data, n)
        except ValueError as exc:
            return Verdict(FAIL, f"FAIL invalid answer file: {exc}")
    try:
        received = read_digits(output_data, n)
    except ValueError as exc:
        return Verdict(PE, f"wrong output format: {exc}")
    if received == expected:
        return Verdict(OK, f"ok {n} day{'s' if n != 1 else ''}")
    wrong = [k for k, (a, b) in enumerate(zip(expected, received, strict=True), 1) if a != b]
    day = wrong[0]
    message = (
        f"wrong answer on day {day}: expected {_WHO[expected[day - 1]]}, received {_WHO[received[day - 1]]}; "
        f"{len(wrong)} of {n} days wrong"
    )
    if explain:
        message += f"\n{explain_day(staircase, day)}"
        if answer_data is not None and answer(staircase.prefix(day))[-1] != expected[day - 1]:
            message += f"\n(note: the engine disagrees with the answer file on day {day})"
    return Verdict(WA, message)
