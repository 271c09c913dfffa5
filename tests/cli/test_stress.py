"""``downwedig stress``: a correct solution passes; wrong ones, crashes and hangs are caught and shrunk."""

from __future__ import annotations

import shlex
import time
from pathlib import Path

import pytest

from downwedig.contest.running.run import Limits, run_solution

from ..conftest import Cli
from ..solutions import SOLUTION, solution_command


def steps(path: Path) -> int:
    return int(path.read_text().split("\n", 1)[0])


def test_a_correct_solution_passes(cli: Cli, tmp_path: Path) -> None:
    argv = ["stress", "--solution", solution_command(tmp_path, "correct"), "--tests", "12", "--max-n", "25"]
    result = cli(*argv, "--seed", "3", "--save", tmp_path / "f")
    assert result.status == 0
    assert result.out.startswith("stress: all 12 tests passed (seed 3, n up to 25; isolation: ")
    assert not (tmp_path / "f.in").exists()


@pytest.mark.parametrize("bug", ["off_by_one", "day_one"])
def test_wrong_answers_are_caught_and_shrunk(cli: Cli, tmp_path: Path, bug: str) -> None:
    prefix = tmp_path / "fail"
    argv = ["stress", "--solution", solution_command(tmp_path, bug), "--max-n", "30", "--seed", "1"]
    result = cli(*argv, "--save", prefix)
    assert result.status == 1
    assert "failed: WA (isolation: " in result.out and "\n  wrong answer on day " in result.out
    assert steps(prefix.with_suffix(".in")) <= 10
    if bug == "day_one":
        assert prefix.with_suffix(".in").read_text() == "1\nWWWWWWWW\n"
        assert prefix.with_suffix(".expected").read_text() == "2\n"
        assert prefix.with_suffix(".received").read_text() == "1\n"
    # The printed gen command reproduces the original failing test.
    gen = next(line for line in result.out.splitlines() if line.startswith("original test")).split(": ", 1)[1]
    assert cli(*shlex.split(gen)[1:], "-o", tmp_path / "orig.in").status == 0
    assert (
        run_solution(solution_command(tmp_path, bug), (tmp_path / "orig.in").read_bytes(), Limits(), timeout=10).stdout
        != b""
    )
    # (Reproducible from the seed: docs/contest.md's transcript of `stress`, run by tests/test_readme.py, pins a
    # whole report, shrinking included.)


def test_a_crash_is_caught_and_shrunk(cli: Cli, tmp_path: Path) -> None:
    prefix = tmp_path / "crash"
    argv = ["stress", "--solution", solution_command(tmp_path, "crash"), "--max-n", "30", "-j", "2"]
    result = cli(*argv, "--save", prefix)
    assert result.status == 1
    assert "failed: RE (isolation: " in result.out and "\n  exit status 1; stderr: IndexError: boom\n" in result.out
    minimal = prefix.with_suffix(".in").read_text().split()
    assert minimal[0] == "1" and minimal[1].count("R") == 3  # (1-minimal: one red fewer passes)


def test_a_hang_is_reported_as_a_time_out(cli: Cli, tmp_path: Path) -> None:
    solution = solution_command(tmp_path, "hang", "import time\ntime.sleep(600)\n")
    start = time.monotonic()
    result = cli("stress", "--solution", solution, "--time-limit", "0.5", "--tests", "3", "--save", tmp_path / "h")
    assert result.status == 1
    assert time.monotonic() - start < 30
    assert "failed: TLE (isolation: " in result.out and "\n  killed at the wall-clock limit of 1.75 s" in result.out


def test_the_old_name_of_the_time_limit_still_works(cli: Cli, tmp_path: Path) -> None:
    argv = ["stress", "--solution", solution_command(tmp_path, "correct"), "--tests", "2", "--max-n", "3"]
    assert cli(*argv, "--timeout", "2").status == 0


@pytest.mark.usefixtures("unboxed")  # (its state file is outside the box)
def test_a_failure_that_does_not_happen_again_is_reported_as_found(cli: Cli, tmp_path: Path) -> None:
    """A flaky solution (here: wrong on its first run only) must not lose the failing test it gave."""
    ran = tmp_path / "ran"
    first_run = f"import os\nfirst = not os.path.exists({str(ran)!r})\nopen({str(ran)!r}, 'a').close()\n"
    source = SOLUTION.format(bug=first_run, after="if first:\n    out[0] = '1'")
    solution = solution_command(tmp_path, "flaky", source)
    prefix = tmp_path / "flaky"
    result = cli("stress", "--solution", solution, "--tests", "1", "-j", "1", "--save", prefix)
    assert result.status == 1, result.stderr
    assert "failed: WA (isolation: " in result.out and "\n  wrong answer on day 1" in result.out
    assert "not shrunk: the test did not fail again when run once more" in result.out
    saved = prefix.with_suffix(".in").read_text()
    original = next(line for line in result.out.splitlines() if line.startswith("original test")).split(": ", 1)[1]
    assert cli(*shlex.split(original)[1:], "-o", tmp_path / "orig.in").status == 0
    assert saved == (tmp_path / "orig.in").read_text()
    assert prefix.with_suffix(".received").read_text().startswith("1")


@pytest.mark.parametrize(
    "argv",
    [
        ["stress"],
        ["stress", "--solution", "x", "--max-n", "300001"],
        ["stress", "--solution", "x", "--tests", "0"],
        ["stress", "--solution", "x", "--tests", "9" * 300],  # (found by the fuzzer: planned forever)
    ],
)
def test_stress_usage_errors(cli: Cli, argv: list[str]) -> None:
    result = cli(*argv)
    assert result.status == 2 and "usage: downwedig stress" in result.stderr


def test_a_solutions_output_cannot_drive_the_terminal(cli: Cli, tmp_path: Path) -> None:
    solution = solution_command(tmp_path, "colour", "import sys\nsys.stdin.read()\nprint('\\x1b[31m2')\n")
    result = cli("stress", "--solution", solution, "--tests", "1", "--shrink-runs", "0", "--save", tmp_path / "c")
    assert result.status == 1 and "\x1b" not in result.out and "received: \\x1b[31m2" in result.out
