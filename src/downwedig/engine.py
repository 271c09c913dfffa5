"""The fast solver: every day's winner in one pass from the top of the staircase.

The idea.  On day ``k`` step ``k`` is lost for the player to move, and a step
``i < k`` is won exactly when one of its moves reaches a lost step.  A move
goes at most ``w`` steps down (``w`` = pieces per step, 8 in the problem), so
step ``i``'s status depends only on the *window* of statuses of steps
``i+1..i+w``.  Read that top-down: let ``G_p`` be the function "window at step
``p`` -> is step 1 won?" (a table of ``2**w`` entries).  ``G_1`` is "bit 0 of
the window", and ``G_{p+1}(x) = G_p(T_p(x))``, where ``T_p(x) = (x << 1 | step
p is won) mod 2**w`` and step ``p`` is won when its move mask meets a lost bit
of ``x``.  Day ``k``'s answer is ``G_k`` at the window "step ``k`` lost, the
rest won" (steps that do not exist cannot be moved to, so they count as won).

``G_{p+1}`` depends only on ``G_p`` and step ``p``'s move mask.  The tables
live in a store (:class:`~downwedig._tables.Tables`) that numbers each table
it meets; this module decides how to walk from one to the next, in two modes:

*Memo.*  The transitions ``(state, mask) -> state`` are memoised: the first
:attr:`MemoLimits.flat_states` states in a flat list (a step is one list
index), later ones in a dict.  On random, periodic and most crafted inputs
only 3 to 200 states occur at ``n = 300,000``, and a step costs about 0.08 us.
But nothing bounds the count below ``n``: the adversarial family ``novelty``
(:mod:`downwedig.contest.adversarial`) meets about 23,000 states and a new
transition on one step in five, and a miss costs about 30 hits.

*Composing.*  Up to width 8 a table is ``2**w`` bytes, and ``G o T_m o T_m'``
is one ``bytes.translate`` call with a table built once per pair of masks;
chained in C with no Python code per step, this costs about 0.15 us a step on
every input.  The memo may miss on one step in :attr:`MemoLimits.miss_ratio`
(plus a saved allowance for bursts, such as the first steps); when a block of
:attr:`MemoLimits.block` steps misses more, the rest of the block and the next
few are composed, twice as many each time the memo fails again.  So no input
costs much more than composing.

Cost.  At width ``w <= 8``, O(n * 2**w) byte operations in C at worst --
the bound of the usual ``n x 2**w`` table, without the table -- and O(n)
memoised steps on most inputs.  Past width 8 (a window no longer fits a
byte) only the memo runs, with tables as ``2**w``-bit integers: a miss then
costs O(2**w / 8) bytes in C.  The memory is bounded whatever the input: the
memo starts afresh when it holds :attr:`MemoLimits.max_states` states or
:attr:`MemoLimits.max_transitions` dict transitions (about 16 MiB at width 8;
wider tables are capped by their size), and the pair tables are at most
65,536 (about 25 MiB, if an input met every pair of masks).  Nothing
recurses, so no input can overflow a stack.

>>> from downwedig import Staircase
>>> answer(Staircase.from_rows(["WWWWWWWW", "WWWWWWWW", "RRRRRRRR"]))
'211'
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator, Sequence

from ._tables import BitForm, BitTables, ByteTables, bit_form
from .errors import InvalidMask
from .moves import packed_move_masks
from .staircase import WIDTH, Player, Staircase, bytes_per_step, check_width, unpack_values

TYPE_CHECKING = False  # (not typing's, whose import costs more than a small input)
if TYPE_CHECKING:
    from ._tables import Tables

__all__ = ["BitForm", "MemoLimits", "Solver", "answer", "answer_chunks", "bit_form", "winners"]


class MemoLimits:
    """The engine's tunables: how big its memo may grow and how often it may miss.

    The defaults suit every input tried; tests pass tiny limits to force each
    path (clearing, the dict, composing, switching) many times.

    >>> MemoLimits(max_states=4).max_states, MemoLimits().block
    (4, 4096)
    """

    __slots__ = (
        "block",
        "flat_states",
        "max_backoff",
        "max_states",
        "max_transitions",
        "memo_bytes",
        "miss_allowance",
        "miss_ratio",
    )

    def __init__(
        self,
        *,
        max_states: int = 32768,
        max_transitions: int = 1 << 17,
        flat_states: int = 1024,
        memo_bytes: int = 1 << 24,
        block: int = 4096,
        miss_ratio: int = 32,
        miss_allowance: int = 512,
        max_backoff: int = 64,
    ) -> None:
        #: The memo starts afresh when it holds this many states (bounds its memory) ...
        self.max_states = max_states
        #: ... or this many transitions outside the flat table.
        self.max_transitions = max_transitions
        #: The first states (the hot ones: they are met first) get a flat row of all
        #: 2**w transitions, so that a step is one list index; later states use a dict.
        #: (Up to width 8 only: wider, a row of 2**w slots per state would be too big.)
        self.flat_states = flat_states
        #: Bytes of tables the memo may hold (caps the states of wide tables).
        self.memo_bytes = memo_bytes
        #: Steps fed to the memo at a time (it only starts afresh between blocks).
        self.block = block
        #: The memo may miss on one step in miss_ratio (a miss costs about as much as
        #: 30 hits), plus a saved allowance of up to miss_allowance misses for bursts
        #: such as the first steps; past that, the block is finished by composing
        #: tables, which costs the same on every input ...
        self.miss_ratio = miss_ratio
        self.miss_allowance = miss_allowance
        #: ... and so are the next blocks, twice as many each time the memo loses again, up to this many.
        self.max_backoff = max_backoff

    def __repr__(self) -> str:
        return "MemoLimits(" + ", ".join(f"{name}={getattr(self, name)}" for name in self.__slots__) + ")"


class _MemoDefeated(Exception):
    """Raised by a miss when the block has used up its misses."""


class Solver:
    """Answers day after day from move masks fed in order; keeps O(1) state whatever ``n``.

    Feeding the move mask of step ``k`` returns day ``k``'s digit: ``G_k`` is
    known from the masks of steps ``1..k-1``.  Used by :func:`answer_chunks`.

    >>> solver = Solver(width=8)
    >>> solver.feed(bytes([0b1, 0b1, 0b0]))
    b'212'
    """

    def __init__(self, width: int = WIDTH, *, limits: MemoLimits | None = None) -> None:
        check_width(width)
        self._limits = limits = limits or MemoLimits()
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
        self._composed = 0
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

    @property
    def composed(self) -> int:
        """How many steps were answered by composing tables rather than by the memo."""
        return self._composed

    def feed(self, masks: Iterable[int]) -> bytes:
        """Digits (``b'1'``/``b'2'``) of the next days, one per move mask. O(len(masks)) memoised.

        A mask outside ``0..2**w - 1`` raises :class:`~downwedig.errors.InvalidMask`
        (it would otherwise index another state's transitions).
        """
        values: bytes | bytearray | list[int] = masks if isinstance(masks, (bytes, bytearray, list)) else list(masks)
        if values and not (self._stride == 256 and isinstance(values, (bytes, bytearray))):
            low, high = min(values), max(values)
            if low < 0 or high >= self._stride:
                raise InvalidMask(low if low < 0 else high, self._width)
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
            return bytes(map(self._digit.__getitem__, seen[:done])) + self._compose(row, masks[done:])
        self._backoff = 1
        self._allowance = min(self._misses_left, limits.miss_allowance)
        self._row = row
        return bytes(map(self._digit.__getitem__, seen))

    def _compose(self, row: int, masks: Sequence[int]) -> bytes:
        digits, state = self._tables.compose(row // self._stride, bytes(masks))
        self._composed += len(masks)
        self._row = self._row_of(state)
        return digits


def answer_chunks(chunks: Iterable[bytes], width: int = WIDTH, *, limits: MemoLimits | None = None) -> Iterator[bytes]:
    """Digits for a staircase given as consecutive chunks of packed steps.

    Each chunk is in :attr:`Staircase.packed` form.  Day ``k``'s digit is
    yielded once step ``k + width`` is known (or the input ends), so memory
    stays O(largest chunk) however long the staircase.  Cost: O(n) memoised.

    >>> b"".join(answer_chunks([bytes([0]), bytes([0, 255])]))
    b'211'
    """
    solver = Solver(width, limits=limits)
    size = bytes_per_step(width)
    keep = width * size  # the last `width` steps still wait for the steps below them
    pending = b""
    for chunk in chunks:
        pending += chunk
        ready = len(pending) - keep
        if ready > 0:
            yield solver.feed(unpack_values(packed_move_masks(pending, width)[:ready], width))
            pending = pending[ready:]
    if pending:
        yield solver.feed(unpack_values(packed_move_masks(pending, width), width))


def answer(staircase: Staircase, *, limits: MemoLimits | None = None) -> str:
    """The judge's answer: one digit per day, ``'1'`` if Dina wins it, ``'2'`` if Dima does.

    Cost: O(n) memoised steps plus the move masks (see :mod:`downwedig.moves`);
    about 0.07 s for ``n = 300,000`` in CPython.

    >>> answer(Staircase.from_rows(["WW", "WW"]))
    '21'
    """
    return b"".join(answer_chunks([staircase.packed], staircase.width, limits=limits)).decode("ascii")


def winners(staircase: Staircase) -> list[Player]:
    """Each day's winner, day 1 first (``winners(s)[k - 1]`` is day ``k``'s). O(n).

    >>> winners(Staircase.from_rows(["WW", "WW"]))
    [<Player.DIMA: 2>, <Player.DINA: 1>]
    """
    players = {ord("1"): Player.DINA, ord("2"): Player.DIMA}
    return [players[d] for d in answer(staircase).encode("ascii")]
