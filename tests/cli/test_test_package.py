"""``downwedig test PKG``: the package's limits are the judge's, and with no --solution every solution the package
holds is judged on every test and checked against what its place says it must get."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ..conftest import SAMPLE, Cli, need_tool
from ..solutions import BUGS, SOLUTION, solution_command

WRONG_CPP = r"""#include <cstdio>
int main() { int n; if (scanf("%d", &n) != 1) return 1; for (int i = 0; i < n; i++) putchar('1'); puts(""); }
"""


def source(name: str) -> str:
    bug, after = BUGS[name]
    return SOLUTION.format(bug=bug, after=after)


def make_package(cli: Cli, folder: Path, problem_yaml: str, submissions: dict[str, str]) -> Path:
    """A package by hand: the sample and two small tests, ``problem_yaml``, and ``submissions`` by path."""
    (folder / "data" / "sample").mkdir(parents=True)
    (folder / "data" / "secret").mkdir()
    shutil.copy(SAMPLE, folder / "data" / "sample" / "1.in")
    shutil.copy(SAMPLE.with_suffix(".ans"), folder / "data" / "sample" / "1.ans")
    for name, words in {"a": ["equal", "--n", "9"], "b": ["random", "--n", "10", "--seed", "3"]}.items():
        made = cli("gen", *words)
        (folder / "data" / "secret" / f"{name}.in").write_bytes(made.stdout)
        answer = cli("solve", folder / "data" / "secret" / f"{name}.in")
        (folder / "data" / "secret" / f"{name}.ans").write_bytes(answer.stdout)
    (folder / "problem.yaml").write_text(problem_yaml)
    for path, text in submissions.items():
        (folder / "submissions" / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / "submissions" / path).write_text(text)
    return folder


@pytest.fixture
def package(cli: Cli, tmp_path: Path) -> Path:
    return make_package(
        cli,
        tmp_path / "pkg",
        "problem_format_version: 2025-09\nname: X\nlimits:\n  time_limit: 2\n  memory: 256\n",
        {
            "accepted/right.py": source("correct"),
            "wrong_answer/off.py": source("off_by_one"),
            "run_time_error/fake.py": source("correct"),  # (it crashes nowhere: its folder is wrong about it)
        },
    )


def test_every_solution_is_judged_and_a_mismatch_named(cli: Cli, package: Path) -> None:
    result = cli("test", package, "-j", "2")
    assert result.status == 1
    lines = result.out.splitlines()
    rows = {line.split()[0]: line for line in lines[1:-1]}
    assert rows["submissions/accepted/right.py"].endswith("AAA: as expected (permitted: AC (the folder accepted/))")
    assert "as expected" in rows["submissions/wrong_answer/off.py"]
    fake = rows["submissions/run_time_error/fake.py"]
    assert "AAA: NOT AS EXPECTED: required RTE on some test, got only AC (the folder run_time_error/)" in fake
    assert lines[-1].startswith("test: 3 solutions on 3 tests; 2 of 3 with an expectation as expected; limits: 2 s CPU")
    assert f"(from {package}/problem.yaml (limits: time_limit)), 256 MiB (from {package}/problem.yaml" in lines[-1]


def test_the_matrix_in_json_and_a_solution_that_does_not_compile(cli: Cli, package: Path) -> None:
    need_tool(["g++"], "apt-get install g++")
    (package / "submissions" / "wrong_answer" / "ones.cpp").write_text(WRONG_CPP)
    (package / "submissions" / "accepted" / "broken.cpp").write_text("int main( {")
    report = json.loads(cli("test", package / "data", "--format", "json", "-j", "2").out)
    assert report["tests"] == ["sample/1", "secret/a", "secret/b"]
    found = {entry["name"]: entry for entry in report["solutions"]}
    ones = found["submissions/wrong_answer/ones.cpp"]
    assert [r["verdict"] for r in ones["results"]] == ["WA", "WA", "WA"] and ones["mismatches"] == []
    assert found["submissions/accepted/broken.cpp"]["not_judged"].startswith("does not compile: ")
    assert report["mismatches"] == 2 and report["limits"]["cpu_s"] == 2


def test_one_solution_on_a_package_gets_the_package_s_limits_unless_told_otherwise(
    cli: Cli, tmp_path: Path, package: Path
) -> None:
    right = solution_command(tmp_path, "correct")
    result = cli("test", "--solution", right, package)
    assert result.status == 0
    assert result.out.splitlines()[-1].startswith("limits from the package: 2 s CPU (from ")
    assert "limits: 2 s CPU (4 s wall), 256 MiB" in result.out
    told = cli("test", "--solution", right, package / "data" / "secret", "--time-limit", "3", "--format", "json")
    assert json.loads(told.out)["limits"]["from"].startswith("3 s CPU (from --time-limit), 256 MiB (from ")


def test_a_legacy_package_without_a_time_limit_derives_it_from_its_accepted_runs(cli: Cli, tmp_path: Path) -> None:
    package = make_package(
        cli,
        tmp_path / "legacy",
        "name: X\nlimits:\n  time_multiplier: 3\n",
        {"accepted/right.py": source("correct"), "wrong_answer/off.py": source("off_by_one")},
    )
    result = cli("test", package)
    assert result.status == 0, result.out
    last = result.out.splitlines()[-1]
    assert "has no time limit (legacy): verifyproblem derives it; until then the judge's default)" in last
    assert "; the time limit then derived: 1 s (3 x the slowest accepted run, " in last


def test_no_solution_and_no_package_is_a_usage_error(cli: Cli, tmp_path: Path) -> None:
    (tmp_path / "t.in").write_text("1\nWWWWWWWW\n")
    (tmp_path / "t.ans").write_text("2\n")
    result = cli("test", tmp_path)
    assert result.status == 2 and "give --solution CMD (or TESTS that are a problem package" in result.stderr
