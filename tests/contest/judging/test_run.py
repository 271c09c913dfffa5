"""Running a solution: a time-out kills everything it started, and so does finishing."""

from __future__ import annotations

import resource
import signal
import sys
import time
from pathlib import Path

import pytest

from downwedig.contest.judging.run import describe_exit, has_gnu_time, run_solution

from ...conftest import missing_tool, need_tool
from ...solutions import alive, solution_command

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


LINUX = sys.platform.startswith("linux")


def pid_from(path: Path) -> int:
    deadline = time.monotonic() + 5
    while not path.exists() or not path.read_text().strip():
        assert time.monotonic() < deadline, "the solution never wrote its child's pid"
        time.sleep(0.01)
    return int(path.read_text())


def test_a_finished_run_is_not_held_up_by_a_child_keeping_its_output_open(tmp_path: Path) -> None:
    # The child inherits stdout and sleeps on: the run ends with the command, its answer intact (D10).
    pid_file = tmp_path / "pid"
    command = f"sleep 600 & echo $! > {pid_file}; echo 2"
    run = run_solution(command, b"1\nWWWWWWWW\n", timeout=30)
    assert (run.returncode, run.stdout) == (0, b"2\n")
    assert wait_until_gone([pid_from(pid_file)]) == []


@pytest.mark.skipif(not LINUX, reason="escaped processes are only found on Linux (child subreaper, /proc)")
def test_a_process_that_escapes_its_group_does_not_outlive_the_run(tmp_path: Path) -> None:
    # setsid leaves the run's process group; with its streams detached nothing else ties it to the run (D4).
    pid_file = tmp_path / "pid"
    escape = f"setsid sh -c 'echo $$ > {pid_file}; exec sleep 600' >/dev/null 2>&1 </dev/null &"
    settled = f"until [ -s {pid_file} ]; do sleep 0.01; done;"
    run = run_solution(f"{escape} {settled} echo 2", b"", timeout=30)
    assert run.returncode == 0 and run.stdout == b"2\n"
    assert wait_until_gone([pid_from(pid_file)]) == []


@pytest.mark.skipif(not LINUX, reason="escaped processes are only found on Linux (child subreaper, /proc)")
def test_the_time_limit_holds_when_an_escaped_process_keeps_the_output_open(tmp_path: Path) -> None:
    # An escaped process holding the output used to keep the run waiting until it exited (D3).
    pid_file = tmp_path / "pid"
    escape = f"setsid sh -c 'echo $$ > {pid_file}; exec sleep 600' &"
    start = time.monotonic()
    run = run_solution(f"{escape} sleep 600", b"", timeout=1)
    assert run.timed_out
    assert time.monotonic() - start < 20
    assert wait_until_gone([pid_from(pid_file)]) == []


def test_an_output_over_the_limit_ends_the_run_and_is_not_kept_whole() -> None:
    run = run_solution("head -c 50000000 /dev/zero", b"", timeout=30, output_limit=1 << 16)
    assert run.returncode == -signal.SIGXFSZ
    assert len(run.stdout) == 1 << 16
    assert describe_exit(run.returncode) == "killed by signal SIGXFSZ"


def test_a_program_s_own_status_and_signal_reach_the_judge(tmp_path: Path) -> None:
    crash = solution_command(tmp_path, "crash", "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n")
    assert run_solution(crash, b"", timeout=30).returncode == -signal.SIGSEGV
    assert run_solution("exit 3", b"", timeout=30).returncode == 3
    # A list of commands keeps its shell, which reports a signal as 128 + its number.
    listed = run_solution(f"true; {crash}", b"", timeout=30)
    assert listed.returncode == 128 + signal.SIGSEGV
    assert describe_exit(128 + signal.SIGSEGV) == "exit status 139 (as a shell reports SIGSEGV)"


def test_limits_are_set_for_the_command_only() -> None:
    run = run_solution("ulimit -t; ulimit -v; ulimit -f", b"", timeout=30, cpu_limit=2.5, memory_mib=100)
    assert run.stdout.split() == [b"4", str(100 * 1024).encode(), str((8 << 20) // 512).encode()]
    assert run_solution("ulimit -t", b"", timeout=30).stdout.strip() == b"unlimited"


def test_the_memory_limit_is_enforced_and_peak_memory_measured(tmp_path: Path) -> None:
    hog = solution_command(tmp_path, "hog", "data = bytearray(200 << 20)\nprint(len(data))\n")
    refused = run_solution(hog, b"", timeout=30, memory_mib=64)
    assert refused.returncode == 1 and b"MemoryError" in refused.stderr
    allowed = run_solution(hog, b"", timeout=30, memory_mib=512)
    assert allowed.returncode == 0 and allowed.peak_mib is not None and allowed.peak_mib >= 200
    assert allowed.cpu_seconds > 0


def test_the_input_may_be_a_file(tmp_path: Path) -> None:
    (tmp_path / "t.in").write_bytes(b"abc")
    assert run_solution("cat", tmp_path / "t.in", timeout=30).stdout == b"abc"


def test_the_peak_memory_is_the_program_s_own_not_the_judge_s() -> None:
    # Forked from this (large) process, a child's ru_maxrss starts at this process's size; GNU time measures it
    # from a small process instead.
    need_tool(["time"], "apt-get install time")
    if not has_gnu_time():
        missing_tool("needs GNU time as /usr/bin/time: apt-get install time")
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss > 32 * 1024  # KiB: this process is large
    peak = run_solution("true", b"", timeout=30).peak_mib
    assert peak is not None and peak < 16


def test_a_run_killed_at_the_wall_clock_limit_still_counts_its_cpu_time(tmp_path: Path) -> None:
    spin = solution_command(tmp_path, "spin", "while True:\n    pass\n")
    run = run_solution(spin, b"", timeout=0.5)
    assert run.timed_out and run.cpu_seconds > 0.1
