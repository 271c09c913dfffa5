"""The stress tester as a library: the plan, and the report on a wrong solution."""

from __future__ import annotations

from pathlib import Path

from downwedig.contest.generating.registry import generate
from downwedig.contest.judging.stress import Failure, cases, stress, try_rows
from downwedig.contest.judging.verdict import Limits, Verdict
from downwedig.contest.running.runner import Runner

from ...solutions import solution_command


def test_cases_are_reproducible_and_match_gen() -> None:
    first, again = cases(7, 40, 30), cases(7, 40, 30)
    assert first == again
    assert cases(8, 40, 30) != first
    assert {test.family for test in first} >= {"random", "chain", "palette"}
    assert all(1 <= test.n <= 30 for test in first)
    assert [test.name for test in first[:3]] == ["1", "2", "3"]
    for test in first[::7]:
        assert test.rows() == generate(test.family, test.n, test.seed, **test.options)


def test_each_kind_of_failure_gets_the_judge_s_verdict() -> None:
    rows = [0, 0]  # answer 21
    limits = Limits(cpu_s=2, memory_mib=256)

    def try_command(command: str, limits: Limits) -> Failure | None:
        with Runner(command, limits) as runner:
            return try_rows(runner, rows)

    assert try_command("echo 21", limits) is None
    commands = {
        Verdict.WA: "echo 22",
        Verdict.PE: "echo 2",
        Verdict.RE: "kill -SEGV $$",
        Verdict.TLE: "sleep 10",
    }
    for verdict, command in commands.items():
        failure = try_command(command, Limits(cpu_s=0.5) if verdict is Verdict.TLE else limits)
        assert failure is not None and failure.verdict is verdict, (command, failure)
    wrong = try_command("echo 22", limits)
    assert wrong is not None and wrong.first_wrong_day == 2 and wrong.received == b"22\n"
    assert wrong.message == "wrong answer on day 2: expected 1 (Dina wins), received 2 (Dima wins); 1 of 2 days wrong"


def test_stress_library_report(tmp_path: Path) -> None:
    report = stress(solution_command(tmp_path, "day_one"), tests=10, max_n=10, seed=2, jobs=2)
    assert report.failure is not None and report.failure.verdict is Verdict.WA
    assert report.test is not None and report.index == 0 and report.repeated
    assert report.minimal == [0] and report.minimal_failure is not None
    assert report.minimal_failure.expected == "2"
