"""The tables ``G_p`` (editorial 5) as integers: every width, the only form past 8.

Past width 8 a window no longer fits a byte, so ``G`` (see
:mod:`downwedig.engine.tables`) is one ``2**w``-bit integer, bit ``x`` set when
Dina wins from window ``x``, stepped by splitting it into its even and odd bits
(:class:`BitForm`): O(2**w / 8) bytes, about 1 us at width 8.  The generic
solver keeps such tables in a :class:`BitTables` store past width 8, and the
test generators (:mod:`downwedig.contest.generating.adversarial`) step them to
steer the engine.

>>> from downwedig.engine.tables import ByteTables
>>> octets, bits = ByteTables(2), BitTables(2)
>>> a, b = octets.successor(octets.start(), 0b01), bits.successor(bits.start(), 0b01)
>>> octets.digit(a) == bits.digit(b)
True
"""

from __future__ import annotations

from ..staircase import check_width

__all__ = ["BitForm", "BitTables", "bit_form"]

_DINA, _DIMA = ord("1"), ord("2")


def _nibble_table(parity: int, shift: int) -> bytes:
    """Byte -> its 4 bits at positions of this parity, packed into a nibble shifted by ``shift``."""
    return bytes(sum((v >> (2 * i + parity) & 1) << i for i in range(4)) << shift for v in range(256))


_NIBBLES: list[bytes] = []  # even low, even high, odd low, odd high: made with the first BitForm (3 ms)


class BitForm:
    """The arithmetic of ``G`` as a ``2**w``-bit integer (bit ``x`` set: Dina wins from window ``x``).

    Shared by every solver of one width (see :func:`bit_form`); holds no state.

    >>> form = bit_form(8)
    >>> form.digit(form.step(form.g1, 0b1)) == ord("1")  # day 2: step 1 moves to the lost step 2
    True
    """

    def __init__(self, width: int) -> None:
        size = 1 << check_width(width)
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
        #: The window of day k at step k: step k lost, the steps below it (absent) won.
        self.start = size - 2
        #: G_1: step 1 is won exactly when bit 0 of its window is.
        self.g1 = self.has_bit[0]
        self._moving: dict[int, tuple[int, int]] = {}
        self.split = self._split_by_bytes if width >= 3 else self._split_by_shifts
        if not _NIBBLES:
            _NIBBLES.extend(_nibble_table(parity, shift) for parity in (0, 1) for shift in (0, 4))

    def digit(self, table: int) -> int:
        """The day's digit (``ord('1')`` or ``ord('2')``) for a day whose table is ``table``. O(1)."""
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
    # Splitting G into those halves does not depend on m, so a store splits each
    # state once and then pays only `select` (a few operations) per new transition.

    def step(self, table: int, mask: int) -> int:
        """``G o T``: the table one step further down, for a step with this move mask. O(2**w / 8)."""
        return self.select(self.split(table), mask)

    def select(self, halves: tuple[int, int], mask: int) -> int:
        """``G o T`` from ``split(G)``. O(2**w / 64)."""
        won, lost = self.moving(mask)
        return (won & halves[1]) | (lost & halves[0])

    def is_constant(self, table: int) -> bool:
        """Whether ``G`` has one winner for every window (then so has every later table). O(1)."""
        return table == 0 or table == self.all

    def _split_by_bytes(self, table: int) -> tuple[int, int]:
        # bytes.translate splits 8 bits at a time in C: under 1 us for width 8.
        raw = table.to_bytes(self.bytes, "little")
        low, high = raw[0::2], raw[1::2]
        even_low, even_high, odd_low, odd_high = _NIBBLES
        even = int.from_bytes(low.translate(even_low), "little") | int.from_bytes(high.translate(even_high), "little")
        odd = int.from_bytes(low.translate(odd_low), "little") | int.from_bytes(high.translate(odd_high), "little")
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


_FORMS: dict[int, BitForm] = {}


def bit_form(width: int) -> BitForm:
    """The (shared, built once) :class:`BitForm` of this width. O(2**w) the first time, O(1) after.

    >>> bit_form(3) is bit_form(3)
    True
    """
    found = _FORMS.get(width)
    if found is None:
        found = _FORMS[width] = BitForm(width)
    return found


class BitTables:
    """A store of tables as ``2**w``-bit integers, for any width (the only form past width 8)."""

    composes = False

    def __init__(self, width: int) -> None:
        self._form = bit_form(width)
        self.width = width
        self._tables: list[int] = []
        self._halves: list[tuple[int, int] | None] = []  # each state's split, once a transition needs it
        self._ids: dict[int, int] = {}

    def __len__(self) -> int:
        return len(self._tables)

    def _intern(self, table: int) -> int:
        found = self._ids.get(table)
        if found is None:
            found = self._ids[table] = len(self._tables)
            self._tables.append(table)
            self._halves.append(None)
        return found

    def start(self) -> int:
        return self._intern(self._form.g1)

    def digit(self, state: int) -> int:
        return self._form.digit(self._tables[state])

    def successor(self, state: int, mask: int) -> int:
        halves = self._halves[state]
        if halves is None:
            halves = self._halves[state] = self._form.split(self._tables[state])
        return self._intern(self._form.select(halves, mask))

    def compose(self, state: int, masks: bytes) -> tuple[bytes, int]:
        digits = bytearray()
        for mask in masks:
            digits.append(self.digit(state))
            state = self.successor(state, mask)
        return bytes(digits), state

    def restart(self, state: int) -> int:
        table = self._tables[state]
        self._tables, self._halves, self._ids = [], [], {}
        return self._intern(table)
