"""The tables ``G`` of the engine, in two forms behind one small protocol, :class:`Tables`.

``G_p`` maps the window of statuses at step ``p`` (bit ``b`` = step ``p + b``
won) to the winner of the day; ``T_m`` shifts a window one step up, for a step
with move mask ``m``: ``T_m(x) = (x << 1 | won) mod 2**w``, the step being won
when one of its moves meets a lost bit of ``x``; ``G_{p+1} = G_p o T_m``.  See
:mod:`downwedig.engine` for why.

A :class:`Tables` object is the engine's store of the tables it has met: each
one is *interned* as a small state number, so the engine's memo deals in
numbers only, and the store knows how to step a state (:meth:`~Tables.successor`),
read its digit, and step many at once (:meth:`~Tables.compose`).  Two forms:

:class:`ByteTables` (widths up to 8) keeps ``G`` as ``2**w`` bytes, each the
digit (``b'1'`` or ``b'2'``) of its window, so that ``G o T_m`` is one C call,
``T_m.translate(G)``: O(2**w) bytes, about 0.2 us at width 8.  Two steps at
once cost the same call with the composed table ``T_m o T_m'``, built once per
pair of masks; :meth:`ByteTables.compose` chains those calls with no Python
code per step, about 0.15 us a step whatever the input.

:class:`BitTables` (every width, the only one past 8, where a window no longer
fits a byte) keeps ``G`` as one ``2**w``-bit integer and steps by splitting
it into its even and odd bits (:class:`BitForm`): O(2**w / 8) bytes, about
1 us at width 8.  It has no fast :meth:`~Tables.compose`.

>>> octets, bits = ByteTables(2), BitTables(2)
>>> a, b = octets.successor(octets.start(), 0b01), bits.successor(bits.start(), 0b01)
>>> octets.digit(a) == bits.digit(b)
True
"""

from __future__ import annotations

from .staircase import check_width

TYPE_CHECKING = False  # (not typing's: importing typing costs more than solving a small input)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Protocol

    class Tables(Protocol):
        """What the engine needs of a store of tables: states are numbers ``0, 1, ...`` in order met."""

        width: int
        #: Whether :meth:`compose` runs without Python code per step (worth giving up the memo for).
        composes: bool

        def start(self) -> int:
            """The state of ``G_1``, the table of day 1 (interned if new)."""

        def __len__(self) -> int:
            """How many states are interned."""

        def digit(self, state: int) -> int:
            """The day's digit (``ord('1')`` or ``ord('2')``) of a day whose table is ``state``."""

        def successor(self, state: int, mask: int) -> int:
            """The state of ``G o T_mask`` (interned if new: its number is then ``len(self) - 1``)."""

        def compose(self, state: int, masks: bytes) -> tuple[bytes, int]:
            """The digits of the days from ``state`` on, one per mask, and the state after the last."""

        def restart(self, state: int) -> int:
            """Forget every state but ``state``, which becomes state 0; returns 0."""


__all__ = ["BitForm", "BitTables", "ByteTables", "bit_form"]  # and, for type checkers, Tables

_DINA, _DIMA = ord("1"), ord("2")


def _nibble_table(parity: int, shift: int) -> bytes:
    """Byte -> its 4 bits at positions of this parity, packed into a nibble shifted by ``shift``."""
    return bytes(sum((v >> (2 * i + parity) & 1) << i for i in range(4)) << shift for v in range(256))


_EVEN_LOW, _EVEN_HIGH = _nibble_table(0, 0), _nibble_table(0, 4)
_ODD_LOW, _ODD_HIGH = _nibble_table(1, 0), _nibble_table(1, 4)


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


# A byte -> its 8 bits as 8 bytes of 0/1, least significant first.
_SPREAD = [bytes(v >> i & 1 for i in range(8)) for v in range(256)]
_AS_DIGIT = bytes.maketrans(b"\x00\x01", b"21")


class _PairTables(dict[int, bytes]):
    """Key ``m | m' << 8`` -> ``T_m o T_m'`` (256 bytes), built on first use.

    At most one table per pair of masks: 65,536 at width 8, some 25 MiB, if an
    input met every pair (the inputs tried meet at most about 7,000).
    """

    def __init__(self, through: list[bytes]) -> None:
        super().__init__()
        self._through = through

    def __missing__(self, key: int) -> bytes:
        # G o T_m o T_m' (x) = G[T_m[T_m'[x]]]: translating T_m' by T_m.
        table = self[key] = self._through[key >> 8].translate(self._through[key & 0xFF])
        return table


class _ByteForm:
    """The per-width constants of byte tables, shared by every store of one width."""

    def __init__(self, width: int) -> None:
        size = 1 << width
        bits = bit_form(width)
        self.start = bits.start
        self.g1 = self._spread(bits.g1, size).translate(_AS_DIGIT) + bytes(256 - size)
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


_BYTE_FORMS: dict[int, _ByteForm] = {}


class ByteTables:
    """A store of tables as ``2**w`` digit bytes, for widths up to 8; ``G o T_m`` is ``T_m.translate(G)``."""

    composes = True

    def __init__(self, width: int) -> None:
        if check_width(width) > 8:
            raise ValueError(f"ByteTables needs a window that fits a byte (width <= 8), got width {width}")
        form = _BYTE_FORMS.get(width)
        if form is None:
            form = _BYTE_FORMS[width] = _ByteForm(width)
        self._form = form
        self.width = width
        self._through = form.through
        self._tables: list[bytes] = []
        self._ids: dict[bytes, int] = {}

    def __len__(self) -> int:
        return len(self._tables)

    def _intern(self, table: bytes) -> int:
        found = self._ids.get(table)
        if found is None:
            found = self._ids[table] = len(self._tables)
            self._tables.append(table)
        return found

    def start(self) -> int:
        return self._intern(self._form.g1)

    def digit(self, state: int) -> int:
        return self._tables[state][self._form.start]

    def successor(self, state: int, mask: int) -> int:
        return self._intern(self._through[mask].translate(self._tables[state]))

    def restart(self, state: int) -> int:
        table = self._tables[state]
        self._tables, self._ids = [], {}
        return self._intern(table)

    def compose(self, state: int, masks: bytes) -> tuple[bytes, int]:
        """The digits of the days with tables ``G, G o T_m1, ...``, and the state after the last mask.

        Two steps per ``bytes.translate`` call, and no Python code per step:
        about 0.15 us a step at width 8, plus about 0.3 us the first time a
        pair of masks occurs.

        >>> octets = ByteTables(8)
        >>> octets.compose(octets.start(), bytes([1, 1, 0]))[0]
        b'212'
        """
        import sys  # (here, not at import: the solve path of width 8 does without them)
        from array import array
        from collections import deque
        from itertools import chain, tee

        form = self._form
        table = self._tables[state]
        even = len(masks) & ~1
        keys = array("H")
        keys.frombytes(masks[:even])
        if sys.byteorder == "big":
            keys.byteswap()
        # A feedback loop in C: map() takes each table from the queue that extend()
        # fills with map()'s own results; tee keeps them for the digits.
        queue = deque((table,))
        after, kept = tee(map(bytes.translate, map(form.pairs.__getitem__, keys), iter(queue.popleft, None)))
        queue.extend(after)
        last = queue[0]
        tables: Iterable[bytes] = chain((table,), kept)
        digits = b"".join(map(bytes.translate, map(form.probes.__getitem__, masks[0:even:2]), tables))
        if even < len(masks):
            digits += last[form.start : form.start + 1]
            last = self._through[masks[-1]].translate(last)
        return digits, self._intern(last)
