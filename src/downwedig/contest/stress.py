"""Stress testing: run a solution on generated tests until it fails, then shrink the failure.

:func:`stress` plans ``tests`` cases from ``seed`` (every family in turn,
sizes growing quadratically up to ``max_n``), runs the solution
(a shell command reading the input on stdin) on them ``jobs`` at a time,
compares each output with the engine's answer and stops at the first failure
in plan order: a wrong answer, a malformed output, a crash (non-zero exit)
or a time-out.  It then :func:`~downwedig.contest.shrink.shrink`\\ s the input
while the solution keeps failing the same way (same kind of failure).

Every run gets its own session (process group); when it times out, or as
soon as it has finished, the whole group is killed, so nothing the solution
started is left running.  Process groups make this POSIX-only.

>>> cases = plan(seed=1, tests=3, max_n=5)
>>> [(c.family, c.n) for c in cases] == [(c.family, c.n) for c in plan(seed=1, tests=3, max_n=5)]
True
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import dataclasses
import os
import signal
import subprocess
import time
from collections.abc import Callable
from typing import Any

from ..engine import answer
from ..staircase import Staircase
from .families import all_families, gen_command, generate, to_text
from .prng import SplitMix64, derive_seed
from .shrink import shrink

__all__ = ["Case", "Failure", "Report", "Run", "judge", "plan", "run_solution", "stress"]

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


@dataclasses.dataclass(frozen=True)
class Run:
    """What one run of the solution did."""

    returncode: int | None  # None after a time-out
    stdout: bytes
    stderr: bytes
    seconds: float

    @property
    def timed_out(self) -> bool:
        """Whether the run was killed for taking too long."""
        return self.returncode is None


@dataclasses.dataclass(frozen=True)
class Failure:
    """How a run failed: ``kind`` is what "failing the same way" compares."""

    kind: str  # "wrong answer", "malformed output", "crash" or "time-out"
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


def _kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def run_solution(command: str, data: bytes, timeout: float) -> Run:
    """Run the shell ``command`` with ``data`` on stdin, in its own process group. O(its run time).

    After ``timeout`` seconds the whole group is killed with SIGKILL; it is
    killed in any case once the command has finished, so background
    processes it started do not outlive it.

    >>> run_solution("cat", b"hi", timeout=10).stdout
    b'hi'
    """
    start = time.monotonic()
    process = subprocess.Popen(
        command,
        shell=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        stdout, stderr = process.communicate(data, timeout=timeout)
        returncode: int | None = process.returncode
    except subprocess.TimeoutExpired:
        _kill_group(process.pid)
        stdout, stderr = process.communicate()
        returncode = None
    finally:
        _kill_group(process.pid)
        if process.poll() is None:  # an exception other than the time-out
            process.kill()
            process.wait()
    return Run(returncode, stdout, stderr, time.monotonic() - start)


def _describe_exit(code: int) -> str:
    if code < 0:
        try:
            return f"killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit status {code}"


def judge(rows: list[int], run: Run, timeout: float) -> Failure | None:
    """How ``run`` failed on ``rows``, or None if its output is the engine's answer. O(n).

    >>> judge([0], Run(0, b"2\\n", b"", 0.1), 1.0) is None
    True
    >>> judge([0, 0], Run(0, b"22\\n", b"", 0.1), 1.0).detail
    'day 2: expected 1, received 2 (1 of 2 days wrong)'
    """
    from .check import read_digits

    expected = answer(Staircase.from_ints(rows))
    if run.timed_out:
        return Failure("time-out", f"killed after {timeout:g} s", expected, run.stdout, None, run.stderr)
    if run.returncode != 0:
        assert run.returncode is not None
        return Failure("crash", _describe_exit(run.returncode), expected, run.stdout, None, run.stderr)
    try:
        received = read_digits(run.stdout, len(rows))
    except ValueError as exc:
        return Failure("malformed output", str(exc), expected, run.stdout, None, run.stderr)
    if received == expected:
        return None
    wrong = [k for k, (a, b) in enumerate(zip(expected, received, strict=True), 1) if a != b]
    day = wrong[0]
    detail = (
        f"day {day}: expected {expected[day - 1]}, received {received[day - 1]} "
        f"({len(wrong)} of {len(rows)} days wrong)"
    )
    return Failure("wrong answer", detail, expected, run.stdout, day, run.stderr)


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
        if result is None or result.kind != failure.kind:
            return None
        last[str(rows)] = result
        return result.first_wrong_day or len(rows)

    budget = min(shrink_runs, TIMEOUT_SHRINK_RUNS) if failure.kind == "time-out" else shrink_runs
    shrunk = shrink(case.rows, still_fails, max_runs=budget)
    minimal_failure = last.get(str(shrunk.rows), failure)
    return Report(done, case, failure, shrunk.rows, minimal_failure, shrunk.runs, shrunk.complete)
