"""One step down the staircase: ``G -> G o T_m``, in the two forms the engine keeps ``G``.

``G_p`` maps the window of statuses at step ``p`` (bit ``b`` = step ``p + b``
won) to the winner of the day; ``T_m`` shifts a window one step up, for a step
with move mask ``m``: ``T_m(x) = (x << 1 | won) mod 2**w``, the step being won
when one of its moves meets a lost bit of ``x``.  See :mod:`downwedig.engine`.

:class:`ByteTables` (widths up to 8) keeps ``G`` as ``2**w`` bytes, each the
digit (``b'1'`` or ``b'2'``) of its window, so that ``G o T_m`` is one C call,
``T_m.translate(G)``: O(2**w) bytes, about 0.2 us at width 8.  Two steps at
once cost the same call with the composed table ``T_m o T_m'``, built once per
pair of masks; :meth:`ByteTables.compose` chains those calls with no Python
code per step, about 0.15 us a step whatever the input.

:class:`BitTables` (every width, the only one past 8, where a window no longer
fits a byte) keeps ``G`` as one ``2**w``-bit integer and composes by splitting
it into its even and odd bits: O(2**w / 8) bytes, about 1 us at width 8.

>>> bits, octets = bit_tables(2), ByteTables(2)
>>> bits.step(bits.g1, 0b01) == octets.as_bits(octets.step(octets.g1, 0b01))
True
"""

from __future__ import annotations

import sys
from array import array
from collections import deque
from collections.abc import Iterable
from itertools import chain, tee

from .staircase import _check_width

__all__ = ["BitTables", "ByteTables", "bit_tables", "byte_tables"]

_DINA, _DIMA = ord("1"), ord("2")


def _nibble_table(parity: int, shift: int) -> bytes:
    """Byte -> its 4 bits at positions of this parity, packed into a nibble shifted by ``shift``."""
    return bytes(sum((v >> (2 * i + parity) & 1) << i for i in range(4)) << shift for v in range(256))


_EVEN_LOW, _EVEN_HIGH = _nibble_table(0, 0), _nibble_table(0, 4)
_ODD_LOW, _ODD_HIGH = _nibble_table(1, 0), _nibble_table(1, 4)


class BitTables:
    """``G`` as a ``2**w``-bit integer (bit ``x`` set: Dina wins from window ``x``), for one width."""

    def __init__(self, width: int) -> None:
        _check_width(width)
        size = 1 << width
        self.width = width
        self.all = (1 << size) - 1
        #: has_bit[b]: the windows whose bit b is set (step b+1 below is won).
        self.has_bit = [int(("1" * (1 << b) + "0" * (1 << b)) * (1 << (width - b - 1)), 2) for b in range(width)]
        # Masks for compacting the even bits of a table, one per halving round.
        self.compact = []
        for j in range(width - 1):
            block = 1 << (j + 1)
            self.compact.append(int(("0" * block + "1" * block) * (size // (2 * block)), 2))
        self.half = size >> 1
        self.bytes = max(1, size // 8)
        self.start = size - 2  # step k lost, the steps below it (absent) won
        self.g1 = self.has_bit[0]  # step 1 won <=> bit 0 of the window
        self._moving: dict[int, tuple[int, int]] = {}
        self.split = self._split_by_bytes if width >= 3 else self._split_by_shifts

    def digit(self, table: int) -> int:
        """The day's digit (``ord('1')`` or ``ord('2')``) for a day whose table is ``table``."""
        return _DINA if table >> self.start & 1 else _DIMA

    def moving(self, mask: int) -> tuple[int, int]:
        """The windows from which a step with this move mask is won (a move meets a lost step), and the rest."""
        found = self._moving.get(mask)
        if found is None:
            superset = self.all
            for b in range(self.width):
                if mask >> b & 1:
                    superset &= self.has_bit[b]
            found = self._moving[mask] = (self.all & ~superset, superset)
        return found

    # ``G o T`` for a step with move mask m: the window x = (top bit, y) becomes
    # 2y + [step won], so the new table takes G's even bits (2y) where the step is
    # lost and its odd bits (2y + 1) where it is won, each half repeated twice.
    # Splitting G into those halves does not depend on m, so the engine splits each
    # state once and then pays only `select` (a few operations) per new transition.

    def step(self, table: int, mask: int) -> int:
        """``G o T``: the table one step further down, for a step with this move mask."""
        return self.select(self.split(table), mask)

    def select(self, halves: tuple[int, int], mask: int) -> int:
        """``G o T`` from ``split(G)``."""
        won, lost = self.moving(mask)
        return (won & halves[1]) | (lost & halves[0])

    # Two ways to split a table into its even and odd bits:

    def _split_by_bytes(self, table: int) -> tuple[int, int]:
        # bytes.translate splits 8 bits at a time in C: under 1 us for width 8.
        raw = table.to_bytes(self.bytes, "little")
        low, high = raw[0::2], raw[1::2]
        even = int.from_bytes(low.translate(_EVEN_LOW), "little") | int.from_bytes(high.translate(_EVEN_HIGH), "little")
        odd = int.from_bytes(low.translate(_ODD_LOW), "little") | int.from_bytes(high.translate(_ODD_HIGH), "little")
        return even | even << self.half, odd | odd << self.half

    def _split_by_shifts(self, table: int) -> tuple[int, int]:
        # The textbook log-step compaction, for tables narrower than a byte.
        even, odd = self._evens(table), self._evens(table >> 1)
        return even | even << self.half, odd | odd << self.half

    def _evens(self, table: int) -> int:
        table &= ~self.has_bit[0] & self.all
        for j, keep in enumerate(self.compact):
            table = (table | (table >> (1 << j))) & keep
        return table


# A byte -> its 8 bits as 8 bytes of 0/1, least significant first.
_SPREAD = [bytes(v >> i & 1 for i in range(8)) for v in range(256)]
_AS_DIGIT = bytes.maketrans(b"\x00\x01", b"21")
_DIGIT_AS_BIT = bytes.maketrans(b"12", b"10")

#: Pair tables a :class:`ByteTables` keeps before it starts afresh: every pair of
#: 8-bit masks, so at width 8 it never does (each table takes about 0.4 KiB; the
#: inputs tried meet at most about 5,000 pairs).
PAIR_TABLES = 1 << 16


class _PairTables(dict[int, bytes]):
    """Key ``m | m' << 8`` -> ``T_m o T_m'`` (256 bytes), built on first use."""

    def __init__(self, through: list[bytes]) -> None:
        super().__init__()
        self._through = through

    def __missing__(self, key: int) -> bytes:
        # G o T_m o T_m' (x) = G[T_m[T_m'[x]]]: translating T_m' by T_m.
        table = self[key] = self._through[key >> 8].translate(self._through[key & 0xFF])
        return table


class ByteTables:
    """``G`` as ``2**w`` digit bytes, for one width up to 8; ``G o T_m`` is ``T_m.translate(G)``."""

    def __init__(self, width: int) -> None:
        _check_width(width)
        if width > 8:
            raise ValueError(f"ByteTables needs a window that fits a byte (width <= 8), got width {width}")
        size = 1 << width
        bits = bit_tables(width)
        self.width = width
        self.start = bits.start
        self.g1 = self.from_bits(bits.g1)
        # through[m][x] = T_m(x).  A translate table is always 256 bytes; the windows
        # past 2**w (narrow widths) never occur, and map to 0.
        shifted = int.from_bytes(bytes(x << 1 & (size - 1) for x in range(size)), "little")
        pad = bytes(256 - size)
        self.through = [
            (shifted | int.from_bytes(self._spread(bits.moving(m)[0], size), "little")).to_bytes(size, "little") + pad
            for m in range(size)
        ]
        #: probes[m]: the windows at step p whose digits are days p and p+1 (step p has mask m).
        self.probes = [bytes((self.start, t[self.start])) for t in self.through]
        self.pairs = _PairTables(self.through)

    @staticmethod
    def _spread(bitset: int, size: int) -> bytes:
        return b"".join(map(_SPREAD.__getitem__, bitset.to_bytes(max(1, size // 8), "little")))[:size]

    def from_bits(self, table: int) -> bytes:
        """A :class:`BitTables` table of this width as digit bytes.  O(2**w)."""
        size = 1 << self.width
        return self._spread(table, size).translate(_AS_DIGIT) + bytes(256 - size)

    def as_bits(self, table: bytes) -> int:
        """Digit bytes as a :class:`BitTables` table.  O(2**w)."""
        return int(table[: 1 << self.width].translate(_DIGIT_AS_BIT)[::-1], 2)

    def digit(self, table: bytes) -> int:
        """The day's digit (``ord('1')`` or ``ord('2')``) for a day whose table is ``table``."""
        return table[self.start]

    def step(self, table: bytes, mask: int) -> bytes:
        """``G o T_m``: one C call, about 0.2 us at width 8."""
        return self.through[mask].translate(table)

    def compose(self, table: bytes, masks: bytes) -> tuple[bytes, bytes]:
        """The digits of the days with tables ``G, G o T_m1, ...``, and the table after the last mask.

        Two steps per ``bytes.translate`` call, and no Python code per step:
        about 0.15 us a step at width 8, plus about 0.3 us the first time a
        pair of masks occurs (the cache holds :data:`PAIR_TABLES` of them).

        >>> octets = ByteTables(8)
        >>> octets.compose(octets.g1, bytes([1, 1, 0]))[0]
        b'212'
        """
        if len(self.pairs) > PAIR_TABLES:
            self.pairs.clear()
        even = len(masks) & ~1
        keys = array("H")
        keys.frombytes(masks[:even])
        if sys.byteorder == "big":
            keys.byteswap()
        # A feedback loop in C: map() takes each table from the queue that extend()
        # fills with map()'s own results; tee keeps them for the digits.
        queue = deque((table,))
        after, kept = tee(map(bytes.translate, map(self.pairs.__getitem__, keys), iter(queue.popleft, None)))
        queue.extend(after)
        last = queue[0]
        tables: Iterable[bytes] = chain((table,), kept)
        digits = b"".join(map(bytes.translate, map(self.probes.__getitem__, masks[0:even:2]), tables))
        if even < len(masks):
            digits += last[self.start : self.start + 1]
            last = self.through[masks[-1]].translate(last)
        return digits, last


_BITS: dict[int, BitTables] = {}
_BYTES: dict[int, ByteTables] = {}


def bit_tables(width: int) -> BitTables:
    """The (shared, built once) :class:`BitTables` of this width."""
    found = _BITS.get(width)
    if found is None:
        found = _BITS[width] = BitTables(width)
    return found


def byte_tables(width: int) -> ByteTables:
    """The (shared, built once) :class:`ByteTables` of this width."""
    found = _BYTES.get(width)
    if found is None:
        found = _BYTES[width] = ByteTables(width)
    return found
