"""The reference solver: the rules, applied literally, day by day.

Written to be obviously right rather than fast, and used as the oracle the
tests compare every fast path with.  For each day ``k`` it walks from step
``k`` up to step 1; step ``i`` is won when some step ``j`` with
``i < j <= k`` and ``j - i <= common(i, j)`` is lost, where ``common`` counts
the columns in which the two rows, compared character by character, have the
same colour.  Cost: O(n^2 * width^2) -- fine for a few thousand steps.

>>> from downwedig import Staircase
>>> reference_answer(Staircase.from_rows(["WWWWWWWW", "WWWWWWWW", "RRRRRRRR"]))
'211'
"""

from __future__ import annotations

from .staircase import Staircase

__all__ = ["reference_answer", "reference_statuses"]


def _common(a: str, b: str) -> int:
    return sum(1 for x, y in zip(a, b, strict=True) if x == y)


def reference_statuses(staircase: Staircase, day: int) -> list[bool]:
    """Whether each step ``1..day`` is won for the player to move, on that day. O(day * w^2).

    >>> reference_statuses(Staircase.from_rows(["WW", "WW", "WW"]), 3)
    [True, True, False]
    """
    rows = staircase.rows()[:day]
    won = [False] * day
    for i in range(day - 1, -1, -1):  # 0-based: step i + 1
        for j in range(i + 1, day):
            if j - i <= _common(rows[i], rows[j]) and not won[j]:
                won[i] = True
                break
    return won


def reference_answer(staircase: Staircase) -> str:
    """The judge's answer computed day by day from the rules. O(n^2 * w^2).

    >>> reference_answer(Staircase.from_rows(["WW", "WW"]))
    '21'
    """
    return "".join("1" if reference_statuses(staircase, k)[0] else "2" for k in range(1, len(staircase) + 1))
