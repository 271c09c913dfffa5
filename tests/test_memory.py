"""Memory: explaining or drawing the last day of a long staircase costs a few bytes a step, not seventy (R14)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import missing_tool, only_thorough

STEPS = 500_000
# What the interpreter and the input take, plus a few bytes a step (about 23 MiB in all here): the analysis
# as it was, with lists of Python integers and a set of the line's steps, took 52 MiB at this size.
BOUND_MIB = 40

# (VmHWM, the peak of this process's own memory: ru_maxrss would count the test process it was forked from.)
MEASURE = """\
import sys
from downwedig.cli import main
status = main(sys.argv[1:])
with open("/proc/self/status") as file:
    print(int(file.read().split("VmHWM:")[1].split()[0]) // 1024, file=sys.stderr)
sys.exit(status)
"""


@pytest.fixture(scope="module")
def long_staircase(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("long") / "long.in"
    path.write_text(f"{STEPS}\n" + "WRWRWRWR\n" * STEPS)  # a line of play of 111,111 moves
    return path


@pytest.mark.parametrize("command", [["explain"], ["render", "-o", "{folder}/day.svg"]])
def test_the_last_day_of_a_long_staircase_in_little_memory(long_staircase: Path, command: list[str]) -> None:
    only_thorough(f"{command[0]} of a day of 500,000 steps in a process of its own")
    if not Path("/proc/self/status").exists():
        missing_tool("needs /proc/self/status (Linux) to measure a process's peak memory")
    argv = [word.format(folder=long_staircase.parent) for word in command]
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, argv[0], str(long_staircase), *argv[1:]],
        capture_output=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    peak = int(done.stderr.decode().split()[-1])
    assert peak < BOUND_MIB, f"{argv[0]}: {peak} MiB at n = {STEPS}"
