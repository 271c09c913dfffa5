"""A survivor's witness: the smallest staircase found on which it and the judge answer differently, or the
staircases it was found to agree on.

The search tries small staircases exhaustively first, smallest first, then
the stress tester's families (:func:`~downwedig.contest.judging.stress.cases`),
and shrinks the first difference as ``stress`` does
(:func:`~downwedig.contest.judging.shrink.shrink`: the same verdict, fewer
steps, fewer red pieces).  The exhaustive part, which the report's "agrees
on every staircase up to n = N" rests on:

- a mutant that depends on the rows only through which pieces two rows share
  (``Mutant.symmetric``) is tried on one staircase of each class of up to 4
  steps under reordering the columns and swapping a column's colours in every
  row: 6,610 staircases stand for all 4.3 billion (:func:`classes`); any other
  mutant on every staircase of up to 2 steps (65,792);
- a solution (a program, each run a process) on every staircase of up to 2
  steps over :data:`PALETTE`, 9 rows that share 8, 7, ..., 0 pieces with the
  first (90 runs): the claim is then over that palette.

Then :data:`RANDOM_TESTS` staircases of the families (but ``seesaw``, slow to make)
up to n = :data:`RANDOM_MAX_N` for a mutant (in-process, fast), fewer and smaller for a solution
(:data:`SOLUTION_ROUNDS`).  A mutant runs in this process's main thread (its
deadline is a CPU timer: :func:`~downwedig.contest.strength.kill.judge_mutant`);
a solution through a :class:`~downwedig.contest.running.runner.Runner`, as ``stress`` runs it.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import itertools
from collections.abc import Iterator

from ...engine.solver import answer
from ...staircase import Staircase
from ..generating.registry import all_families, to_text
from ..judging.shrink import shrink
from ..judging.stress import Failure, cases, minimise, stress, try_rows
from ..judging.verdict import Limits, Verdict
from ..running.runner import Runner
from .catalogue import Mutant
from .kill import Case, judge_mutant

__all__ = [
    "PALETTE",
    "RANDOM_MAX_N",
    "RANDOM_TESTS",
    "SOLUTION_ROUNDS",
    "Search",
    "Witness",
    "classes",
    "search_mutant",
    "search_solution",
]

#: 9 rows, the first sharing 8, 7, ..., 0 pieces with each (WWWWWWWW, WWWWWWWR, ..., RRRRRRRR).
PALETTE = tuple((1 << k) - 1 for k in range(9))
#: Staircases of the stress families a mutant is tried on after the exhaustive part ...
RANDOM_TESTS = 3000
#: ... of up to this many steps.
RANDOM_MAX_N = 64
#: A solution's rounds of ``stress`` after the palette: (tests, largest n), each stopped at a failure.
SOLUTION_ROUNDS = ((150, 10), (150, 20), (100, 60))
#: The most runs spent shrinking a solution's difference (a mutant's: 1000).
SOLUTION_SHRINK_RUNS = 300


@dataclasses.dataclass(frozen=True)
class Witness:
    """A staircase on which a mutant or a solution and the judge answer differently: its rows, the verdict
    and why, the judge's digits and what it printed (digits, or nothing for a crash)."""

    rows: list[int]
    verdict: Verdict
    message: str
    expected: str
    received: str

    @property
    def text(self) -> str:
        """The staircase in the judge's format. O(n)."""
        return to_text(self.rows)


@dataclasses.dataclass(frozen=True)
class Search:
    """The outcome of a search: the witness, or (none found) the largest n of the exhaustive part and the
    method in words; how many staircases were tried either way."""

    witness: Witness | None
    equivalent_up_to: int | None
    tried: int
    method: str


def classes(steps: int) -> Iterator[list[int]]:
    """One staircase of each class of ``steps`` steps under reordering the columns and swapping a column's
    colours in every row: row 1 white (a swap per column makes it so), and each column one of the
    ``2**(steps - 1)`` patterns of the rows below, as a multiset of 8. O(classes).

    >>> [sum(1 for _ in classes(n)) for n in (1, 2, 3, 4)]
    [1, 9, 165, 6435]
    """
    patterns = 1 << (steps - 1)
    for columns in itertools.combinations_with_replacement(range(patterns), 8):
        rows = [0] * steps
        for c, pattern in enumerate(columns):
            for below in range(steps - 1):
                if pattern >> below & 1:
                    rows[below + 1] |= 1 << (7 - c)
        yield rows


def _small(symmetric: bool) -> tuple[Iterator[list[int]], int, str]:
    """The exhaustive part for a mutant: the staircases, the largest n, and the method in words."""
    if symmetric:
        found = itertools.chain.from_iterable(classes(n) for n in range(1, 5))
        return found, 4, "every staircase of up to 4 steps (6,610 classes: the mutant ignores column order and colour)"
    found = itertools.chain(([r] for r in range(256)), ([a, b] for a in range(256) for b in range(256)))
    return found, 2, "every staircase of up to 2 steps (65,792)"


def _families() -> list[str]:
    """The stress families a mutant's random part draws from: all but the largest (``max``) and ``seesaw``
    (whose staircases take about 30 ms each to make, 90 % of the part's time)."""
    return sorted(name for name, family in all_families().items() if not family.largest and name != "seesaw")


def _judge(mutant: Mutant, rows: list[int]) -> tuple[Verdict, str, str]:
    """The mutant's verdict on ``rows``, the message, and the judge's digits."""
    expected = answer(Staircase.from_ints(rows))
    cell = judge_mutant(mutant, Case("", bytes(rows), expected))
    return cell.verdict, cell.message, expected


def _printed(mutant: Mutant, rows: list[int]) -> str:
    try:
        return mutant.answer(bytes(rows)).decode("ascii")
    except Exception as exc:  # (its crash, as the kill matrix reports it)
        return f"(nothing: {type(exc).__name__})"


def search_mutant(mutant: Mutant, seed: int = 0) -> Search:
    """Find a witness for ``mutant`` (see the module docstring). In the main thread of its process (the
    deadline's timer); O(tries) of the mutant's runs, at most 65,792 + :data:`RANDOM_TESTS` and the shrinking.

    >>> from downwedig.contest.strength.catalogue import mutant
    >>> found = search_mutant(mutant("short_window"))  # nine white steps: the move of 8 wins day 9
    >>> found.witness.rows, found.witness.verdict, found.witness.received
    ([0, 0, 0, 0, 0, 0, 0, 0, 0], <Verdict.WA: 'WA'>, '211111112')
    >>> search_mutant(mutant("window_9")).equivalent_up_to
    4

    A mutant that only a large test can catch (:attr:`~.catalogue.Mutant.needs`) is not searched: its search says
    what it takes.

    >>> search_mutant(mutant("wraps_16_bits")).method
    'no small staircase catches it; a test of more than 65,536 steps (gen max) would'
    """
    if mutant.needs:
        return Search(None, None, 0, f"no small staircase catches it; {mutant.needs} would")
    small, bound, method = _small(mutant.symmetric)
    random = (test.rows() for test in cases(seed, RANDOM_TESTS, RANDOM_MAX_N, _families()))
    tried = 0
    for rows in itertools.chain(small, random):
        tried += 1
        verdict, _, _ = _judge(mutant, rows)
        if verdict is not Verdict.AC:
            break
    else:
        words = f"{method}, and {RANDOM_TESTS:,} of the stress families up to n = {RANDOM_MAX_N}"
        return Search(None, bound, tried, words)

    def fails(candidate: list[int]) -> int | None:
        again, _, expected = _judge(mutant, candidate)
        if again is not verdict:
            return None
        printed = _printed(mutant, candidate)
        wrong = [day for day, (a, b) in enumerate(zip(expected, printed, strict=False), 1) if a != b]
        return wrong[0] if wrong and again is Verdict.WA else len(candidate)

    rows = shrink(rows, fails).rows
    verdict, message, expected = _judge(mutant, rows)
    return Search(Witness(rows, verdict, message, expected, _printed(mutant, rows)), None, tried, "")


def search_solution(command: str, limits: Limits, *, jobs: int = 1, seed: int = 0) -> Search:
    """Find a witness for the solution ``command`` (a shell command, run as ``stress`` runs it): every staircase
    of up to 2 steps over :data:`PALETTE`, then :data:`SOLUTION_ROUNDS` of ``stress``, ``jobs`` runs at a time.
    O(up to about 500 runs), and the shrinking.

    >>> found = search_solution("echo 1", Limits())  # Dina wins, it says, every day: wrong on day 1
    >>> found.witness.text, found.witness.expected, found.witness.received
    ('1\\nWWWWWWWW\\n', '2', '1')
    """
    small = [[a] for a in PALETTE] + [[a, b] for a in PALETTE for b in PALETTE]
    with Runner(command, limits, jobs=max(1, jobs)) as runner:
        with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as pool:
            outcomes = list(pool.map(lambda rows: try_rows(runner, rows), small))
        found = next(((rows, failure) for rows, failure in zip(small, outcomes, strict=True) if failure), None)
        if found is not None:
            shrunk, failure = minimise(runner, found[0], found[1], SOLUTION_SHRINK_RUNS)
            return Search(_witness(shrunk.rows, failure), None, len(small), "")
    tried = len(small)
    for round_, (tests, max_n) in enumerate(SOLUTION_ROUNDS):
        report = stress(
            command,
            tests=tests,
            max_n=max_n,
            seed=seed + round_,
            limits=limits,
            jobs=jobs,
            shrink_runs=SOLUTION_SHRINK_RUNS,
        )
        tried += report.tests_run
        if report.minimal is not None and report.minimal_failure is not None:
            return Search(_witness(report.minimal, report.minimal_failure), None, tried, "")
    largest = SOLUTION_ROUNDS[-1][1]
    method = (
        f"every staircase of up to 2 steps over a palette of {len(PALETTE)} rows (one for each count of pieces "
        f"shared with the first), and {tried - len(small)} of the stress families up to n = {largest}"
    )
    return Search(None, 2, tried, method)


def _witness(rows: list[int], failure: Failure) -> Witness:
    received = failure.received.decode("utf-8", "backslashreplace").strip()
    return Witness(rows, failure.verdict, failure.message, failure.expected, received)
