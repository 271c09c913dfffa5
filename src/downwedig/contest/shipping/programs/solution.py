"""The solution a contestant submits: the judge's input on stdin, one digit per day on stdout.

An input in the judge's exact format (:func:`canonical_rows`) goes straight to
the engine's move masks and solver: under CPython the columns are read with a
few C-level byte operations (:func:`canonical_columns`, which checks the pieces
too) for the engine's :func:`~downwedig.moves.column_move_masks` and
:class:`~downwedig.engine.solver.Solver`;
under PyPy, whose JIT runs plain loops several times faster than those byte and
big-integer operations, the masks are computed in loops (:func:`canonical_masks`)
and the days answered by the engine's loop route, :func:`~downwedig.engine._sweep.sweep`
(the solver if it gives up), so that the solver's modules are not even loaded.
Any other input is read by the package's tolerant reader, and one that is not a
staircase gets the reader's message on stderr and exit status 1.  Cost: that of
:func:`downwedig.engine.answer`, or of the sweep.

>>> import io
>>> out = io.BytesIO()
>>> main([], io.BytesIO(b"3\\nWWWWWWWW\\nWWWWWWWR\\nWWWWWWRR\\n"), out, io.BytesIO())
0
>>> out.getvalue()
b'211\\n'
"""

from __future__ import annotations

import sys
from binascii import a2b_hex

from ....staircase import MAX_N, WIDTH

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

__all__ = [
    "LOOPS",
    "canonical_columns",
    "canonical_masks",
    "canonical_packed",
    "canonical_rows",
    "canonical_shape",
    "main",
]

#: Whether the days are answered in loops (:func:`canonical_masks`, the sweep: PyPy) or by the engine's byte
#: operations and solver.
LOOPS = sys.implementation.name == "pypy"
#: W and R as the digits of a base-2 number.
_BITS = bytes.maketrans(b"WR", b"01")


def _hex_tables() -> list[bytes]:
    """The translations of :func:`canonical_columns`, a hex digit of 1, 2 and then 4 bits a byte.

    The first takes W and R to the hex digits 1 and 0 (the others to ``x``, which no hex
    decoding accepts); each next one takes a byte ``16 * a + b`` of ``b`` bits ``a`` and ``b`` to the
    hex digit of ``a << b | b``, and any other byte to ``x``.
    """
    first = bytearray(b"x" * 256)
    first[ord("W")], first[ord("R")] = ord("1"), ord("0")
    tables = [bytes(first)]
    for bits in (1, 2):
        table = bytearray(b"x" * 256)
        for a in range(1 << bits):
            for b in range(1 << bits):
                table[16 * a + b] = b"0123456789abcdef"[a << bits | b]
        tables.append(bytes(table))
    return tables


_HEX = _hex_tables()


def _move_bits() -> list[int]:
    """``table[d * 256 + x]``: the bit of a move of ``d`` steps (bit ``d - 1``) between two steps whose pieces
    differ where ``x`` has a bit set, when they still have ``d`` in common; else 0.  (Plain loops: a few
    thousand steps, which PyPy runs quicker than ``bin().count``.)"""
    ones = [0] * 256
    for x in range(1, 256):
        ones[x] = ones[x >> 1] + (x & 1)
    table = [0] * (256 * (WIDTH + 1))
    for d in range(1, WIDTH + 1):
        for x in range(256):
            if WIDTH - ones[x] >= d:
                table[256 * d + x] = 1 << (d - 1)
    return table


def canonical_columns(n: int, data: bytes, start: int = 0) -> list[int] | None:
    """The 8 columns of the ``n`` rows at ``start`` in ``data`` (laid out as :func:`canonical_shape` says),
    each an ``n``-bit integer (bit ``n - k``: 1 when step ``k`` is white there), or None if a piece is
    neither ``W`` nor ``R``. O(n) in C, with no copy of the rows (2.7 MB at n = 300,000: fresh pages
    cost system time).

    Each column's pieces are a strided slice of the text; translated to the hex digits ``1``/``0``
    and decoded by :func:`binascii.a2b_hex`, they become a byte for every two pieces, then (translated
    to one hex digit a byte and decoded again) for four, then eight: three passes over shrinking
    bytes, about half the cost of ``int(text, 2)`` on the whole text, and the check of the pieces
    comes with them (a byte other than W and R becomes ``x``, which the decoding refuses).

    >>> canonical_columns(2, b"RWWWWWWW\\nWWWWWWWR\\n")[:2]
    [1, 3]
    >>> canonical_columns(1, b"WWWwWWWW\\n") is None
    True
    """
    pad = -n % 8  # (8 pieces decode to a byte: the last column byte is filled with W, shifted out)
    fill = b"W" * pad
    first, second, third = _HEX
    columns = []
    try:
        for c in range(WIDTH):
            pieces = a2b_hex((data[start + c :: WIDTH + 1] + fill).translate(first))
            pieces = a2b_hex(a2b_hex(pieces.translate(second)).translate(third))
            columns.append(int.from_bytes(pieces, "big") >> pad)
    except ValueError:  # (binascii.Error: an x)
        return None
    return columns


def canonical_shape(data: bytes) -> tuple[int, int] | None:
    """``n`` and where the rows start, for an input laid out in the judge's exact format, whatever the
    pieces: ``n`` (no sign, no leading zero, at most 300,000), a newline and ``n`` lines of 8 bytes and a
    newline, nothing else (:func:`canonical_rows` checks the pieces too); None for any other input. O(n) in C.

    >>> canonical_shape(b"1\\nWWWwWWWR\\n"), canonical_shape(b"1\\r\\nWWWWWWWW\\n")
    ((1, 2), None)
    """
    start = data.find(b"\n") + 1
    head = data[: start - 1]
    if not 1 <= len(head) <= 6 or not head.isdigit() or head[0] == 48:
        return None
    n = int(head)
    size = WIDTH + 1
    if not n <= MAX_N or len(data) != start + size * n:
        return None
    if data[start + WIDTH :: size] != b"\n" * n:
        return None
    return n, start


def canonical_rows(data: bytes) -> tuple[int, bytes] | None:
    """``n`` and the rows (each 8 ``W``/``R`` and a newline) of an input in the judge's exact format
    (:func:`canonical_shape`, with only ``W`` and ``R`` for pieces); None for any other input. O(n) in C.

    >>> canonical_rows(b"1\\nWWWWWWWR\\n"), canonical_rows(b"1\\nWWWwWWWR\\n")
    ((1, b'WWWWWWWR\\n'), None)
    """
    shape = canonical_shape(data)
    if shape is None:
        return None
    rows = data[shape[1] :]
    return None if rows.translate(None, b"WR\n") else (shape[0], rows)


def canonical_packed(n: int, rows: bytes) -> bytes:
    """The steps of :func:`canonical_rows` in :attr:`Staircase.packed <downwedig.Staircase.packed>` form (a
    byte a step, column 0 its top bit, 1 for red), by a translate and one base-2 conversion. O(n) in C.

    >>> canonical_packed(2, b"RWWWWWWW\\nWWWWWWWR\\n")
    b'\\x80\\x01'
    """
    return int(rows.translate(_BITS, b"\n"), 2).to_bytes(n, "big")


def canonical_masks(n: int, rows: bytes) -> bytes:
    """Each step's move mask for the steps of :func:`canonical_rows`, in plain loops. O(n).

    Bit ``d - 1`` of step ``i``'s mask is set when step ``i + d`` exists and
    the two steps have at least ``d`` pieces in common: the masks of
    :func:`downwedig.moves.packed_move_masks`.

    >>> list(canonical_masks(3, b"WWWWWWWW\\nWWWWWWWR\\nWWWWWWRR\\n"))
    [3, 1, 0]
    """
    size = WIDTH + 1
    # values[i]: step i's pieces as bits, 1 for R ('W' is 0x57 and 'R' 0x52: bit 0 tells them apart).
    values = [0] * (n + WIDTH)
    j = 0
    for i in range(n):
        values[i] = 255 ^ (
            (rows[j] & 1)
            | (rows[j + 1] & 1) << 1
            | (rows[j + 2] & 1) << 2
            | (rows[j + 3] & 1) << 3
            | (rows[j + 4] & 1) << 4
            | (rows[j + 5] & 1) << 5
            | (rows[j + 6] & 1) << 6
            | (rows[j + 7] & 1) << 7
        )
        j += size
    move = _move_bits()
    masks = bytearray(n)
    full = max(0, n - WIDTH)  # the steps with all 8 steps below them
    for i in range(full):
        a = values[i]
        masks[i] = (
            move[256 + (a ^ values[i + 1])]
            | move[512 + (a ^ values[i + 2])]
            | move[768 + (a ^ values[i + 3])]
            | move[1024 + (a ^ values[i + 4])]
            | move[1280 + (a ^ values[i + 5])]
            | move[1536 + (a ^ values[i + 6])]
            | move[1792 + (a ^ values[i + 7])]
            | move[2048 + (a ^ values[i + 8])]
        )
    for i in range(full, n):
        a = values[i]
        mask = 0
        for d in range(1, n - i):
            mask |= move[256 * d + (a ^ values[i + d])]
        masks[i] = mask
    return bytes(masks)


def main(argv: list[str], stdin: BinaryIO, stdout: BinaryIO, stderr: BinaryIO) -> int:
    """Answer the staircase on ``stdin``; 0, or 1 with the reason on ``stderr`` for a bad input. O(n).

    >>> import io
    >>> main([], io.BytesIO(b"1\\nWWWWWWWW\\n"), io.BytesIO(), io.BytesIO())
    0
    """
    # (Each path imports what it needs when it needs it: under PyPy the sweep loads no other engine module.)
    data = stdin.read()
    shape = canonical_shape(data)
    if shape is None:
        return _read(data, stdout, stderr)
    digits = None
    if LOOPS:
        from ....engine._sweep import sweep

        rows = data[shape[1] :]
        if rows.translate(None, b"WR\n"):
            return _read(data, stdout, stderr)
        masks = canonical_masks(shape[0], rows)
        digits = sweep(masks)
    else:
        from ....moves import column_move_masks

        columns = canonical_columns(shape[0], data, shape[1])
        if columns is None:
            return _read(data, stdout, stderr)
        masks = column_move_masks(columns, shape[0], WIDTH)
    if digits is None:
        from ....engine.solver import Solver

        digits = Solver(WIDTH).feed(masks)
    stdout.write(digits + b"\n")
    stdout.flush()
    return 0


def _read(data: bytes, stdout: BinaryIO, stderr: BinaryIO) -> int:
    """:func:`main` for an input not in the judge's exact format: the package's reader and engine. O(n)."""
    from ....engine.solver import answer
    from ....errors import InvalidStaircase
    from ....reader import parse

    try:
        staircase = parse(data, source="<stdin>")
    except InvalidStaircase as exc:
        stderr.write(f"error: {exc}\n".encode())
        return 1
    stdout.write(answer(staircase).encode("ascii") + b"\n")
    stdout.flush()
    return 0
