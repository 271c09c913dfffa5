"""The tables ``G`` of the engine: their arithmetic, one composer, and two stores behind one protocol.

``G_p`` maps the window of statuses at step ``p`` (bit ``b`` = step ``p + b``
won) to the winner of the day; ``T_m`` shifts a window one step up, for a step
with move mask ``m``: ``T_m(x) = (x << 1 | won) mod 2**w``, the step being won
when one of its moves meets a lost bit of ``x``; ``G_{p+1} = G_p o T_m``.  See
:mod:`downwedig.engine` for why.

Two forms of a table:

*Bytes* (widths up to 8; :class:`ByteForm`, built once per width by
:func:`byte_form`): ``G`` is ``2**w`` bytes, each the digit (``b'1'`` or
``b'2'``) of its window, so that ``G o T_m`` is one C call,
``T_m.translate(G)``: O(2**w) bytes, about 0.14 us at width 8.
:func:`compose` chains those calls two steps at a time with no Python code per
step (about 0.15 us a step whatever the input): the one composer of the
width-8 routes and of the other widths.

*Bits* (every width, the only form past 8, where a window no longer fits a
byte; :class:`BitForm`, from :func:`bit_form`): ``G`` is one ``2**w``-bit
integer, stepped by splitting it into its even and odd bits: O(2**w / 8) bytes,
about 1 us at width 8.  The test generators use it too
(:mod:`downwedig.contest.generating.adversarial`).

A :class:`Tables` object is a store of the tables a solver has met, each
*interned* as a small state number, so a memo deals in numbers only:
:class:`ByteTables` and :class:`BitTables`.

>>> octets, bits = ByteTables(2), BitTables(2)
>>> a, b = octets.successor(octets.start(), 0b01), bits.successor(bits.start(), 0b01)
>>> octets.digit(a) == bits.digit(b)
True
"""

from __future__ import annotations

from ..staircase import check_width

TYPE_CHECKING = False  # (not typing's: importing typing costs more than solving a small input)
if TYPE_CHECKING:
    from typing import Protocol

    class Tables(Protocol):
        """What a solver needs of a store of tables: states are numbers ``0, 1, ...`` in order met."""

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


# (and, for type checkers, Tables)
__all__ = ["BitForm", "BitTables", "ByteForm", "ByteTables", "bit_form", "byte_form", "compose"]

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


#: ``b'1'`` (Dina) where ``x`` is odd (step 1 won: G_1), else ``b'2'``.
_G1 = bytes(49 if x & 1 else 50 for x in range(256))
#: ``~x`` of a byte: the lost bits of a window.
_COMPLEMENT = bytes(255 - x for x in range(256))
#: Any set bit -> 1.
_NONZERO = b"\0" + b"\1" * 255
#: Steps composed at a time (their tables are kept until read: 0.5 MiB).
_COMPOSE_BLOCK = 4096
#: The pair tables kept at most, then forgotten (8,192 are about 3 MiB; an input can meet 65,536).
_MAX_PAIRS = 8192


class _PairTables(dict[int, bytes]):
    """Key ``a | b << 8`` -> ``T_a o T_b`` (256 bytes), built on first use (0.3 us)."""

    def __init__(self, through: list[bytes]) -> None:
        super().__init__()
        self._through = through

    def __missing__(self, key: int) -> bytes:
        # (T_a o T_b)[x] = T_a[T_b[x]], which is T_b.translate(T_a).
        table = self[key] = self._through[key >> 8].translate(self._through[key & 0xFF])
        return table


class ByteForm:
    """The constants of one width's byte tables (``w <= 8``): ``G_1``, every ``T_m``, their pairs.

    Shared by every store and route of one width (see :func:`byte_form`).

    >>> form = byte_form(8)
    >>> form.through[0b1][0b0], form.through[0b1][0b1]  # a move to a lost step wins
    (1, 2)
    >>> form.g1[:2], form.start
    (b'21', 254)
    """

    def __init__(self, width: int) -> None:
        size = 1 << check_width(width)
        if size > 256:
            raise ValueError(f"byte tables need a window that fits a byte (width <= 8), got width {width}")
        self.width = width
        #: The window of day k at step k: step k lost, the steps below it (absent) won.
        self.start = size - 2
        pad = bytes(256 - size)  # (a translate table is 256 bytes; windows past 2**w never occur)
        #: G_1: Dina wins day 1's game from a window exactly when step 1 is won (bit 0).
        self.g1 = _G1[:size] + pad
        #: through[m][x] = T_m(x) = (x << 1 | won) mod 2**w, won when m & ~x.  Every (mask,
        #: window) pair at once: "m & ~x != 0" by a big-int AND and a translate, the shift by
        #: a translate, both joined by one OR (0.2 ms at width 8).
        pairs = size * size
        windows = bytes(range(size)) * size
        masks = b"".join(bytes((m,)) * size for m in range(size))
        lost = int.from_bytes(windows.translate(_COMPLEMENT), "big")
        won = (int.from_bytes(masks, "big") & lost).to_bytes(pairs, "big").translate(_NONZERO)
        shifted = windows.translate(bytes(x << 1 & (size - 1) for x in range(256)))
        both = (int.from_bytes(shifted, "big") | int.from_bytes(won, "big")).to_bytes(pairs, "big")
        self.through = [both[size * m : size * m + size] + pad for m in range(size)]
        #: probes[m]: the windows at a step of mask m whose digits are that day's and the next's.
        self.probes = [bytes((self.start, t[self.start])) for t in self.through]
        self.pairs = _PairTables(self.through)


_BYTE_FORMS: dict[int, ByteForm] = {}


def byte_form(width: int) -> ByteForm:
    """The (shared, built once) :class:`ByteForm` of this width. O(4**w) bytes in C the first time, O(1) after.

    >>> byte_form(8) is byte_form(8)
    True
    """
    found = _BYTE_FORMS.get(width)
    if found is None:
        found = _BYTE_FORMS[width] = ByteForm(width)
    return found


def compose(form: ByteForm, table: bytes, masks: bytes) -> tuple[bytes, bytes]:
    """The digits of the days whose tables are ``table, table o T_m1, ...``, and the table after the last mask.

    Two steps per ``bytes.translate`` call (with ``T_a o T_b`` made once per pair
    of masks met), chained in C with no Python code per step: O(len(masks) *
    2**w) bytes, about 0.15 us a step at width 8 on any input.  The one
    composer of every route and width that keeps tables as bytes.

    >>> compose(byte_form(8), byte_form(8).g1, bytes([1, 1, 0]))[0]
    b'212'
    """
    import sys  # (here, not at import: the memo's path does without them)
    from array import array
    from collections import deque
    from itertools import chain, tee

    pairs, probes, start = form.pairs, form.probes, form.start
    parts = []
    for i in range(0, len(masks), _COMPOSE_BLOCK):
        block = masks[i : i + _COMPOSE_BLOCK]
        even = len(block) & ~1
        keys = array("H", block[:even])  # (bytes: two masks an item, a | b << 8 ...)
        if sys.byteorder == "big":  # (... once in the machine's order)
            keys.byteswap()
        if len(pairs) > _MAX_PAIRS:
            pairs.clear()
        # A feedback loop in C: map() takes each table from the queue that extend() fills
        # with map()'s own results; tee keeps them (a block at a time) for their digits.
        queue = deque((table,))
        after, kept = tee(map(bytes.translate, map(pairs.__getitem__, keys), iter(queue.popleft, None)))
        queue.extend(after)
        last = queue[0]
        parts.append(b"".join(map(bytes.translate, map(probes.__getitem__, block[0:even:2]), chain((table,), kept))))
        if even < len(block):
            parts.append(last[start : start + 1])
            last = form.through[block[-1]].translate(last)
        table = last
    return b"".join(parts), table


class ByteTables:
    """A store of tables as ``2**w`` digit bytes, for widths up to 8; ``G o T_m`` is ``T_m.translate(G)``."""

    composes = True

    def __init__(self, width: int) -> None:
        self._form = byte_form(width)
        self.width = width
        self._through = self._form.through
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
        """:func:`compose` from ``state``: the digits, and the state after the last mask (interned).

        >>> octets = ByteTables(8)
        >>> octets.compose(octets.start(), bytes([1, 1, 0]))[0]
        b'212'
        """
        digits, last = compose(self._form, self._tables[state], masks)
        return digits, self._intern(last)
