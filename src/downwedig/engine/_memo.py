"""The memo of editorial section 7: ``(state, mask) -> state`` over interned tables, and two walks up.

``G_p`` (window at step ``p`` -> the day's digit, see :mod:`downwedig.engine`)
is kept as 256 digit bytes and ``T_m`` as a 256-byte translate table (the
width-8 :class:`~downwedig.engine.tables.ByteForm`), so ``G_{p+1} = G_p o
T_m`` is one C call, ``T_m.translate(G_p)`` (about 0.14 us).

:class:`Memo` numbers the tables it meets and memoises ``(state, mask) ->
state`` in 2-D rows, so a step of the walk is ``s = rows[s][m]`` inside a list
comprehension: about 15 ns.  A state's whole row (every mask the input holds)
is filled the first time the walk reaches it, so the walk misses once per
state visited, not once per transition.  A state's number is odd exactly when
Dina wins its day and below 256 once visited (while there are such numbers
left), so a walk's states become digits with ``bytes(states).translate(...)``.
Cost: O(1) per step plus O(masks present) translates per state visited;
memory: about 2.3 KiB per visited state (its row) and 0.4 KiB per state met.

Two more uses of the same tables: :func:`walk_up` follows one day's window up
the staircase (about 25 ns a step), and :func:`rebuild` recovers ``G_q``
exactly from the answers of the days just above step ``q`` when no window
travels further up than a few hundred steps (O(depth) translates: a few
microseconds), so a walk can restart anywhere.  Composing many steps with no
memo is :func:`downwedig.engine.tables.compose`.

>>> memo = Memo(bytes([0, 1]))  # the masks the input holds
>>> s = memo.visit(memo.start_id)  # G_1's row filled
>>> digits([s, memo.rows[s][1]])  # day 1, then day 2 where step 1 moves to the lost step 2
b'21'
"""

from __future__ import annotations

import sys

from .tables import byte_form

#: The width-8 tables' constants: ``FORM.through[m]`` is ``T_m``, ``FORM.g1`` is ``G_1``.
FORM = byte_form(8)
#: The window of day ``k`` at step ``k``: step ``k`` lost, the steps below it (absent) count as won.
START = FORM.start
#: The absorbing id of a transition not computed yet.
MISS = 1
#: A state id's digit: odd ids are Dina's days (``'1'``), even ids Dima's (``'2'``).
PARITY = bytes(50 - (b & 1) for b in range(256))
#: Whether an array's items start with their lowest byte.
_LITTLE = sys.byteorder == "little"
#: ``G_1``: Dina wins day 1's game from a window exactly when step 1 is won (bit 0).
G1 = FORM.g1
_IDENTITY = bytes(range(256))
#: What filling a row costs besides its transitions, in transitions (making the row, renumbering).
_ROW_COST = 16


def digits(states: list[int]) -> bytes:
    """The digits of a walk's state ids (their parity). O(len) in C; slower past id 255.

    >>> digits([0, 3, 300])
    b'212'
    """
    try:
        return bytes(states).translate(PARITY)
    except ValueError:
        # Past 255: the lowest byte of each id has its parity; an array holds the ids as machine
        # integers, so every itemsize-th byte of its bytes is that lowest byte (4x faster than a map).
        from array import array

        wide = array("I", states)
        step = wide.itemsize
        return wide.tobytes()[0 if _LITTLE else step - 1 :: step].translate(PARITY)


def present(masks: bytes) -> bytes:
    """The distinct values of ``masks``, sorted: O(len(masks) * distinct / 512) in C (0.2 ms for 300,000).

    >>> present(bytes([5, 1, 5, 0]))
    b'\\x00\\x01\\x05'
    """
    seen: set[int] = set()
    rest = masks
    while rest:
        head = set(rest[:512])
        seen |= head
        rest = rest.translate(None, bytes(head))
    return bytes(sorted(seen))


def walk_up(masks: bytes, window: int) -> int:
    """The window reached from ``window`` (at the step after the last mask) up through ``masks``. O(len), 25 ns a step.

    >>> walk_up(bytes([1]), START)  # one step above a lost step, with a move to it: won
    253
    """
    tt = FORM.through
    for m in masks[::-1]:
        window = tt[m][window]
    return window


def rebuild(masks: bytes, known: bytes | bytearray | list[int], q: int, depth: int) -> bytes | None:
    """``G_q`` from the digits ``known[k]`` of the days ``q - depth .. q - 1``, or None if they do not decide it.

    ``masks[k]`` is step ``k``'s mask.  Every window at step ``q`` goes up to
    some window at ``p = q - depth``; when each one it can reach is a known
    day's window there, ``G_q(x)`` is that day's digit, for every ``x``.  It
    fails when a window travels further than ``depth`` steps before it meets a
    day's (stutter-like inputs).  O(depth) translates of 256 bytes, O(depth**2)
    bytes in C.

    >>> masks = bytes([0xFF] * 40)  # equal rows: a subtraction game, every G alike
    >>> from downwedig.engine.tables import compose
    >>> table = rebuild(masks, b"2" + b"1" * 8 + b"2" + b"1" * 8, 18, 16)
    >>> table == compose(FORM, G1, masks[:18])[1]
    True
    """
    p = q - depth
    if p < 0:
        return None
    tt = FORM.through
    windows = b""  # windows[i]: day q - 1 - i's window at the current step
    reach = _IDENTITY  # reach[x]: where window x at step q is at the current step
    for s in range(q - 1, p - 1, -1):
        t = tt[masks[s]]
        windows = windows.translate(t) + b"\xfe"
        reach = reach.translate(t)
    if reach.translate(None, windows):
        return None
    answers = bytearray(256)
    for i, w in enumerate(windows):
        answers[w] = known[q - 1 - i]
    return reach.translate(answers)


def walk(memo: Memo, masks: bytes, pos: int, end: int, base: int, states: list[int]) -> int:
    """Walk the memo from ``states[-1]`` (``G`` at step ``pos``) along ``masks[pos:end]``, appending
    each step's state to ``states``; return where it stopped: ``end``, a fixed state, or a state
    whose row is not filled (the last of ``states``).

    The first step of ``masks`` is step ``base`` of the staircase.  A list comprehension does a
    step in about 20 ns; more when there are many states.  Inputs that repeat themselves (periodic,
    cycles, stutter: the walk meets the same state at the start of the same masks again and again)
    go faster by :data:`BLOCK` steps at a time: each such walk is kept in :attr:`Memo.blocks`
    under the state and the masks, and read back in a few hundred ns.  Blocks are tried while
    they are found more often than not (a credit of :data:`_CREDIT` misses), so other inputs pay
    about 10% for them.
    """
    rows, blocks, fixed = memo.rows, memo.blocks, memo.fixed
    extend = states.extend
    s = states[-1]
    size = 64  # (chunks without blocks double: one loop per chunk)
    credit = _CREDIT
    while pos < end and s not in fixed:
        key = None
        if credit > 0:
            ahead = BLOCK - (base + pos) % BLOCK
            if ahead < BLOCK or end - pos < BLOCK:  # (up to the next block's start, or the end)
                chunk = masks[pos : pos + ahead]
            else:
                key = (s, masks[pos : pos + BLOCK])
                found = blocks.get(key)
                if found is not None:
                    extend(found)
                    s = found[-1]
                    pos += BLOCK
                    credit = min(credit + 1, _CREDIT)
                    continue
                chunk = key[1]
                credit -= 1
        else:
            chunk = masks[pos : pos + size]
            size = min(2 * size, 1 << 16)
        # (A loop, not the comprehension [s := rows[s][m] for m in chunk], a third quicker per step: the bundle
        # must parse on Python 3.7 and 3.8 to say which Python it needs, and := is 3.8's. A few ms at n = 300,000.)
        seq: list[int] = []
        append = seq.append
        for m in chunk:
            s = rows[s][m]
            append(s)
        if s == MISS:
            k = seq.index(MISS)  # the walk reached a state whose row is not filled yet
            extend(seq[:k])
            return pos + k
        if key is not None and rows[s] is not memo.missrow:  # (the last state visited: its id is final)
            if len(blocks) >= _MAX_BLOCKS:
                blocks.clear()
            blocks[key] = seq
        extend(seq)
        pos += len(chunk)
    return pos


#: Steps walked at a time by :func:`walk` when an input repeats itself ...
BLOCK = 64
#: ... the blocks it misses in a row (less those it finds) before it walks without them ...
_CREDIT = 64
#: ... and the blocks it keeps (about 1 KiB each), forgotten all at once.
_MAX_BLOCKS = 4096


class Memo:
    """``(state, mask) -> state`` over interned tables, in 2-D rows filled a row at a time.

    ``rows[s][m]`` is the state after mask ``m`` from state ``s``, or :data:`MISS`
    while ``s``'s row is not filled.  States met in a row but not visited yet
    get provisional ids from 256 up; a visited one moves to a free id below
    256 of its parity (see the module docstring).  ``work`` counts the
    transitions computed (plus a few per row filled), the measure of the memo's cost.
    ``fixed`` holds the visited states that every mask present leads back to: once a walk
    reaches one, ``G`` stays the same to the end of the masks (random rows reach one within
    a few hundred steps), so their days need no walking.
    """

    def __init__(self, masks_present: bytes) -> None:
        self.present = masks_present
        self.tables: dict[int, bytes] = {}  # id -> G
        self.ids: dict[bytes, int] = {}  # G -> id
        self.refs: dict[int, list[list[int]]] = {}  # provisional id -> the rows holding it
        self.missrow = [MISS] * 256
        self.rows: list[list[int]] = [self.missrow] * 256
        self.low = [0, 3]  # the next free low id of each parity (1 is MISS)
        self.high = [256, 257]  # the next provisional id of each parity
        self.visited = 0
        self.work = 0
        self.fixed: set[int] = set()
        self.blocks: dict[tuple[int, bytes], list[int]] = {}  # (state, a block of masks) -> the walk's states
        self.start_id = self.enter(G1)

    def __len__(self) -> int:
        return len(self.tables)

    def _new(self, table: bytes, pool: list[int]) -> int:
        parity = table[START] & 1  # ord('1') is odd
        i = pool[parity]
        pool[parity] = i + 2
        self.ids[table] = i
        self.tables[i] = table
        rows = self.rows
        while len(rows) <= i:
            rows.append(self.missrow)
        return i

    def enter(self, table: bytes) -> int:
        """The id of ``table`` (met now if new). O(1)."""
        found = self.ids.get(table)
        return self._new(table, self.high) if found is None else found

    def add_masks(self, more: bytes) -> None:
        """Masks the input did not hold so far: the visited rows get their transitions. O(rows * len(more))."""
        self.present = bytes(sorted(set(self.present) | set(more)))
        for s, row in enumerate(self.rows):
            if row is not self.missrow:
                self._fill(s, row, more)
                if s in self.fixed and any(row[m] != s for m in more):
                    self.fixed.discard(s)

    def visit(self, s: int) -> int:
        """Fill the row of state ``s`` (just reached); returns its id, lower if one was free. O(masks present)."""
        if s >= 256:
            parity = s & 1
            r = self.low[parity]
            if r < 256:
                self.low[parity] = r + 2
                table = self.tables.pop(s)
                self.tables[r] = table
                self.ids[table] = r
                for row in self.refs.pop(s, ()):
                    for m in self.present:
                        if row[m] == s:
                            row[m] = r
                s = r
        if self.rows[s] is self.missrow:
            row = self.rows[s] = [MISS] * 256
            self.visited += 1
            self.work += _ROW_COST
            self._fill(s, row, self.present)
            if all(row[m] == s for m in self.present):
                self.fixed.add(s)
        return s

    def _fill(self, s: int, row: list[int], masks: bytes) -> None:
        table = self.tables[s]
        tt = FORM.through
        ids = self.ids
        refs = self.refs
        for m in masks:
            following = tt[m].translate(table)
            i = ids.get(following)
            if i is None:
                i = self._new(following, self.high)
            if i >= 256:
                held = refs.get(i)
                if held is None:
                    refs[i] = [row]
                elif held[-1] is not row:
                    held.append(row)
            row[m] = i
        self.work += len(masks)
