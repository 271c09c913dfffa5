"""``downwedig validate``: every file checked, each problem as FILE:LINE:COLUMN: error: ..., exit 3 if any."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import Cli
from ..contest.generating.test_validate import BAD, GOOD


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.stem)
def test_good_files_are_valid(cli: Cli, path: Path) -> None:
    result = cli("validate", path)
    assert result.status == 0 and "valid" in result.stderr


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_bad_files_are_refused_at_their_fault(cli: Cli, path: Path) -> None:
    where = path.with_suffix(".pos").read_text().strip()
    result = cli("validate", path)
    assert result.status == 3
    assert result.stderr.startswith(f"{path}:{where}: error: ") and result.stderr.count("\n") == 1


def test_validate_reads_stdin(cli: Cli) -> None:
    result = cli("validate", "-q", stdin=b"1\nRRRRRRRR\n")
    assert (result.status, result.stderr) == (0, "")


def test_many_files_each_named(cli: Cli, tmp_path: Path) -> None:
    bad = next(p for p in BAD if p.stem == "lowercase")
    result = cli("validate", GOOD[0], bad, GOOD[1])
    assert result.status == 3
    lines = result.stderr.splitlines()
    assert lines[0] == f"{GOOD[0]}: valid, n = {GOOD[0].read_text().split()[0]}"
    assert lines[1].startswith(f"{bad}:") and ": error: " in lines[1]
    assert len(lines) == 3
    quiet = cli("validate", "-q", GOOD[0], bad, GOOD[1])
    assert quiet.status == 3 and quiet.stderr.splitlines() == [lines[1]]
    assert cli("validate", "-q", *GOOD).stderr == ""


def test_an_unreadable_file_is_a_usage_error_after_the_others(cli: Cli, tmp_path: Path) -> None:
    result = cli("validate", tmp_path / "missing.in", GOOD[0])
    assert result.status == 2 and "cannot open" in result.stderr and f"{GOOD[0]}: valid" in result.stderr
