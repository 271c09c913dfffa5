"""The fast solver: every day's winner in one pass from the top of the staircase.

The idea.  On day ``k`` step ``k`` is lost for the player to move, and a step
``i < k`` is won exactly when one of its moves reaches a lost step.  A move
goes at most ``w`` steps down (``w`` = pieces per step, 8 in the problem), so
step ``i``'s status depends only on the *window* of statuses of steps
``i+1..i+w``.  Read that top-down: let ``G_p`` be the function "window at step
``p`` -> is step 1 won?" (a table of ``2**w`` bits, kept as one integer).
``G_1`` is "bit 0 of the window", and ``G_{p+1}(x) = G_p(T_p(x))``, where
``T_p(x) = (x << 1 | step p is won) mod 2**w`` and step ``p`` is won when its
move mask meets a lost bit of ``x``.  Day ``k``'s answer is ``G_k`` at the
window "step ``k`` lost, the rest won" (steps that do not exist cannot be
moved to, so they count as won).

``G_{p+1}`` depends only on ``G_p`` and step ``p``'s move mask, so the engine
interns every ``G`` it meets as a small state number and memoises the
transitions ``(state, mask) -> state``: the first :data:`FLAT_STATES` states
in a flat list (a step is one list index), later ones in a dict.  On random,
periodic and most crafted inputs only 3 to 200 states occur at ``n = 300,000``.
The adversarial family ``novelty`` (:mod:`downwedig.contest.adversarial`),
built to meet a new state at every step it can, reaches about 23,000 states
and 58,000 transitions (a miss on one step in five); nothing known bounds
the count below ``n``.

Cost.  A memoised step is O(1).  A new transition needs the state's table
split into its even and odd bits -- done once per state with a few C-level
byte operations (``bytes.translate`` takes 8 bits at a time), O(2**w / 8)
bytes, under 1 us at width 8 -- and then a select of the two halves, O(2**w /
64) words; interning the result hashes O(2**w / 64) words.  So the worst case
is O(n * 2**w / 64) word operations -- better than the O(n * 2**w) table of
the usual solution, and about 0.4 s at ``n = 300,000`` if every step missed
(measured by disabling the memo) -- and the memory is bounded whatever the
input: the memo is cleared when it holds :data:`MAX_STATES` states or
:data:`MAX_TRANSITIONS` dict transitions (about 16 MiB at width 8; wider
tables are capped by their size).  Nothing recurses, so no input can
overflow a stack.

>>> from downwedig import Staircase
>>> answer(Staircase.from_rows(["WWWWWWWW", "WWWWWWWW", "RRRRRRRR"]))
'211'
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator

from .moves import packed_move_masks
from .staircase import Player, Staircase, _check_width

__all__ = ["MAX_STATES", "Solver", "answer", "answer_chunks", "winners"]

#: The memo is cleared when it holds this many states, which bounds its memory
#: whatever the input (about 16 MiB at width 8; wider tables are capped by size).
MAX_STATES = 32768

#: ... or this many transitions outside the flat table.
MAX_TRANSITIONS = 1 << 17

#: The first states (the hot ones: they are met first) get a flat row of all 2**w
#: transitions, so that a step is one list index; later states use a dict.
FLAT_STATES = 1024

#: Bytes of tables the memo may hold for widths above 8 (a table is 2**w bits).
_WIDE_MEMO_BYTES = 1 << 24

_DINA, _DIMA = ord("1"), ord("2")


def _nibble_table(parity: int, shift: int) -> bytes:
    """Byte -> its 4 bits at positions of this parity, packed into a nibble shifted by ``shift``."""
    return bytes(sum((v >> (2 * i + parity) & 1) << i for i in range(4)) << shift for v in range(256))


_EVEN_LOW, _EVEN_HIGH = _nibble_table(0, 0), _nibble_table(0, 4)
_ODD_LOW, _ODD_HIGH = _nibble_table(1, 0), _nibble_table(1, 4)


class _Tables:
    """Bit patterns over the ``2**w`` windows of one width, built once per width."""

    def __init__(self, width: int) -> None:
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


_TABLES: dict[int, _Tables] = {}


def _tables(width: int) -> _Tables:
    _check_width(width)
    found = _TABLES.get(width)
    if found is None:
        found = _TABLES[width] = _Tables(width)
    return found


class Solver:
    """Answers day after day from move masks fed in order; keeps only O(1) state.

    Feeding the move mask of step ``k`` returns day ``k``'s digit: ``G_k`` is
    known from the masks of steps ``1..k-1``.  Used by :func:`answer` and by the
    streaming command.

    >>> solver = Solver(width=8)
    >>> solver.feed(bytes([0b1, 0b1, 0b0]))
    b'212'
    """

    def __init__(self, width: int = 8) -> None:
        self._t = _tables(width)
        self._split = self._t.split
        self._moving = self._t.moving
        self._start = self._t.start
        self._stride = 1 << width
        # Up to width 8 the first states' transitions sit in one flat list (a step is
        # one index); wider, a row of 2**w slots per state would be too big.
        self._flat_end = FLAT_STATES * self._stride if width <= 8 else 0
        self._unknown = [-1] * self._stride
        self._capacity = min(MAX_STATES, _WIDE_MEMO_BYTES // (self._t.bytes + 128))
        self._reset_memo()
        self._state = self._intern(self._t.g1)

    def _reset_memo(self) -> None:
        self._tables: list[int] = []  # G of each state, by state number
        self._halves: list[tuple[int, int] | None] = []  # its split, once a transition needs it
        self._ids: dict[int, int] = {}  # G -> state * stride
        self._next: list[int] = []  # flat: (state * stride + mask) -> next state * stride, or -1
        self._next_wide: dict[int, int] = {}  # the same for the states past the flat ones
        self._digit: dict[int, int] = {}  # state * stride -> ord('1') or ord('2')

    def _intern(self, table: int) -> int:
        found = self._ids.get(table)
        if found is None:
            found = len(self._tables) * self._stride
            self._ids[table] = found
            self._tables.append(table)
            self._halves.append(None)
            if found < self._flat_end:
                self._next += self._unknown
            self._digit[found] = _DINA if table >> self._start & 1 else _DIMA
        return found

    def _miss(self, state: int, mask: int) -> int:
        # A transition never met: about 1 us at width 8.  (Kept lean: on inputs built
        # to defeat the memo, this runs for one step in five.)
        index = state // self._stride
        halves = self._halves[index]
        if halves is None:
            halves = self._halves[index] = self._split(self._tables[index])
        won, lost = self._moving(mask)
        table = (won & halves[1]) | (lost & halves[0])  # _Tables.select, inlined
        following = self._ids.get(table)
        if following is None:
            following = self._intern(table)
        if state < self._flat_end:
            self._next[state + mask] = following
        else:
            self._next_wide[state + mask] = following
        return following

    @property
    def states(self) -> int:
        """How many distinct states the memo holds now."""
        return len(self._tables)

    @property
    def transitions(self) -> int:
        """How many transitions the memo holds now."""
        return sum(1 for t in self._next if t >= 0) + len(self._next_wide)

    def feed(self, masks: Iterable[int]) -> bytes:
        """Digits (``b'1'``/``b'2'``) of the next days, one per move mask. O(len(masks)) memoised."""
        if not isinstance(masks, (bytes, bytearray, list)):
            masks = list(masks)
        # The memo makes many small objects, none of them in a reference cycle; left on,
        # the cyclic garbage collector would rescan them again and again (up to 40% of
        # the time on inputs with many states).
        collecting = gc.isenabled()
        gc.disable()
        try:
            return b"".join(self._feed_block(masks[i : i + 4096]) for i in range(0, len(masks), 4096))
        finally:
            if collecting:
                gc.enable()

    def _feed_block(self, masks: bytes | bytearray | list[int]) -> bytes:
        # The memo is only cleared between blocks, so the states recorded in `seen`
        # stay valid until they become digits.
        if len(self._tables) > min(self._capacity, MAX_STATES) or len(self._next_wide) > MAX_TRANSITIONS:
            table = self._tables[self._state // self._stride]
            self._reset_memo()
            self._state = self._intern(table)
        state = self._state
        miss = self._miss
        flat_end = self._flat_end
        nxt = self._next
        lookup = self._next_wide.get
        seen: list[int] = []
        record = seen.append
        for mask in masks:  # the hot loop: one list index per step, as a rule
            record(state)
            following = nxt[state + mask] if state < flat_end else lookup(state + mask, -1)
            if following < 0:
                following = miss(state, mask)
            state = following
        self._state = state
        return bytes(map(self._digit.__getitem__, seen))


def answer_chunks(chunks: Iterable[bytes], width: int = 8) -> Iterator[bytes]:
    """Digits for a staircase given as consecutive chunks of packed steps.

    Each chunk is in :attr:`Staircase.packed` form.  Day ``k``'s digit is
    yielded once step ``k + width`` is known (or the input ends), so memory
    stays O(largest chunk) however long the staircase.  Cost: O(n) memoised.

    >>> b"".join(answer_chunks([bytes([0]), bytes([0, 255])]))
    b'211'
    """
    solver = Solver(width)
    stride = 1 if width <= 8 else 2
    keep = width * stride  # the last `width` steps still wait for the steps below them
    pending = b""
    for chunk in chunks:
        pending += chunk
        ready = len(pending) - keep
        if ready > 0:
            masks = packed_move_masks(pending, width)[:ready]
            yield solver.feed(_as_masks(masks, stride))
            pending = pending[ready:]
    if pending:
        yield solver.feed(_as_masks(packed_move_masks(pending, width), stride))


def _as_masks(lanes: bytes, stride: int) -> Iterable[int]:
    if stride == 1:
        return lanes
    return (lo | hi << 8 for lo, hi in zip(lanes[0::2], lanes[1::2], strict=True))


def answer(staircase: Staircase) -> str:
    """The judge's answer: one digit per day, ``'1'`` if Dina wins it, ``'2'`` if Dima does.

    Cost: O(n) memoised steps plus the move masks (see :mod:`downwedig.moves`);
    about 0.07 s for ``n = 300,000`` in CPython.

    >>> answer(Staircase.from_rows(["WW", "WW"]))
    '21'
    """
    return b"".join(answer_chunks([staircase.packed], staircase.width)).decode("ascii")


def winners(staircase: Staircase) -> list[Player]:
    """Each day's winner, day 1 first (``winners(s)[k - 1]`` is day ``k``'s). O(n).

    >>> winners(Staircase.from_rows(["WW", "WW"]))
    [<Player.DIMA: 2>, <Player.DINA: 1>]
    """
    players = {ord("1"): Player.DINA, ord("2"): Player.DIMA}
    return [players[d] for d in answer(staircase).encode("ascii")]
