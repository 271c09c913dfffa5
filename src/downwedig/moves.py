"""Every step's legal moves at once, one bit mask a step (editorial section 2): the rule, fast.

Bit ``d - 1`` of step ``i``'s *move mask* is set when the handkerchief may go
from step ``i`` to step ``i + d``: that step exists and the rule
(:func:`downwedig.staircase.allows_move`) lets it, i.e. the two steps share a
colour in at least ``d`` of the ``width`` columns.  Everything the engine needs
to know about the pieces is in these masks.  :func:`step_mask` applies the
rule to one step; :func:`packed_move_masks` gives the same masks for every
step at once.

Every width: instead of comparing pairs of steps per step in a Python loop, turn
the staircase on its side.  Column ``c`` becomes one big integer whose bit
``i - 1`` is step ``i``'s piece, so shifting it by ``d`` lines every step up
with the step ``d`` below it, and one XOR compares a whole column of pairs.
A bit-sliced adder then counts, for every step at once, in how many columns
the pair differs, and a bit-sliced comparison keeps the pairs within the
limit.  Cost: O(width^2 log width) operations on ``n``-bit integers, that is
O(n * width^2 log width / 64) machine words, with no Python-level loop over steps.
Up to width 8 (a step in one byte), the columns (bit ``n - i`` for step ``i``, the
order of the bytes) and the masks are turned to and from bytes by 8 x 8 bit
transposes of the whole staircase as one integer (:func:`byte_planes`,
:func:`planes_value`): 40% fewer instructions under CPython than the XOR of
the staircase with itself shifted, a translate and two conversions per distance.

>>> from downwedig import Staircase
>>> list(move_masks(Staircase.from_rows(["WWWW", "WWWR", "RRRW"])))
[1, 0, 0]
"""

from __future__ import annotations

from .staircase import WIDTH, Staircase, allows_move, bytes_per_step, common_pieces, unpack_values

TYPE_CHECKING = False  # (not typing's: the solve path does without it)
if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "byte_planes",
    "canonical_masks",
    "column_move_masks",
    "distances",
    "move_masks",
    "packed_move_masks",
    "planes_value",
    "step_mask",
    "transpose8",
]

# bytes -> '0'/'1' text of one bit of each byte, to turn a byte string into a column.
_BIT_AS_TEXT = [bytes(48 + ((v >> b) & 1) for v in range(256)) for b in range(8)]
_TEXT_AS_LANE = bytes.maketrans(b"01", b"\x00\x01")


def _columns(packed: bytes, width: int, n: int) -> list[int]:
    """Column ``c`` as an ``n``-bit integer whose bit ``i - 1`` is step ``i``'s piece."""
    size = bytes_per_step(width)
    columns = []
    for c in range(width):
        bit = width - 1 - c
        lane = packed[size - 1 - bit // 8 :: size]
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


# bytes -> the three masks of an 8x8 bit transpose, repeated over that many bytes
_TRANSPOSE: dict[int, tuple[int, int, int]] = {}


def transpose8(x: int, size: int) -> int:
    """``x`` (``size`` bytes, a multiple of 8) with every 64-bit word read as an 8 x 8 bit matrix and
    transposed: bit ``t`` of byte ``j`` of a word becomes bit ``7 - j`` of its byte ``7 - t``.  Its own
    inverse.  Three delta swaps of the whole integer, every word at once: O(size) in C.

    >>> transpose8(0x80, 8) == 1 << 63 - 7, transpose8(transpose8(12345, 8), 8)
    (True, 12345)
    """
    found = _TRANSPOSE.get(size)
    if found is None:
        if len(_TRANSPOSE) > 64:
            _TRANSPOSE.clear()
        found = _TRANSPOSE[size] = (
            int.from_bytes(b"\x00\xaa" * (size // 2), "big"),
            int.from_bytes(b"\x00\x00\xcc\xcc" * (size // 4), "big"),
            int.from_bytes(b"\x00\x00\x00\x00\xf0\xf0\xf0\xf0" * (size // 8), "big"),
        )
    a, b, c = found
    t = (x ^ (x >> 7)) & a
    x ^= t ^ (t << 7)
    t = (x ^ (x >> 14)) & b
    x ^= t ^ (t << 14)
    t = (x ^ (x >> 28)) & c
    x ^= t ^ (t << 28)
    return x


def byte_planes(data: bytes) -> list[int]:
    """Plane ``t`` of ``data``: bit ``n - 1 - i`` set when byte ``i`` has bit ``t``. O(n) in C.

    Every 8 bytes, read as a 64-bit word, are an 8 x 8 bit matrix; transposed
    (:func:`transpose8`), byte ``7 - t`` of each word holds bit ``t`` of its 8 bytes, so
    plane ``t`` is every 8th byte.

    >>> byte_planes(bytes([1, 2, 3]))[:3]
    [5, 3, 0]
    """
    n = len(data)
    pad = -n % 8
    size = n + pad
    words = transpose8(int.from_bytes(data + bytes(pad), "big"), size).to_bytes(size, "big")
    return [int.from_bytes(words[7 - t :: 8], "big") >> pad for t in range(8)]


def planes_value(planes: list[int], n: int) -> int:
    """:func:`byte_planes` the other way round (at most 8 planes), as the big-endian integer of the ``n``
    bytes. O(n) in C: the planes laid every 8th byte (strided copies), then transposed.

    >>> planes_value([5, 3], 3).to_bytes(3, "big")
    b'\\x01\\x02\\x03'
    """
    pad = -n % 8
    size = n + pad
    words = bytearray(size)
    for t, plane in enumerate(planes):
        if plane:
            words[7 - t :: 8] = (plane << pad).to_bytes(size // 8, "big")
    return transpose8(int.from_bytes(words, "big"), size) >> 8 * pad


def column_move_masks(columns: list[int], n: int, width: int) -> bytes:
    """The move masks (a byte a step, width <= 8) of ``n`` steps given as ``width`` columns: bit
    ``n - 1 - i`` of a column is step ``i``'s piece there (either colour as 1: only equality counts).

    Shifted by ``d``, a column lines every step up with the step ``d`` below it; a bit-sliced
    counter (:func:`_too_different`) keeps the pairs that differ in at most ``width - d`` columns,
    and the ``width`` planes of legal moves are turned back into bytes (:func:`planes_value`).
    O(width^2 log width) operations on ``n``-bit integers.

    >>> column_move_masks([0b001, 0b011], 3, 2)  # steps WW, WR, RR
    b'\\x01\\x01\\x00'
    """
    full = (1 << n) - 1
    lanes = []
    for d in range(1, min(width, n - 1) + 1):
        keep = full ^ ((1 << d) - 1)  # (the last d steps have no step d below them)
        lanes.append(keep & ~_too_different([column ^ (column << d) for column in columns], width - d))
    return planes_value(lanes, n).to_bytes(n, "big")


def packed_move_masks(packed: bytes, width: int) -> bytes:
    """Move masks of the steps in ``packed`` (see :class:`Staircase`), in the same packed form.

    :func:`~downwedig.staircase.bytes_per_step` big-endian bytes per mask, like
    the steps themselves.  Steps past the end count as absent.  Cost: see the
    module docstring.

    >>> packed_move_masks(bytes([0, 0, 255]), 8)
    b'\\x01\\x00\\x00'
    """
    if width <= 8:
        return column_move_masks(byte_planes(packed)[:width], len(packed), width)
    size = bytes_per_step(width)
    n = len(packed) // size
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
    if size == 1:
        return low
    out = bytearray(2 * n)
    out[0::2] = lanes[1].to_bytes(n, "little")
    out[1::2] = low
    return bytes(out)


def move_masks(staircase: Staircase) -> Sequence[int]:
    """Each step's move mask, top first: bit ``d-1`` set when step ``i+d`` is a target.

    Returned as ``bytes`` for width 8 or less, else as a list.  Cost: see the
    module docstring (about 5 ms for ``n = 300,000`` random rows).

    >>> s = Staircase.from_rows(["WWWWWWWW", "WWWWWWWR", "WWWWWWRR"])
    >>> [bin(m) for m in move_masks(s)]
    ['0b11', '0b1', '0b0']
    """
    return unpack_values(packed_move_masks(staircase.packed, staircase.width), staircase.width)


def step_mask(values: Sequence[int], index: int, width: int) -> int:
    """The move mask of the step at ``index`` (0-based) among rows ``values``, by the rule itself. O(width).

    The steps past the end of ``values`` are absent.  For a whole staircase,
    :func:`packed_move_masks` gives the same masks much faster.

    >>> step_mask([0, 0, 255], 0, 8), step_mask([0, 0, 255], 1, 8)
    (1, 0)
    """
    mask = 0
    for d in range(1, min(width, len(values) - 1 - index) + 1):
        if allows_move(d, common_pieces(values[index], values[index + d], width)):
            mask |= 1 << (d - 1)
    return mask


_DISTANCES: dict[int, tuple[int, ...]] = {}


def distances(mask: int) -> tuple[int, ...]:
    """The distances of the moves in ``mask``, nearest first. O(width), then O(1) once cached.

    >>> distances(0b1010)
    (2, 4)
    """
    found = _DISTANCES.get(mask)
    if found is None:
        found = _DISTANCES[mask] = tuple(d + 1 for d in range(mask.bit_length()) if mask >> d & 1)
    return found


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


def canonical_masks(n: int, rows: bytes) -> bytes:
    """Each step's move mask for ``n`` rows laid out as the judge's exact format has them (each 8 pieces
    ``W``/``R`` and a newline, as :func:`~downwedig.exact.canonical_shape` finds them), in plain loops. O(n).

    Bit ``d - 1`` of step ``i``'s mask is set when step ``i + d`` exists and
    the two steps have at least ``d`` pieces in common: the masks of
    :func:`packed_move_masks`; the form of the loops is PyPy's,
    whose JIT runs them several times faster than the big-integer operations of the others.

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
