"""The test families of ``downwedig gen`` and their registry.

Every family is a :class:`~downwedig.contest.family.Family`; its rows depend
only on ``n``, the options and the :class:`~downwedig.contest.prng.SplitMix64`
stream, which :func:`generate` seeds from all the arguments (see
:func:`~downwedig.contest.prng.derive_seed`).  The engine's adversarial
families live in :mod:`downwedig.contest.adversarial` and are merged in by
:func:`all_families`.

>>> generate("equal", 3, seed=1, row=0)
[0, 0, 0]
>>> {"random", "chain", "novelty"} <= set(all_families())  # the adversarial ones merged in
True
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..staircase import Staircase
from .family import MAX_N, Family, Option, fraction_type, row_type
from .prng import SplitMix64, derive_seed

__all__ = ["FAMILIES", "all_families", "gen_command", "generate", "get_family", "to_text"]


def _row_or_random(row: int | None, rng: SplitMix64) -> int:
    return rng.below(256) if row is None else row


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
        return list(rng.bits(8 * n).to_bytes(n, "big"))
    num, den = red.numerator, red.denominator
    rows = []
    for _ in range(n):
        row = 0
        if den <= 256:
            draw = rng.below(den**8)
            for _ in range(8):
                draw, digit = divmod(draw, den)
                row = (row << 1) | (digit < num)
        else:
            for _ in range(8):
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
    return [first if i % 2 == 0 else first ^ 0xFF for i in range(n)]


def palette_rows(n: int, rng: SplitMix64, k: int = 3) -> list[int]:
    """Each step one of ``k`` random rows (the palette), chosen uniformly. O(n + k).

    >>> len(set(palette_rows(50, SplitMix64(1), k=2))) <= 2
    True
    """
    if not 1 <= k <= 256:
        raise ValueError(f"k must be between 1 and 256, got {k}")
    palette = [rng.below(256) for _ in range(k)]
    return [palette[rng.below(k)] for _ in range(n)]


def neighbour_rows(n: int, rng: SplitMix64, d: int = 1) -> list[int]:
    """Each step differs from the one above in exactly ``d`` pieces (0..8). O(n * d).

    >>> rows = neighbour_rows(5, SplitMix64(1), d=3)
    >>> [bin(a ^ b).count("1") for a, b in zip(rows, rows[1:])]
    [3, 3, 3, 3]
    """
    if not 0 <= d <= 8:
        raise ValueError(f"d must be between 0 and 8, got {d}")
    rows = [rng.below(256)]
    columns = range(8)
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
        raise ValueError(f"period must be at least 0, got {period}")
    period = period or 1 + rng.below(16)
    block = [rng.below(256) for _ in range(period)]
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
    flip = rng.below(256)
    order = rng.sample(range(8), 8)
    shift = rng.below(len(_CHAIN))

    def permute(row: int) -> int:
        out = 0
        for c in range(8):
            out |= ((row >> order[c]) & 1) << c
        return out ^ flip

    cycle = [permute(row) for row in _CHAIN]
    return [cycle[(shift + i) % len(cycle)] for i in range(n)]


def max_rows(n: int, rng: SplitMix64, kind: str = "random") -> list[int]:
    """``n = 300000`` steps of family ``kind`` with its default options (``--n`` is ignored). O(MAX_N).

    >>> len(max_rows(1, SplitMix64(1), kind="equal"))
    300000
    """
    if kind == "max":
        raise ValueError("kind must be another family than 'max'")
    return get_family(kind).generate(MAX_N, rng)


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
        Family(
            "max",
            "n = 300000 (the judge's limit) of family KIND; --n is ignored",
            max_rows,
            (Option("kind", str, "random", "the family to generate (default random)"),),
        ),
    )
}


def all_families() -> dict[str, Family]:
    """Every family: this module's and the adversarial ones, by name. O(families).

    >>> "random" in all_families()
    True
    """
    from . import adversarial

    merged = dict(FAMILIES)
    for name, family in adversarial.FAMILIES.items():
        if name in merged:
            raise ValueError(f"family {name!r} is defined twice")
        merged[name] = family
    return merged


def get_family(name: str) -> Family:
    """The family called ``name``; a ``KeyError`` naming the known ones otherwise. O(families).

    >>> get_family("chain").name
    'chain'
    """
    families = all_families()
    if name not in families:
        raise KeyError(f"unknown family {name!r}; known: {', '.join(sorted(families))}")
    return families[name]


def generate(name: str, n: int, seed: int, **options: Any) -> list[int]:
    """The rows of ``gen NAME --n N --seed SEED [options]``, the same everywhere. O(n).

    The generator is seeded by :func:`~downwedig.contest.prng.derive_seed` from
    the family, ``n``, ``seed`` and every option (defaults filled in).

    >>> generate("random", 4, seed=7) == generate("random", 4, seed=7, red=Fraction(1, 2))
    True
    """
    family = get_family(name)
    resolved = family.resolve(options)
    shown = {option.name: option.show(resolved[option.name]) for option in family.options}
    rng = SplitMix64(derive_seed(name, n, seed, shown))
    return family.generate(n, rng, **resolved)


def to_text(rows: list[int]) -> str:
    """The judge's input for ``rows``: ``n``, then one line of 8 ``W``/``R`` per row. O(n).

    >>> print(to_text([1, 128]), end="")
    2
    WWWWWWWR
    RWWWWWWW
    """
    return Staircase.from_ints(rows).to_text()


def gen_command(name: str, n: int, seed: int, options: Mapping[str, Any] | None = None) -> str:
    """The ``downwedig gen`` command line that reproduces a test; options at their default are left out. O(options).

    >>> gen_command("random", 10, 3, {"red": Fraction(3, 10)})
    'downwedig gen random --n 10 --seed 3 --red 3/10'
    """
    family = get_family(name)
    resolved = family.resolve(options)
    words = ["downwedig", "gen", name, "--n", str(n), "--seed", str(seed)]
    for option in family.options:
        value = resolved[option.name]
        if value != option.default:
            words += [option.flag, option.show(value)]
    return shlex.join(words)
