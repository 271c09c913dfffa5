"""The kill matrix: verdicts from the mutants' own runs, a deadline that ends a loop, a worker that dies or hangs
replaced, and a mutant whose time grows skipped where it cannot but time out."""

from __future__ import annotations

import os
import signal
import time

from downwedig.contest.judging.verdict import Verdict
from downwedig.contest.strength.catalogue import Mutant, mutant
from downwedig.contest.strength.kill import Case, backstop, deadline, judge_mutant, kill_matrix
from downwedig.contest.strength.workers import WorkerFailed, forked_map

CASES = [Case("one", bytes(1), "2"), Case("two", bytes(2), "21"), Case("three", bytes([0, 1, 3]), "211")]


def made(name: str, answer: object, grows: bool = False) -> Mutant:
    return Mutant(name, name, "a test's", answer, grows=grows)  # type: ignore[arg-type]


def loops(values: bytes) -> bytes:
    while True:
        pass


def recurses(values: bytes) -> bytes:
    return recurses(values)


def hogs(values: bytes) -> bytes:
    raise MemoryError


def dies(values: bytes) -> bytes:
    if len(values) == 2:
        os.kill(os.getpid(), signal.SIGKILL)
    return b"2" + b"1" * (len(values) - 1)


def sleeps(values: bytes) -> bytes:
    if len(values) == 2:
        time.sleep(3600)  # (no CPU time: only the wall-clock backstop ends it)
    return b"2" + b"1" * (len(values) - 1)


def test_a_deadline_is_cpu_time_growing_with_n() -> None:
    assert deadline(0) == 0.5 and deadline(300_000) == 1.4
    assert backstop(300_000) > 3 * deadline(300_000)


def test_every_ending_of_a_run_gets_its_verdict() -> None:
    assert judge_mutant(mutant("first_day"), CASES[1]).verdict is Verdict.WA
    assert judge_mutant(mutant("days_from_two"), CASES[1]).verdict is Verdict.PE
    assert judge_mutant(mutant("window_9"), CASES[2]).verdict is Verdict.AC
    start = time.process_time()
    looping = judge_mutant(made("loops", loops), CASES[0])
    assert looping.verdict is Verdict.TLE and "deadline of 0.50 s" in looping.message
    assert time.process_time() - start < 3
    assert judge_mutant(made("recurses", recurses), CASES[0]).verdict is Verdict.RE
    assert judge_mutant(made("hogs", hogs), CASES[0]).verdict is Verdict.MLE
    crash = judge_mutant(mutant("index_past_end"), CASES[0])
    assert crash.verdict is Verdict.RE and crash.message.startswith("IndexError: ")


def test_the_matrix_holds_every_mutant_on_every_test_in_order() -> None:
    names = ["first_day", "window_9", "index_past_end", "only_last_day"]
    for jobs in (1, 3):
        seen: list[str] = []

        def told(done: int, total: int, what: str, seen: list[str] = seen) -> None:
            seen.append(what)

        matrix = kill_matrix([mutant(n) for n in names], CASES, jobs=jobs, progress=told)
        assert [[str(c.verdict) for c in row] for row in matrix] == [
            ["WA", "WA", "WA"],
            ["AC", "AC", "AC"],
            ["RE", "RE", "RE"],
            ["AC", "WA", "WA"],
        ]
        assert sorted(seen) == sorted(names * 3)


def test_a_dead_worker_is_a_crash_and_the_mutant_goes_on() -> None:
    matrix = kill_matrix([made("dies", dies), mutant("first_day")], CASES, jobs=2)
    assert [str(c.verdict) for c in matrix[0]] == ["AC", "RE", "AC"]
    assert "killed by signal 9" in matrix[0][1].message
    assert [str(c.verdict) for c in matrix[1]] == ["WA", "WA", "WA"]


def test_a_worker_that_stops_answering_is_killed_at_its_backstop(monkeypatch: object) -> None:
    import downwedig.contest.strength.kill as kill

    monkeypatch.setattr(kill, "backstop", lambda steps: 1.0)  # type: ignore[attr-defined]
    start = time.monotonic()
    matrix = kill_matrix([made("sleeps", sleeps)], CASES)
    assert [str(c.verdict) for c in matrix[0]] == ["AC", "TLE", "AC"]
    assert "stopped answering" in matrix[0][1].message
    assert time.monotonic() - start < 30


def test_a_mutant_whose_time_grows_is_not_run_past_its_first_time_out() -> None:
    ran: list[int] = []

    def slow(values: bytes) -> bytes:
        ran.append(len(values))
        if len(values) >= 2:
            loops(values)
        return b"2"

    cases = [Case("big", bytes(3), "211"), Case("small", bytes(1), "2"), Case("mid", bytes(2), "21")]
    matrix = kill_matrix([made("slow", slow, grows=True)], cases)  # (in a worker: `ran` stays empty here)
    assert [str(c.verdict) for c in matrix[0]] == ["TLE", "AC", "TLE"]
    assert matrix[0][0].message == "not run: a time-out on 2 steps, and its time grows faster than n"
    assert ran == []


def test_forked_work_gives_results_and_failures_in_order() -> None:
    def boom() -> int:
        raise ValueError("no")

    found = forked_map([lambda: 1, boom, lambda: os.kill(os.getpid(), signal.SIGKILL), lambda: 4], jobs=2)
    assert found[0] == 1 and found[3] == 4
    assert isinstance(found[1], WorkerFailed) and "no" in str(found[1])
    assert isinstance(found[2], WorkerFailed) and "died" in str(found[2])
    slow = forked_map([lambda: time.sleep(60)], backstop=0.5)
    assert isinstance(slow[0], WorkerFailed) and "stopped after 0.5 s" in str(slow[0])
