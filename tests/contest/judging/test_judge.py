"""The local judge as a library: finding tests, the verdict rules, judging in order."""

from __future__ import annotations

from pathlib import Path

import pytest

from downwedig.contest.judging import judge as judge_module
from downwedig.contest.judging.judge import (
    Result,
    check_tests,
    classify,
    find_tests,
    judge,
    summary,
)
from downwedig.contest.judging.verdict import Limits, Verdict
from downwedig.contest.running.limits import suggested_time_limit
from downwedig.contest.running.run import Run
from downwedig.errors import InvalidAnswer, InvalidStaircase, InvalidTests

from ...solutions import solution_command

ONE = b"1\nWWWWWWWW\n"  # answer 2
THREE = b"3\nWWWWWWWW\nWWWWWWWW\nRRRRRRRR\n"  # answer 211


def write_test(folder: Path, name: str, data: bytes = THREE, answer: bytes = b"211\n", suffix: str = ".ans") -> Path:
    path = folder / f"{name}.in"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    path.with_suffix(suffix).write_bytes(answer)
    return path


def test_folders_are_searched_through_in_natural_order(tmp_path: Path) -> None:
    for name in ("secret/m10", "secret/m2", "sample/1"):
        write_test(tmp_path / "data", name)
    write_test(tmp_path, "loose", suffix=".out")
    tests = find_tests([tmp_path / "data", tmp_path / "loose.in"])
    assert [t.name for t in tests] == ["sample/1", "secret/m2", "secret/m10", "loose"]
    assert tests[-1].answer.suffix == ".out"


def test_tests_that_cannot_be_found(tmp_path: Path) -> None:
    (tmp_path / "lonely.in").write_bytes(THREE)
    (tmp_path / "x.ans").write_bytes(b"211\n")
    for paths, message in [
        ([tmp_path / "lonely.in"], "no answer beside it"),
        ([tmp_path / "x.ans"], "a test is a NAME.in file"),
        ([tmp_path / "missing.in"], "no such file or folder"),
        ([], "no tests"),
    ]:
        with pytest.raises(InvalidTests, match=message):
            find_tests(paths)


def test_tests_that_cannot_be_judged(tmp_path: Path) -> None:
    bad_input = write_test(tmp_path, "a", data=b"2\nWWWWWWWW\n")
    with pytest.raises(InvalidStaircase) as caught:
        check_tests(find_tests([bad_input]))
    assert caught.value.source == str(bad_input)
    bad_answer = write_test(tmp_path, "b", answer=b"21\n")
    with pytest.raises(InvalidAnswer, match=r"b\.ans: expected 3 digits, found 2 \(the answer of b\.in\)"):
        check_tests(find_tests([bad_answer]))


def test_a_checked_test_is_read_again_but_not_parsed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The judge reads each test twice (all first, then each before its run); the second read checks the
    # fingerprint and takes the number of days from the first, so a staircase is parsed once.
    test = find_tests([write_test(tmp_path, "a")])[0]
    [fingerprint] = check_tests([test])

    def no_parse(*args: object, **kwargs: object) -> None:
        raise AssertionError("parsed twice")

    monkeypatch.setattr(judge_module, "parse", no_parse)
    assert judge_module.read_test(test, fingerprint)[1] == "211"
    test.answer.write_bytes(b"212\n")  # (changed bytes: another fingerprint, so parsed again)
    with pytest.raises(AssertionError, match="parsed twice"):
        judge_module.read_test(test)
    with pytest.raises(InvalidTests, match="changed after they were checked"):
        judge_module.read_test(test, fingerprint)


def run(
    code: int | None,
    stdout: bytes = b"",
    stderr: bytes = b"",
    cpu: float = 0.1,
    peak: float | None = 20.0,
    *,
    oom: bool = False,
    overflow: str | None = None,
) -> Run:
    return Run(code, stdout, stderr, cpu + 0.01, cpu, peak, out_of_memory=oom, overflow=overflow)


LIMITS = Limits(cpu_s=1.0, memory_mib=100)


@pytest.mark.parametrize(
    ("outcome", "expected", "words"),
    [
        (run(0, b"211\n"), "AC", "ok 3 days"),
        (run(0, b"212\n"), "WA", "wrong answer on day 3"),
        (run(0, b"2 1 1\n"), "PE", "column 2"),
        (run(None, cpu=0.2, peak=None), "TLE", "killed at the wall-clock limit of 2.5 s"),
        (run(0, b"211\n", cpu=1.5), "TLE", "1.50 s CPU, over the limit of 1 s"),
        (run(0, b"211\n", peak=120.0), "MLE", "peak 120 MiB, limit 100 MiB"),
        (run(1, stderr=b"Traceback...\nMemoryError\n", peak=8.0), "MLE", "MemoryError"),
        (run(-6, stderr=b"terminate called after throwing an instance of 'std::bad_alloc'\n"), "MLE", "bad_alloc"),
        (run(-9, peak=95.0), "MLE", "peak 95 MiB"),
        (run(-9, peak=50.0), "RE", "killed by signal SIGKILL"),
        (run(3, stderr=b"Traceback\n  ...\nIndexError: boom\n"), "RE", "exit status 3; stderr: IndexError: boom"),
        (run(-9, overflow="output"), "RE", "its output went over the limit of 8388608 bytes"),
        (run(-9, overflow="error output"), "RE", "its error output went over the limit of 8388608 bytes"),
        (run(-25), "RE", "SIGXFSZ: a file it wrote went over the limit of 8388608 bytes"),
        # The kernel's OOM killer ended a process of the run's cgroup: MLE, even when the run then hung or passed.
        (run(0, b"211\n", peak=100.0, oom=True), "MLE", "limit 100 MiB: the kernel ended it out of memory"),
        (run(None, peak=100.0, oom=True), "MLE", "limit 100 MiB"),
    ],
)
def test_verdict_rules(outcome: Run, expected: str, words: str) -> None:
    found = classify(outcome, "211", LIMITS)
    assert found.verdict is Verdict(expected)
    assert words in found.message
    assert (found.first_wrong_day is not None) == (found.verdict is Verdict.WA)


def test_judging_keeps_the_tests_order_whatever_the_jobs(tmp_path: Path) -> None:
    tests = [
        write_test(tmp_path, f"t{k}", data, answer)
        for k, (data, answer) in enumerate([(THREE, b"211\n"), (ONE, b"2\n")] * 3)
    ]
    command = solution_command(tmp_path, "day_one")  # wrong on day 1 of every test
    seen: list[str] = []
    results = judge(command, find_tests(tests), Limits(), jobs=3, progress=lambda done, total, r: seen.append(r.name))
    assert [r.name for r in results] == seen == [f"t{k}" for k in range(6)]
    assert [r.verdict for r in results] == [Verdict.WA, Verdict.WA] * 3
    assert all(r.cpu_s > 0 and r.wall_s > 0 for r in results)
    totals = summary(results).as_json()
    assert (
        totals["verdict"] == "WA"
        and totals["first_failure"] == "t0"
        and totals["counts"]
        == {
            "AC": 0,
            "WA": 6,
            "PE": 0,
            "TLE": 0,
            "MLE": 0,
            "RE": 0,
            "FAIL": 0,
        }
    )


def test_summary_of_all_accepted() -> None:
    results = [Result("a", Verdict.AC, 0.5, 0.6, 20.0, "ok"), Result("b", Verdict.AC, 0.25, 0.3, None, "ok")]
    assert summary(results).as_json() == {
        "verdict": "AC",
        "first_failure": None,
        "tests": 2,
        "counts": {"AC": 2, "WA": 0, "PE": 0, "TLE": 0, "MLE": 0, "RE": 0, "FAIL": 0},
        "max_cpu_s": 0.5,
        "max_wall_s": 0.6,
        "max_peak_mib": 20.0,
        "slowest_accepted": "a",
        "slowest_accepted_s": 0.5,
        "suggested_time_limit_s": 1,
    }


def test_the_suggested_time_limit_is_the_format_s() -> None:
    """2 x the slowest accepted run, rounded up to a whole second (the format's ac_to_time_limit, time_resolution)."""
    assert [suggested_time_limit(s) for s in (0.0, 0.01, 0.5, 0.51, 1.0, 2.3)] == [1, 1, 1, 2, 2, 5]
    slow_wrong = [Result("a", Verdict.AC, 0.7, 0.8, None, "ok"), Result("b", Verdict.WA, 3.0, 3.1, None, "")]
    totals = summary(slow_wrong)
    assert (totals.slowest_accepted, totals.slowest_accepted_s, totals.suggested_time_limit_s) == ("a", 0.7, None)
    assert summary([Result("b", Verdict.TLE, 6.0, 9.0, None, "")]).slowest_accepted_s is None


def test_judging_can_stop_at_the_first_failure(tmp_path: Path) -> None:
    tests = [write_test(tmp_path, f"t{k}", THREE, b"211\n" if k != 2 else b"212\n") for k in range(6)]
    command = solution_command(tmp_path, "correct")
    for jobs in (1, 3):
        results = judge(command, find_tests(tests), Limits(), jobs=jobs, stop_on_failure=True)
        assert [(r.name, str(r.verdict)) for r in results] == [("t0", "AC"), ("t1", "AC"), ("t2", "WA")]


def test_answer_files_named_beside_their_inputs_stand_for_their_tests(tmp_path: Path) -> None:
    for name in ("a", "b"):
        (tmp_path / f"{name}.in").write_text("1\nWWWWWWWW\n")
        (tmp_path / f"{name}.ans").write_text("2\n")
    given = sorted(tmp_path.iterdir())  # what a shell pattern like folder/* gives
    assert [t.name for t in find_tests(given)] == ["a", "b"]
