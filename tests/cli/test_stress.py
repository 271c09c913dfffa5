"""``downwedig stress``: a correct solution passes; wrong ones, crashes and hangs are caught and shrunk."""

from __future__ import annotations

import json
import shlex
import time
from pathlib import Path

import pytest

from downwedig import Staircase, parse, reference_answer
from downwedig.contest.bundling.bundle import bundle
from downwedig.contest.running.command import solution_command as command_of
from downwedig.contest.running.run import Limits, run_solution
from downwedig.contest.shipping.programs import mistake_program
from downwedig.contest.shipping.programs.mistakes import MISTAKES
from downwedig.diagnosis import diagnose

from ..conftest import ROOT, THOROUGH, Cli
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


def explained(out: str) -> list[str]:
    """The lines of the report's "why it is wrong" part."""
    lines: list[str] = []
    for line in out.split("\nwhy it is wrong:\n", 1)[1].splitlines():  # (each sentence wrapped, its rest indented)
        if line.startswith("    "):
            lines[-1] += " " + line.strip()
        elif line.startswith("  "):
            lines.append(line.strip())
    return lines


#: The programs run through the whole command: the README's example and the package's mistakes (the quickest of
#: them by default: each is a few seconds of runs; tests/test_diagnosis.py holds every mistake to the oracle).
EXPLAINED = ["wrong.py", *(sorted(MISTAKES) if THOROUGH else ["first_day"])]


@pytest.mark.parametrize("name", EXPLAINED)
def test_a_wrong_answer_is_explained_where_it_goes_wrong(cli: Cli, tmp_path: Path, name: str) -> None:
    if name == "wrong.py":
        program = ROOT / "examples" / "wrong.py"
    else:  # the package's mistakes, as a package carries them
        program = tmp_path / f"{name}.py"
        program.write_text(bundle(mistake_program(name)))
    prefix, page = tmp_path / "fail", tmp_path / "page.html"
    result = cli("stress", "--solution", program, "--save", prefix, "--page", page)
    assert result.status == 1 and "failed: WA" in result.out
    minimal = parse(prefix.with_suffix(".in").read_bytes())
    received = prefix.with_suffix(".received").read_text().strip()
    day = next(k for k, (e, r) in enumerate(zip(reference_answer(minimal), received, strict=True), 1) if e != r)
    command = command_of(str(program))

    def says(part: Staircase) -> str:
        return run_solution(command, part.to_text().encode(), Limits(), timeout=30).stdout.decode().strip()

    found = diagnose(minimal, received, says)
    assert found is not None and found.day == day, "the first wrong day is the oracle's"
    assert found.finding == "step" and found.step is not None, "a step of that day its own answers get wrong"
    assert explained(result.out) == found.lines()
    assert result.out.endswith(f"page: {page}, opened on day {day} with the step-through ready\n")
    data = json.loads(page.read_text().split('id="data">', 1)[1].split("</script>", 1)[0])
    assert (data["day"], data["start_teaching"], data["mistake"]["step"]) == (day, True, found.step)


def test_a_failure_that_is_not_a_wrong_answer_is_not_explained(cli: Cli, tmp_path: Path) -> None:
    page = tmp_path / "crash.html"
    argv = ["stress", "--solution", solution_command(tmp_path, "crash"), "--max-n", "30", "--page", page]
    result = cli(*argv, "--save", tmp_path / "crash")
    assert result.status == 1 and "why it is wrong" not in result.out
    n = int((tmp_path / "crash.in").read_text().split()[0])
    assert result.out.endswith(f"page: {page}, opened on day {n} with the step-through ready\n") and page.exists()
