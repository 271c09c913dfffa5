"""Stress testing: run a solution on generated tests until it fails, then shrink the failure.

:func:`stress` plans ``tests`` tests from ``seed`` (:func:`cases`: every family
in turn, sizes growing quadratically up to ``max_n``), runs the solution (a
shell command reading the input on stdin) on them ``jobs`` at a time under
:class:`~downwedig.contest.judging.verdict.Limits`, judges each run against the
engine's answer as the local judge does
(:func:`~downwedig.contest.judging.judge.classify`: WA, PE, RE, TLE, MLE) and
stops at the first failure in plan order.  It then
:func:`~downwedig.contest.judging.shrink.shrink`\\ s the input while the
solution keeps failing the same way (the same verdict).

Every run goes through the stress test's :class:`~downwedig.contest.running.runner.Runner`: its own
cgroup where the machine allows it, else its own process group, in the sandbox where
bubblewrap works (set up while the run before it goes on), killed as a whole when it times
out or has finished.

>>> [(t.family, t.n) for t in cases(seed=1, tests=3, max_n=5)] == [(t.family, t.n) for t in cases(1, 3, 5)]
True
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
from collections.abc import Callable

from ...engine.solver import answer
from ...staircase import Staircase
from ..generating.prng import SplitMix64, derive_seed
from ..generating.registry import GeneratedTest, all_families, to_text
from ..running.runner import Runner
from .check import Checked
from .judge import classify
from .shrink import Shrunk, shrink
from .verdict import Limits, Verdict

__all__ = ["Failure", "Report", "cases", "minimise", "stress", "try_rows"]

#: Time-outs are expensive to shrink: each failing candidate costs the whole time limit.
TIMEOUT_SHRINK_RUNS = 8


@dataclasses.dataclass(frozen=True)
class Failure:
    """How a run failed: its verdict (what "failing the same way" compares) and what it did."""

    verdict: Verdict
    message: str
    expected: str
    received: bytes
    first_wrong_day: int | None = None
    stderr: bytes = b""


@dataclasses.dataclass(frozen=True)
class Report:
    """The outcome of :func:`stress`: ``failure`` is None when every test passed.

    ``index`` is the failing test's place in the plan (from 0).
    """

    tests_run: int
    test: GeneratedTest | None = None
    index: int = 0
    failure: Failure | None = None
    minimal: list[int] | None = None
    minimal_failure: Failure | None = None
    shrink_runs: int = 0
    shrink_complete: bool = True
    repeated: bool = True  # False when the failure did not happen again while shrinking


def _sizes(tests: int, max_n: int, index: int) -> int:
    """The size limit of test ``index``: quadratic growth up to ``max_n`` at the last test (integers only)."""
    return max(2, max_n * (index + 1) ** 2 // tests**2) if max_n > 1 else 1


def cases(seed: int, tests: int, max_n: int, families: list[str] | None = None) -> list[GeneratedTest]:
    """The ``tests`` tests of a stress run, the same for the same arguments; named ``1``, ``2``, ... O(tests).

    Test ``i`` uses family ``i mod F`` (sorted names, ``max`` left out), a size
    drawn uniformly in ``1..limit_i`` with ``limit_i = max(2, max_n * (i+1)^2 // tests^2)``,
    a ``gen`` seed below ``10**9`` and the family's stress options.

    >>> [t.n for t in cases(seed=5, tests=4, max_n=1)]
    [1, 1, 1, 1]
    """
    registry = all_families()
    sized = sorted(name for name, family in registry.items() if not family.largest)  # (not max: its n is fixed)
    names = families if families is not None else sized
    rng = SplitMix64(derive_seed("stress", max_n, seed, {"tests": tests}))
    planned = []
    for index in range(tests):
        name = names[index % len(names)]
        family = registry[name]
        n = 1 + rng.below(_sizes(tests, max_n, index))
        gen_seed = rng.below(10**9)
        options = family.resolve(family.stress_options(rng) if family.stress_options else {})
        planned.append(GeneratedTest(str(index + 1), name, n, gen_seed, options))
    return planned


def try_rows(runner: Runner, rows: list[int]) -> Failure | None:
    """Run the runner's command on ``rows`` and judge it against the engine, by the runner's limits: how it
    failed, or None. O(n) plus the run.

    >>> import shlex, sys
    >>> with Runner(f"{shlex.quote(sys.executable)} -c 'print(22)'", Limits()) as runner:
    ...     print(try_rows(runner, [0, 0]).message)
    wrong answer on day 2: expected 1 (Dina wins), received 2 (Dima wins); 1 of 2 days wrong
    """
    expected = answer(Staircase.from_ints(rows))
    data = to_text(rows).encode("ascii")
    run = runner.run(data)
    found: Checked = classify(run, expected, runner.limits)
    if found.verdict is Verdict.AC:
        return None
    return Failure(found.verdict, found.message, expected, run.stdout, found.first_wrong_day, run.stderr)


def stress(
    command: str,
    *,
    tests: int = 200,
    max_n: int = 100,
    seed: int = 0,
    limits: Limits | None = None,
    jobs: int = 1,
    shrink_runs: int = 1000,
    progress: Callable[[int, int, GeneratedTest], None] | None = None,
) -> Report:
    """Run ``command`` on the :func:`cases` for ``seed`` until it fails; shrink the first failure.

    ``jobs`` runs go at once (threads waiting on processes); the failure
    reported is the first in plan order, so the result does not depend on
    ``jobs``.  A failure is shrunk with at most ``shrink_runs`` more runs
    (:data:`TIMEOUT_SHRINK_RUNS` for a time-out); when it does not happen
    again, the test is reported as found (``minimal`` is its rows, and
    ``repeated`` false).  Cost: O(tests) runs of the solution, plus the shrinking.

    >>> import shlex, sys  # a "solution" that says Dina wins every day
    >>> report = stress(f"{shlex.quote(sys.executable)} -c 'print(\\"1\\" * int(input()))'", tests=20, seed=1)
    >>> report.failure is not None and report.failure.verdict
    <Verdict.WA: 'WA'>
    """
    limits = limits or Limits()
    planned = cases(seed, tests, max_n)
    with Runner(command, limits, jobs=max(1, jobs)) as runner:  # (each run's sandbox set up ahead of its turn)

        def attempt(test: GeneratedTest) -> tuple[list[int], Failure | None]:
            rows = test.rows()
            return rows, try_rows(runner, rows)

        found: tuple[int, list[int], Failure] | None = None
        done = 0
        step = max(1, jobs)
        with concurrent.futures.ThreadPoolExecutor(step) as pool:
            for start in range(0, len(planned), step):
                batch = planned[start : start + step]
                outcomes = zip(batch, pool.map(attempt, batch), strict=True)
                for index, (test, (rows, failure)) in enumerate(outcomes, start):
                    done += 1
                    if progress:
                        progress(done, len(planned), test)
                    if failure is not None and found is None:
                        found = (index, rows, failure)
                if found is not None:
                    break
        if found is None:
            return Report(done)
        index, rows, failure = found
        shrunk, minimal_failure = minimise(runner, rows, failure, shrink_runs)
        return Report(
            done,
            planned[index],
            index,
            failure,
            shrunk.rows,
            minimal_failure,
            shrunk.runs,
            shrunk.complete,
            shrunk.repeated,
        )


def minimise(runner: Runner, rows: list[int], failure: Failure, shrink_runs: int = 1000) -> tuple[Shrunk, Failure]:
    """The smallest staircase found on which the runner's command still fails as it did on ``rows`` (the same
    verdict), with at most ``shrink_runs`` runs (:data:`TIMEOUT_SHRINK_RUNS` for a time-out), and how it failed
    there. O(shrink_runs) runs.

    >>> with Runner("echo 1", Limits()) as runner:  # one digit, whatever the days: a PE from 2 steps on
    ...     shrunk, found = minimise(runner, [5, 6, 7], try_rows(runner, [5, 6, 7]))
    >>> shrunk.rows, found.verdict
    ([0, 0], <Verdict.PE: 'PE'>)
    """
    last: dict[str, Failure] = {}

    def still_fails(candidate: list[int]) -> int | None:
        result = try_rows(runner, candidate)
        if result is None or result.verdict is not failure.verdict:
            return None
        last[str(candidate)] = result
        return result.first_wrong_day or len(candidate)

    budget = min(shrink_runs, TIMEOUT_SHRINK_RUNS) if failure.verdict is Verdict.TLE else shrink_runs
    shrunk = shrink(rows, still_fails, max_runs=budget)
    return shrunk, last.get(str(shrunk.rows), failure)
