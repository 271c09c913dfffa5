"""Every test family by name, and the one way to generate a test: ``downwedig gen`` in Python.

The standard families (:mod:`~downwedig.contest.generating.standard`), the engine's
adversarial ones (:mod:`~downwedig.contest.generating.adversarial`) and ``max`` (the
judge's largest test of any other family) are gathered here.
:func:`generate` seeds a family's :class:`~downwedig.contest.generating.prng.SplitMix64`
from all the arguments (:func:`~downwedig.contest.generating.prng.derive_seed`), so a
test depends on them alone.

>>> generate("equal", 3, seed=1, row=0)
[0, 0, 0]
>>> {"random", "chain", "novelty", "max"} <= set(all_families())
True
"""

from __future__ import annotations

import dataclasses
import shlex
from collections.abc import Mapping
from typing import Any

from ...errors import InvalidOption, UnknownFamily
from ...staircase import MAX_N, Staircase
from . import adversarial, standard
from .family import Family, Option
from .prng import SplitMix64, derive_seed

__all__ = ["GeneratedTest", "all_families", "gen_command", "generate", "get_family", "to_text"]


def max_rows(n: int, rng: SplitMix64, kind: str = "random") -> list[int]:
    """``n = 300000`` steps of family ``kind`` with its default options (``--n`` is ignored). O(MAX_N).

    >>> len(max_rows(1, SplitMix64(1), kind="equal"))
    300000
    """
    if kind == "max":
        raise InvalidOption("kind", "kind must be another family than 'max'")
    return get_family(kind).generate(MAX_N, rng)


_MAX = Family(
    "max",
    f"n = {MAX_N} (the judge's limit) of family KIND; --n is ignored",
    max_rows,
    (Option("kind", str, "random", "the family to generate (default random)"),),
)


def all_families() -> dict[str, Family]:
    """Every family by name: the standard ones, the adversarial ones and ``max``. O(families).

    >>> "random" in all_families()
    True
    """
    merged = dict(standard.FAMILIES)
    for family in (*adversarial.FAMILIES.values(), _MAX):
        assert family.name not in merged, f"family {family.name!r} is defined twice"
        merged[family.name] = family
    return merged


def get_family(name: str) -> Family:
    """The family called ``name``; :class:`~downwedig.errors.UnknownFamily` otherwise. O(families).

    >>> get_family("chain").name
    'chain'
    """
    families = all_families()
    if name not in families:
        raise UnknownFamily(name, list(families))
    return families[name]


def generate(name: str, n: int, seed: int, **options: Any) -> list[int]:
    """The rows of ``gen NAME --n N --seed SEED [options]``, the same everywhere. O(n).

    The generator is seeded by :func:`~downwedig.contest.generating.prng.derive_seed` from
    the family, ``n``, ``seed`` and every option (defaults filled in).

    >>> from fractions import Fraction
    >>> generate("random", 4, seed=7) == generate("random", 4, seed=7, red=Fraction(1, 2))
    True
    """
    family = get_family(name)
    resolved = family.resolve(options)
    shown = {option.name: option.show(resolved[option.name]) for option in family.options}
    rng = SplitMix64(derive_seed(name, n, seed, shown))
    return family.generate(n, rng, **resolved)


def to_text(rows: list[int]) -> str:
    """The judge's input for ``rows``: :meth:`Staircase.to_text` of :meth:`Staircase.from_ints`. O(n).

    >>> print(to_text([1, 128]), end="")
    2
    WWWWWWWR
    RWWWWWWW
    """
    return Staircase.from_ints(rows).to_text()


def gen_command(name: str, n: int, seed: int, options: Mapping[str, Any] | None = None) -> str:
    """The ``downwedig gen`` command line that reproduces a test; options at their default are left out. O(options).

    >>> from fractions import Fraction
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


@dataclasses.dataclass(frozen=True)
class GeneratedTest:
    """A test that ``downwedig gen FAMILY --n N --seed SEED [options]`` makes, under a name.

    A plan's tests and a stress run's are these; the name is the plan's (or
    the stress run's number).  Creating one is O(1): the rows are made when asked for.

    >>> test = GeneratedTest("two", "equal", 2, 0, {"row": 1})
    >>> test.rows(), test.command
    ([1, 1], 'downwedig gen equal --n 2 --seed 0 --row WWWWWWWR')
    """

    name: str
    family: str
    n: int
    seed: int
    options: Mapping[str, Any]
    #: Where the test's name stands in its plan, ``(line, column)`` (``(0, 0)``: not from a plan).
    at: tuple[int, int] = dataclasses.field(default=(0, 0), compare=False)

    def rows(self) -> list[int]:
        """The test's rows, as ``gen`` makes them. O(n) plus the family's cost."""
        return generate(self.family, self.n, self.seed, **self.options)

    @property
    def command(self) -> str:
        """The ``downwedig gen`` command line that prints the test. O(options)."""
        return gen_command(self.family, self.n, self.seed, self.options)

    @property
    def steps(self) -> int:
        """How many steps the test has (``max`` makes the judge's largest, whatever ``--n``). O(1)."""
        return MAX_N if self.family == "max" else self.n
