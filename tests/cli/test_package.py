"""``downwedig package``: the summary and time limit, usage errors that write nothing, plan errors at their place."""

from __future__ import annotations

from pathlib import Path

from ..conftest import Cli


def test_package_prints_what_it_wrote_and_the_time_limit(cli: Cli, tmp_path: Path) -> None:
    # (The README's transcript of `package --tests small`, run by tests/test_readme.py, covers the built-in plan.)
    plan = tmp_path / "tiny.plan"
    plan.write_text("n9-equal equal --n 9\nrandom-20 random --n 20\n")
    result = cli("package", tmp_path / "downwedig", "--tests", plan)
    assert result.status == 0, result.stderr
    lines = result.out.splitlines()
    first, caught = lines[0], lines[1:5]
    strength = next(line for line in lines if line.startswith("package: the tests catch"))
    limit = next(line for line in lines if line.startswith("time limit: "))
    wrote = f"package: wrote {tmp_path / 'downwedig'}/ (2025-09 format)"
    # Each test is two files (.in, .ans), plus the sample's two and the others (yaml, statements, programs, cases).
    assert first.startswith(f"{wrote}: 1 sample and 2 secret tests (n from 9 to 20, 0 of n = 300000), ")
    assert caught == [
        "  submissions/wrong_answer/strict_rule.py is caught by sample/1",
        "  submissions/wrong_answer/short_window.py is caught by secret/n9-equal",
        "  submissions/wrong_answer/first_day.py is caught by sample/1",
        "  submissions/wrong_answer/counts_differences.py is caught by sample/1",
    ]
    assert strength == (
        "package: the tests catch 41 of 47 mutants (and 4 more are equivalent to the judge: no test can catch "
        "them); the note: downwedig-strength.md"
    )
    assert limit.startswith("time limit: 5 s, the original contest's (NERC 2020 allowed 5 s and 512 MiB); ")
    assert "the slowest accepted run, solution." in limit and "the format wants at least 2 x that" in limit
    assert "  solution.py (CPython " in result.out
    assert (tmp_path / "downwedig" / "problem.yaml").exists()
    assert sorted(p.name for p in (tmp_path / "downwedig" / "data" / "secret").iterdir()) == [
        "n9-equal.ans",
        "n9-equal.in",
        "random-20.ans",
        "random-20.in",
    ]


def test_package_legacy_with_a_time_limit_and_a_hand_made_test(cli: Cli, tmp_path: Path) -> None:
    (tmp_path / "mine.in").write_bytes(b"9\n" + b"WWWWWWWW\n" * 9)
    plan = tmp_path / "my.plan"
    plan.write_text("mine file mine.in\nweak random --n 3\n")
    result = cli(
        "package", "--no-strength", tmp_path / "pkg", "--format", "legacy", "--tests", plan, "--time-limit", "2"
    )
    assert result.status == 0, result.stderr
    assert "(legacy format)" in result.out and "time limit: 2 s, given with --time-limit" in result.out
    assert (tmp_path / "pkg" / "data/secret/mine.in").read_bytes() == (tmp_path / "mine.in").read_bytes()


def test_a_plan_that_misses_a_mistake_needs_allow_uncaught(cli: Cli, tmp_path: Path) -> None:
    plan = tmp_path / "weak.plan"
    plan.write_text("weak random --n 3 --seed 2\n")
    refused = cli("package", "--no-strength", tmp_path / "pkg", "--tests", plan, "--time-limit", "5")
    assert refused.status == 1
    assert refused.stderr.startswith(
        f"{plan}:1:1: error: no test catches the mistake 'short_window' (moves of at most 7"
    )
    assert "(--allow-uncaught leaves its submission out)" in refused.stderr
    assert not (tmp_path / "pkg").exists()
    allowed = cli(
        "package", "--no-strength", tmp_path / "pkg", "--tests", plan, "--time-limit", "5", "--allow-uncaught"
    )
    assert allowed.status == 0, allowed.stderr
    left_out = "  submissions/wrong_answer/short_window.py is left out: no test catches it (--allow-uncaught)"
    assert left_out in allowed.out


def test_usage_errors_write_nothing(cli: Cli, tmp_path: Path) -> None:
    bad = cli("package", tmp_path / "down_we_dig")
    assert bad.status == 2 and "short name" in bad.stderr
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "x").write_text("x")
    busy = cli("package", tmp_path / "busy", "--tests", "small")
    assert busy.status == 2 and "is not empty (--force replaces it)" in busy.stderr
    missing = cli("package", tmp_path / "pkg", "--tests", tmp_path / "none.plan")
    assert missing.status == 2 and "cannot read the plan" in missing.stderr
    draft = cli("package", tmp_path / "pkg", "--format", "2023-07")  # (no tool reads the draft any more)
    assert draft.status == 2
    assert "argument --format: unknown format '2023-07'; known: 2025-09, legacy, polygon, dmoj\n" in draft.stderr
    assert cli("package", tmp_path / "pkg", "--time-limit", "0").status == 2
    inside = cli("package", tmp_path / "pkg", "--zip", tmp_path / "pkg" / "pkg.zip")
    assert inside.status == 2 and "outside the package's folder" in inside.stderr
    assert cli("package", tmp_path / "pkg", "--zip", tmp_path / "pkg.tar").status == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["busy"]
    assert [p.name for p in (tmp_path / "busy").iterdir()] == ["x"]


def test_a_plan_error_is_reported_at_its_line_and_column(cli: Cli, tmp_path: Path) -> None:
    plan = tmp_path / "my.plan"
    plan.write_text("ok random --n 5\nbad random --red 2\n")
    result = cli("package", "--no-strength", tmp_path / "pkg", "--tests", plan)
    assert result.status == 1
    assert result.stderr == f"{plan}:2:12: error: --red 2: a probability must be between 0 and 1, got '2'\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my.plan"]


def test_package_vets_its_tests_against_the_mutants_and_warns_of_each_survivor(cli: Cli, tmp_path: Path) -> None:
    plan = tmp_path / "tiny.plan"
    plan.write_text("n9-equal equal --n 9\n")
    result = cli("package", tmp_path / "dig", "--tests", plan, "--time-limit", "5")
    assert result.status == 0, result.stderr
    note = (tmp_path / "dig" / "downwedig-strength.md").read_text()
    assert "downwedig-strength.md" in (tmp_path / "dig" / "downwedig-package.sha256").read_text()  # (the tool's)
    assert note.startswith("# The strength of these tests\n\n**The tests catch 41 of 47 mutants")
    assert "| `strict_rule` | `sample/1` | WA |" in note and "    downwedig strength dig\n" in note
    # A mistake seen only 8 steps down survives a plan of 9 equal steps: its warning shows the staircase and
    # says how to add it; a mistake that needs a large test says so.
    warnings = [line for line in result.out.splitlines() if line.startswith("package: warning: ")]
    assert len(warnings) == 6
    lines = result.out.splitlines()
    seven = next(i for i, line in enumerate(lines) if "the mutant seven_bits" in line)
    assert lines[seven].endswith("on this staircase of 10 steps it gets WA:")
    assert lines[seven + 1] == "    10"
    assert f"'downwedig strength {tmp_path / 'dig'} --add-to PLAN' adds it to your plan" in result.out
    assert (
        "wraps_16_bits (days counted in 16 bits: wrong only past n = 65,536); no small staircase catches it; a "
        "test of more than 65,536 steps (gen max) would" in result.out
    )
    quick = cli("package", tmp_path / "quick", "--tests", plan, "--time-limit", "5", "--no-strength")
    assert quick.status == 0 and "mutants" not in quick.out and "warning" not in quick.out
    assert not (tmp_path / "quick" / "downwedig-strength.md").exists()
