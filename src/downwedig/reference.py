"""The reference solver: the rules, applied literally, day by day.

Written to be obviously right rather than fast, and used as the oracle the
tests compare every fast path with.  For each day ``k`` it walks from step
``k`` up to step 1; step ``i`` is won when some step ``j`` with
``i < j <= k`` and ``j - i <= common(i, j)`` is lost, where ``common`` counts
the columns in which the two rows, compared character by character, have the
same colour.  Cost: O(n^2 * width) -- fine for a few hundred steps.

>>> from downwedig import Staircase
>>> reference_answer(Staircase.from_rows(["WWWWWWWW", "WWWWWWWW", "RRRRRRRR"]))
'211'
"""

from __future__ import annotations

from operator import eq

from .errors import InvalidDay
from .staircase import Staircase

__all__ = ["reference_answer", "reference_statuses"]


def _common(a: str, b: str) -> int:
    return sum(map(eq, a, b))  # the rows have one length, the width


def _moves(staircase: Staircase) -> list[list[int]]:
    """moves[i]: how many steps down the rule lets a player move from step i + 1 (0-based i), nearest first."""
    rows, width = staircase.rows(), staircase.width
    n = len(rows)
    # A move spans at most `width` steps, since two rows share at most `width` colours.
    return [[d for d in range(1, min(width, n - 1 - i) + 1) if d <= _common(rows[i], rows[i + d])] for i in range(n)]


def _statuses(moves: list[list[int]], day: int) -> list[bool]:
    """Whether each step 1..day is won: it is when a move leads to a lost step (one on the day's staircase)."""
    won = [False] * day
    for i in range(day - 1, -1, -1):  # 0-based: step i + 1
        won[i] = any(not won[i + d] for d in moves[i] if i + d < day)
    return won


def reference_statuses(staircase: Staircase, day: int) -> list[bool]:
    """Whether each step ``1..day`` is won for the player to move, on that day. O(n * w^2).

    >>> reference_statuses(Staircase.from_rows(["WW", "WW", "WW"]), 3)
    [True, True, False]
    """
    if not 1 <= day <= len(staircase):
        raise InvalidDay(day, len(staircase))
    return _statuses(_moves(staircase), day)


def reference_answer(staircase: Staircase) -> str:
    """The judge's answer computed day by day from the rules. O(n^2 * w).

    >>> reference_answer(Staircase.from_rows(["WW", "WW"]))
    '21'
    """
    moves = _moves(staircase)
    return "".join("1" if _statuses(moves, k)[0] else "2" for k in range(1, len(moves) + 1))
