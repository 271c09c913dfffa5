"""Every failure a user can cause, one class each; all are :class:`ValueError`\\ s that quote the bad value.

The command line turns them into one line on stderr: :class:`InvalidStaircase`
(bad input, with its file, line and column) exits with status 1; the others
come from command-line values and are usage errors (status 2).  This module
imports nothing, so every other module can use it.

>>> str(InvalidDay(13, 12))
'day 13 is not in 1..12'
>>> isinstance(UnknownFamily("bogus", ["random"]), ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "IllegalMove",
    "InvalidDay",
    "InvalidMask",
    "InvalidOption",
    "InvalidStaircase",
    "InvalidSteps",
    "InvalidWidth",
    "UnknownFamily",
]


class InvalidStaircase(ValueError):
    """Input that is not a staircase, with where and why.

    ``str(error)`` is ``SOURCE:LINE:COLUMN: reason``; lines and columns count
    from 1, as editors and compilers do.

    >>> err = InvalidStaircase("unexpected character 'w'", line=3, column=2)
    >>> str(err), err.reason
    ("<input>:3:2: unexpected character 'w'", "unexpected character 'w'")
    """

    def __init__(self, reason: str, *, line: int, column: int, source: str = "<input>") -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line
        self.column = column
        self.source = source

    def __str__(self) -> str:
        return f"{self.source}:{self.line}:{self.column}: {self.reason}"


class InvalidWidth(ValueError):
    """A width (pieces per step) outside ``1..16``.

    >>> str(InvalidWidth(17, 16))
    'width must be between 1 and 16, got 17'
    """

    def __init__(self, width: int, largest: int) -> None:
        super().__init__(f"width must be between 1 and {largest}, got {width}")
        self.width = width


class InvalidDay(ValueError):
    """A day (or step) that the staircase does not have."""

    def __init__(self, day: int, n: int, what: str = "day") -> None:
        super().__init__(f"{what} {day} is not in 1..{n}")
        self.day = day
        self.n = n


class InvalidSteps(ValueError):
    """A range of steps ``first..last`` that is empty or not within ``1..day``.

    >>> str(InvalidSteps(3, 40, 12))
    'steps 3..40 are not within 1..12'
    """

    def __init__(self, first: int, last: int, day: int) -> None:
        super().__init__(f"steps {first}..{last} are not within 1..{day}")
        self.first = first
        self.last = last


class InvalidMask(ValueError):
    """A move mask outside ``0..2**width - 1``."""

    def __init__(self, mask: int, width: int) -> None:
        super().__init__(f"move mask {mask} is outside 0..{(1 << width) - 1} for width {width}")
        self.mask = mask


class InvalidOption(ValueError):
    """A value the option ``name`` does not take (a family option, a probability, a row)."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name


class UnknownFamily(ValueError):
    """A test family that does not exist; names the known ones.

    >>> str(UnknownFamily("bogus", ["chain", "random"]))
    "unknown family 'bogus'; known: chain, random"
    """

    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__(f"unknown family {name!r}; known: {', '.join(sorted(known))}")
        self.name = name


class IllegalMove(ValueError):
    """A move the rules forbid (or that is not the player's to make); ``str(error)`` says why."""
