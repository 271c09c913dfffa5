"""Hypothesis strategies for staircases of the input families the project cares about."""

from __future__ import annotations

from hypothesis import strategies as st

from downwedig import Staircase

__all__ = ["FAMILIES", "rows_of", "staircases"]


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


@st.composite
def _palette(draw: st.DrawFn, n: int, width: int) -> list[int]:
    palette = draw(st.lists(st.integers(0, (1 << width) - 1), min_size=2, max_size=4))
    rng = draw(st.randoms(use_true_random=False))
    return [rng.choice(palette) for _ in range(n)]


@st.composite
def _neighbours(draw: st.DrawFn, n: int, width: int) -> list[int]:
    """Each row differs from the one above it in exactly d pieces."""
    d = draw(st.integers(1, width))
    row = draw(st.integers(0, (1 << width) - 1))
    rng = draw(st.randoms(use_true_random=False))  # one draw, not one per row: fast
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
    return draw(FAMILIES[family](n, width))


@st.composite
def staircases(draw: st.DrawFn, width: int = 8, max_n: int = 300) -> Staircase:
    return Staircase.from_ints(draw(rows_of(width, max_n)), width)
