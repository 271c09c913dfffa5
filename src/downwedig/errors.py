"""Every failure a user can cause, one class each; all are :class:`ValueError`\\ s that quote the bad value.

Each knows the exit status the command line reports it with (click's style):
:attr:`DownwedigError.exit_status` is 1 for bad input and for a command that
failed, and 2 for a :class:`UsageError` (a value on the command line that
cannot be used: the command's usage line is printed with it).  Errors that
point into a file (:class:`InvalidText`: a staircase, a plan) say where, as
``SOURCE:LINE:COLUMN: reason``, and quote what they repeat of it cut short
(:func:`excerpt`).  This module imports nothing when loaded (``difflib`` only
for :class:`UnknownFamily`'s "did you mean"), so every other module can use it.
(The bundler's own errors are a developer's mistakes, not a user's: they live with it.)

>>> str(InvalidDay(13, 12)), InvalidDay(13, 12).exit_status
('day 13 is not in 1..12', 2)
>>> isinstance(UnknownFamily("bogus", ["random"]), ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "CommandError",
    "DownwedigError",
    "IllegalMove",
    "InvalidAnswer",
    "InvalidDay",
    "InvalidDestination",
    "InvalidMask",
    "InvalidOption",
    "InvalidOutput",
    "InvalidPlan",
    "InvalidStaircase",
    "InvalidStep",
    "InvalidSteps",
    "InvalidTests",
    "InvalidText",
    "InvalidWidth",
    "UnknownFamily",
    "UsageError",
    "excerpt",
    "printable",
]

#: The most characters of a bad line (or value) that a message quotes: a line can be megabytes long.
EXCERPT = 20


def excerpt(text: str, limit: int = EXCERPT, *, quote: bool = True) -> str:
    """``text`` as a message quotes it: its first ``limit`` characters, ``repr``-quoted, and ``...`` if cut. O(limit).

    Every message that repeats what the user gave goes through here (the
    reader, ``validate``, plans, ``play``), so that a 10 MB line is answered
    in a line.  (``render/reader.js`` cuts the same way.)

    >>> excerpt("abc"), excerpt("x" * 30)
    ("'abc'", "'xxxxxxxxxxxxxxxxxxxx'...")
    >>> excerpt("9" * 30, 5, quote=False)
    '99999...'
    """
    cut = text[:limit]
    shown = repr(cut) if quote else cut
    return shown if len(text) <= limit else shown + "..."


def _invisible(char: str) -> bool:
    """Whether a character is a format character (Unicode category Cf: bidi overrides, zero-width ones) or a line
    or paragraph separator, which would reorder or split what follows it on a screen."""
    import unicodedata

    return unicodedata.category(char) in ("Cf", "Zl", "Zp")


def printable(text: str, keep: str = "") -> str:
    """``text`` with control characters, format characters (bidi overrides...) and undecodable bytes escaped, so
    that a message stays one safe line.

    A newline in a file name would split the message; an escape sequence would
    reach the terminal; a right-to-left override would turn the rest of the
    line around.  Other characters, accented letters included, stay, and so do
    the control characters in ``keep`` (e.g. newlines in a multi-line excerpt).

    >>> printable("a\\x1b[2Jb\\u202ec\\u00e9")
    'a\\\\x1b[2Jb\\\\u202ec\u00e9'
    """
    out = []
    for char in text:
        code = ord(char)
        if char in keep:
            out.append(char)
        elif 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
            out.append(f"\\x{code - 0xDC00:02x}")
        elif code < 0x20 or 0x7F <= code < 0xA0 or 0xD800 <= code <= 0xDFFF or (code > 0xA0 and _invisible(char)):
            out.append(char.encode("unicode_escape", "backslashreplace").decode("ascii"))
        else:
            out.append(char)
    return "".join(out)


class DownwedigError(ValueError):
    """The base of every failure a user can cause; ``exit_status`` is what the command line exits with."""

    exit_status = 1


class UsageError(DownwedigError):
    """A value given on the command line that cannot be used (a day the staircase lacks, a missing file...).

    The command line reports it as argparse reports a bad option: the
    command's usage, then the message, with status 2 (3 for ``check``).
    """

    exit_status = 2  # (argparse's; ``check`` reports its own as 3, testlib's FAIL)


class CommandError(DownwedigError):
    """A command that failed for a reason it reports in one line (a file it cannot write...); status 1."""


class InvalidText(DownwedigError):
    """Text that cannot be read, with where and why: ``str(error)`` is ``SOURCE:LINE:COLUMN: reason``.

    Lines and columns count from 1, as editors and compilers do.
    """

    #: What the text is, in an error that has no source name.
    default_source = "<input>"

    def __init__(self, reason: str, *, line: int, column: int, source: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line
        self.column = column
        self.source = self.default_source if source is None else source

    def __str__(self) -> str:
        return f"{self.source}:{self.line}:{self.column}: {self.reason}"


class InvalidStaircase(InvalidText):
    """Input that is not a staircase, with where and why.

    >>> err = InvalidStaircase("unexpected character 'w'", line=3, column=2)
    >>> str(err), err.reason
    ("<input>:3:2: unexpected character 'w'", "unexpected character 'w'")
    """

    #: The pieces of the first step, when that step is of another width than the one expected (a
    #: staircase of another width, most likely: the command line then suggests ``--width``); else None.
    first_width: int | None = None


class InvalidPlan(InvalidText):
    """A test plan that cannot be read, with where and why; ``also`` holds the plan's further errors, in order
    (every error of a plan is reported in one run).

    >>> str(InvalidPlan("the plan has no tests", line=1, column=1))
    '<plan>:1:1: the plan has no tests'
    """

    default_source = "<plan>"

    def __init__(
        self,
        reason: str,
        *,
        line: int,
        column: int,
        source: str | None = None,
        also: tuple[InvalidPlan, ...] = (),
    ) -> None:
        super().__init__(reason, line=line, column=column, source=source)
        self.also = also

    @property
    def errors(self) -> list[InvalidPlan]:
        """This error and the plan's further ones, in order. O(errors)."""
        return [self, *self.also]

    def named(self, source: str) -> InvalidPlan:
        """This error with every one of its plan's errors named ``source`` (the plan's file). O(errors)."""
        for error in self.errors:
            error.source = source
        return self

    @classmethod
    def of(cls, errors: list[InvalidPlan]) -> InvalidPlan:
        """The first of ``errors`` (not empty), the others as its ``also``. O(errors)."""
        first, *rest = errors
        first.also = (*first.also, *rest)
        return first


class InvalidWidth(UsageError):
    """A width (pieces per step) outside ``1..16``.

    >>> str(InvalidWidth(17, 16))
    'width must be between 1 and 16, got 17'
    """

    def __init__(self, width: int, largest: int) -> None:
        super().__init__(f"width must be between 1 and {largest}, got {width}")
        self.width = width


class InvalidDay(UsageError):
    """A day that the staircase does not have."""

    def __init__(self, day: int, n: int) -> None:
        super().__init__(f"day {day} is not in 1..{n}")
        self.day = day
        self.n = n


class InvalidStep(UsageError):
    """A step that the staircase (or the day) does not have: ``step 2 is not in 3..3``."""

    def __init__(self, step: int, last: int, *, first: int = 1) -> None:
        super().__init__(f"step {step} is not in {first}..{last}")
        self.step = step
        self.first = first
        self.last = last


class InvalidSteps(UsageError):
    """A range of steps ``first..last`` that is empty or not within ``1..day``.

    >>> str(InvalidSteps(3, 40, 12))
    'steps 3..40 are not within 1..12'
    """

    def __init__(self, first: int, last: int, day: int) -> None:
        super().__init__(f"steps {first}..{last} are not within 1..{day}")
        self.first = first
        self.last = last


class InvalidMask(DownwedigError):
    """A move mask outside ``0..2**width - 1``."""

    def __init__(self, mask: int, width: int) -> None:
        super().__init__(f"move mask {mask} is outside 0..{(1 << width) - 1} for width {width}")
        self.mask = mask


class InvalidOption(UsageError):
    """A value the option ``name`` does not take (a family option, a probability, a row)."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name


class InvalidGenWords(UsageError):
    """Words of a test (``FAMILY --n N --seed S [options]``, as ``downwedig gen`` and a plan's line take them)
    that make none: why, and the index of the word at fault among them (0: the family's).

    >>> InvalidGenWords("--n needs a value", 1).index
    1
    """

    def __init__(self, reason: str, index: int) -> None:
        super().__init__(reason)
        self.index = index


class UnknownFamily(UsageError):
    """A test family that does not exist; names the known ones, and the nearest when one is near (difflib).

    >>> str(UnknownFamily("bogus", ["chain", "random"]))
    "unknown family 'bogus'; known: chain, random"
    >>> str(UnknownFamily("randon", ["chain", "random"]))
    "unknown family 'randon' (did you mean 'random'?); known: chain, random"
    """

    def __init__(self, name: str, known: list[str]) -> None:
        from difflib import get_close_matches

        near = get_close_matches(name[:100], known, n=1)
        guess = f" (did you mean {near[0]!r}?)" if near else ""
        super().__init__(f"unknown family {excerpt(name)}{guess}; known: {', '.join(sorted(known))}")
        self.name = name


class IllegalMove(DownwedigError):
    """A move the rules forbid (or that is not the player's to make); ``str(error)`` says why."""


class InvalidOutput(DownwedigError):
    """A solution's output that is not one line of ``n`` digits ``1``/``2``; ``str(error)`` says where."""


class InvalidTests(UsageError):
    """Tests that cannot be found: a path that does not exist, an input without an answer, no tests at all."""


class InvalidAnswer(DownwedigError):
    """An answer file that is not one line of ``n`` digits 1/2 for its input."""


class InvalidDestination(UsageError):
    """A folder a command may not write into, or replace: ``str(error)`` says why."""
