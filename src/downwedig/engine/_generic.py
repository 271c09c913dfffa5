"""The engine for every width but 8: a memo of transitions between tables, or tables composed in C.

The tables ``G`` (see :mod:`downwedig.engine`) live in a store
(:class:`~downwedig.engine.tables.Tables`) that numbers each table it meets; this
solver walks from one to the next in two modes.  It serves every width but 8,
the judge's, which has faster routes of its own (:mod:`downwedig.engine.solver`).

*Memo.*  The transitions ``(state, mask) -> state`` are memoised: the first
:attr:`MemoLimits.flat_states` states in a flat list (a step is one list
index), later ones in a dict; about 0.08 us a step on most inputs.

*Composing.*  Up to width 8 a table is ``2**w`` bytes, and two steps are one
``bytes.translate`` call with a table built once per pair of masks; chained in
C (:func:`downwedig.engine.tables.compose`, which width 8 runs too), about
0.15 us a step on every input.  When a block of
:attr:`MemoLimits.block` steps misses more than one step in
:attr:`MemoLimits.miss_ratio` (plus a saved allowance for bursts), the rest
of the block and the next few are composed, twice as many each time the memo
fails again.

Cost: O(n * 2**w) byte operations in C at worst up to width 8, O(n) memoised
steps on most inputs; past width 8 only the memo runs (a miss costs O(2**w /
8) bytes in C).  Memory: the memo starts afresh at :attr:`MemoLimits.max_states`
states or :attr:`MemoLimits.max_transitions` dict transitions; the composer
forgets its pair tables past 8,192 (``tables._MAX_PAIRS``, about 3 MiB).
"""

from __future__ import annotations

import gc

from .bit_tables import BitTables
from .tables import ByteTables

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from .limits import MemoLimits
    from .tables import Tables

#: The indexes of :attr:`downwedig.engine.Solver.routes` this solver counts in.
_MEMO, _COMPOSE = 0, 2


class _MemoDefeated(Exception):
    """Raised by a miss when the block has used up its misses."""


class GenericSolver:
    """The memo-or-compose solver of every width (see the module docstring); keeps O(1) state whatever ``n``.

    ``routes`` is the list of the steps each route answered (the :class:`~downwedig.engine.Solver`'s):
    this solver adds the steps it memoised and those it composed.

    >>> from downwedig.engine import MemoLimits
    >>> routes = [0, 0, 0, 0]
    >>> GenericSolver(3, MemoLimits(), routes).feed(bytes([0b1, 0b1, 0b0])), routes
    (b'212', [3, 0, 0, 0])
    """

    def __init__(self, width: int, limits: MemoLimits, routes: list[int]) -> None:
        self._limits = limits
        self._routes = routes
        self._width = width
        self._tables: Tables = ByteTables(width) if width <= 8 else BitTables(width)
        # A state's transitions are found at row = state * 2**w (+ mask): the ids are
        # kept pre-multiplied so that the hot loop adds the mask and indexes at once.
        self._stride = 1 << width
        self._flat_end = limits.flat_states * self._stride if width <= 8 else 0
        self._unknown = [-1] * self._stride
        self._capacity = min(limits.max_states, limits.memo_bytes // ((1 << width) // 8 + 128))
        self._misses_left = 0
        self._allowance = limits.miss_allowance
        self._composing = 0  # blocks still to compose before the memo is tried again
        self._backoff = 1
        self._clear_memo()
        self._row = self._row_of(self._tables.start())

    def _clear_memo(self) -> None:
        self._next: list[int] = []  # flat: (row + mask) -> next row, or -1
        self._next_wide: dict[int, int] = {}  # the same for the states past the flat ones
        self._digit: dict[int, int] = {}  # row -> ord('1') or ord('2')
        # Each state's row as one shared int object: every transition into a state then
        # holds the same object, which measured 10% faster in the hot loop than equal
        # ints made afresh for each transition.
        self._rows: list[int] = []

    def _row_of(self, state: int) -> int:
        """The row of ``state``, giving rows to the store's new states (they are numbered in order)."""
        rows = self._rows
        while len(rows) <= state:
            row = len(rows) * self._stride
            if row < self._flat_end:
                self._next += self._unknown
            self._digit[row] = self._tables.digit(len(rows))
            rows.append(row)
        return rows[state]

    def _miss(self, row: int, mask: int) -> int:
        # A transition never met: about 0.4 us at width 8 (1 us past it).
        self._misses_left -= 1
        if self._misses_left < 0:
            raise _MemoDefeated
        following = self._row_of(self._tables.successor(row // self._stride, mask))
        if row < self._flat_end:
            self._next[row + mask] = following
        else:
            self._next_wide[row + mask] = following
        return following

    def feed(self, values: bytes | list[int]) -> bytes:
        """Digits (``b'1'``/``b'2'``) of the next days, one per move mask (checked by the caller). O(len) memoised."""
        # The memo makes many small objects, none of them in a reference cycle; left on,
        # the cyclic garbage collector would rescan them again and again (up to 40% of
        # the time on inputs with many states).
        collecting = gc.isenabled()
        gc.disable()
        try:
            block = self._limits.block
            return b"".join(self._feed_block(values[i : i + block]) for i in range(0, len(values), block))
        finally:
            if collecting:
                gc.enable()

    def _feed_block(self, masks: Sequence[int]) -> bytes:
        limits = self._limits
        if len(self._tables) > self._capacity or len(self._next_wide) > limits.max_transitions:
            state = self._tables.restart(self._row // self._stride)
            self._clear_memo()
            self._row = self._row_of(state)
        if self._composing:
            self._composing -= 1
            return self._compose(self._row, masks)
        # The memo only starts afresh between blocks, so the rows recorded in `seen`
        # stay valid until they become digits.
        if self._tables.composes:
            self._misses_left = self._allowance + len(masks) // limits.miss_ratio
        else:
            self._misses_left = len(masks)  # nothing faster to fall back on
        row = self._row
        miss = self._miss
        flat_end = self._flat_end
        nxt = self._next
        lookup = self._next_wide.get
        seen: list[int] = []
        record = seen.append
        try:
            for mask in masks:  # the hot loop: one list index per step, as a rule
                record(row)
                following = nxt[row + mask] if row < flat_end else lookup(row + mask, -1)
                if following < 0:
                    following = miss(row, mask)
                row = following
        except _MemoDefeated:
            # Too many new transitions: the rest of the block, and the next few, cost
            # less composed.  `row` is where the loop stopped, before masks[done].
            done = len(seen) - 1
            self._allowance = 0
            self._composing = self._backoff
            self._backoff = min(2 * self._backoff, limits.max_backoff)
            self._routes[_MEMO] += done
            return bytes(map(self._digit.__getitem__, seen[:done])) + self._compose(row, masks[done:])
        self._backoff = 1
        self._allowance = min(self._misses_left, limits.miss_allowance)
        self._row = row
        self._routes[_MEMO] += len(seen)
        return bytes(map(self._digit.__getitem__, seen))

    def _compose(self, row: int, masks: Sequence[int]) -> bytes:
        digits, state = self._tables.compose(row // self._stride, bytes(masks))
        self._routes[_COMPOSE] += len(masks)
        self._row = self._row_of(state)
        return digits
