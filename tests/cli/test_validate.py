"""``downwedig validate``: exit 0 for a valid test, 3 with the position of the first fault."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import Cli
from ..contest.test_validate import BAD, GOOD


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.stem)
def test_good_files_are_valid(cli: Cli, path: Path) -> None:
    result = cli("validate", path)
    assert result.status == 0 and "valid" in result.stderr


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_bad_files_are_refused_at_their_fault(cli: Cli, path: Path) -> None:
    where = path.with_suffix(".pos").read_text().strip()
    result = cli("validate", path)
    assert result.status == 3
    assert result.stderr.startswith(f"{where}: ") and result.stderr.count("\n") == 1


def test_validate_reads_stdin(cli: Cli) -> None:
    result = cli("validate", "-q", stdin=b"1\nRRRRRRRR\n")
    assert (result.status, result.stderr) == (0, "")
