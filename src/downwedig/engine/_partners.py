"""Merge partners (editorial 8): each day's answer copied from an older day's, found for all days with big integers.

Two days whose windows coincide at some step agree from there up to step 1,
so they have the same answer.  For every day ``k`` of a block, :func:`solve_block`
looks for an ``i <= depth`` such that day ``k - i`` has day ``k``'s window at
step ``k - depth``; then ``answer(k) = answer(k - i)``.  Bit-parallel: bit
``j`` of a *plane* stands for one day, the statuses of the ``depth`` steps
above every day are ``8 * depth`` shifts, ANDs and ORs of 37.5 KB integers
(for 300,000 days), and the windows are compared the same way; about 4 ms per
300,000 days at depth 15.  Each day takes its farthest partner (the chains of
partners stay short); the offsets are laid a byte a day by the transpose that
made the planes, the other way round (:func:`_offsets`), and the copies are made
in C, 240 days at a time, by byte translations (:func:`_copy`: about 8 ns a day).

Days without a partner at that depth (a few dozen in 300,000 on random or
novelty-like inputs) are matched again deeper (:data:`MemoLimits.deep_depths`)
on small staircases made of the steps above each; those still unmatched walk
their window up to the last step whose table ``G`` is known (25 ns a step).
Inputs where windows travel far (stutter-like, glitched) leave many days
unmatched: the block stops at the first day it cannot afford
(:attr:`MemoLimits.unmatched_ratio`, :attr:`MemoLimits.walk_budget`, or a checkpoint
where ``G`` cannot be rebuilt) and the
engine goes on with its memo from there.
"""

from __future__ import annotations

from ..moves import byte_planes, planes_value
from ._memo import START, rebuild, walk_up

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .limits import MemoLimits

#: :func:`_copy` reads each block of days from a window of 256: the 16 days before it (a partner is
#: at most 15 days back) and the block's 240 ...
_KNOWN = 16
_BLOCK = 256 - _KNOWN
_IDENTITY = bytes(range(_KNOWN))
#: ... and copies a range shorter than this a day at a time (a block costs about 17 C calls) ...
_SHORT = 32
#: ... following the partners 2**_FEW steps first (the chains of farthest partners rarely exceed 32).
_FEW = 5
# (days, first day) -> the places :func:`_pointers` subtracts the offsets from
_PLACES: dict[tuple[int, int], int] = {}


def _match(planes: list[int], n: int, depth: int, free: int) -> tuple[list[int], int]:
    """For the days in ``free`` (bit ``n - k`` for day ``k``, ``k > depth``): ``picks[i - 1]``, the days
    whose window at step ``k - depth`` equals day ``k - i``'s (largest ``i``), and the days left.

    The largest ``i``: any partner gives the answer, and the farthest makes the chains of partners
    :func:`_copy` follows through a block short (about 30 days on novelty-like inputs, against
    about 120 with the nearest), so it resolves them with fewer translations.

    Statuses first: ``status[j]`` has bit ``n - k`` set when step ``k - j`` is won on day ``k``
    (step ``k - j`` is won when a move of ``d`` reaches a step lost on day ``k``: ``status[j - d]``).
    O(depth * 8) operations on ``n``-bit integers, positive ones only (faster).
    """
    full = (1 << n) - 1
    status = [0]
    lost = [full]
    for j in range(1, depth + 1):
        won = 0
        for d in range(1, min(j, 8) + 1):
            won |= (planes[d - 1] >> j) & lost[j - d]
        won &= full
        status.append(won)
        lost.append(full ^ won)
    picks = [0] * depth
    for i in range(depth, 0, -1):
        differ = 0
        for b in range(8):  # window bit b: step k - depth + b, on day k and on day k - i
            mine = depth - b  # (steps below a day are absent, so won)
            above = mine - i
            if above >= 0:
                differ |= status[mine] ^ (status[above] >> i)
            elif mine >= 0:
                differ |= lost[mine]
        found = free & (full ^ differ)
        free ^= found
        picks[i - 1] = found
    return picks, free


def _offsets(picks: list[int], n: int) -> int:
    """The ``n`` bytes ``i`` for a day of ``picks[i - 1]``, 0 for the others (i <= 15), as a big-endian
    integer. O(n) in C.

    Bit ``t`` of every day's offset is one plane (``lanes[t]``), turned into bytes by
    :func:`~downwedig.moves.planes_value` (spreading each plane a bit to a byte by its binary
    text costs twice as much).
    """
    lanes = [0, 0, 0, 0]
    for i, found in enumerate(picks, 1):
        for t in range(4):
            if i >> t & 1:
                lanes[t] |= found
    return planes_value(lanes, n)


def _pointers(offsets: int, n: int, first: int) -> bytes:
    """For day ``j`` (``first <= j < n``) of the ``n`` bytes of ``offsets`` (its partner's offset ``i``, or
    0), counted from ``first``: ``_KNOWN + (j - first) % _BLOCK - i``, where its partner sits in the window
    of 256 days that ends with its block. O(n) in C: one subtraction from the places (no byte borrows,
    since ``i < 16``, and the offsets before ``first`` are 0), which are kept for the next block of the
    same size.
    """
    places = _PLACES.get((n, first))
    if places is None:
        if len(_PLACES) > 16:
            _PLACES.clear()
        cycle = bytes(range(_KNOWN, 256)) * (n // _BLOCK + 2)
        start = _BLOCK - first % _BLOCK  # (so that byte first is _KNOWN)
        places = _PLACES[n, first] = int.from_bytes(cycle[start : start + n], "big")
    return (places - offsets).to_bytes(n, "big")[first:]


def _copy(out: bytearray, offsets: bytes, pointers: bytes, a: int, pos: int, stop: int) -> None:
    """Days ``pos .. stop - 1`` (``pos == len(out)``), each the digit of its partner, day ``k - offsets[k - a]``
    (no day of the range is without one); ``pointers[k - a]`` places day ``k``'s partner in the window of
    256 days ending with ``k``'s block (blocks of ``_BLOCK`` days start at ``a``; see :func:`_pointers`).

    A block at a time, in C: the window's pointers (the days before the block point at themselves, and so
    do the known days without a partner) are followed ``2**_FEW`` steps by translations of the pointers by
    themselves, and one more translation reads the known days' digits.  A day whose chain of partners is
    longer reads a 0 there (the padding past the known days); then the pointers are squared up to 256
    steps (every chain leaves the block) and read again.  :func:`_match` picks the farthest partners, so
    that is rare.  About 17 C calls a block, 8 ns a day; a short range is copied a day at a time.
    """
    while pos < stop:
        block = a + (pos - a) // _BLOCK * _BLOCK
        last = min(stop, block + _BLOCK)
        if last - pos < _SHORT or block < _KNOWN:
            for k in range(pos, last):
                out.append(out[k - offsets[k - a]])
            pos = last
            continue
        window = (_IDENTITY + pointers[block - a : block - a + _BLOCK]).ljust(256, b"\0")
        for _ in range(_FEW):
            window = window.translate(window)
        known = out[block - _KNOWN :].ljust(256, b"\0")
        digits = window[_KNOWN + pos - block : _KNOWN + last - block].translate(known)
        if 0 in digits:  # (a chain longer than 2**_FEW days: memchr finds it)
            for _ in range(_FEW, 8):
                window = window.translate(window)
            digits = window[_KNOWN + pos - block : _KNOWN + last - block].translate(known)
        out += digits
        pos = last


def _days(bits: int, n: int, first: int) -> list[int]:
    """The days of a plane (bit ``n - k`` for its ``k``-th day, day ``first`` being the first), in order.

    By ``find`` in its binary text: O(n) in C, plus O(1) a day (a bit at a time would cost O(n) a day).
    """
    text = format(bits, f"0{n}b")
    found = []
    at = text.find("1")
    while at >= 0:
        found.append(first + at)
        at = text.find("1", at + 1)
    return found


def _deeper(masks: bytes, days: list[int], depth: int) -> list[int]:
    """Partner offsets at ``depth`` (0: none) of ``days`` (each ``>= depth``), on a staircase of the
    ``depth + 1`` steps ending at each day, one after the other. O(len(days) * depth) bits."""
    size = depth + 1
    mini = b"".join(masks[k - depth : k + 1] for k in days)
    n = len(mini)
    ends = 0
    for j in range(len(days)):
        ends |= 1 << (n - (j + 1) * size)
    picks, _ = _match(byte_planes(mini), n, depth, ends)
    found = [0] * len(days)
    for i, plane in enumerate(picks, 1):
        for k in _days(plane, n, 1):
            found[k // size - 1] = i
    return found


def rebuild_any(masks: bytes, known: list[int] | bytearray, q: int, depths: tuple[int, ...]) -> bytes | None:
    """``G_q`` rebuilt at the first of ``depths`` that decides it (see :func:`downwedig.engine._memo.rebuild`), or None.

    Cost: O(sum of the depths tried) translates of 256 bytes.

    >>> from downwedig.engine.tables import byte_form, compose
    >>> masks = bytes([0xFF] * 40)  # equal rows: G at step 18, from the days above it
    >>> form = byte_form(8)
    >>> rebuild_any(masks, b"2" + b"1" * 8 + b"2" + b"1" * 8, 18, (64, 16)) == compose(form, form.g1, masks[:18])[1]
    True
    """
    for depth in depths:
        table = rebuild(masks, known, q, depth)
        if table is not None:
            return table
    return None


def solve_block(
    masks: bytes, out: bytearray, end: int, known_at: int, table: bytes, limits: MemoLimits
) -> tuple[int, int, bytes]:
    """Extend ``out`` (the digits of days ``0 .. len(out) - 1``, ``masks[k]`` being step ``k``'s mask)
    with as many of the days up to ``end`` as it can afford.

    ``table`` is ``G`` at step ``known_at`` (at most ``len(out)``), where the walks stop; it is
    rebuilt every ``limits.checkpoint`` days.  Returns how far it got, and the last step where
    ``G`` is known and ``G`` there.  It stops at the first day it cannot afford: the first
    unmatched day when more than one day in ``limits.unmatched_ratio`` has no partner at
    ``limits.depth``; the day whose walk would exceed ``limits.walk_budget`` steps plus
    one per ``limits.walk_ratio`` days; or a checkpoint where ``G`` cannot be rebuilt (windows travel far there).
    Cost: see the module docstring.
    """
    depth = limits.depth
    a = len(out)
    assert a >= depth and depth <= 15
    n = end - a + depth
    picks, free = _match(byte_planes(masks[a - depth : end]), n, depth, ((1 << n) - 1) >> depth)
    offsets = _offsets(picks, n)
    raw = offsets.to_bytes(n, "big")[depth:]  # day a + j's offset at j: find() finds the unmatched days
    unmatched = _days(free, n, a - depth)
    partner: dict[int, int] = {}
    stop = end
    if len(unmatched) * limits.unmatched_ratio > end - a:
        stop = unmatched[0]  # the engine does better from here
        unmatched = []
    for deep in limits.deep_depths:
        todo = [k for k in unmatched if k >= deep]
        if not todo:
            break
        left = [k for k in unmatched if k < deep]
        found = _deeper(masks, todo, deep)
        for j, k in enumerate(todo):  # (no zip(strict=...): the engine also runs on Python 3.9)
            if found[j]:
                partner[k] = found[j]
            else:
                left.append(k)
        unmatched = sorted(left)
    budget = limits.walk_budget + (end - a) // limits.walk_ratio
    pointers = _pointers(offsets, n, depth)
    pos = a
    check = a + limits.checkpoint
    while pos < stop:
        if pos >= check:
            rebuilt = rebuild_any(masks, out, pos, limits.rebuild_depths)
            if rebuilt is None:
                return pos, known_at, table
            table, known_at = rebuilt, pos
            check = pos + limits.checkpoint
        last = min(stop, check)
        z = raw.find(0, pos - a, last - a)
        if z < 0:
            _copy(out, raw, pointers, a, pos, last)
            pos = last
            continue
        z += a
        _copy(out, raw, pointers, a, pos, z)
        i = partner.get(z, 0)
        if i:
            out.append(out[z - i])
        else:
            budget -= z - known_at
            if budget < 0:
                return z, known_at, table
            out.append(table[walk_up(masks[known_at:z], START)])
        pos = z + 1
    return stop, known_at, table
