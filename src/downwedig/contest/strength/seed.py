"""The slow and the deep among the mutants: the day-by-day recomputation, and the seed's memoised recursion,
swept from the bottom of the staircase (how deep it goes; its memo keyed by 7 bits of the window).

The seed (the C++ solution the project started from) answers day ``k`` by a
``dfs`` from step ``k`` up, memoising ``(step, window) -> answer``: its
recursion is as deep as a day's window travels before it meets an earlier
day's, which on some inputs is almost ``n``.  Its frames are 32 bytes (g++ -O2,
x86-64): an 8 MiB stack holds :data:`DEEPEST` of them, as measured.  O(n *
windows alive at a step) in Python for the sweeps; O(n^2) for the recomputation.

>>> too_deep(bytes(5), limit=5), too_deep(bytes(5), limit=4)
(False, True)
"""

from __future__ import annotations

from ...engine.solver import Solver
from ...engine.tables import byte_form
from ...moves import packed_move_masks
from ...staircase import WIDTH
from .games import Game, tables

__all__ = ["DEEPEST", "StackOverflow", "memo_seven_bits", "quadratic", "recursive", "too_deep"]


class StackOverflow(RuntimeError):
    """A recursion deeper than its stack holds: the mutant's run crashes (as a segmentation fault would)."""


_WITHIN = [bytes(x & ((1 << j) - 1) for x in range(256)) for j in range(WIDTH + 1)]


def quadratic(values: bytes) -> bytes:
    """Every day recomputed from the rules, up from its last step: right, but O(n^2) (about 0.1 us a pair of a
    day and a step here)."""
    steps = packed_move_masks(values, WIDTH)
    through, g1, last = tables(Game())
    digits = bytearray()
    for day in range(1, len(values) + 1):
        window = last
        for step in range(day - 1, 0, -1):
            below = day - step
            window = through[_WITHIN[min(below, WIDTH)][steps[step - 1]]][window]
        digits.append(g1[window])
    return bytes(digits)


#: The deepest recursion of the seed's ``dfs`` (32 bytes a frame, g++ -O2 on x86-64) an 8 MiB stack holds:
#: 8 MiB / 32 B = 262,144 frames, less what ``main`` and the C library hold.  Measured on the stutter family:
#: 261,451 frames ran, 261,951 crashed (SIGSEGV).
DEEPEST = 261_600


def too_deep(steps: bytes, limit: int = DEEPEST) -> bool:
    """Whether the seed's memoised recursion goes more than ``limit`` frames deep on the move masks ``steps``.
    O(n * windows alive at a step) in Python: a few tenths of a second at n = 300,000, and nothing below
    ``limit`` steps, where no recursion can be deeper.

    Day ``k``'s ``dfs`` walks up from step ``k`` (window 254) until it meets a window an earlier day left at
    that step (its memo) or step 1: so its depth is how far its window travels before it meets an earlier
    day's.  Swept from the bottom: the windows alive at each step, each with the earliest day that has it.

    """
    n = len(steps)
    if n <= limit:
        return False
    through = byte_form(WIDTH).through
    start = byte_form(WIDTH).start
    alive: dict[int, int] = {}
    for step in range(n, 1, -1):
        later = alive.get(start)
        alive[start] = step  # (day `step` comes first: a later day with its window at its step stops there)
        if later is not None and later - step + 1 > limit:
            return True
        # (every day alive here has a frame at step - 1, also one that meets an earlier day's window there: its
        # call is made, and stops at the memo; so the depth is counted before the days that meet are merged)
        if max(alive.values()) - step + 2 > limit:
            return True
        move = through[steps[step - 2]]
        ahead: dict[int, int] = {}
        for window, day in alive.items():
            window = move[window]
            earlier = ahead.get(window)
            ahead[window] = day if earlier is None else min(day, earlier)
        alive = ahead
        if step <= limit + 1 and max(alive.values()) <= limit:
            return False  # (no day left can go deeper than its own number)
    return False


def recursive(values: bytes) -> bytes:
    """The seed's memoised recursion: right, but it crashes where it goes deeper than 8 MiB of stack."""
    steps = packed_move_masks(values, WIDTH)
    if too_deep(steps):
        raise StackOverflow(f"the recursion went over {DEEPEST:,} frames deep: past an 8 MiB stack")
    return Solver(WIDTH).feed(steps)


def memo_seven_bits(values: bytes) -> bytes:
    """The seed's memoised recursion with its memo keyed by the window's low 7 bits: two days whose windows
    differ only in the step 7 below share an entry, and the later one takes the earlier one's answer.

    Swept from the bottom as :func:`depth` is (the day first at a key at a step owns it), then each day's answer
    is that of the day it met, or, at step 1 (where the seed returns before its memo), its window's. O(n *
    windows alive at a step) in Python.
    """
    steps = packed_move_masks(values, WIDTH)
    n = len(steps)
    through, start = byte_form(WIDTH).through, byte_form(WIDTH).start
    met = list(range(n + 1))  # met[day]: the earlier day whose memo answered it (itself if none did)
    alive: dict[int, tuple[int, int]] = {}  # key -> (the earliest day at it, that day's window)
    for step in range(n, 1, -1):
        later = alive.get(start & 0x7F)
        if later is not None:
            met[later[0]] = step
        alive[start & 0x7F] = (step, start)
        move = through[steps[step - 2]]
        ahead: dict[int, tuple[int, int]] = {}
        for day, window in alive.values():
            window = move[window]
            key = window & 0x7F
            other = ahead.get(key)
            if other is None or day < other[0]:
                ahead[key] = (day, window)
            if other is not None:
                met[max(day, other[0])] = min(day, other[0])
        alive = ahead
    digits = bytearray(b"2" * (n + 1))  # (day 1: Dina cannot move)
    for day, window in alive.values():
        digits[day] = ord("1") if window & 1 else ord("2")
    for day in range(2, n + 1):
        if met[day] != day:
            digits[day] = digits[met[day]]
    return bytes(digits[1:])
