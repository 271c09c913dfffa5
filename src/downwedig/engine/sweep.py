"""The sweep, the one-file solution's route under PyPy (editorial section 9): the live windows walked up in loops.

The other routes read the recurrence top-down (``G_p``, see :mod:`downwedig.engine.solver`).
Read bottom-up instead: day ``k``'s window at step ``k`` is :data:`START` (step ``k`` lost,
the steps below it absent, so won), and its window at step ``p - 1`` is ``T(window at p)``
through step ``p - 1``'s move mask; day ``k`` is Dina's when its window at step 1 has step
1 won (bit 0).  Days whose windows meet at some step agree from there up, so only the
*distinct* windows at a step need walking: at most 256, 8 to 21 on every input family at n
= 300,000 (days ``p .. p + 7`` always differ at step ``p``).  :func:`sweep` keeps them in a
list, one entry per group of days that met (its *representative*, the smallest day in it),
walks each one step up per step, and merges the groups that meet; at step 1 each group's
window gives its days' digit, passed on from each day to the days that merged into it.

Many inputs (random rows among them) have a top part that decides the game alone: from some
step ``q`` on, ``G_q`` (see :mod:`downwedig.engine.solver`) is one digit whatever the window,
so every day from ``q`` on has that digit.  :func:`sweep` first reads ``G`` top-down for up to
:data:`SETTLE` steps (256 list operations a step) and sweeps only the days above such a ``q``.

Each step costs a few integer operations per live window and no object is made, which suits
PyPy's JIT (30 to 100 ms for n = 300,000 on this project's shared machine, the JIT's warm-up
included: how well it traces the nested loops varies from input to input) and not CPython
(about 1 s), so the one-file solution runs it under PyPy only.  Unlike the other routes it
needs every step before the first digit.  Cost: O(sum over the steps of the live windows), at
most O(256 n); :func:`sweep` gives up (returns None) once that sum exceeds its budget, so that
an input with many live windows costs at most the budget before another route answers it.

>>> sweep(bytes([0b11, 0b1, 0b0]))  # step 1 reaches steps 2 and 3, step 2 reaches step 3
b'211'
"""

from __future__ import annotations

__all__ = ["START", "sweep"]

#: A day's window at its own step: that step lost (bit 0), the 7 steps below it absent, so won.
START = 0b11111110
#: The steps through which :func:`settled` follows ``G`` top-down (about 40 us a step under PyPy).
SETTLE = 64


def settled(masks: bytes | bytearray, steps: int = SETTLE) -> tuple[int, int]:
    """The first step ``q`` (0-based, below ``steps``) at which ``G`` is one digit for every window, and that
    digit; ``(len(masks), 0)`` if there is none that early.  O(256 * steps) in plain loops.

    >>> settled(bytes(5)), settled(bytes([0b11] * 5))  # (no moves: from day 2 on, step 1 is lost whatever lies below)
    ((1, 50), (5, 0))
    """
    g = [49 if x & 1 else 50 for x in range(256)]  # G_1: Dina's when step 1 is won
    following = [0] * 256
    for q in range(min(steps, len(masks))):
        first = g[0]
        differ = 0
        for x in range(256):
            differ += g[x] != first
        if not differ:
            return q, first
        m = masks[q]
        for x in range(256):  # G_{q+1}(x) = G_q(T(x)), T shifting x up through step q
            following[x] = g[(x << 1 & 255) | ((m & ~x) + 255) >> 8]
        g, following = following, g
    return len(masks), 0


def sweep(masks: bytes | bytearray, *, rate: int = 32, slack: int = 1 << 16, settle: int = SETTLE) -> bytes | None:
    """Digits (``b'1'``/``b'2'``) of days ``1 .. len(masks)`` from the steps' move masks (width 8).

    None when the live windows, summed over the steps walked so far, exceed ``slack`` plus
    ``rate`` per step: then another route costs less.  Cost: O(n * live windows), see the
    module docstring, after :func:`settled` over ``settle`` steps; O(n) memory (a day's
    representative, a digit).

    >>> sweep(bytes([0b1, 0b1, 0b0])), sweep(bytes([0b1] * 9), rate=0, slack=0, settle=0)
    (b'212', None)
    """
    q, digit = settled(masks, settle)
    if q < len(masks):  # (days q + 1 on share a digit: only the days above are swept)
        above = sweep(masks[:q], rate=rate, slack=slack, settle=0)
        return None if above is None else above + bytes((digit,)) * (len(masks) - q)
    n = len(masks)
    parent = list(range(n))  # the day a day's group merged into (smaller), or the day itself
    windows = [0] * 257  # the live windows at the current step (at most 256, and the new day's) ...
    reps = [0] * 257  # ... and each one's representative day
    live = 0
    seen = [-1] * 256  # seen[w] == p: window w is live at step p, as windows[where[w]]
    where = [0] * 256
    budget = slack
    for p in range(n - 1, -1, -1):  # (0-based: step p + 1, the top step last)
        m = masks[p]
        budget += rate - live
        if budget < 0:
            return None
        kept = 0
        for i in range(live):
            x = windows[i]
            # One step up: the window shifts, and step p is won when one of its moves reaches a
            # lost step ((m & ~x) + 255 >> 8 is 1 exactly when m & ~x, a byte, is not 0).
            w = (x << 1 & 255) | ((m & ~x) + 255) >> 8
            if seen[w] == p:  # met: one group, the smaller day its representative
                j = where[w]
                r = reps[i]
                s = reps[j]
                if r < s:
                    parent[s] = r
                    reps[j] = r
                else:
                    parent[r] = s
            else:
                seen[w] = p
                where[w] = kept
                windows[kept] = w
                reps[kept] = reps[i]
                kept += 1
        if seen[START] == p:  # day p + 1 starts where a later day's window is: it represents it
            j = where[START]
            parent[reps[j]] = p
            reps[j] = p
        else:
            windows[kept] = START
            reps[kept] = p
            kept += 1
        live = kept
    digits = bytearray(n)
    for i in range(live):
        digits[reps[i]] = 49 if windows[i] & 1 else 50  # step 1 won on the day: Dina's ('1')
    for k in range(n):  # (a day's parent is smaller: its digit is known by then)
        q = parent[k]
        if q != k:
            digits[k] = digits[q]
    return bytes(digits)
