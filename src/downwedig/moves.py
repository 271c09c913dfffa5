"""Every step's legal moves at once, as one bit mask per step.

Bit ``d - 1`` of step ``i``'s *move mask* is set when the handkerchief may go
from step ``i`` to step ``i + d``: that step exists and the two steps share a
colour in at least ``d`` of the ``width`` columns.  Everything the engine needs
to know about the pieces is in these masks.

The idea: instead of comparing 8 pairs of steps per step in a Python loop, turn
the staircase on its side.  Column ``c`` becomes one big integer whose bit
``i - 1`` is step ``i``'s piece, so shifting it by ``d`` lines every step up
with the step ``d`` below it, and one XOR compares a whole column of pairs.
A bit-sliced adder then counts, for every step at once, in how many columns
the pair differs, and a bit-sliced comparison keeps the pairs within the
limit.  Cost: O(width^2 log width) operations on ``n``-bit integers, that is
O(n * width^2 log width / 64) machine words; for ``n = 300,000`` and width 8,
a few milliseconds in CPython, with no Python-level loop over steps.

>>> from downwedig import Staircase
>>> list(move_masks(Staircase.from_rows(["WWWW", "WWWR", "RRRW"])))
[1, 0, 0]
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from .staircase import Staircase

__all__ = ["move_masks", "packed_move_masks"]

# bytes -> '0'/'1' text of one bit of each byte, to turn a byte string into a column.
_BIT_AS_TEXT = [bytes(48 + ((v >> b) & 1) for v in range(256)) for b in range(8)]
_TEXT_AS_LANE = bytes.maketrans(b"01", b"\x00\x01")


def _columns(packed: bytes, width: int, n: int) -> list[int]:
    """Column ``c`` as an ``n``-bit integer whose bit ``i - 1`` is step ``i``'s piece."""
    stride = 1 if width <= 8 else 2
    columns = []
    for c in range(width):
        bit = width - 1 - c
        lane = packed[stride - 1 - bit // 8 :: stride] if stride == 2 else packed
        # Reversed so that step 1 is the least significant bit.
        columns.append(int(lane.translate(_BIT_AS_TEXT[bit % 8])[::-1], 2))
    return columns


def _too_different(differs: list[int], limit: int) -> int:
    """The steps at which more than ``limit`` of the ``differs`` bits are set.

    ``differs`` are bit planes (one per column); a bit-sliced counter adds them
    up and a bit-sliced comparison with ``limit + 1`` gives the answer.
    """
    count: list[int] = []  # count[j] holds bit j of every step's count
    for plane in differs:
        carry = plane
        for j, bit in enumerate(count):
            if not carry:
                break
            count[j], carry = bit ^ carry, bit & carry
        if carry:
            count.append(carry)
    # count >= threshold, compared from the most significant bit down.
    threshold = limit + 1
    if threshold >> len(count):
        return 0
    at_least = 0
    equal = -1
    for j in range(len(count) - 1, -1, -1):
        if threshold >> j & 1:
            equal &= count[j]
        else:
            at_least |= equal & count[j]
    return at_least | (equal if equal != -1 else 0)


def packed_move_masks(packed: bytes, width: int) -> bytes:
    """Move masks of the steps in ``packed`` (see :class:`Staircase`), little-endian lanes.

    One byte per step for ``width <= 8``, two (little-endian) above.  Steps past
    the end count as absent.  Cost: see the module docstring.
    """
    stride = 1 if width <= 8 else 2
    n = len(packed) // stride
    columns = _columns(packed, width, n)
    lanes = [0, 0]  # low and high byte of each step's mask, as byte-lane integers
    for d in range(1, min(width, n - 1) + 1):
        # Step i exists with step i + d for i in 1..n-d.
        keep = (1 << (n - d)) - 1
        differs = [(col ^ (col >> d)) & keep for col in columns]
        legal = keep & ~_too_different(differs, width - d)
        if legal:
            text = format(legal, f"0{n}b").encode("ascii").translate(_TEXT_AS_LANE)
            lanes[(d - 1) // 8] |= int.from_bytes(text, "big") << ((d - 1) % 8)
    low = lanes[0].to_bytes(n, "little")
    if stride == 1:
        return low
    out = bytearray(2 * n)
    out[0::2] = low
    out[1::2] = lanes[1].to_bytes(n, "little")
    return bytes(out)


def move_masks(staircase: Staircase) -> Sequence[int]:
    """Each step's move mask, top first: bit ``d-1`` set when step ``i+d`` is a target.

    Returned as ``bytes`` for width 8 or less, else as a list.  Cost: see the
    module docstring (about 10 ms at ``n = 300,000``).

    >>> s = Staircase.from_rows(["WWWWWWWW", "WWWWWWWR", "WWWWWWRR"])
    >>> [bin(m) for m in move_masks(s)]
    ['0b11', '0b1', '0b0']
    """
    packed = packed_move_masks(staircase.packed, staircase.width)
    if staircase.width <= 8:
        return packed
    view = memoryview(packed).cast("H")
    values = view.tolist()
    if sys.byteorder == "big":
        values = [((v & 0xFF) << 8) | (v >> 8) for v in values]
    return values
