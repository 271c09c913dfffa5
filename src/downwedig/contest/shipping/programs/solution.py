"""The solution a contestant submits: the judge's input on stdin, one digit per day on stdout.

Reads with the package's tolerant reader and answers with the engine; on input
that is not a staircase it prints the reader's message on stderr and exits 1.
Under PyPy, an input in the judge's exact format has its move masks computed
by :func:`canonical_masks` instead: plain loops, which PyPy's JIT runs several
times faster than the reader's and the move rule's byte and big-integer
operations (which are CPython's fast path); the engine then answers from the
masks as :func:`downwedig.engine.answer` does.  Cost: that of
:func:`downwedig.engine.answer`.

>>> import io
>>> out = io.BytesIO()
>>> main([], io.BytesIO(b"3\\nWWWWWWWW\\nWWWWWWWR\\nWWWWWWRR\\n"), out, io.BytesIO())
0
>>> out.getvalue()
b'211\\n'
"""

from __future__ import annotations

import sys

from ....engine.solver import Solver
from ....errors import InvalidStaircase
from ....staircase import MAX_N, WIDTH

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

__all__ = ["canonical_masks", "main"]

#: Whether the move masks are computed by :func:`canonical_masks` (PyPy) or by the engine's byte operations.
LOOPS = sys.implementation.name == "pypy"


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


def canonical_masks(data: bytes) -> bytes | None:
    """Each step's move mask, for an input in the judge's exact format (``n``, then ``n`` lines of 8 ``W``/``R``,
    each ending in ``\\n``, nothing else); None for any other input. O(n), in plain loops.

    Bit ``d - 1`` of step ``i``'s mask is set when step ``i + d`` exists and
    the two steps have at least ``d`` pieces in common: the masks of
    :func:`downwedig.moves.packed_move_masks`.

    >>> list(canonical_masks(b"3\\nWWWWWWWW\\nWWWWWWWR\\nWWWWWWRR\\n")), canonical_masks(b"1\\r\\nWWWWWWWW\\n")
    ([3, 1, 0], None)
    """
    start = data.find(b"\n") + 1
    head = data[: start - 1]
    if not 1 <= len(head) <= 6 or not head.isdigit() or head[0] == 48:
        return None
    n = int(head)
    size = WIDTH + 1
    if not n <= MAX_N or len(data) != start + size * n:
        return None
    rows = data[start:]
    if rows[WIDTH::size] != b"\n" * n or rows.translate(None, b"WR\n"):
        return None
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
    data = stdin.read()
    masks = canonical_masks(data) if LOOPS else None
    if masks is not None:
        digits = Solver(WIDTH).feed(masks)
    else:
        from ....engine.solver import answer
        from ....reader import parse

        try:
            staircase = parse(data, source="<stdin>")
        except InvalidStaircase as exc:
            stderr.write(f"error: {exc}\n".encode())
            return 1
        digits = answer(staircase).encode("ascii")
    stdout.write(digits + b"\n")
    stdout.flush()
    return 0
