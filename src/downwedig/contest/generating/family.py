"""What a test family is: a named, documented generator of staircase rows.

A family's ``function(n, rng, **options)`` returns ``n`` rows of the judge's
width (:data:`~downwedig.staircase.WIDTH` pieces) as integers: bit
``WIDTH - 1 - c`` is column ``c``, and a set bit is a red piece (``R``), as in
:meth:`downwedig.Staircase.from_ints`.  It must draw all its
randomness from ``rng`` (a :class:`~downwedig.contest.generating.prng.SplitMix64`) so
that the output depends on the arguments only.

Family modules (:mod:`~downwedig.contest.generating.standard`,
:mod:`~downwedig.contest.generating.adversarial`) build on this one, and
:mod:`~downwedig.contest.generating.registry` gathers them.

>>> def zeros(n: int, rng: SplitMix64) -> list[int]:
...     return [0] * n
>>> family = Family("zeros", "every piece white", zeros)
>>> family.generate(3, SplitMix64(1))
[0, 0, 0]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from ...errors import InvalidOption, excerpt
from ...staircase import WIDTH, row_text, row_value
from .prng import SplitMix64

__all__ = ["Family", "FamilyFunction", "Option", "fraction_type", "row_type"]

#: ``(n, rng, **options) -> rows``.
FamilyFunction = Callable[..., list[int]]


def fraction_type(text: str) -> Fraction:
    """Parse a probability: ``30%``, ``3/10`` or ``0.3`` (exactly, no floats). O(len).

    >>> fraction_type("30%"), fraction_type("1/3"), fraction_type("0.25")
    (Fraction(3, 10), Fraction(1, 3), Fraction(1, 4))
    """
    text = text.strip()
    try:
        value = Fraction(text[:-1]) / 100 if text.endswith("%") else Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise InvalidOption("probability", f"not a probability: {excerpt(text)} (write 30%, 3/10 or 0.3)") from None
    if not 0 <= value <= 1:
        raise InvalidOption("probability", f"a probability must be between 0 and 1, got {excerpt(text)}")
    if value.denominator > 1 << 64:  # (the generator draws below the denominator, 64 bits at a time)
        raise InvalidOption("probability", f"too fine a probability: {excerpt(text)} (its denominator is over 2**64)")
    return value


def row_type(text: str) -> int:
    """Parse one row of the judge's width (8 pieces ``W``/``R``) into its integer. O(1).

    >>> row_type("WWWWWWWR")
    1
    """
    if len(text) != WIDTH or text.strip("WR"):
        raise InvalidOption("row", f"a row is {WIDTH} pieces 'W'/'R', got {excerpt(text)}")
    return row_value(text)


@dataclasses.dataclass(frozen=True)
class Option:
    """One option of a family: its keyword, parser, default (already parsed) and help."""

    name: str
    parse: Callable[[str], Any]
    default: Any
    help: str

    @property
    def flag(self) -> str:
        """The command-line flag: ``--`` and the name with ``-`` for ``_``. O(len(name)).

        >>> Option("max_d", int, 1, "").flag
        '--max-d'
        """
        return "--" + self.name.replace("_", "-")

    def show(self, value: Any) -> str:
        """``value`` as it is written on a command line (and hashed into the seed). O(1).

        >>> Option("row", row_type, None, "").show(1), Option("k", int, 3, "").show(4)
        ('WWWWWWWR', '4')
        """
        if self.parse is row_type and isinstance(value, int):
            return row_text(value, WIDTH)
        return str(value)


@dataclasses.dataclass(frozen=True)
class Family:
    """A named generator: ``function(n, rng, **options) -> rows``, with its options.

    ``stress_options``, when given, draws options for ``downwedig stress`` to
    vary (e.g. the probability of red); otherwise stress uses the defaults.
    ``largest`` marks a family that makes the judge's largest test whatever
    ``n`` (``max``): its ``n`` only enters the seed, and a small plan leaves
    its tests out.
    """

    name: str
    description: str
    function: FamilyFunction
    options: tuple[Option, ...] = ()
    stress_options: Callable[[SplitMix64], dict[str, Any]] | None = None
    largest: bool = False

    def resolve(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Every option's value: the given ones over the defaults; unknown names refused. O(options).

        >>> Family("f", "", lambda n, rng, k=1: [0] * n, (Option("k", int, 1, ""),)).resolve({})
        {'k': 1}
        """
        given = dict(options or {})
        known = {option.name for option in self.options}
        unknown = sorted(set(given) - known)
        if unknown:
            raise InvalidOption(unknown[0], f"family {self.name!r} has no option {unknown[0]!r}")
        return {option.name: given.get(option.name, option.default) for option in self.options}

    def generate(self, n: int, rng: SplitMix64, **options: Any) -> list[int]:
        """The rows for ``n`` steps; checks the family kept its contract. O(n) plus the family's cost.

        >>> Family("ones", "", lambda n, rng: [1] * n).generate(2, SplitMix64(0))
        [1, 1]
        """
        if n < 1:
            raise InvalidOption("n", f"n must be at least 1, got {n}")
        rows = self.function(n, rng, **self.resolve(options))
        # A broken contract is a bug in the family, not the user's doing.  (``max`` ignores ``n``.)
        assert all(0 <= row < 1 << WIDTH for row in rows), (
            f"family {self.name!r} made a row of more than {WIDTH} pieces"
        )
        return rows
