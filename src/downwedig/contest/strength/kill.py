"""The kill matrix: every mutant on every test, in worker processes, each run under a deadline.

Mutants are trusted code, so they run in-process, not sandboxed: each
mutant's tests are run by one worker process (forked, so it has the tests
read and parsed once by the parent), ``jobs`` workers at a time, smallest
tests first.  A run gets a verdict as a solution's would
(:func:`~downwedig.contest.judging.check.compare` on its digits: WA, PE, AC),
or:

- ``TLE`` when it takes more than :func:`deadline` of CPU time (a timer of the
  worker's CPU time interrupts it).  What a time-out means for a trusted mutant
  is its own measure, not the judge's: :data:`DEADLINE_S` plus
  :data:`DEADLINE_PER_STEP_S` a step, 1.4 s at n = 300,000, about three times
  what the slowest of the others takes there (the 7-bit memo, 0.5 s), and the
  quadratic one crosses it at about n = 3,000 (0.2 s at n = 2,000: AC; 1.3 s at
  n = 5,000: TLE).  A mutant whose time grows faster than the deadline
  (``Mutant.grows``) is not run again on a test as large as one it timed out on:
  that is a time-out too (its message says so);
- ``RE`` for an exception (an index out of range, a stack overflowing), ``MLE``
  for a ``MemoryError``;
- a worker that stops answering (a run stuck where the timer cannot reach it)
  is killed at the wall-clock :func:`backstop` (``TLE``), and one that dies is
  an ``RE``; either way the mutant goes on with its next test in a new worker,
  and the tool neither hangs nor crashes.

Where processes cannot be forked, the mutants run in this process, one after
the other, under the same CPU timer.  Cost: the mutants' runs (about 20 s of
CPU for the 51 of the catalogue on the full plan's 46 tests), divided among
``jobs`` cores.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import functools
import multiprocessing
import multiprocessing.connection
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from types import FrameType

from ..judging.check import compare
from ..judging.verdict import Verdict
from .catalogue import Mutant

__all__ = [
    "DEADLINE_PER_STEP_S",
    "DEADLINE_S",
    "Case",
    "Cell",
    "backstop",
    "deadline",
    "first_catches",
    "judge_mutant",
    "kill_matrix",
]

#: A trusted mutant's run is a time-out past this much CPU time ...
DEADLINE_S = 0.5
#: ... plus this much a step of the test.
DEADLINE_PER_STEP_S = 3e-6


def deadline(steps: int) -> float:
    """The CPU seconds a mutant's run may take on a test of ``steps`` steps. O(1).

    >>> deadline(300_000)
    1.4
    """
    return round(DEADLINE_S + DEADLINE_PER_STEP_S * steps, 6)


def backstop(steps: int) -> float:
    """The wall-clock seconds after which a worker that has not answered is killed (its run a time-out). O(1).

    >>> backstop(0)
    6.5
    """
    return 3 * deadline(steps) + 5


@dataclasses.dataclass(frozen=True)
class Case:
    """A test as mutants are run on it: its name, its rows (a byte a step) and the answer's digits."""

    name: str
    values: bytes
    expected: str


@dataclasses.dataclass(frozen=True)
class Cell:
    """One mutant on one test: the verdict, the CPU seconds, and why."""

    verdict: Verdict
    seconds: float
    message: str


class _OutOfTime(Exception):
    pass


def _out_of_time(signum: int, frame: FrameType | None) -> None:
    raise _OutOfTime


@contextlib.contextmanager
def _cpu_timer(seconds: float) -> Iterator[None]:
    """Raise :class:`_OutOfTime` in this (main) thread once the process has used ``seconds`` more CPU time; in
    another thread (which cannot take a signal's handler) nothing is timed."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGPROF, _out_of_time)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def judge_mutant(mutant: Mutant, case: Case) -> Cell:
    """Run ``mutant`` on ``case`` under its :func:`deadline` (in this process's main thread) and judge it.
    O(the run).

    >>> from downwedig.contest.strength.catalogue import mutant
    >>> judge_mutant(mutant("first_day"), Case("t", bytes(2), "21")).message
    'wrong answer on day 1: expected 2 (Dima wins), received 1 (Dina wins); 1 of 2 days wrong'
    """
    limit = deadline(len(case.values))
    start = time.process_time()
    try:
        with _cpu_timer(limit):
            digits = mutant.answer(case.values)
    except _OutOfTime:
        return Cell(Verdict.TLE, time.process_time() - start, f"over the mutants' deadline of {limit:.2f} s CPU")
    except MemoryError:
        return Cell(Verdict.MLE, time.process_time() - start, "MemoryError")
    except Exception as exc:  # (any other failure of the mutant's code is its crash)
        return Cell(Verdict.RE, time.process_time() - start, f"{type(exc).__name__}: {exc}")
    seconds = time.process_time() - start
    found = compare(case.expected, digits + b"\n")
    return Cell(found.verdict, seconds, found.message)


def _skipped(steps: int) -> Cell:
    return Cell(Verdict.TLE, 0.0, f"not run: a time-out on {steps:,} steps, and its time grows faster than n")


def _run_mutant(
    mutant: Mutant, cases: Sequence[Case], order: Sequence[int], send: Callable[[int, Cell], None], first: bool
) -> None:
    """Run ``mutant`` on ``cases`` in ``order``, sending each cell as it is judged (a grown time-out skips the
    larger tests); with ``first``, only up to the first test that catches it."""
    timed_out: int | None = None
    for index in order:
        steps = len(cases[index].values)
        if timed_out is not None and steps >= timed_out:
            send(index, _skipped(timed_out))
            continue
        cell = judge_mutant(mutant, cases[index])
        if cell.verdict is Verdict.TLE and mutant.grows:
            timed_out = steps
        send(index, cell)
        if first and not cell.verdict.accepted:
            return


# (What a forked worker reads: set in the parent just before forking, inherited by the children.)
_WORK: tuple[Sequence[Mutant], Sequence[Case], bool] = ((), (), False)


def _worker(connection: multiprocessing.connection.Connection, which: int, order: list[int]) -> None:
    mutants, cases, first = _WORK
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # (the parent cleans up; Ctrl-C ends a worker at once)
    _run_mutant(mutants[which], cases, order, lambda index, cell: connection.send((index, cell)), first)
    connection.close()


@dataclasses.dataclass
class _Running:
    process: multiprocessing.process.BaseProcess
    connection: multiprocessing.connection.Connection
    mutant: int
    order: list[int]  # the tests still to judge, in order
    since: float  # when the last cell arrived (or the worker started)


def kill_matrix(
    mutants: Sequence[Mutant],
    cases: Sequence[Case],
    *,
    jobs: int = 1,
    progress: Callable[[int, int, str], None] | None = None,
) -> list[list[Cell]]:
    """Every mutant on every case: ``matrix[m][t]`` is mutant ``m`` on case ``t`` (see the module docstring).
    O(the runs / jobs).

    >>> from downwedig.contest.strength.catalogue import mutant
    >>> matrix = kill_matrix([mutant("first_day"), mutant("window_9")], [Case("t", bytes(2), "21")])
    >>> [[str(cell.verdict) for cell in row] for row in matrix]
    [['WA'], ['AC']]
    """
    matrix = _cells(mutants, cases, jobs, progress, first=False)
    return [[cell for cell in row if cell is not None] for row in matrix]


def first_catches(
    mutants: Sequence[Mutant],
    cases: Sequence[Case],
    *,
    jobs: int = 1,
    progress: Callable[[int, int, str], None] | None = None,
) -> list[tuple[int, Cell] | None]:
    """For each mutant, the first case that catches it (its index, and the cell), trying the cases in their
    order (as a judge runs them), or None when none does: the kill matrix cut at each mutant's first catch, which
    most mutants meet on the first tests. O(the runs / jobs).

    >>> from downwedig.contest.strength.catalogue import mutant
    >>> cases = [Case("big", bytes(9), "211111111"), Case("small", bytes(2), "21")]
    >>> found = first_catches([mutant("first_day"), mutant("short_window"), mutant("window_9")], cases)
    >>> [(cases[f[0]].name, str(f[1].verdict)) if f else None for f in found]
    [('big', 'WA'), ('big', 'WA'), None]
    """
    matrix = _cells(mutants, cases, jobs, progress, first=True)
    found: list[tuple[int, Cell] | None] = []
    for row in matrix:
        caught = [(index, cell) for index, cell in enumerate(row) if cell is not None and not cell.verdict.accepted]
        found.append(caught[0] if caught else None)
    return found


def _cells(
    mutants: Sequence[Mutant],
    cases: Sequence[Case],
    jobs: int,
    progress: Callable[[int, int, str], None] | None,
    *,
    first: bool,
) -> list[list[Cell | None]]:
    """The matrix of :func:`kill_matrix`, smallest cases first (``first``: of :func:`first_catches`, in the
    cases' order, None where a mutant was caught before it reached the case)."""
    matrix: list[list[Cell | None]] = [[None] * len(cases) for _ in mutants]
    order = list(range(len(cases))) if first else sorted(range(len(cases)), key=lambda i: len(cases[i].values))
    total, done = len(mutants) * len(cases), 0

    def record(which: int, index: int, cell: Cell) -> None:
        nonlocal done
        matrix[which][index] = cell
        done += 1
        if progress is not None:
            progress(done, total, mutants[which].name)

    try:
        context: multiprocessing.context.ForkContext = multiprocessing.get_context("fork")
    except ValueError:  # (no fork here: in this process, one mutant after the other)
        for which, mutant in enumerate(mutants):
            _run_mutant(mutant, cases, order, functools.partial(record, which), first)
    else:
        _Pool(context, mutants, cases, record, first).run(order, max(1, jobs))
    return matrix


class _Pool:
    """Each mutant's tests in a worker of its own, ``jobs`` at a time; a worker that dies or stops answering
    gives its test an ``RE`` or a ``TLE``, and the mutant goes on in a new one."""

    def __init__(
        self,
        context: multiprocessing.context.ForkContext,
        mutants: Sequence[Mutant],
        cases: Sequence[Case],
        record: Callable[[int, int, Cell], None],
        first: bool,
    ) -> None:
        self.context, self.mutants, self.cases, self.record = context, mutants, cases, record
        self.first = first  # (each mutant up to its first catch only)
        self.waiting: collections.deque[tuple[int, list[int]]] = collections.deque()
        self.running: list[_Running] = []

    def run(self, order: list[int], jobs: int) -> None:
        global _WORK
        _WORK = (self.mutants, self.cases, self.first)
        self.waiting.extend((which, list(order)) for which in range(len(self.mutants)))
        try:
            while self.waiting or self.running:
                while self.waiting and len(self.running) < jobs:
                    self._start(*self.waiting.popleft())
                ready = multiprocessing.connection.wait([r.connection for r in self.running], timeout=0.5)
                for worker in list(self.running):
                    if worker.connection in ready:
                        self._receive(worker)
                    elif worker.order and time.monotonic() - worker.since > backstop(self._steps(worker.order[0])):
                        worker.process.kill()
                        self._ended(worker, Cell(Verdict.TLE, 0.0, "the worker stopped answering: killed"))
        finally:
            for worker in self.running:
                worker.process.kill()
                worker.process.join()
                worker.connection.close()
            _WORK = ((), (), False)

    def _steps(self, index: int) -> int:
        return len(self.cases[index].values)

    def _start(self, which: int, left: list[int]) -> None:
        receive, send = self.context.Pipe(duplex=False)
        process = self.context.Process(target=_worker, args=(send, which, left), daemon=True)
        process.start()
        send.close()
        self.running.append(_Running(process, receive, which, left, time.monotonic()))

    def _receive(self, worker: _Running) -> None:
        try:
            index, cell = worker.connection.recv()
        except (EOFError, OSError):  # the worker ended: done, or died on the test it was running
            worker.process.join()
            if worker.process.exitcode == -signal.SIGINT:
                raise KeyboardInterrupt from None  # (a worker ended by Ctrl-C: the user asked to stop)
            if worker.order:
                code = worker.process.exitcode
                why = f"killed by signal {-code}" if code is not None and code < 0 else f"exit status {code}"
                self._ended(worker, Cell(Verdict.RE, 0.0, f"the worker died: {why}"))
            else:
                self.running.remove(worker)
                worker.connection.close()
            return
        worker.order.remove(index)
        worker.since = time.monotonic()
        self.record(worker.mutant, index, cell)
        if self.first and not cell.verdict.accepted:
            worker.order.clear()  # (caught: the worker ends without the rest)

    def _ended(self, worker: _Running, cell: Cell) -> None:
        """The worker's current test gets ``cell``; the mutant's other tests go back to the queue (or, after a
        time-out of a mutant whose time grows, the larger ones are time-outs too)."""
        worker.process.join()
        worker.connection.close()
        self.running.remove(worker)
        current, *rest = worker.order
        self.record(worker.mutant, current, cell)
        if self.first:
            return  # (a time-out or a crash is a catch)
        if cell.verdict is Verdict.TLE and self.mutants[worker.mutant].grows:
            steps = self._steps(current)
            for index in [index for index in rest if self._steps(index) >= steps]:
                rest.remove(index)
                self.record(worker.mutant, index, _skipped(steps))
        if rest:
            self.waiting.appendleft((worker.mutant, rest))
