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

``G_{p+1}`` depends only on ``G_p`` and step ``p``'s move mask.  The engine
works in two modes (the tables themselves are in :mod:`downwedig.transitions`):

*Memo.*  Every ``G`` met is interned as a small state number and the
transitions ``(state, mask) -> state`` are memoised: the first
:data:`FLAT_STATES` states in a flat list (a step is one list index), later
ones in a dict.  On random, periodic and most crafted inputs only 3 to 200
states occur at ``n = 300,000``, and a step costs about 0.08 us.  But nothing
bounds the count below ``n``: the adversarial family ``novelty``
(:mod:`downwedig.contest.adversarial`) meets about 23,000 states and a new
transition on one step in five, and a miss costs about 30 hits.

*Composing.*  Up to width 8 a table is ``2**w`` bytes, and ``G o T_m o T_m'``
is one ``bytes.translate`` call with a table built once per pair of masks;
chained in C with no Python code per step, this costs about 0.15 us a step on
every input.  The memo may miss on one step in :data:`MISS_RATIO` (plus a
saved allowance for bursts, such as the first steps); when a block of
:data:`BLOCK` steps misses more, the rest of the block and the next few are
composed, twice as many each time the memo fails again.  So no input costs
much more than composing: ``novelty`` takes about twice as long as the
memo's best case (0.05 s against 0.023 s at ``n = 300,000``), where the memo
alone took 6 times as long.

Cost.  At width ``w <= 8``, O(n * 2**w) byte operations in C at worst --
the bound of the usual ``n x 2**w`` table, without the table -- and O(n)
memoised steps on most inputs.  Past width 8 (a window no longer fits a
byte) only the memo runs, with tables as ``2**w``-bit integers: a miss then
costs O(2**w / 8) bytes in C.  The memory is bounded whatever the input: the
memo is cleared when it holds :data:`MAX_STATES` states or
:data:`MAX_TRANSITIONS` dict transitions (about 16 MiB at width 8; wider
tables are capped by their size), and the pair tables are at most 65,536
(about 25 MiB, if an input met every pair of masks).  Nothing recurses, so
no input can overflow a stack.

>>> from downwedig import Staircase
>>> answer(Staircase.from_rows(["WWWWWWWW", "WWWWWWWW", "RRRRRRRR"]))
'211'
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator
from typing import Any

from .moves import packed_move_masks
from .staircase import Player, Staircase
from .transitions import bit_tables, byte_tables

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

#: Steps fed to the memo at a time (it is only cleared between blocks).
BLOCK = 4096

#: Up to width 8, the memo may miss on one step in MISS_RATIO (a miss costs about as
#: much as 30 hits), plus a saved allowance of up to MISS_ALLOWANCE misses for
#: bursts such as the first steps; past that, the block is finished by composing
#: tables, which costs the same on every input ...
MISS_RATIO = 32
MISS_ALLOWANCE = 512

#: ... and so are the next blocks, twice as many each time the memo loses again, up to this many.
MAX_BACKOFF = 64


class _MemoDefeated(Exception):
    """Raised by a miss when the block has used up its misses."""


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
        bits = bit_tables(width)  # (checks the width)
        # Up to width 8 a table is 2**w digit bytes (one C call per step, and steps can
        # be composed without the memo); wider, a window no longer fits a byte.
        self._octets = byte_tables(width) if width <= 8 else None
        self._bits = bits
        self._digit_of = self._octets.digit if self._octets is not None else bits.digit
        self._stride = 1 << width
        # Up to width 8 the first states' transitions sit in one flat list (a step is
        # one index); wider, a row of 2**w slots per state would be too big.
        self._flat_end = FLAT_STATES * self._stride if width <= 8 else 0
        self._unknown = [-1] * self._stride
        self._capacity = min(MAX_STATES, _WIDE_MEMO_BYTES // (bits.bytes + 128))
        self._misses_left = 0
        self._allowance = MISS_ALLOWANCE
        self._composing = 0  # blocks still to compose before the memo is tried again
        self._backoff = 1
        self._composed = 0
        self._reset_memo()
        self._state = self._intern(self._octets.g1 if self._octets is not None else bits.g1)

    def _reset_memo(self) -> None:
        # A table is bytes up to width 8 and an int past it (see downwedig.transitions).
        self._tables: list[Any] = []  # G of each state, by state number
        self._halves: list[tuple[int, int] | None] = []  # (ints) its split, once a transition needs it
        self._ids: dict[Any, int] = {}  # G -> state * stride
        self._next: list[int] = []  # flat: (state * stride + mask) -> next state * stride, or -1
        self._next_wide: dict[int, int] = {}  # the same for the states past the flat ones
        self._digit: dict[int, int] = {}  # state * stride -> ord('1') or ord('2')

    def _intern(self, table: Any) -> int:
        found = self._ids.get(table)
        if found is None:
            found = len(self._tables) * self._stride
            self._ids[table] = found
            self._tables.append(table)
            self._halves.append(None)
            if found < self._flat_end:
                self._next += self._unknown
            self._digit[found] = self._digit_of(table)
        return found

    def _successor(self, index: int, mask: int) -> Any:
        if self._octets is not None:
            return self._octets.through[mask].translate(self._tables[index])
        halves = self._halves[index]
        if halves is None:
            halves = self._halves[index] = self._bits.split(self._tables[index])
        return self._bits.select(halves, mask)

    def _miss(self, state: int, mask: int) -> int:
        # A transition never met: about 0.4 us at width 8 (1 us past it).
        self._misses_left -= 1
        if self._misses_left < 0:
            raise _MemoDefeated
        table = self._successor(state // self._stride, mask)
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
    def composed(self) -> int:
        """How many steps were answered by composing tables rather than by the memo."""
        return self._composed

    @property
    def transitions(self) -> int:
        """How many transitions the memo holds now."""
        return sum(1 for t in self._next if t >= 0) + len(self._next_wide)

    def feed(self, masks: Iterable[int]) -> bytes:
        """Digits (``b'1'``/``b'2'``) of the next days, one per move mask. O(len(masks)) memoised.

        A mask outside ``0..2**w - 1`` raises :class:`ValueError` (it would
        otherwise index another state's transitions).
        """
        if not isinstance(masks, (bytes, bytearray, list)):
            masks = list(masks)
        if masks and (self._stride < 256 or not isinstance(masks, (bytes, bytearray))):
            low, high = min(masks), max(masks)
            if low < 0 or high >= self._stride:
                bad = low if low < 0 else high
                raise ValueError(f"move mask {bad} is outside 0..{self._stride - 1} for width {self._bits.width}")
        return self._feed_valid(masks)

    def _feed_valid(self, masks: bytes | bytearray | list[int]) -> bytes:
        # Masks known to be in range: answer_chunks computes them itself.
        # The memo makes many small objects, none of them in a reference cycle; left on,
        # the cyclic garbage collector would rescan them again and again (up to 40% of
        # the time on inputs with many states).
        collecting = gc.isenabled()
        gc.disable()
        try:
            return b"".join(self._feed_block(masks[i : i + BLOCK]) for i in range(0, len(masks), BLOCK))
        finally:
            if collecting:
                gc.enable()

    def _feed_block(self, masks: bytes | bytearray | list[int]) -> bytes:
        if len(self._tables) > self._capacity or len(self._next_wide) > MAX_TRANSITIONS:
            table = self._tables[self._state // self._stride]
            self._reset_memo()
            self._state = self._intern(table)
        if self._composing:
            self._composing -= 1
            return self._compose(self._state, masks)
        # The memo is only cleared between blocks, so the states recorded in `seen`
        # stay valid until they become digits.
        self._misses_left = self._allowance + len(masks) // MISS_RATIO if self._octets is not None else len(masks)
        state = self._state
        miss = self._miss
        flat_end = self._flat_end
        nxt = self._next
        lookup = self._next_wide.get
        seen: list[int] = []
        record = seen.append
        try:
            for mask in masks:  # the hot loop: one list index per step, as a rule
                record(state)
                following = nxt[state + mask] if state < flat_end else lookup(state + mask, -1)
                if following < 0:
                    following = miss(state, mask)
                state = following
        except _MemoDefeated:
            # Too many new transitions: the rest of the block, and the next few, cost
            # less composed.  `state` is where the loop stopped, before masks[done].
            done = len(seen) - 1
            self._allowance = 0
            self._composing = self._backoff
            self._backoff = min(2 * self._backoff, MAX_BACKOFF)
            return bytes(map(self._digit.__getitem__, seen[:done])) + self._compose(state, masks[done:])
        self._backoff = 1
        self._allowance = min(self._misses_left, MISS_ALLOWANCE)
        self._state = state
        return bytes(map(self._digit.__getitem__, seen))

    def _compose(self, state: int, masks: bytes | bytearray | list[int]) -> bytes:
        assert self._octets is not None  # the memo only gives up below width 9
        digits, table = self._octets.compose(self._tables[state // self._stride], bytes(masks))
        self._composed += len(masks)
        self._state = self._intern(table)
        return digits


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
            yield solver._feed_valid(_as_masks(masks, stride))
            pending = pending[ready:]
    if pending:
        yield solver._feed_valid(_as_masks(packed_move_masks(pending, width), stride))


def _as_masks(lanes: bytes, stride: int) -> bytes | list[int]:
    if stride == 1:
        return lanes
    return [lo | hi << 8 for lo, hi in zip(lanes[0::2], lanes[1::2], strict=True)]


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
