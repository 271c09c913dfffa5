"""The strict validator: the judge's input exactly, in testlib's sense.

A valid input is ``n`` (an integer in ``[1, 300000]`` written without sign or
leading zeros) on the first line, then exactly ``n`` lines of exactly 8
characters ``W``/``R``; every line ends with ``\\n`` (no ``\\r``), the last
one included, and nothing follows.  :func:`validate` raises
:class:`~downwedig.InvalidStaircase` at the first fault with its line and
column (both from 1; columns count bytes), and names an answer file given
instead (:func:`~downwedig.reader.looks_like_answer`, as ``solve`` does).
``downwedig solve`` stays tolerant; this is for test files that go to a judge.

>>> validate(b"2\\nWWWWWWWW\\nRRRRRRRR\\n").rows()
['WWWWWWWW', 'RRRRRRRR']
>>> validate(b"2\\nWWWWWWWW\\nRRRRRRRR")
Traceback (most recent call last):
...
downwedig.errors.InvalidStaircase: <input>:3:9: missing newline at the end of the file
"""

from __future__ import annotations

from ...errors import InvalidStaircase
from ...reader import ANSWER_HINT, BOM_REASON, BYTE_ORDER_MARK, describe_byte, looks_like_answer, pack_exact
from ...staircase import MAX_N, WIDTH, Staircase

__all__ = ["LARGEST", "validate"]

#: The size of the largest valid input (n = 300000): a file's first LARGEST + 1 bytes tell whether it is valid.
LARGEST = len(f"{MAX_N}\n") + MAX_N * (WIDTH + 1)


def _read_n(data: bytes, source: str) -> tuple[int, int]:
    """``n`` and the offset where the first step begins."""

    def fail(reason: str, column: int) -> InvalidStaircase:
        return InvalidStaircase(reason, line=1, column=column, source=source)

    if not data:
        raise fail("empty file: expected the number of steps n", 1)
    if data.startswith(BYTE_ORDER_MARK):
        raise fail(BOM_REASON, 1)
    end = 0
    while end < len(data) and 0x30 <= data[end] <= 0x39:
        end += 1
    if end == 0:
        raise fail(f"expected the number of steps n (a digit), found {describe_byte(data[0])}", 1)
    if end > 1 and data[0] == 0x30:
        raise fail("n has a leading zero", 1)
    if end == len(data):
        raise fail("missing newline after n", end + 1)
    if data[end] != 0x0A:
        raise fail(f"expected a newline after n, found {describe_byte(data[end])}", end + 1)
    if end > 12:  # (not converted: a number of thousands of digits is slow to read; its digits only are quoted)
        raise fail(f"n = {data[:12].decode()}... ({end} digits) is not in [1, {MAX_N}]", 1)
    n = int(data[:end])
    if not 1 <= n <= MAX_N:
        raise fail(f"n = {n} is not in [1, {MAX_N}]", 1)
    return n, end + 1


def _locate(data: bytes, start: int, n: int, source: str) -> InvalidStaircase:
    """The first fault in the steps, found byte by byte (only run when there is one)."""
    at = start
    for step in range(1, n + 1):
        line = step + 1

        def fail(reason: str, column: int, line: int = line) -> InvalidStaircase:
            return InvalidStaircase(reason, line=line, column=column, source=source)

        if at == len(data):
            return fail(f"expected {n} steps, found only {step - 1}", 1)
        for column in range(1, WIDTH + 1):
            if at == len(data):
                return fail(f"step {step} has {column - 1} pieces, expected {WIDTH}; the file ends here", column)
            byte = data[at]
            if byte == 0x0A:
                return fail(f"step {step} has {column - 1} pieces, expected {WIDTH}", column)
            if byte not in b"WR":
                return fail(f"expected 'W' or 'R', found {describe_byte(byte)}", column)
            at += 1
        if at == len(data):
            return fail("missing newline at the end of the file", WIDTH + 1)
        if data[at] != 0x0A:
            if data[at] in b"WR":
                return fail(f"step {step} has more than {WIDTH} pieces", WIDTH + 1)
            return fail(f"expected a newline after step {step}, found {describe_byte(data[at])}", WIDTH + 1)
        at += 1
    if at != len(data):
        return InvalidStaircase(
            f"expected the end of the file after step {n}, found "
            + ("an empty line" if data[at] == 0x0A else describe_byte(data[at])),
            line=n + 2,
            column=1,
            source=source,
        )
    raise AssertionError("validate: no fault found in an input that failed the fast check")


def validate(data: bytes | str, *, source: str = "<input>") -> Staircase:
    """The staircase in ``data`` if it is a valid judge's input; raises at the first fault.

    Cost: O(size) with a few C-level byte operations per column (a few
    milliseconds at ``n = 300000``); an invalid file is rescanned byte by byte
    up to its first fault to find the line and column.

    >>> validate("1\\nWWWWWWWWW\\n", source="t.in")
    Traceback (most recent call last):
    ...
    downwedig.errors.InvalidStaircase: t.in:2:9: step 1 has more than 8 pieces
    """
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    try:
        n, start = _read_n(data, source)
        packed = pack_exact(data[start:], n, WIDTH)
        if packed is not None:
            return Staircase(packed, WIDTH)
        raise _locate(data, start, n, source)
    except InvalidStaircase as exc:
        if not looks_like_answer(data):
            raise
        reason = exc.reason + ANSWER_HINT  # (as solve says it)
        raise InvalidStaircase(reason, line=exc.line, column=exc.column, source=exc.source) from None
