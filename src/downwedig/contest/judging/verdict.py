"""The judge's vocabulary: what a run can be found to be (:class:`Verdict`) and under which :class:`Limits`.

Every judging tool speaks it: the checker (``check``, whose exit status is the
verdict's testlib code), the local judge (``test``), the stress tester
(``stress``), and their text and JSON output.  The limits default to the
original contest's (:data:`~downwedig.staircase.TIME_LIMIT_S`,
:data:`~downwedig.staircase.MEMORY_LIMIT_MIB`).  Creating either is O(1).

>>> Verdict.WA, Verdict.WA.words, Verdict.WA.testlib_status
(<Verdict.WA: 'WA'>, 'wrong answer', 1)
>>> Limits().wall_s
8.5
"""

from __future__ import annotations

import enum

from ..running.limits import OUTPUT_LIMIT, Limits

__all__ = ["OUTPUT_LIMIT", "Limits", "Verdict"]


class Verdict(str, enum.Enum):
    """A verdict, as judges abbreviate it (its value, which the JSON reports give) and in words.

    The order is the reports' (best first); ``FAIL`` is the checker's own failure
    (the input or the answer file is wrong, not the solution).
    """

    AC = "AC"
    WA = "WA"
    PE = "PE"
    TLE = "TLE"
    MLE = "MLE"
    RE = "RE"
    FAIL = "FAIL"

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

    @property
    def words(self) -> str:
        """The verdict in words: ``'wrong answer'``, ``'time limit exceeded'``, ... O(1)."""
        return _WORDS[self]

    @property
    def testlib_status(self) -> int | None:
        """The exit status of a testlib checker giving it (0 AC, 1 WA, 2 PE, 3 FAIL), or None. O(1).

        >>> Verdict.FAIL.testlib_status, Verdict.TLE.testlib_status
        (3, None)
        """
        return _TESTLIB.get(self)

    @property
    def colour(self) -> str:
        """The verdict's colour on a terminal, as an ANSI SGR parameter: green for AC, red for a wrong answer,
        yellow for a limit exceeded, magenta for a crash or the checker's own failure. O(1).

        >>> Verdict.AC.colour, Verdict.TLE.colour
        ('32', '33')
        """
        return _COLOURS[self]

    @property
    def letter(self) -> str:
        """The verdict in one letter, for a matrix of many (``A``, ``W``, ``P``, ``T``, ``M``, ``R``, ``F``). O(1).

        >>> "".join(verdict.letter for verdict in Verdict)
        'AWPTMRF'
        """
        return self.value[0]

    @property
    def accepted(self) -> bool:
        """Whether the verdict is AC: what the reports count as passed (no name of a verdict written elsewhere).
        O(1).

        >>> Verdict.AC.accepted, Verdict.WA.accepted
        (True, False)
        """
        return self is Verdict.AC


_WORDS = {
    Verdict.AC: "accepted",
    Verdict.WA: "wrong answer",
    Verdict.PE: "wrong output format",
    Verdict.TLE: "time limit exceeded",
    Verdict.MLE: "memory limit exceeded",
    Verdict.RE: "run-time error",
    Verdict.FAIL: "checker failure",
}
_COLOURS = {
    Verdict.AC: "32",
    Verdict.WA: "31",
    Verdict.PE: "31",
    Verdict.TLE: "33",
    Verdict.MLE: "33",
    Verdict.RE: "35",
    Verdict.FAIL: "35",
}
_TESTLIB = {Verdict.AC: 0, Verdict.WA: 1, Verdict.PE: 2, Verdict.FAIL: 3}
