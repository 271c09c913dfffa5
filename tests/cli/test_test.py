"""``downwedig test``: every verdict from a real run, the table and the JSON, the exit statuses."""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path

import pytest

from ..conftest import SAMPLE, Cli
from ..solutions import solution_command

SAMPLE_ANSWER = SAMPLE.with_suffix(".ans").read_bytes()


@pytest.fixture
def tests_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "tests"
    folder.mkdir()
    (folder / "sample.in").write_bytes(SAMPLE.read_bytes())
    (folder / "sample.ans").write_bytes(SAMPLE_ANSWER)
    return folder


@pytest.fixture
def bundle_command(cli: Cli, tmp_path: Path) -> str:
    assert cli("bundle", "-o", tmp_path / "solution.py").status == 0
    return f"{shlex.quote(sys.executable)} {shlex.quote(str(tmp_path / 'solution.py'))}"


def python(tmp_path: Path, name: str, code: str) -> str:
    return solution_command(tmp_path, name, code)


@pytest.mark.parametrize(
    ("name", "code", "options", "verdict", "words"),
    [
        ("wrong", "print('211112222211')", [], "WA", "wrong answer on day 12"),
        ("format", "print('2 1 1')", [], "PE", "wrong output format: column 2"),
        ("sleeper", "import time\ntime.sleep(60)", ["--time-limit", "0.2"], "TLE", "killed at the wall-clock limit"),
        # (MemoryError when the address space is the limit; "out of memory" when the run's cgroup holds it)
        ("hog", "data = bytearray(300 << 20)", ["--memory-limit", "64"], "MLE", "limit 64 MiB: "),
        ("crash", "raise IndexError('boom')", [], "RE", "exit status 1; stderr: IndexError: boom"),
    ],
)
def test_each_verdict(
    cli: Cli, tmp_path: Path, tests_folder: Path, name: str, code: str, options: list[str], verdict: str, words: str
) -> None:
    result = cli("test", "--solution", python(tmp_path, name, code), *options, tests_folder)
    assert result.status == 1
    header, line, total, timing = result.out.splitlines()
    assert header.split()[:2] == ["test", "verdict"]
    assert line.split()[:2] == ["sample", verdict]
    assert words in line
    assert total.startswith(f"test: 0 of 1 tests AC; first failure: sample ({verdict})")
    assert timing == "time: no test is AC, so no time limit can be suggested"
    assert "\033[" not in result.out  # no colour off a terminal


def test_accepted_and_json(cli: Cli, tests_folder: Path, bundle_command: str) -> None:
    (tests_folder / "one.in").write_bytes(b"1\nWWWWWWWW\n")
    (tests_folder / "one.out").write_bytes(b"2\n")  # oj's name for an answer works too
    result = cli("test", "--solution", bundle_command, tests_folder, "--format", "json")
    assert result.status == 0
    report = json.loads(result.out)
    assert [t["name"] for t in report["tests"]] == ["one", "sample"]
    for test in report["tests"]:
        assert set(test) == {"name", "verdict", "cpu_s", "wall_s", "peak_mib", "message"}
        assert test["verdict"] == "AC" and test["cpu_s"] > 0 and test["wall_s"] > 0
    assert report["tests"][1]["message"] == "ok 12 days"
    assert report["summary"]["verdict"] == "AC" and report["summary"]["tests"] == 2
    assert report["summary"]["counts"]["AC"] == 2
    cpu = {test["name"]: test["cpu_s"] for test in report["tests"]}
    # (the slowest by the unrounded time: two tests may show the same rounded one)
    assert report["summary"]["slowest_accepted_s"] == cpu[report["summary"]["slowest_accepted"]] == max(cpu.values())
    assert report["summary"]["suggested_time_limit_s"] == 1 and report["summary"]["not_run"] == 0


def test_the_text_report_suggests_a_time_limit(cli: Cli, tests_folder: Path, bundle_command: str) -> None:
    result = cli("test", "--solution", bundle_command, tests_folder)
    assert result.status == 0
    timing = result.out.splitlines()[-1]
    assert re.fullmatch(
        r"time: the slowest AC run took \d+\.\d\d s CPU \(sample\); suggested time limit: 1 s \(2 x that, rounded up "
        r"to a whole second, as the Kattis problem package format derives it\)",
        timing,
    ), timing


def test_x_stops_at_the_first_failure(cli: Cli, tmp_path: Path, tests_folder: Path) -> None:
    for name in ("a", "b", "c"):
        (tests_folder / f"{name}.in").write_bytes(b"1\nWWWWWWWW\n")
        (tests_folder / f"{name}.ans").write_bytes(b"2\n")
    command = python(tmp_path, "two", "print(2)")  # right on a, b and c (one step), wrong on the sample
    full = cli("test", "--solution", command, tests_folder)
    assert full.status == 1 and "test: 3 of 4 tests AC; first failure: sample (PE)" in full.out
    (tests_folder / "b.ans").write_bytes(b"1\n")
    stopped = cli("test", "--solution", command, tests_folder, "-x", "--format", "json")
    report = json.loads(stopped.out)
    assert stopped.status == 1 and [t["name"] for t in report["tests"]] == ["a", "b"]
    assert report["summary"]["not_run"] == 2 and report["summary"]["suggested_time_limit_s"] is None
    text = cli("test", "--solution", command, tests_folder, "--exitfirst").out
    assert "test: 1 of 2 tests AC; first failure: b (WA); stopped there (-x), 2 not run" in text


def test_a_lone_python_file_runs_with_this_python(cli: Cli, in_tmp: Path, tests_folder: Path) -> None:
    assert cli("bundle", "-o", "solution.py").status == 0
    (in_tmp / "solution.py").chmod(0o644)  # (not executable: it runs all the same)
    result = cli("test", "--solution", "solution.py")
    assert result.status == 0 and "test: 1 of 1 tests AC" in result.out


def test_a_solution_that_cannot_run_fails_once_up_front(cli: Cli, in_tmp: Path, tests_folder: Path) -> None:
    missing = cli("test", "--solution", "nosuch.py")
    assert missing.status == 2 and "--solution nosuch.py: no such file" in missing.stderr
    unknown = cli("test", "--solution", "no-such-command")
    assert unknown.status == 2 and "--solution no-such-command: command not found" in unknown.stderr
    (in_tmp / "a.out").write_bytes(b"#!/bin/sh\necho 2\n")
    bare = cli("test", "--solution", "a.out")
    assert bare.status == 2 and "(give ./a.out)" in bare.stderr
    locked = cli("test", "--solution", "./a.out")
    assert locked.status == 2 and "not executable (chmod +x ./a.out" in locked.stderr
    assert locked.stdout == b"" and locked.stderr.count("error:") == 1


def test_the_folder_tests_is_the_default(cli: Cli, in_tmp: Path, tests_folder: Path, bundle_command: str) -> None:
    assert tests_folder == in_tmp / "tests"
    result = cli("test", "--solution", bundle_command)
    assert result.status == 0 and "test: 1 of 1 tests AC" in result.out
    (tests_folder / "sample.ans").unlink()
    missing = cli("test", "--solution", bundle_command)
    assert missing.status == 2 and "no answer beside it" in missing.stderr


def test_usage_errors(cli: Cli, in_tmp: Path, tests_folder: Path) -> None:
    assert cli("test", tests_folder).status == 2  # no --solution
    assert cli("test", "--solution", "true", tests_folder, "--time-limit", "0").status == 2
    assert cli("test", "--solution", "true", tests_folder, "--format", "xml").status == 2
    tests_folder.rename(in_tmp / "elsewhere")
    result = cli("test", "--solution", "true")
    assert result.status == 2 and "no TESTS given and no folder tests/ here" in result.stderr


def test_a_broken_answer_file_is_reported_before_anything_runs(cli: Cli, tmp_path: Path, tests_folder: Path) -> None:
    (tests_folder / "sample.ans").write_bytes(b"2111\n")
    marker = tmp_path / "ran"
    result = cli("test", "--solution", f"touch {marker}", tests_folder)
    assert result.status == 1 and "sample.ans: expected 12 digits, found 4" in result.stderr
    assert not marker.exists()
