"""Hypothesis strategies for staircases of the input families the project cares about, and example counts."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

from downwedig import Staircase

from .conftest import THOROUGH

__all__ = ["FAMILIES", "ORACLE_N", "cases", "examples", "rows_of", "staircases"]

#: The longest staircase the properties that call the O(n^2) oracle draw: 300 under the thorough profile, 150
#: otherwise (past the sweep's 64 steps to settle; the oracle then costs a quarter as much).
ORACLE_N = 300 if THOROUGH else 150


def examples(thorough: int) -> settings:
    """Settings for a property: ``thorough`` examples under the thorough profile, a tenth (at least 5) otherwise."""
    return settings(max_examples=thorough if THOROUGH else max(5, thorough // 10))


def cases(*axes: Sequence[Any]) -> list[tuple[Any, ...]]:
    """Every combination of the ``axes`` under the thorough profile; otherwise a cover, as a tenth of the
    examples is for a property: as many cases as the longest axis, case ``i`` taking item ``i`` (cyclically)
    of each axis, so every item of every axis is met at least once (``cases("ab", [1, 2, 3])`` is then
    ``[("a", 1), ("b", 2), ("a", 3)]``).
    """
    if THOROUGH:
        return list(itertools.product(*axes))
    return [tuple(axis[i % len(axis)] for axis in axes) for i in range(max(map(len, axes)))]


@st.composite
def _random_rows(draw: st.DrawFn, n: int, width: int) -> list[int]:
    return draw(st.lists(st.integers(0, (1 << width) - 1), min_size=n, max_size=n))


@st.composite
def _equal_rows(draw: st.DrawFn, n: int, width: int) -> list[int]:
    return [draw(st.integers(0, (1 << width) - 1))] * n


@st.composite
def _alternating(draw: st.DrawFn, n: int, width: int) -> list[int]:
    row = draw(st.integers(0, (1 << width) - 1))
    full = (1 << width) - 1
    return [row if i % 2 == 0 else row ^ full for i in range(n)]


def _seeded(draw: st.DrawFn) -> random.Random:
    """A generator seeded by one draw: Hypothesis' own ``randoms()`` records every call as a draw, which
    made a 300-row staircase cost about 90 ms to make (it shrinks by the seed instead)."""
    return random.Random(draw(st.integers(0, 2**32 - 1)))


@st.composite
def _palette(draw: st.DrawFn, n: int, width: int) -> list[int]:
    palette = draw(st.lists(st.integers(0, (1 << width) - 1), min_size=2, max_size=4))
    rng = _seeded(draw)
    return [rng.choice(palette) for _ in range(n)]


@st.composite
def _neighbours(draw: st.DrawFn, n: int, width: int) -> list[int]:
    """Each row differs from the one above it in exactly d pieces."""
    d = draw(st.integers(1, width))
    row = draw(st.integers(0, (1 << width) - 1))
    rng = _seeded(draw)
    rows = [row]
    for _ in range(n - 1):
        for column in rng.sample(range(width), d):
            row ^= 1 << column
        rows.append(row)
    return rows


FAMILIES = {
    "random": _random_rows,
    "equal": _equal_rows,
    "alternating": _alternating,
    "palette": _palette,
    "neighbours": _neighbours,
}


@st.composite
def rows_of(draw: st.DrawFn, width: int = 8, max_n: int = 300) -> list[int]:
    """Rows (ints) from one of the families; n is mostly small, sometimes up to ``max_n``."""
    family = draw(st.sampled_from(sorted(FAMILIES)))
    n = draw(st.one_of(st.integers(1, 40), st.integers(1, max_n)))
    rows: list[int] = draw(FAMILIES[family](n, width))
    return rows


@st.composite
def staircases(draw: st.DrawFn, width: int = 8, max_n: int = 300) -> Staircase:
    """A staircase of ``width`` pieces from one of the families, up to ``max_n`` steps."""
    return Staircase.from_ints(draw(rows_of(width, max_n)), width)


@st.composite
def days(draw: st.DrawFn, max_n: int = 60, width: int = 8) -> tuple[Staircase, int]:
    """A staircase and one of its days."""
    staircase = draw(staircases(width=width, max_n=max_n))
    return staircase, draw(st.integers(1, len(staircase)))
