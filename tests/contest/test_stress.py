"""The stress tester as a library: the plan, and the report on a wrong solution."""

from __future__ import annotations

from pathlib import Path

from downwedig.contest.registry import generate
from downwedig.contest.run import Run
from downwedig.contest.stress import FailureKind, judge, plan, stress

from ..solutions import solution_command


def test_plan_is_reproducible_and_matches_gen() -> None:
    first, again = plan(7, 40, 30), plan(7, 40, 30)
    assert first == again
    assert plan(8, 40, 30) != first
    assert {case.family for case in first} >= {"random", "chain", "palette"}
    assert all(1 <= case.n <= 30 for case in first)
    for case in first[::7]:
        assert case.rows == generate(case.family, case.n, case.seed, **case.options)


def test_judge_names_each_kind_of_failure() -> None:
    rows = [0, 0]  # answer 21
    assert judge(rows, Run(0, b"21\n", b"", 0.1), 1.0) is None
    kinds = {
        FailureKind.WRONG_ANSWER: Run(0, b"22\n", b"", 0.1),
        FailureKind.MALFORMED_OUTPUT: Run(0, b"2\n", b"", 0.1),
        FailureKind.CRASH: Run(-11, b"", b"", 0.1),
        FailureKind.TIME_OUT: Run(None, b"", b"", 1.0),
    }
    for kind, run in kinds.items():
        failure = judge(rows, run, 1.0)
        assert failure is not None and failure.kind is kind
    wrong = judge(rows, kinds[FailureKind.WRONG_ANSWER], 1.0)
    assert wrong is not None and wrong.first_wrong_day == 2
    assert wrong.detail == "day 2: expected 1, received 2 (1 of 2 days wrong)"


def test_stress_library_report(tmp_path: Path) -> None:
    report = stress(solution_command(tmp_path, "day_one"), tests=10, max_n=10, seed=2, jobs=2)
    assert report.failure is not None and report.failure.kind is FailureKind.WRONG_ANSWER
    assert report.case is not None and report.case.index == 0
    assert report.minimal == [0] and report.minimal_failure is not None
    assert report.minimal_failure.expected == "2"
