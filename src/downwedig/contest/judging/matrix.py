"""Every solution on every test: a matrix of verdicts and times (Polygon's invocation, ``bt run``'s table).

:func:`judge_all` judges each :class:`Entrant` (a name, a shell command, and
what it must get: :class:`~downwedig.contest.judging.expectation.Expectation`\\ s)
on every test with :func:`~downwedig.contest.judging.judge.judge`, the local
judge ``test --solution`` runs, so a cell costs what a run of ``test`` costs
(in the sandbox, ``jobs`` runs at a time, each test read and checked once for
all the solutions).  :class:`Matrix` holds the results, solution by solution,
and :meth:`Matrix.mismatches` checks each solution against its expectations.
Cost: the runs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from .expectation import Expectation, Mismatch, check
from .judge import Result, Test, check_tests, judge
from .verdict import Limits

__all__ = ["Entrant", "Matrix", "judge_all"]


@dataclasses.dataclass(frozen=True)
class Entrant:
    """A solution to judge: its name (its path in the package, say), the shell command that runs it, and what
    it must get (nothing: any verdict will do)."""

    name: str
    command: str
    expectations: tuple[Expectation, ...] = ()


@dataclasses.dataclass(frozen=True)
class Matrix:
    """The results of each entrant, in the tests' order (shorter where ``stop_on_failure`` stopped it)."""

    tests: list[Test]
    entrants: list[Entrant]
    results: list[list[Result]]

    def mismatches(self) -> list[tuple[Entrant, Mismatch]]:
        """Each entrant's results against its expectations: every mismatch, the entrants in order. O(cells).

        >>> from downwedig.contest.judging.expectation import verdicts
        >>> from downwedig.contest.judging.verdict import Verdict
        >>> entrant = Entrant("accepted/a.py", "true", (Expectation(verdicts(["AC"]), None, "the folder accepted/"),))
        >>> matrix = Matrix([], [entrant], [[Result("sample/1", Verdict.WA, 0.1, 0.1, None, "")]])
        >>> [(e.name, str(m)) for e, m in matrix.mismatches()]
        [('accepted/a.py', 'got WA on sample/1, permitted: AC (the folder accepted/)')]
        """
        pairs = zip(self.entrants, self.results, strict=True)
        return [(entrant, found) for entrant, results in pairs for found in check(entrant.expectations, results)]


def judge_all(
    entrants: Sequence[Entrant],
    tests: Sequence[Test],
    limits: Limits,
    *,
    jobs: int = 1,
    fingerprints: Sequence[bytes] | None = None,
    stop_on_failure: bool = False,
    progress: Callable[[Entrant, int, int, Result], None] | None = None,
) -> Matrix:
    """Judge every entrant on every test under ``limits``, one entrant after the other, ``jobs`` runs at a
    time (see :func:`~downwedig.contest.judging.judge.judge`); with ``stop_on_failure``, each entrant stops at
    its first test that is not AC. O(entrants * tests) runs.

    >>> import pathlib, tempfile
    >>> from downwedig.contest.judging.judge import find_tests
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "t.in").write_bytes(b"1\\nWWWWWWWW\\n"), (folder / "t.ans").write_bytes(b"2\\n")
    >>> matrix = judge_all([Entrant("right", "echo 2"), Entrant("wrong", "echo 1")], find_tests([folder]), Limits())
    >>> [[str(r.verdict) for r in row] for row in matrix.results]
    [['AC'], ['WA']]
    """
    prints = list(fingerprints) if fingerprints is not None else check_tests(tests)
    results = []
    for entrant in entrants:

        def told(done: int, total: int, result: Result, entrant: Entrant = entrant) -> None:
            if progress is not None:
                progress(entrant, done, total, result)

        results.append(
            judge(
                entrant.command,
                tests,
                limits,
                jobs=jobs,
                progress=told,
                fingerprints=prints,
                stop_on_failure=stop_on_failure,
            )
        )
    return Matrix(list(tests), list(entrants), results)
