"""Every test family by name, and the one way to generate a test: ``downwedig gen`` in Python.

The standard families (:mod:`~downwedig.contest.generating.standard`), the engine's
adversarial ones (:mod:`~downwedig.contest.generating.adversarial`) and ``max`` (the
judge's largest test of any other family: a :attr:`~.family.Family.largest` one) are
gathered here.  :func:`generate` seeds a family's
:class:`~downwedig.contest.generating.prng.SplitMix64` from all the arguments
(:func:`~downwedig.contest.generating.prng.derive_seed`), so a test depends on them
alone; :func:`parse_gen_words` reads the words that name a test (``random --n 10
--seed 3``), for ``downwedig gen`` and a plan's lines alike.

>>> generate("equal", 3, seed=1, row=0)
[0, 0, 0]
>>> {"random", "chain", "novelty", "max"} <= set(all_families())
True
"""

from __future__ import annotations

import dataclasses
import shlex
from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import InvalidGenWords, InvalidOption, UnknownFamily, excerpt
from ...staircase import MAX_N, Staircase
from . import adversarial, standard
from .family import Family, Option
from .prng import SplitMix64, derive_seed

__all__ = [
    "DEFAULT_N",
    "GeneratedTest",
    "all_families",
    "gen_command",
    "generate",
    "get_family",
    "parse_gen_words",
    "to_text",
]

#: The steps of a test whose words give no ``--n``.
DEFAULT_N = 10


def max_rows(n: int, rng: SplitMix64, kind: str = "random") -> list[int]:
    """``n = 300000`` steps of family ``kind`` with its default options (``--n`` is ignored). O(MAX_N).

    >>> len(max_rows(1, SplitMix64(1), kind="equal"))
    300000
    """
    return get_family(_kind(kind)).generate(MAX_N, rng)


def _kind(name: str) -> str:
    """``max --kind``'s value: a family that makes a test of the size asked for (not a largest one)."""
    families = all_families()
    if name not in families or families[name].largest:
        sized = ", ".join(sorted(family for family, made in families.items() if not made.largest))
        raise InvalidOption("kind", f"kind takes a family of the size asked for ({sized}), got {excerpt(name)}")
    return name


_MAX = Family(
    "max",
    f"n = {MAX_N} (the judge's limit) of family KIND; --n is ignored",
    max_rows,
    (Option("kind", _kind, "random", "the family to generate (default random)"),),
    largest=True,
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


def _integer(text: str, flag: str, low: int | None = None) -> int:
    """The value of ``--n`` (``low``..``MAX_N``) or ``--seed`` (any integer); ValueError saying why not."""
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{flag} takes an integer, got {excerpt(text)}") from None
    if low is not None and not low <= value <= MAX_N:
        raise ValueError(f"{flag} must be between {low} and {MAX_N}, got {value}")
    return value


def parse_gen_words(words: Sequence[str], name: str = "") -> tuple[GeneratedTest, list[str]]:
    """The test named ``name`` that ``downwedig gen WORDS`` prints, and what to warn of: the one reading of a test's
    words (``FAMILY [--n N] [--seed S] [options]``, each value after its flag or after ``=``), for the command
    and a plan's lines alike; each says its errors its own way.  O(words).

    An unknown family raises :class:`~downwedig.errors.UnknownFamily`; any other fault,
    :class:`~downwedig.errors.InvalidGenWords` with the index of the word at fault.

    >>> test, warnings = parse_gen_words(["max", "--n", "5", "--kind=equal"], "big")
    >>> test.steps, test.options, warnings
    (300000, {'kind': 'equal'}, ["max always makes the judge's largest test; --n 5 is ignored"])
    >>> parse_gen_words(["random", "--red"])
    Traceback (most recent call last):
    ...
    downwedig.errors.InvalidGenWords: --red needs a value
    """
    if not words:
        raise InvalidGenWords("give a FAMILY", 0)
    family = get_family(words[0])
    flags = {option.flag: option for option in family.options}
    n, seed, options, given = DEFAULT_N, 0, {}, False
    index = 1
    while index < len(words):
        at = index
        flag, equals, value = words[index].partition("=")
        if flag not in ("--n", "--seed", *flags):
            known = ", ".join(["--n", "--seed", *flags])
            reason = f"family {family.name!r} has no option {excerpt(flag, quote=False)} (it takes {known})"
            raise InvalidGenWords(reason, at)
        if not equals:
            if index + 1 == len(words):
                raise InvalidGenWords(f"{excerpt(flag, quote=False)} needs a value", at)
            index += 1
            value = words[index]
        index += 1
        try:
            if flag == "--n":
                n, given = _integer(value, flag, 1), True
            elif flag == "--seed":
                seed = _integer(value, flag)
            else:
                try:
                    options[flags[flag].name] = flags[flag].parse(value)
                except ValueError as exc:
                    raise ValueError(f"{flag} {excerpt(value, quote=False)}: {exc}") from None
        except ValueError as exc:  # InvalidOption too
            raise InvalidGenWords(str(exc), at) from None
    warnings = []
    if family.largest and given:
        warnings.append(f"{family.name} always makes the judge's largest test; --n {n} is ignored")
    return GeneratedTest(name, family.name, n, seed, options), warnings


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
        """How many steps the test has (a largest family, ``max``, makes the judge's largest whatever ``--n``).
        O(families)."""
        return MAX_N if get_family(self.family).largest else self.n
