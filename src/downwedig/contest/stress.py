"""Stress testing: run a solution on generated tests until it fails, then shrink the failure.

:func:`stress` plans ``tests`` cases from ``seed`` (every family in turn,
sizes growing quadratically up to ``max_n``), runs the solution
(a shell command reading the input on stdin) on them ``jobs`` at a time,
compares each output with the engine's answer and stops at the first failure
in plan order: a wrong answer, a malformed output, a crash (non-zero exit)
or a time-out.  It then :func:`~downwedig.contest.shrink.shrink`\\ s the input
while the solution keeps failing the same way (same kind of failure).

Every run goes through :func:`~downwedig.contest.run.run_solution`: its own
process group, killed as a whole when it times out or has finished.

>>> cases = plan(seed=1, tests=3, max_n=5)
>>> [(c.family, c.n) for c in cases] == [(c.family, c.n) for c in plan(seed=1, tests=3, max_n=5)]
True
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import enum
from collections.abc import Callable
from typing import Any

from ..engine.solver import answer
from ..staircase import Staircase
from .check import differences, read_digits
from .prng import SplitMix64, derive_seed
from .registry import all_families, gen_command, generate, to_text
from .run import Run, describe_exit, run_solution
from .shrink import shrink

__all__ = ["Case", "Failure", "FailureKind", "Report", "judge", "plan", "stress"]

#: Time-outs are expensive to shrink: each failing candidate costs the whole time limit.
TIMEOUT_SHRINK_RUNS = 8


@dataclasses.dataclass(frozen=True)
class Case:
    """One planned test: ``gen_command`` reproduces ``rows`` exactly."""

    index: int
    family: str
    n: int
    seed: int
    options: dict[str, Any]
    rows: list[int]

    @property
    def gen_command(self) -> str:
        """The ``downwedig gen`` command line that prints this test."""
        return gen_command(self.family, self.n, self.seed, self.options)


class FailureKind(enum.Enum):
    """How a run can fail; shrinking keeps a test only while it fails the same way."""

    WRONG_ANSWER = "wrong answer"
    MALFORMED_OUTPUT = "malformed output"
    CRASH = "crash"
    TIME_OUT = "time-out"

    def __str__(self) -> str:
        return self.value


@dataclasses.dataclass(frozen=True)
class Failure:
    """How a run failed: ``kind`` is what "failing the same way" compares."""

    kind: FailureKind
    detail: str
    expected: str
    received: bytes
    first_wrong_day: int | None = None
    stderr: bytes = b""


@dataclasses.dataclass(frozen=True)
class Report:
    """The outcome of :func:`stress`: ``failure`` is None when every test passed."""

    tests_run: int
    case: Case | None = None
    failure: Failure | None = None
    minimal: list[int] | None = None
    minimal_failure: Failure | None = None
    shrink_runs: int = 0
    shrink_complete: bool = True


def _sizes(tests: int, max_n: int, index: int) -> int:
    """The size limit of test ``index``: quadratic growth up to ``max_n`` at the last test (integers only)."""
    return max(2, max_n * (index + 1) ** 2 // tests**2) if max_n > 1 else 1


def plan(seed: int, tests: int, max_n: int, families: list[str] | None = None) -> list[Case]:
    """The ``tests`` cases of a stress run, the same for the same arguments. O(tests * max_n).

    Test ``i`` uses family ``i mod F`` (sorted names, ``max`` left out), a size
    drawn uniformly in ``1..limit_i`` with ``limit_i = max(2, max_n * (i+1)^2 // tests^2)``,
    a ``gen`` seed below ``10**9`` and the family's stress options.

    >>> [c.n for c in plan(seed=5, tests=4, max_n=1)]
    [1, 1, 1, 1]
    """
    registry = all_families()
    names = families if families is not None else sorted(name for name in registry if name != "max")
    rng = SplitMix64(derive_seed("stress", max_n, seed, {"tests": tests}))
    cases = []
    for index in range(tests):
        name = names[index % len(names)]
        family = registry[name]
        n = 1 + rng.below(_sizes(tests, max_n, index))
        gen_seed = rng.below(10**9)
        options = family.resolve(family.stress_options(rng) if family.stress_options else {})
        cases.append(Case(index, name, n, gen_seed, options, generate(name, n, gen_seed, **options)))
    return cases


def judge(rows: list[int], run: Run, timeout: float) -> Failure | None:
    """How ``run`` failed on ``rows``, or None if its output is the engine's answer. O(n).

    >>> judge([0], Run(0, b"2\\n", b"", 0.1), 1.0) is None
    True
    >>> judge([0, 0], Run(0, b"22\\n", b"", 0.1), 1.0).detail
    'day 2: expected 1, received 2 (1 of 2 days wrong)'
    """
    expected = answer(Staircase.from_ints(rows))
    if run.timed_out:
        return Failure(FailureKind.TIME_OUT, f"killed after {timeout:g} s", expected, run.stdout, None, run.stderr)
    if run.returncode != 0:
        assert run.returncode is not None
        detail = describe_exit(run.returncode)
        return Failure(FailureKind.CRASH, detail, expected, run.stdout, None, run.stderr)
    try:
        received = read_digits(run.stdout, len(rows))
    except ValueError as exc:
        return Failure(FailureKind.MALFORMED_OUTPUT, str(exc), expected, run.stdout, None, run.stderr)
    found = differences(expected, received)
    if found is None:
        return None
    day, wrong = found
    detail = (
        f"day {day}: expected {expected[day - 1]}, received {received[day - 1]} ({wrong} of {len(rows)} days wrong)"
    )
    return Failure(FailureKind.WRONG_ANSWER, detail, expected, run.stdout, day, run.stderr)


def stress(
    command: str,
    *,
    tests: int = 200,
    max_n: int = 100,
    seed: int = 0,
    timeout: float = 5.0,
    jobs: int = 1,
    shrink_runs: int = 1000,
    progress: Callable[[int, int, Case], None] | None = None,
) -> Report:
    """Run ``command`` on the :func:`plan` for ``seed`` until it fails; shrink the first failure.

    ``jobs`` runs go at once (threads waiting on processes); the failure
    reported is the first in plan order, so the result does not depend on
    ``jobs``.  A failure is shrunk with at most ``shrink_runs`` more runs
    (:data:`TIMEOUT_SHRINK_RUNS` for a time-out).  Cost: O(tests) runs of the
    solution, plus the shrinking.

    >>> import shlex, sys  # a "solution" that says Dina wins every day
    >>> report = stress(f"{shlex.quote(sys.executable)} -c 'print(\\"1\\" * int(input()))'", tests=20, seed=1)
    >>> report.failure is not None and report.failure.kind.name
    'WRONG_ANSWER'
    """
    cases = plan(seed, tests, max_n)

    def attempt(case: Case) -> Failure | None:
        return judge(case.rows, run_solution(command, to_text(case.rows).encode("ascii"), timeout), timeout)

    found: tuple[Case, Failure] | None = None
    done = 0
    with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as pool:
        for start in range(0, len(cases), max(1, jobs)):
            batch = cases[start : start + max(1, jobs)]
            for case, failure in zip(batch, pool.map(attempt, batch), strict=True):
                done += 1
                if progress:
                    progress(done, len(cases), case)
                if failure is not None and found is None:
                    found = (case, failure)
            if found is not None:
                break
    if found is None:
        return Report(done)
    case, failure = found

    last: dict[str, Failure] = {}

    def still_fails(rows: list[int]) -> int | None:
        result = judge(rows, run_solution(command, to_text(rows).encode("ascii"), timeout), timeout)
        if result is None or result.kind is not failure.kind:
            return None
        last[str(rows)] = result
        return result.first_wrong_day or len(rows)

    budget = min(shrink_runs, TIMEOUT_SHRINK_RUNS) if failure.kind is FailureKind.TIME_OUT else shrink_runs
    shrunk = shrink(case.rows, still_fails, max_runs=budget)
    minimal_failure = last.get(str(shrunk.rows), failure)
    return Report(done, case, failure, shrunk.rows, minimal_failure, shrunk.runs, shrunk.complete)
