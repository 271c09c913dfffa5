"""online-judge-tools' ``oj test`` on a folder of ``answers --suffix .out``, judged by ``downwedig check``."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

from ..conftest import SAMPLE, Cli, need_tool


def oj_test(folder: Path, command: str) -> subprocess.CompletedProcess[str]:
    oj = need_tool(["oj"], "pip install -e '.[judge]'")
    env = {**os.environ, "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"]}
    argv = [oj, "test", "-c", command, "-d", str(folder / "test"), "--judge-command", "downwedig check"]
    return subprocess.run(argv, cwd=folder, env=env, capture_output=True, text=True, timeout=300)


def test_oj_test_with_downwedig_check(cli: Cli, tmp_path: Path) -> None:
    need_tool(["oj"], "pip install -e '.[judge]'")
    tests = tmp_path / "test"
    tests.mkdir()
    (tests / "sample.in").write_bytes(SAMPLE.read_bytes())
    assert cli("gen", "equal", "--n", "9", "-o", tests / "n9.in").status == 0
    made = cli("answers", "--suffix", ".out", tests)
    assert made.status == 0 and (tests / "sample.out").read_bytes() == SAMPLE.with_suffix(".ans").read_bytes()
    assert cli("bundle", "-o", tmp_path / "solution.py").status == 0
    python = shlex.quote(sys.executable)

    good = oj_test(tmp_path, f"{python} solution.py")
    assert good.returncode == 0, good.stdout + good.stderr
    assert "test success: 2 cases" in good.stdout + good.stderr

    (tmp_path / "wrong.py").write_text("import sys\nn = int(sys.stdin.readline())\nprint('2' * n)\n")
    bad = oj_test(tmp_path, f"{python} wrong.py")
    log = bad.stdout + bad.stderr
    assert "[FAILURE] WA" in log and "test failed: 0 AC / 2 cases" in log
    assert "wrong answer on day 2: expected 1 (Dina wins), received 2 (Dima wins)" in log
