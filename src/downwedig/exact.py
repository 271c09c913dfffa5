"""The judge's exact format, read fast: where its rows are, and its columns as big integers.

An input laid out exactly as the judge writes it (``n`` alone on the first line, then ``n`` lines of
8 pieces and a newline, nothing else) needs no tolerant reading: :func:`canonical_shape` checks the
layout with a few C-level byte operations and :func:`canonical_columns` reads the pieces column by
column, checking them on the way, for :func:`~downwedig.moves.column_move_masks`.  The one-file
solution (:mod:`downwedig.contest.shipping.programs.solution`) takes this path and leaves any other
input to :mod:`downwedig.reader`; :mod:`downwedig.contest.generating.validate` is the strict
validator, which also says where an input goes wrong.  Cost: O(n) in C, no copy of the rows.

>>> canonical_shape(b"2\\nWWWWWWWW\\nRRRRRRRR\\n"), canonical_columns(2, b"2\\nWWWWWWWW\\nRRRRRRRR\\n", 2)[0]
((2, 2), 2)
"""

from __future__ import annotations

from binascii import a2b_hex

from .staircase import MAX_N, WIDTH

__all__ = ["canonical_columns", "canonical_shape"]


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
    newline, nothing else (:func:`canonical_columns` checks the pieces); None for any other input. O(n) in C.

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
