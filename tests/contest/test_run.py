"""Running a solution: a time-out kills everything it started, and so does finishing."""

from __future__ import annotations

import time
from pathlib import Path

from downwedig.contest.run import describe_exit, run_solution

from ..solutions import alive, solution_command

HANG = """\
import os, subprocess, sys, time
child = subprocess.Popen([sys.executable, "-I", "-S", "-c", "import time; time.sleep(600)"])
with open({pids!r}, "a") as f:
    f.write(f"{{os.getpid()}} {{child.pid}}\\n")
while True:
    time.sleep(0.05)
"""


def wait_until_gone(pids: list[int]) -> list[int]:
    deadline = time.monotonic() + 5
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return [pid for pid in pids if alive(pid)]


def test_a_hang_is_killed_with_everything_it_started(tmp_path: Path) -> None:
    pids_file = tmp_path / "pids"
    run = run_solution(solution_command(tmp_path, "hang", HANG.format(pids=str(pids_file))), b"", timeout=0.5)
    assert run.timed_out and run.returncode is None
    pids = [int(p) for p in pids_file.read_text().split()]
    assert len(pids) == 2
    assert wait_until_gone(pids) == []


def test_background_processes_of_a_finished_run_are_killed(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    script = (
        "import subprocess, sys\n"
        "child = subprocess.Popen([sys.executable, '-I', '-S', '-c', 'import time; time.sleep(600)'],"
        " stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        f"open({str(pid_file)!r}, 'w').write(str(child.pid))\n"
        "print('2')\n"
    )
    run = run_solution(solution_command(tmp_path, "leaver", script), b"1\nWWWWWWWW\n", 10)
    assert run.returncode == 0 and run.stdout == b"2\n"
    assert wait_until_gone([int(pid_file.read_text())]) == []


def test_exit_statuses_in_words() -> None:
    assert describe_exit(0) == "exit status 0"
    assert describe_exit(-11) == "killed by signal SIGSEGV"
    assert describe_exit(-200) == "killed by signal 200"
