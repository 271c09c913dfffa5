"""The tables ``G_p`` (editorial 5) as bytes, their one composer (section 6), and a store of tables' protocol.

``G_p`` maps the window of statuses at step ``p`` (bit ``b`` = step ``p + b``
won) to the winner of the day; ``T_m`` shifts a window one step up, for a step
with move mask ``m``: ``T_m(x) = (x << 1 | won) mod 2**w``, the step being won
when one of its moves meets a lost bit of ``x``; ``G_{p+1} = G_p o T_m``.  See
:mod:`downwedig.engine.solver` for why.

Up to width 8 a window fits a byte, and ``G`` is kept as ``2**w`` bytes, each
the digit (``b'1'`` or ``b'2'``) of its window (:class:`ByteForm`, built once
per width by :func:`byte_form`), so that ``G o T_m`` is one C call,
``T_m.translate(G)``: O(2**w) bytes, about 0.14 us at width 8.  :func:`compose`
chains those calls two steps at a time with no Python code per step (about
0.15 us a step whatever the input): the one composer of the width-8 routes and
of the other widths.  Past width 8 tables are integers
(:mod:`downwedig.engine.bit_tables`).

A :class:`Tables` object is a store of the tables a solver has met, each
*interned* as a small state number, so a memo deals in numbers only:
:class:`ByteTables` here, :class:`~downwedig.engine.bit_tables.BitTables` for any width.

>>> octets = ByteTables(2)
>>> octets.digit(octets.successor(octets.start(), 0b01))  # day 2, step 1 moving to the lost step 2
49
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
__all__ = ["ByteForm", "ByteTables", "byte_form", "compose"]

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
#: :func:`compose` runs fewer masks than this in a plain loop.
_SHORT_COMPOSE = 16


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
        self.pairs = _PairTables(self.through)
        self._probes: list[bytes] | None = None

    @property
    def probes(self) -> list[bytes]:
        """``probes[m]``: the windows at a step of mask ``m`` whose digits are that day's and the next's.

        Made when first composing (the memo's path does without them): O(2**w) then, O(1) after.
        (Not functools' cached_property: importing functools costs the one-file solution 4 ms
        under CPython, 13 under PyPy.)
        """
        if self._probes is None:
            self._probes = [bytes((self.start, t[self.start])) for t in self.through]
        return self._probes


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

    Fewer than :data:`_SHORT_COMPOSE` masks (the partners compose none, or a few, to the step where
    they stop) take a plain loop, a ``translate`` a step.  No import of ``array`` or
    ``collections``: ``array``'s own start-up imports ``collections.abc``, about 2 ms of the
    one-file solution's start (the keys are read through a memoryview instead).
    """
    if len(masks) < _SHORT_COMPOSE:
        through, start = form.through, form.start
        found = bytearray()
        for m in masks:
            found.append(table[start])
            table = through[m].translate(table)
        return bytes(found), table
    import sys  # (here, not at import: the memo's path does without them)
    from itertools import chain, tee

    if TYPE_CHECKING:
        from collections import deque
    else:
        try:
            from _collections import deque  # (CPython's and PyPy's: without importing collections)
        except ImportError:  # pragma: no cover (another Python)
            from collections import deque

    pairs, probes, start = form.pairs, form.probes, form.start
    parts = []
    for i in range(0, len(masks), _COMPOSE_BLOCK):
        block = masks[i : i + _COMPOSE_BLOCK]
        even = len(block) & ~1
        pair = block[:even]
        if sys.byteorder == "big":  # (bytes read two masks an item in the machine's order: a | b << 8 ...)
            swapped = bytearray(even)
            swapped[0::2], swapped[1::2] = pair[1::2], pair[0::2]
            pair = bytes(swapped)
        keys = memoryview(pair).cast("H")  # (... once the bytes are swapped on a big-endian machine)
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
