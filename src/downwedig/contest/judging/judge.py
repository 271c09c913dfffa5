"""A local judge: a solution run on tests as a judge runs it, with a verdict, its time and memory per test.

:func:`find_tests` gathers tests (``NAME.in`` with ``NAME.ans`` or ``NAME.out``
beside it; folders are searched through, so a problem package's ``data/``
works); :func:`check_tests` makes sure each can be judged; :func:`judge` runs
the solution (a shell command reading the test on stdin) on each through
:func:`~downwedig.contest.running.run.run_solution`, under
:class:`~downwedig.contest.judging.verdict.Limits`, and gives one :class:`Result`
per test, in the tests' order.  Every test's input and answer are read,
checked and fingerprinted before the first run, and read again (regular files
only: a FIFO or a device is not opened for reading) just before the test's own
run; the input goes to the solution through a pipe.  So nothing a solution
does to the files changes what is compared: a test whose files changed in
between is not run, and gets ``FAIL``.  :func:`classify` gives the
:class:`~downwedig.contest.judging.verdict.Verdict` of a run, for ``stress`` too:

- ``TLE``: more CPU time than the limit, or killed at the wall-clock limit
  (:attr:`Limits.wall_s`, a little above it, so a sleeping program ends too);
- ``MLE``: the kernel's OOM killer ended a process of the run's cgroup (at
  the memory limit); or the run failed (non-zero exit or a signal) having run
  out of memory -- without a cgroup its address space is limited to the
  memory limit, so an allocation fails there; a failure counts as out of
  memory when its peak memory reached :data:`MLE_SHARE` of the limit or its
  error output names an allocation failure (``MemoryError``,
  ``std::bad_alloc``, ...) -- or its peak memory went over the limit;
- ``RE``: its output or error output went over
  :data:`~downwedig.contest.judging.verdict.OUTPUT_LIMIT` (the run is then ended), or any other failure: a
  non-zero exit status, or a signal, named (``SIGXFSZ``: a file it wrote went over that limit);
- ``PE``, ``WA``, ``AC``: :func:`~downwedig.contest.judging.check.compare` on its output:
  not one line of ``n`` digits ``1``/``2``; a wrong answer (the first wrong day
  named); accepted.

>>> classify(Run(0, b"12\\n", b"", 0.1, 0.1, 9.0), "21", Limits()).message
'wrong answer on day 1: expected 2 (Dima wins), received 1 (Dina wins); 2 of 2 days wrong'
"""

from __future__ import annotations

import collections
import concurrent.futures
import dataclasses
import hashlib
import itertools
import os
import re
import stat
from collections.abc import Callable, Sequence
from pathlib import Path

from ...errors import DownwedigError, InvalidAnswer, InvalidOutput, InvalidTests, excerpt, printable
from ...files import natural_key
from ...reader import parse
from ..generating.answers import LARGEST_INPUT, read_bounded
from ..running.run import JudgeFailure, Run, describe_exit
from ..running.runner import Runner
from .check import Checked, compare, read_digits
from .summary import Summary, summary
from .verdict import Limits, Verdict

__all__ = [
    "MLE_SHARE",
    "Result",
    "Summary",
    "Test",
    "check_tests",
    "classify",
    "find_tests",
    "judge",
    "judge_test",
    "read_test",
    "summary",
]

#: A failed run that reached this share of the memory limit ran out of memory.
MLE_SHARE = 0.9
_OUT_OF_MEMORY = re.compile(rb"MemoryError|bad_alloc|Cannot allocate memory|[Oo]ut of memory|OutOfMemoryError")
_SIGXFSZ = 25


@dataclasses.dataclass(frozen=True)
class Test:
    """A test: its name (its path from the folder given, without ``.in``), input file and answer file."""

    name: str
    input: Path
    answer: Path


@dataclasses.dataclass(frozen=True)
class Result:
    """The outcome of one test: what the JSON report lists."""

    name: str
    verdict: Verdict
    cpu_s: float
    wall_s: float
    peak_mib: float | None
    message: str

    def as_json(self) -> dict[str, object]:
        """The result as the JSON reports give it (times to the millisecond, memory to a tenth of a MiB). O(1).

        >>> Result("t", Verdict.AC, 0.12345, 0.2, None, "ok 1 day").as_json()["cpu_s"]
        0.123
        """
        peak = None if self.peak_mib is None else round(self.peak_mib, 1)
        return {
            "name": self.name,
            "verdict": str(self.verdict),
            "cpu_s": round(self.cpu_s, 3),
            "wall_s": round(self.wall_s, 3),
            "peak_mib": peak,
            "message": self.message,
        }


def _pair(path: Path, name: str) -> Test:
    for suffix in (".ans", ".out"):
        answer = path.with_suffix(suffix)
        if answer.is_file():
            return Test(name, path, answer)
        if os.path.lexists(answer):
            kind = "a link to nothing" if not answer.exists() else _kind(answer)
            raise InvalidTests(f"{answer}: the answer of {path.name} is not a regular file ({kind})")
    raise InvalidTests(
        f"{path}: no answer beside it ({path.with_suffix('.ans').name} or {path.with_suffix('.out').name})"
    )


def _kind(path: Path) -> str:
    """What a file that is not a regular file is, in words: a FIFO, a device, a folder..."""
    mode = path.stat().st_mode
    for test, words in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device")):
        if test(mode):
            return words
    return "a folder" if stat.S_ISDIR(mode) else "a socket" if stat.S_ISSOCK(mode) else "not a file"


def _inputs_under(folder: Path) -> list[Path]:
    """The ``*.in`` files under ``folder``, links to folders not followed, folders that cannot be read skipped."""
    found = []
    for root, _, names in os.walk(folder):
        found += [
            Path(root, name) for name in names if name.endswith(".in") and os.path.isfile(os.path.join(root, name))
        ]
    return found


def find_tests(paths: Sequence[Path]) -> list[Test]:
    """The tests in ``paths``: ``NAME.in`` files, and folders searched through for them. O(files).

    A folder's tests are named by their path inside it (``secret/07-max``) and
    listed in natural order (``m2`` before ``m10``; ``sample`` before ``secret``).
    A ``NAME.ans`` or ``NAME.out`` file given beside its ``NAME.in`` (as a shell
    pattern such as ``data/secret/0*`` gives them) stands for that test, once.

    >>> find_tests([])
    Traceback (most recent call last):
    ...
    downwedig.errors.InvalidTests: no tests: give NAME.in files or folders holding them
    """
    tests: list[Test] = []
    for path in paths:
        try:
            kind = stat.S_IFMT(path.stat().st_mode)
        except FileNotFoundError:
            raise InvalidTests(f"{path}: no such file or folder") from None
        except OSError as exc:
            raise InvalidTests(f"{path}: {exc.strerror or exc}") from None
        if kind == stat.S_IFDIR:
            found = _inputs_under(path)
            for test in sorted(found, key=lambda p: natural_key(p.relative_to(path).as_posix())):
                tests.append(_pair(test, test.relative_to(path).with_suffix("").as_posix()))
        elif kind == stat.S_IFREG:
            if path.suffix in (".ans", ".out") and path.with_suffix(".in").is_file():
                path = path.with_suffix(".in")
            elif path.suffix != ".in":
                raise InvalidTests(f"{path}: a test is a NAME.in file (with NAME.ans or NAME.out beside it)")
            tests.append(_pair(path, path.with_suffix("").name))
        else:
            raise InvalidTests(f"{path}: not a regular file or a folder")
    if not tests:
        raise InvalidTests("no tests: give NAME.in files or folders holding them")
    unique: dict[Path, Test] = {}
    for found_test in tests:
        unique.setdefault(found_test.input.resolve(), found_test)
    return list(unique.values())


def check_tests(tests: Sequence[Test]) -> list[bytes]:
    """Make sure every test can be judged: its input is a staircase and its answer one line of n digits. O(sizes).

    Raises :class:`~downwedig.errors.InvalidStaircase` (naming the input file)
    or :class:`InvalidAnswer`.  Returns each test's fingerprint (a digest of
    its two files), for :func:`read_test` to make sure they have not changed.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "t.in").write_bytes(b"1\\nWWWWWWWW\\n"), (folder / "t.ans").write_bytes(b"21\\n")
    >>> check_tests(find_tests([folder]))
    Traceback (most recent call last):
    ...
    downwedig.errors.InvalidAnswer: .../t.ans: expected 1 digits, found 2 (the answer of t.in)
    """
    return [read_test(test)[2] for test in tests]


def _read_file(path: Path, limit: int) -> bytes:
    """A file's bytes, if it is a regular file of at most ``limit`` bytes: a FIFO, a device, a folder or a file
    larger than any valid test is refused, not read."""
    try:
        return read_bounded(path, limit)
    except OSError as exc:
        raise InvalidTests(f"{path}: {exc.strerror or exc}") from None


#: The number of days of each test read and checked (by its fingerprint): a judging reads each test twice
#: (all before the first run, then each just before its own), and parsing a staircase is most of the cost.
_checked: dict[bytes, int] = {}
_CHECKED_KEPT = 4096


def read_test(test: Test, fingerprint: bytes | None = None) -> tuple[bytes, str, bytes]:
    """A test's input, its answer's digits, both checked, and their fingerprint. O(size of the files).

    The judge reads a test this way before its run: what the solution does to
    the files afterwards changes nothing.  Bytes already checked (the same
    fingerprint) are not parsed again: their digest is the check.  With ``fingerprint`` (what
    :func:`check_tests` gave), files that changed since are an
    :class:`~downwedig.errors.InvalidTests`.
    """
    data = _read_file(test.input, LARGEST_INPUT)
    answer = _read_file(test.answer, LARGEST_INPUT)
    digest = hashlib.sha256(len(data).to_bytes(8, "big") + data + answer).digest()
    if fingerprint is not None and digest != fingerprint:
        raise InvalidTests(f"{test.input}: the test's files changed after they were checked")
    days = _checked.get(digest)
    if days is None:  # (not checked yet: parsed; the same bytes checked before are not parsed twice)
        days = len(parse(data, source=str(test.input)))
        if len(_checked) >= _CHECKED_KEPT:
            _checked.clear()
        _checked[digest] = days
    try:
        expected = read_digits(answer, days)
    except InvalidOutput as exc:
        raise InvalidAnswer(f"{test.answer}: {exc} (the answer of {test.input.name})") from None
    return data, expected, digest


def _out_of_memory(run: Run, limits: Limits) -> bool:
    peak = run.peak_mib
    return (peak is not None and peak >= MLE_SHARE * limits.memory_mib) or bool(_OUT_OF_MEMORY.search(run.stderr))


def _last_line(data: bytes, limit: int = 160) -> str:
    """The last non-blank line of a run's error output (a traceback's says what went wrong), cut to ``limit``, its
    control and format characters escaped (in every report: a terminal, a JSON viewer)."""
    lines = [line for line in data.decode("utf-8", "backslashreplace").splitlines() if line.strip()]
    if not lines:
        return ""
    return printable(excerpt(lines[-1].strip(), limit, quote=False))


def classify(run: Run, expected: str, limits: Limits) -> Checked:
    """The verdict on one run whose answer should be ``expected``, and a message saying why. O(n).

    See the module docstring for the verdicts; the checker's part is
    :func:`~downwedig.contest.judging.check.compare`.

    >>> classify(Run(0, b"21\\n", b"", 0.1, 0.1, 9.0), "21", Limits())
    Checked(verdict=<Verdict.AC: 'AC'>, message='ok 2 days', first_wrong_day=None)
    >>> classify(Run(1, b"", b"MemoryError\\n", 0.1, 0.1, 30.0), "2", Limits()).verdict
    <Verdict.MLE: 'MLE'>
    """
    cpu = f"{run.cpu_seconds:.2f} s CPU"
    peak = "" if run.peak_mib is None else f"peak {run.peak_mib:.0f} MiB, "
    if run.out_of_memory:
        why = _last_line(run.stderr) if _OUT_OF_MEMORY.search(run.stderr) else "the kernel ended it out of memory"
        return Checked(Verdict.MLE, f"{peak}limit {limits.memory_mib} MiB: {why}")
    if run.timed_out:
        return Checked(Verdict.TLE, f"killed at the wall-clock limit of {limits.wall_s:g} s, {cpu}")
    if run.cpu_seconds > limits.cpu_s:
        return Checked(Verdict.TLE, f"{cpu}, over the limit of {limits.cpu_s:g} s")
    assert run.returncode is not None
    failed = run.returncode != 0
    if (failed and _out_of_memory(run, limits)) or (run.peak_mib is not None and run.peak_mib > limits.memory_mib):
        why = _last_line(run.stderr) or describe_exit(run.returncode)
        return Checked(Verdict.MLE, f"{peak}limit {limits.memory_mib} MiB: {why}")
    if run.overflow is not None:  # (ended by the judge once it wrote more than its limit)
        return Checked(Verdict.RE, f"its {run.overflow} went over the limit of {run.output_limit} bytes")
    if failed:
        message = describe_exit(run.returncode)
        if run.returncode in (-_SIGXFSZ, 128 + _SIGXFSZ):
            message += f": a file it wrote went over the limit of {run.output_limit} bytes"
        why = _last_line(run.stderr)
        return Checked(Verdict.RE, message + (f"; stderr: {why}" if why else ""))
    return compare(expected, run.stdout)


def judge_test(runner: Runner, test: Test, fingerprint: bytes | None = None) -> Result:
    """Run the runner's command on one test and judge it by the runner's limits (the one source of both). O(the run).

    With ``fingerprint`` (from :func:`check_tests`), a test whose files
    changed or can no longer be read is not run, and gets ``FAIL``.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "t.in").write_bytes(b"1\\nWWWWWWWW\\n"), (folder / "t.ans").write_bytes(b"2\\n")
    >>> with Runner("echo 2", Limits()) as runner:
    ...     judge_test(runner, find_tests([folder])[0]).verdict
    <Verdict.AC: 'AC'>
    """
    try:
        data, expected, _ = read_test(test, fingerprint)
    except DownwedigError as exc:
        if fingerprint is None:
            raise
        return Result(test.name, Verdict.FAIL, 0.0, 0.0, None, f"not run: {exc}")
    try:
        run = runner.run(data)
    except JudgeFailure as exc:
        return Result(test.name, Verdict.FAIL, 0.0, 0.0, None, f"the judge's own failure, not the solution's: {exc}")
    found = classify(run, expected, runner.limits)
    return Result(test.name, found.verdict, run.cpu_seconds, run.seconds, run.peak_mib, found.message)


def judge(
    command: str,
    tests: Sequence[Test],
    limits: Limits | None = None,
    *,
    jobs: int = 1,
    progress: Callable[[int, int, Result], None] | None = None,
    fingerprints: Sequence[bytes] | None = None,
    stop_on_failure: bool = False,
) -> list[Result]:
    """Judge ``command`` on every test, ``jobs`` at a time; the results in the tests' order. O(the runs).

    With more than one job, runs share the machine's cores: CPU times stay
    honest, wall times and a loaded machine's caches less so.  Every test is
    read and checked first (:func:`check_tests`, unless its ``fingerprints``
    are given), so a run cannot change a test judged after it.  With
    ``stop_on_failure`` no test after the first that is not AC (in the tests'
    order) is started, and the results end with that test's.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "t.in").write_bytes(b"1\\nWWWWWWWW\\n"), (folder / "t.ans").write_bytes(b"2\\n")
    >>> [(r.name, str(r.verdict)) for r in judge("echo 1", find_tests([folder]))]
    [('t', 'WA')]
    """
    limits = limits or Limits()
    prints = list(fingerprints) if fingerprints is not None else check_tests(tests)
    results: list[Result] = []
    runner = Runner(command, limits, jobs=max(1, jobs))  # (each run's sandbox set up while the one before goes on)
    with runner, concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as pool:
        pending: collections.deque[concurrent.futures.Future[Result]] = collections.deque()
        waiting = zip(tests, prints, strict=True)
        for test, fingerprint in itertools.islice(waiting, max(1, jobs)):
            pending.append(pool.submit(judge_test, runner, test, fingerprint))
        while pending:
            result = pending.popleft().result()
            results.append(result)
            if progress is not None:
                progress(len(results), len(tests), result)
            if stop_on_failure and result.verdict is not Verdict.AC:
                for future in pending:  # (runs already started end at their limits; their results are dropped)
                    future.cancel()
                break
            for test, fingerprint in itertools.islice(waiting, 1):
                pending.append(pool.submit(judge_test, runner, test, fingerprint))
    return results
