"""``downwedig bundle``: the one-file submission on stdout or in a file, and the package's other programs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ..conftest import SAMPLE, Cli


def test_bundle_writes_a_file_that_answers_the_sample(cli: Cli, tmp_path: Path) -> None:
    target = tmp_path / "solution.py"
    result = cli("bundle", "-o", target)
    assert result.status == 0 and result.stdout == b""
    run = subprocess.run([sys.executable, str(target)], input=SAMPLE.read_bytes(), capture_output=True, timeout=60)
    assert run.stdout == SAMPLE.with_suffix(".ans").read_bytes()
    assert cli("bundle").stdout == target.read_bytes()  # '-' (the default) is standard output


def test_bundle_writes_the_other_programs(cli: Cli, tmp_path: Path) -> None:
    target = tmp_path / "validate.py"
    assert cli("bundle", "--program", "input-validator", "-o", target).status == 0
    good = subprocess.run([sys.executable, str(target)], input=SAMPLE.read_bytes(), capture_output=True, timeout=60)
    bad = subprocess.run([sys.executable, str(target)], input=b"01\nWWWWWWWW\n", capture_output=True, timeout=60)
    assert (good.returncode, bad.returncode) == (42, 43)
    assert bad.stderr == b"<stdin>:1:1: n has a leading zero\n"


def test_bundle_usage_errors(cli: Cli, tmp_path: Path) -> None:
    result = cli("bundle", "--program", "bogus")
    assert result.status == 2 and "usage: downwedig bundle" in result.stderr
    assert cli("bundle", "-o", tmp_path / "missing" / "x.py").status == 1
