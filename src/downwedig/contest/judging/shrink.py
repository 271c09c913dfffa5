"""Shrinking a failing input: the smallest staircase that still fails the same way.

:func:`shrink` only needs a test ``fails(rows)`` that runs the solution and
says whether it still fails the same way, and, for a wrong answer, after how
many steps the answer first goes wrong.  It then

1. cuts the staircase after the first wrong day (day ``k``'s answer depends
   only on steps ``1..k``);
2. removes steps by delta debugging (:func:`ddmin`, Zeller and Hildebrandt,
   "Simplifying and isolating failure-inducing input", 2002);
3. turns red pieces white by delta debugging over the set of red pieces;

and repeats while that makes progress and the run budget lasts.  Every
candidate is a valid input (at least one step, 8 pieces each), and none is run
twice: an input that passed once is taken to pass again.  When the
input given does not fail again (a flaky solution, a time-out on a loaded
machine), it is returned as it is, with ``repeated`` false.

>>> # "fails" when some step has 3 or more red pieces; it shrinks to one such step.
>>> result = shrink([0, 7, 255, 1], lambda rows: len(rows) if any(bin(r).count("1") >= 3 for r in rows) else None)
>>> [bin(r).count("1") for r in result.rows]
[3]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["Shrunk", "ddmin", "shrink"]

T = TypeVar("T")

#: ``fails(rows)``: ``None`` when ``rows`` does not fail the same way, else how
#: many leading steps suffice (the first wrong day, or ``len(rows)``).
FailTest = Callable[[list[int]], "int | None"]


class _OutOfRuns(Exception):
    pass


@dataclasses.dataclass(frozen=True)
class Shrunk:
    """The smallest failing rows found and how many test runs it took."""

    rows: list[int]
    runs: int
    complete: bool  # False when the run budget ran out first
    repeated: bool = True  # False when the input given did not fail again


def ddmin(items: Sequence[T], test: Callable[[list[T]], list[T] | None], *, allow_empty: bool = False) -> list[T]:
    """A 1-minimal failing subsequence of ``items`` (which must fail), by delta debugging.

    ``test(candidate)`` returns None when ``candidate`` passes, else the
    failing list to go on with (``candidate`` itself, or a part of it).
    Tries each of ``g`` chunks alone, then each complement, doubling ``g``
    when nothing fails; the result is 1-minimal: removing any single item
    makes it pass.  Cost: O(len^2) tests in the worst case, O(log len) when
    one item is to blame.

    >>> ddmin(list(range(10)), lambda xs: xs if 3 in xs and 7 in xs else None)
    [3, 7]
    """
    current = list(items)
    if allow_empty and current:
        empty = test([])
        if empty is not None:
            return empty
    granularity = 2
    while len(current) >= 2:
        size = -(-len(current) // granularity)
        chunks = [current[i : i + size] for i in range(0, len(current), size)]
        found = None
        for chunk in chunks:
            if len(chunk) < len(current):
                found = test(chunk)
                if found is not None:
                    current, granularity = found, 2
                    break
        if found is None and len(chunks) > 2:
            for i in range(len(chunks)):
                rest = [x for j, chunk in enumerate(chunks) if j != i for x in chunk]
                found = test(rest)
                if found is not None:
                    current, granularity = found, max(granularity - 1, 2)
                    break
        if found is None:
            if granularity >= len(current):
                break
            granularity = min(2 * granularity, len(current))
    if len(current) == 1 and allow_empty:
        empty = test([])
        if empty is not None:
            return empty
    return current


def shrink(rows: Sequence[int], fails: FailTest, *, max_runs: int = 1000) -> Shrunk:
    """The smallest staircase found that still fails like ``rows``; ``fails(rows)`` must not be None.

    Runs ``fails`` at most ``max_runs`` times (each run usually starts the
    solution once) and returns the best input found when the budget is spent.
    Cost: O(max_runs) runs.

    >>> shrink([5, 5, 5], lambda rows: len(rows)).rows
    [0]
    """
    runs = 0
    best = list(rows)  # always the last input seen failing: each is a part of the one before
    passed: set[tuple[int, ...]] = set()  # (delta debugging proposes some inputs again: each is run once)

    def attempt(candidate: list[int]) -> list[int] | None:
        """``candidate`` if it fails (cut after its first wrong day when that still fails), else None."""
        nonlocal runs, best
        found = None
        while True:
            if tuple(candidate) in passed:
                return found
            if runs >= max_runs:
                raise _OutOfRuns
            runs += 1
            cut = fails(candidate)
            if cut is None:
                passed.add(tuple(candidate))
                return found
            best = found = candidate
            if not 1 <= cut < len(candidate):
                return found
            candidate = candidate[:cut]

    def as_rows(reds: list[tuple[int, int]]) -> list[int]:
        out = [0] * len(best)
        for i, bit in reds:
            out[i] |= bit
        return out

    def pieces(keep: list[tuple[int, int]]) -> list[tuple[int, int]] | None:
        found = attempt(as_rows(keep))
        return None if found is None else [(i, bit) for i, bit in keep if i < len(found)]

    try:
        if attempt(list(rows)) is None:
            return Shrunk(list(rows), runs, True, repeated=False)
        minimal_in_pieces = None  # what the last pass over the red pieces left: no single red piece can go
        while True:
            before = best
            ddmin(best, attempt)
            if best == minimal_in_pieces:  # (no step could go either: another pass over the pieces would only
                return Shrunk(best, runs, True)  # run each of them again, to the same end)
            reds = [(i, 1 << b) for i, row in enumerate(best) for b in range(8) if row >> b & 1]
            if reds:
                ddmin(reds, pieces, allow_empty=True)
            if best == before:
                return Shrunk(best, runs, True)
            minimal_in_pieces = best
    except _OutOfRuns:
        return Shrunk(best, runs, False)
