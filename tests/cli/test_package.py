"""``downwedig package``: the summary, usage errors that write nothing, and plan errors at their position."""

from __future__ import annotations

from pathlib import Path

from ..conftest import Cli


def test_package_prints_what_it_wrote(cli: Cli, tmp_path: Path) -> None:
    # (The README's transcript of `package --tests small`, run by tests/test_readme.py, covers the built-in plan.)
    plan = tmp_path / "tiny.plan"
    plan.write_text("n9-equal equal --n 9\nrandom-20 random --n 20\n")
    result = cli("package", tmp_path / "downwedig", "--tests", plan)
    assert result.status == 0, result.stderr
    first, *caught = result.out.splitlines()
    wrote = f"package: wrote {tmp_path / 'downwedig'}/ (legacy format)"
    # Each test is two files (.in, .ans), plus the sample's two and ten others (yaml, statement, programs).
    assert first.startswith(f"{wrote}: 1 sample and 2 secret tests (n from 9 to 20, 0 of n = 300000), 16 files, ")
    assert caught == [
        "  wrong_answer/strict_rule.py is caught by sample/1",
        "  wrong_answer/short_window.py is caught by secret/n9-equal",
        "  wrong_answer/first_day.py is caught by sample/1",
        "  wrong_answer/counts_differences.py is caught by sample/1",
    ]
    assert (tmp_path / "downwedig" / "problem.yaml").exists()
    assert sorted(p.name for p in (tmp_path / "downwedig" / "data" / "secret").iterdir()) == [
        "n9-equal.ans",
        "n9-equal.in",
        "random-20.ans",
        "random-20.in",
    ]


def test_usage_errors_write_nothing(cli: Cli, tmp_path: Path) -> None:
    bad = cli("package", tmp_path / "down_we_dig")
    assert bad.status == 2 and "short name" in bad.stderr
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "x").write_text("x")
    busy = cli("package", tmp_path / "busy", "--tests", "small")
    assert busy.status == 2 and "is not empty (--force replaces it)" in busy.stderr
    missing = cli("package", tmp_path / "pkg", "--tests", tmp_path / "none.plan")
    assert missing.status == 2 and "cannot read the plan" in missing.stderr
    assert cli("package", tmp_path / "pkg", "--format", "2025").status == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["busy"]
    assert [p.name for p in (tmp_path / "busy").iterdir()] == ["x"]


def test_a_plan_error_is_reported_at_its_line_and_column(cli: Cli, tmp_path: Path) -> None:
    plan = tmp_path / "my.plan"
    plan.write_text("ok random --n 5\nbad random --red 2\n")
    result = cli("package", tmp_path / "pkg", "--tests", plan)
    assert result.status == 1
    assert result.stderr == f"{plan}:2:12: error: --red 2: a probability must be between 0 and 1, got '2'\n"
    plan.write_text("weak random --n 3\n")
    result = cli("package", tmp_path / "pkg", "--tests", plan)
    assert result.status == 1 and "no test catches the mistake 'short_window'" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my.plan"]
