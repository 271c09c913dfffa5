"""What a solution must get on the tests (:class:`Expectation`), as the package formats say it, and the check.

An expectation is the 2025-09 format's (and BAPCtools'): every test, of those
it applies to, must get a verdict in ``permitted``; some test must get one in
``required``.  Its words are the format's: ``AC``, ``WA``, ``TLE``, ``RTE``
(:func:`verdicts`: a presentation error is a wrong answer there, and running
out of memory a run-time error).  Where each comes from is kept
(``source``), so a mismatch can say why a verdict was not permitted.  What a
package's folders, ``submissions.yaml`` and Polygon's tags mean is the formats'
knowledge (:mod:`downwedig.contest.shipping.submissions`).

A judge's own failure (``FAIL``) is never permitted: the judging says nothing
about the solution there.  O(1) to make; :func:`check` is O(tests).

>>> from downwedig.contest.judging.judge import Result
>>> wrong = Expectation(verdicts(["AC", "WA"]), verdicts(["WA"]), "the folder wrong_answer/")
>>> [str(m) for m in check([wrong], [Result("secret/1", Verdict.AC, 0.1, 0.1, None, "")])]
['required WA on some test, got only AC (the folder wrong_answer/)']
"""

from __future__ import annotations

import dataclasses
import fnmatch
from collections.abc import Iterable, Sequence

from .summary import Outcome
from .verdict import Verdict

__all__ = ["Expectation", "Mismatch", "check", "verdicts"]

#: A format's verdict word -> the verdicts it stands for.
_WORDS = {
    "AC": frozenset({Verdict.AC}),
    "WA": frozenset({Verdict.WA, Verdict.PE}),
    "TLE": frozenset({Verdict.TLE}),
    "RTE": frozenset({Verdict.RE, Verdict.MLE}),
    "RE": frozenset({Verdict.RE, Verdict.MLE}),
    "PE": frozenset({Verdict.PE}),
    "MLE": frozenset({Verdict.MLE}),
}
_ANY = frozenset(v for v in Verdict if v is not Verdict.FAIL)


def verdicts(words: Iterable[str]) -> frozenset[Verdict]:
    """The verdicts a format's words stand for (``RTE``: a crash or running out of memory). O(words).

    >>> sorted(str(v) for v in verdicts(["AC", "RTE"]))
    ['AC', 'MLE', 'RE']
    >>> verdicts(["OK"])
    Traceback (most recent call last):
    ...
    ValueError: unknown verdict 'OK' (known: AC, WA, TLE, RTE, RE, PE, MLE)
    """
    found: set[Verdict] = set()
    for word in words:
        if word.upper() not in _WORDS:
            raise ValueError(f"unknown verdict {word!r} (known: {', '.join(_WORDS)})")
        found |= _WORDS[word.upper()]
    return frozenset(found)


def _words(found: frozenset[Verdict]) -> str:
    """Verdicts in a format's words, in :class:`Verdict`'s order (``WA`` for WA and PE, ``RTE``...)."""
    named = [word for word in ("AC", "WA", "TLE", "RTE") if _WORDS[word] <= found]
    covered = frozenset().union(*(_WORDS[word] for word in named)) if named else frozenset()
    named += [str(v) for v in Verdict if v in found and v not in covered]
    return ", ".join(named)


@dataclasses.dataclass(frozen=True)
class Expectation:
    """Every test (whose name matches ``tests``, a glob; None: every test) gets a verdict in ``permitted``, and
    one gets a verdict in ``required`` (None: no such demand); ``source`` says where this was written."""

    permitted: frozenset[Verdict] = _ANY
    required: frozenset[Verdict] | None = None
    source: str = ""
    tests: str | None = None

    def applies(self, test: str) -> bool:
        """Whether this expectation is about the test named ``test`` (it or a group above it matches). O(len)."""
        if self.tests is None:
            return True
        parts = test.split("/")
        return any(fnmatch.fnmatchcase("/".join(parts[:k]), self.tests) for k in range(1, len(parts) + 1))

    def __str__(self) -> str:
        words = [f"permitted: {_words(self.permitted)}"] if self.permitted != _ANY else []
        if self.required is not None:
            words.append(f"required: {_words(self.required)}")
        where = f" on {self.tests}" if self.tests else ""
        return f"{'; '.join(words) or 'anything'}{where} ({self.source})"


@dataclasses.dataclass(frozen=True)
class Mismatch:
    """A solution's verdicts against an expectation: the test and verdict that broke it (None for a missing
    required verdict), and the expectation."""

    test: str | None
    verdict: Verdict | None
    expectation: Expectation
    seen: frozenset[Verdict] = frozenset()

    def __str__(self) -> str:
        where = f" on {self.expectation.tests}" if self.expectation.tests else ""
        if self.test is not None:
            return (
                f"got {self.verdict} on {self.test}, permitted{where}: {_words(self.expectation.permitted)} "
                f"({self.expectation.source})"
            )
        assert self.expectation.required is not None
        got = ", ".join(str(v) for v in Verdict if v in self.seen) or "nothing"
        return (
            f"required {_words(self.expectation.required)} on some test{where}, got only {got} "
            f"({self.expectation.source})"
        )


def check(expectations: Sequence[Expectation], results: Sequence[Outcome]) -> list[Mismatch]:
    """Every way ``results`` (a solution's, per test) break ``expectations``: each test with a verdict not
    permitted (a judge's failure included), each required verdict missing. O(tests * expectations).

    >>> from downwedig.contest.judging.judge import Result
    >>> slow = Expectation(frozenset({Verdict.AC, Verdict.TLE}), frozenset({Verdict.TLE}), "time_limit_exceeded/")
    >>> [str(m) for m in check([slow], [Result("secret/2", Verdict.WA, 0.1, 0.1, None, "")])][0]
    'got WA on secret/2, permitted: AC, TLE (time_limit_exceeded/)'
    """
    found = []
    for expectation in expectations:
        mine = [r for r in results if expectation.applies(r.name)]
        for result in mine:
            if result.verdict not in expectation.permitted or result.verdict is Verdict.FAIL:
                found.append(Mismatch(result.name, result.verdict, expectation))
        seen = frozenset(r.verdict for r in mine)
        if expectation.required is not None and not seen & expectation.required:
            found.append(Mismatch(None, None, expectation, seen))
    return found
