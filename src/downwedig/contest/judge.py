"""A local judge: a solution run on tests as a judge runs it, with a verdict, its time and memory per test.

:func:`find_tests` gathers tests (``NAME.in`` with ``NAME.ans`` or ``NAME.out``
beside it; folders are searched through, so a problem package's ``data/``
works); :func:`check_tests` makes sure each can be judged; :func:`judge` runs
the solution (a shell command reading the test on stdin) on each through
:func:`~downwedig.contest.run.run_solution`, under :class:`Limits`, and gives
one :class:`Result` per test, in the tests' order.  The verdicts:

- ``TLE``: more CPU time than the limit, or killed at the wall-clock limit
  (:attr:`Limits.wall_s`, a little above it, so a sleeping program ends too);
- ``MLE``: the run failed (non-zero exit or a signal) having run out of memory
  -- its address space is limited to the memory limit, so an allocation fails
  there; a failure counts as out of memory when its peak resident memory
  reached :data:`MLE_SHARE` of the limit or its error output names an
  allocation failure (``MemoryError``, ``std::bad_alloc``, ...) -- or its peak
  resident memory went over the limit;
- ``RE``: any other failure: a non-zero exit status, or a signal, named
  (``SIGXFSZ``: the output went over :data:`~downwedig.contest.run.OUTPUT_LIMIT`);
- ``PE``, ``WA``, ``AC``: :func:`~downwedig.contest.check.check` on its output:
  not one line of ``n`` digits ``1``/``2``; a wrong answer (the first wrong day
  named); accepted.

>>> Limits().wall_s
8.5
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from ..reader import parse
from .answers import natural_key
from .check import OK, PE, WA, check, read_digits
from .run import Run, describe_exit, run_solution

__all__ = [
    "MLE_SHARE",
    "VERDICTS",
    "InvalidAnswer",
    "InvalidTests",
    "Limits",
    "Result",
    "Test",
    "check_tests",
    "find_tests",
    "judge",
    "summary",
    "verdict",
]

#: Every verdict, best first.
VERDICTS = ("AC", "WA", "PE", "TLE", "MLE", "RE")
#: A failed run that reached this share of the memory limit ran out of memory.
MLE_SHARE = 0.9
_OUT_OF_MEMORY = re.compile(rb"MemoryError|bad_alloc|Cannot allocate memory|[Oo]ut of memory|OutOfMemoryError")
_SIGXFSZ = 25


class InvalidTests(ValueError):
    """Tests that cannot be found: a path that does not exist, an input without an answer, no tests at all."""


class InvalidAnswer(ValueError):
    """An answer file that is not one line of ``n`` digits 1/2 for its input."""


@dataclasses.dataclass(frozen=True)
class Test:
    """A test: its name (its path from the folder given, without ``.in``), input file and answer file."""

    name: str
    input: Path
    answer: Path


@dataclasses.dataclass(frozen=True)
class Limits:
    """The limits of a run: CPU seconds, memory (MiB, the address space) and the largest output (bytes)."""

    cpu_s: float = 5.0
    memory_mib: int = 512
    output_bytes: int = 8 << 20

    @property
    def wall_s(self) -> float:
        """The wall-clock limit: half as much again as the CPU limit, plus a second."""
        return 1.5 * self.cpu_s + 1


@dataclasses.dataclass(frozen=True)
class Result:
    """The outcome of one test: what the JSON report lists."""

    name: str
    verdict: str
    cpu_s: float
    wall_s: float
    peak_mib: float | None
    message: str


def _pair(path: Path, name: str) -> Test:
    for suffix in (".ans", ".out"):
        answer = path.with_suffix(suffix)
        if answer.is_file():
            return Test(name, path, answer)
    raise InvalidTests(
        f"{path}: no answer beside it ({path.with_suffix('.ans').name} or {path.with_suffix('.out').name})"
    )


def find_tests(paths: Sequence[Path]) -> list[Test]:
    """The tests in ``paths``: ``NAME.in`` files, and folders searched through for them. O(files).

    A folder's tests are named by their path inside it (``secret/07-max``) and
    listed in natural order (``m2`` before ``m10``; ``sample`` before ``secret``).
    A ``NAME.ans`` or ``NAME.out`` file given beside its ``NAME.in`` (as a shell
    pattern such as ``data/secret/0*`` gives them) stands for that test, once.

    >>> find_tests([])
    Traceback (most recent call last):
    ...
    downwedig.contest.judge.InvalidTests: no tests: give NAME.in files or folders holding them
    """
    tests: list[Test] = []
    for path in paths:
        if path.is_dir():
            found = [p for p in path.rglob("*.in") if p.is_file()]
            for test in sorted(found, key=lambda p: natural_key(p.relative_to(path).as_posix())):
                tests.append(_pair(test, test.relative_to(path).with_suffix("").as_posix()))
        elif path.is_file():
            if path.suffix in (".ans", ".out") and path.with_suffix(".in").is_file():
                path = path.with_suffix(".in")
            elif path.suffix != ".in":
                raise InvalidTests(f"{path}: a test is a NAME.in file (with NAME.ans or NAME.out beside it)")
            tests.append(_pair(path, path.with_suffix("").name))
        else:
            raise InvalidTests(f"{path}: no such file or folder")
    if not tests:
        raise InvalidTests("no tests: give NAME.in files or folders holding them")
    unique: dict[Path, Test] = {}
    for found_test in tests:
        unique.setdefault(found_test.input.resolve(), found_test)
    return list(unique.values())


def check_tests(tests: Sequence[Test]) -> None:
    """Make sure every test can be judged: its input is a staircase and its answer one line of n digits. O(sizes).

    Raises :class:`~downwedig.errors.InvalidStaircase` (naming the input file)
    or :class:`InvalidAnswer`.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "t.in").write_bytes(b"1\\nWWWWWWWW\\n"), (folder / "t.ans").write_bytes(b"21\\n")
    >>> check_tests(find_tests([folder]))
    Traceback (most recent call last):
    ...
    downwedig.contest.judge.InvalidAnswer: .../t.ans: expected 1 digits, found 2 (the answer of t.in)
    """
    for test in tests:
        staircase = parse(test.input.read_bytes(), source=str(test.input))
        try:
            with open(test.answer, "rb") as answer:
                read_digits(answer, len(staircase))
        except ValueError as exc:
            raise InvalidAnswer(f"{test.answer}: {exc} (the answer of {test.input.name})") from None


def _out_of_memory(run: Run, limits: Limits) -> bool:
    peak = run.peak_mib
    return (peak is not None and peak >= MLE_SHARE * limits.memory_mib) or bool(_OUT_OF_MEMORY.search(run.stderr))


def _last_line(data: bytes, limit: int = 160) -> str:
    """The last non-blank line of a run's error output (a traceback's says what went wrong), cut to ``limit``."""
    lines = [line for line in data.decode("utf-8", "backslashreplace").splitlines() if line.strip()]
    if not lines:
        return ""
    line = lines[-1].strip()
    return line if len(line) <= limit else line[:limit] + "..."


def verdict(run: Run, input_data: bytes, answer_data: bytes, limits: Limits) -> tuple[str, str]:
    """The verdict on one run, and a message saying why (see the module docstring). O(n).

    >>> verdict(Run(0, b"21\\n", b"", 0.1, 0.1, 9.0), b"2\\nWWWWWWWW\\nWWWWWWWW\\n", b"21\\n", Limits())
    ('AC', 'ok 2 days')
    >>> verdict(Run(1, b"", b"MemoryError\\n", 0.1, 0.1, 30.0), b"1\\nWWWWWWWW\\n", b"2\\n", Limits())[0]
    'MLE'
    """
    cpu = f"{run.cpu_seconds:.2f} s CPU"
    if run.timed_out:
        return "TLE", f"killed at the wall-clock limit of {limits.wall_s:g} s ({cpu})"
    if run.cpu_seconds > limits.cpu_s:
        return "TLE", f"{cpu}, over the limit of {limits.cpu_s:g} s"
    assert run.returncode is not None
    failed = run.returncode != 0
    peak = "" if run.peak_mib is None else f"peak {run.peak_mib:.0f} MiB, "
    if (failed and _out_of_memory(run, limits)) or (run.peak_mib is not None and run.peak_mib > limits.memory_mib):
        why = _last_line(run.stderr) or describe_exit(run.returncode)
        return "MLE", f"{peak}limit {limits.memory_mib} MiB: {why}"
    if failed:
        message = describe_exit(run.returncode)
        if run.returncode in (-_SIGXFSZ, 128 + _SIGXFSZ):
            message += f": the output went over the limit of {run.output_limit} bytes"
        why = _last_line(run.stderr)
        return "RE", message + (f"; stderr: {why}" if why else "")
    found = check(input_data, run.stdout, answer_data)
    first = found.message.split("\n", 1)[0]
    if found.status == OK:
        return "AC", first
    if found.status == WA:
        return "WA", first
    if found.status == PE:
        return "PE", first
    raise InvalidAnswer(first)  # check_tests makes sure this cannot happen


def judge_test(command: str, test: Test, limits: Limits) -> Result:
    """Run ``command`` on one test and judge it. O(the run).

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "t.in").write_bytes(b"1\\nWWWWWWWW\\n"), (folder / "t.ans").write_bytes(b"2\\n")
    >>> judge_test("echo 2", find_tests([folder])[0], Limits()).verdict
    'AC'
    """
    run = run_solution(
        command,
        test.input,
        limits.wall_s,
        cpu_limit=limits.cpu_s,
        memory_mib=limits.memory_mib,
        output_limit=limits.output_bytes,
    )
    name, message = verdict(run, test.input.read_bytes(), test.answer.read_bytes(), limits)
    return Result(test.name, name, run.cpu_seconds, run.seconds, run.peak_mib, message)


def judge(
    command: str,
    tests: Sequence[Test],
    limits: Limits | None = None,
    *,
    jobs: int = 1,
    progress: Callable[[int, int, Result], None] | None = None,
) -> list[Result]:
    """Judge ``command`` on every test, ``jobs`` at a time; the results in the tests' order. O(the runs).

    With more than one job, runs share the machine's cores: CPU times stay
    honest, wall times and a loaded machine's caches less so.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "t.in").write_bytes(b"1\\nWWWWWWWW\\n"), (folder / "t.ans").write_bytes(b"2\\n")
    >>> [(r.name, r.verdict) for r in judge("echo 1", find_tests([folder]))]
    [('t', 'WA')]
    """
    limits = limits or Limits()
    results: list[Result] = []
    with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as pool:
        for result in pool.map(lambda test: judge_test(command, test, limits), tests):
            results.append(result)
            if progress is not None:
                progress(len(results), len(tests), result)
    return results


def summary(results: Sequence[Result]) -> dict[str, object]:
    """The summary of a judging: the overall verdict (the first test's that is not AC), counts, the maxima. O(tests).

    >>> summary([Result("a", "AC", 0.5, 0.6, 20.0, "ok"), Result("b", "WA", 0.1, 0.2, None, "day 3")])["verdict"]
    'WA'
    """
    failing = next((r for r in results if r.verdict != "AC"), None)
    peaks = [r.peak_mib for r in results if r.peak_mib is not None]
    return {
        "verdict": failing.verdict if failing else "AC",
        "first_failure": failing.name if failing else None,
        "tests": len(results),
        "counts": {name: sum(r.verdict == name for r in results) for name in VERDICTS},
        "max_cpu_s": round(max((r.cpu_s for r in results), default=0.0), 3),
        "max_wall_s": round(max((r.wall_s for r in results), default=0.0), 3),
        "max_peak_mib": round(max(peaks), 1) if peaks else None,
    }
