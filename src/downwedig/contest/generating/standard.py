"""The standard test families of ``downwedig gen``: random rows and the shapes a judge tests.

Every family is a :class:`~downwedig.contest.generating.family.Family`; its rows depend
only on ``n``, the options and the :class:`~downwedig.contest.generating.prng.SplitMix64`
stream.  :mod:`~downwedig.contest.generating.registry` gathers them with the engine's
adversarial families (:mod:`~downwedig.contest.generating.adversarial`).

>>> FAMILIES["equal"].generate(3, SplitMix64(1), row=0)
[0, 0, 0]
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...errors import InvalidOption
from ...staircase import WIDTH
from .family import Family, Option, fraction_type, row_type
from .prng import SplitMix64

__all__ = ["FAMILIES"]

_ROWS = 1 << WIDTH  # how many different rows there are
_FULL = _ROWS - 1  # the row of red pieces only


def _row_or_random(row: int | None, rng: SplitMix64) -> int:
    return rng.below(_ROWS) if row is None else row


def random_rows(n: int, rng: SplitMix64, red: Fraction = Fraction(1, 2)) -> list[int]:
    """Each piece red with probability ``red``, independently. O(n).

    With ``red = 1/2`` the rows are the bytes of ``rng.bits(8 * n)``;
    otherwise each row is one uniform draw below ``den**8`` read as 8 base-``den``
    digits, a digit below ``num`` making that piece red (8 draws per row when
    ``den > 256``).

    >>> random_rows(2, SplitMix64(1), Fraction(0)), random_rows(2, SplitMix64(1), Fraction(1))
    ([0, 0], [255, 255])
    """
    if red == Fraction(1, 2):
        return list(rng.bits(WIDTH * n).to_bytes(n, "big"))
    num, den = red.numerator, red.denominator
    rows = []
    for _ in range(n):
        row = 0
        if den <= 256:
            draw = rng.below(den**WIDTH)
            for _ in range(WIDTH):
                draw, digit = divmod(draw, den)
                row = (row << 1) | (digit < num)
        else:
            for _ in range(WIDTH):
                row = (row << 1) | rng.chance(num, den)
        rows.append(row)
    return rows


def equal_rows(n: int, rng: SplitMix64, row: int | None = None) -> list[int]:
    """Every step the same row (random unless given): each step moves up to 8 down. O(n).

    >>> equal_rows(2, SplitMix64(1), row=5)
    [5, 5]
    """
    return [_row_or_random(row, rng)] * n


def alternating_rows(n: int, rng: SplitMix64, row: int | None = None) -> list[int]:
    """A row and its complement in turn: neighbours share nothing, every other step all. O(n).

    >>> alternating_rows(3, SplitMix64(1), row=0)
    [0, 255, 0]
    """
    first = _row_or_random(row, rng)
    return [first if i % 2 == 0 else first ^ _FULL for i in range(n)]


def palette_rows(n: int, rng: SplitMix64, k: int = 3) -> list[int]:
    """Each step one of ``k`` random rows (the palette), chosen uniformly. O(n + k).

    >>> len(set(palette_rows(50, SplitMix64(1), k=2))) <= 2
    True
    """
    if not 1 <= k <= _ROWS:
        raise InvalidOption("k", f"k must be between 1 and {_ROWS}, got {k}")
    palette = [rng.below(_ROWS) for _ in range(k)]
    return [palette[rng.below(k)] for _ in range(n)]


def neighbour_rows(n: int, rng: SplitMix64, d: int = 1) -> list[int]:
    """Each step differs from the one above in exactly ``d`` pieces (0..8). O(n * d).

    >>> rows = neighbour_rows(5, SplitMix64(1), d=3)
    >>> [bin(a ^ b).count("1") for a, b in zip(rows, rows[1:])]
    [3, 3, 3, 3]
    """
    if not 0 <= d <= WIDTH:
        raise InvalidOption("d", f"d must be between 0 and {WIDTH}, got {d}")
    rows = [rng.below(_ROWS)]
    columns = range(WIDTH)
    for _ in range(n - 1):
        flip = 0
        for c in rng.sample(columns, d):
            flip |= 1 << c
        rows.append(rows[-1] ^ flip)
    return rows


def periodic_rows(n: int, rng: SplitMix64, period: int = 0) -> list[int]:
    """A random block of ``period`` rows repeated (``0``: a random period in 1..16). O(n).

    >>> rows = periodic_rows(9, SplitMix64(1), period=3)
    >>> rows[:3] == rows[3:6] == rows[6:]
    True
    """
    if period < 0:
        raise InvalidOption("period", f"period must be at least 0, got {period}")
    period = period or 1 + rng.below(16)
    block = [rng.below(_ROWS) for _ in range(period)]
    return [block[i % period] for i in range(n)]


# A cycle found by local search: every step moves to the next one, and to
# exactly one farther step on average (move masks 0b1, 0b10001, 0b111, 0b11).
_CHAIN = (106, 104, 149, 151, 183, 167, 64, 24, 16, 212, 235, 107)


def chain_rows(n: int, rng: SplitMix64) -> list[int]:
    """Every step moves to the next; as few other moves as width 8 allows. O(n).

    A strict chain (the *only* move from each step goes to the next one)
    cannot have more than 4 steps: it needs steps ``i``, ``i+2`` to differ in
    at least 7 pieces (no move of 2) and so do ``i+2``, ``i+4``; then ``i``
    and ``i+4`` differ in at most 2 and the move of 4 exists.  This family
    repeats a 12-row cycle with one extra move per step on average, under a
    random column permutation, colour flip and rotation (which keep every
    ``common`` count, hence the moves).

    >>> from downwedig import Staircase
    >>> s = Staircase.from_ints(chain_rows(30, SplitMix64(4)))
    >>> all(s.is_move(i, i + 1) for i in range(1, 30))
    True
    """
    flip = rng.below(_ROWS)
    order = rng.sample(range(WIDTH), WIDTH)
    shift = rng.below(len(_CHAIN))

    def permute(row: int) -> int:
        out = 0
        for c in range(WIDTH):
            out |= ((row >> order[c]) & 1) << c
        return out ^ flip

    cycle = [permute(row) for row in _CHAIN]
    return [cycle[(shift + i) % len(cycle)] for i in range(n)]


def _stress_random(rng: SplitMix64) -> dict[str, Any]:
    return {"red": Fraction(rng.below(11), 10)}


#: This module's families, by name (see :func:`all_families` for every family).
FAMILIES: dict[str, Family] = {
    f.name: f
    for f in (
        Family(
            "random",
            "each piece red with probability RED, independently",
            random_rows,
            (Option("red", fraction_type, Fraction(1, 2), "probability of red: 30%, 3/10 or 0.3 (default 1/2)"),),
            _stress_random,
        ),
        Family(
            "equal",
            "every step the same row",
            equal_rows,
            (Option("row", row_type, None, "the row, 8 pieces W/R (default: random)"),),
        ),
        Family(
            "alternating",
            "a row and its complement in turn",
            alternating_rows,
            (Option("row", row_type, None, "the first row, 8 pieces W/R (default: random)"),),
        ),
        Family(
            "palette",
            "each step one of K random rows",
            palette_rows,
            (Option("k", int, 3, "how many rows in the palette, 1..256 (default 3)"),),
            lambda rng: {"k": 1 + rng.below(6)},
        ),
        Family(
            "neighbours",
            "each step differs from the one above in exactly D pieces",
            neighbour_rows,
            (Option("d", int, 1, "pieces that differ, 0..8 (default 1)"),),
            lambda rng: {"d": rng.below(9)},
        ),
        Family(
            "periodic",
            "a random block of PERIOD rows, repeated",
            periodic_rows,
            (Option("period", int, 0, "length of the block, 0 for random in 1..16 (default 0)"),),
            lambda rng: {"period": 1 + rng.below(16)},
        ),
        Family("chain", "every step moves to the next, few other moves", chain_rows),
    )
}
