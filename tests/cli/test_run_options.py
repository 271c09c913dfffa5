"""``test`` and ``stress``: the stack they give (``--stack-limit``), and what ``--solution`` means for both."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import SAMPLE, Cli, need_tool

# A recursion 100,000 calls deep with a kilobyte of stack each: about 100 MiB, so it crashes at 8 MiB,
# as the editorial's memo-DFS does on max-stutter.
DEEP = """\
#include <cstdio>
int f(int n) { volatile char pad[1024]; pad[0] = (char)n; return n == 0 ? 0 : 1 + f(n - 1) + pad[0] * 0; }
int main() { std::printf("%d\\n", f(100000) > 0 ? 2 : 1); }
"""


@pytest.fixture
def one_step(tmp_path: Path) -> Path:
    folder = tmp_path / "tests"
    folder.mkdir()
    (folder / "one.in").write_bytes(b"1\nWWWWWWWW\n")
    (folder / "one.ans").write_bytes(b"2\n")
    return folder


def test_the_stack_is_the_memory_limit_unless_told(cli: Cli, tmp_path: Path, one_step: Path) -> None:
    compiler = need_tool(["g++"], "apt-get install g++")
    (tmp_path / "deep.cpp").write_text(DEEP)
    subprocess.run([compiler, "-O0", "-o", str(tmp_path / "deep"), str(tmp_path / "deep.cpp")], check=True)
    crashed = cli("test", one_step, "--solution", str(tmp_path / "deep"), "--stack-limit", "8", "--format", "json")
    report = json.loads(crashed.out)
    assert crashed.status == 1 and report["tests"][0]["verdict"] == "RE" and report["stack_mib"] == 8
    assert "SIGSEGV" in report["tests"][0]["message"]
    given = cli("test", one_step, "--solution", str(tmp_path / "deep"))
    assert given.status == 0 and "stack 512 MiB" in given.out


def test_the_stack_is_said_and_set(cli: Cli, one_step: Path) -> None:
    (one_step / "one.ans").write_bytes(b"2\n")
    shown = cli("test", one_step, "--solution", "ulimit -s >&2; echo 2", "--stack-limit", "16")
    assert shown.status == 0 and "stack 16 MiB" in shown.out
    assert "--stack-limit MiB" in cli("test", "--help").out and "--stack-limit MiB" in cli("stress", "--help").out
    stressed = cli(
        "stress",
        "--solution",
        f"ulimit -s | grep -qx 4096 && {shlex.quote(sys.executable)} -m downwedig solve",
        "--tests",
        "2",
        "--stack-limit",
        "4",
    )
    assert stressed.status == 0, stressed.out


@pytest.mark.parametrize("command", ["test", "stress"])
def test_a_source_file_is_refused_with_compile_it_first(cli: Cli, in_tmp: Path, one_step: Path, command: str) -> None:
    (in_tmp / "ok.cpp").write_text("int main() {}\n")
    found = cli(command, *([one_step] if command == "test" else []), "--solution", "ok.cpp")
    assert found.status == 2 and "compile it first (say g++ -O2 -o ok ok.cpp" in found.stderr
    assert found.stderr.count("error:") == 1 and found.stdout == b""


@pytest.mark.parametrize("command", ["test", "stress"])
def test_a_command_over_the_argument_limit_is_a_usage_error(cli: Cli, one_step: Path, command: str) -> None:
    solution = "downwedig solve #" + "x" * 130_900
    found = cli(
        command,
        *([one_step] if command == "test" else []),
        "--solution",
        solution,
        "--tests" if command == "stress" else "-j",
        "2",
    )
    assert found.status == 2 and "over the 100000 a run takes" in found.stderr and "Traceback" not in found.stderr


def test_a_lone_python_file_is_one_rule_for_test_and_stress(cli: Cli, in_tmp: Path, one_step: Path) -> None:
    shutil.copy(Path(SAMPLE).parent / "wrong.py", in_tmp / "wrong.py")
    (in_tmp / "wrong.py").chmod(0o644)  # (not executable: both run it with this Python)
    stressed = cli("stress", "--solution", "wrong.py", "--tests", "3", "--seed", "3", "--shrink-runs", "0")
    assert stressed.status == 1 and "failed: WA" in stressed.out and "Permission denied" not in stressed.out
    tested = cli("test", one_step, "--solution", "wrong.py")
    assert "Permission denied" not in tested.out
