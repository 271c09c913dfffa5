"""The cgroup of a run, on the kernel itself: placing, counting, killing and removing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from downwedig import owner
from downwedig.contest.running import cgroup, cgroupfs

from ...conftest import missing_tool
from ...solutions import alive


def spun(group: cgroup.Group, seconds: float) -> bool:
    """Whether the group's CPU time passes ``seconds`` within 20 s (its spinner gets a core: soon, unless the
    machine is loaded, when half a second of wall time was once 0.055 s of CPU)."""
    deadline = time.monotonic() + 20
    while group.cpu_seconds() <= seconds and time.monotonic() < deadline:
        time.sleep(0.05)
    return group.cpu_seconds() > seconds


def test_a_run_s_group_counts_its_cpu_time_and_kills_every_process_in_it(grouped: str) -> None:
    group = cgroup.new_group(grouped, 128)
    spinner = subprocess.Popen(["/bin/sh", "-c", "kill -STOP $$; (while :; do :; done) & exec sleep 600"])
    try:
        os.waitid(os.P_PID, spinner.pid, os.WSTOPPED | os.WNOWAIT)
        group.place(spinner.pid)
        os.kill(spinner.pid, signal.SIGCONT)
        assert spun(group, 0.1)
        members = group.pids()
        assert spinner.pid in members and len(members) == 2
        assert group.kill() and group.pids() == []
        assert spinner.wait(10) == -signal.SIGKILL
        assert not any(alive(pid) for pid in members)
    finally:  # (whatever failed above: the spinner is killed with the group)
        group.kill(timeout=5)
        spinner.kill()
        spinner.wait()
        group.remove()
    assert not any(os.path.exists(folder) for folder in group.folders.values())


def test_the_memory_limit_and_the_oom_kill_are_the_group_s(grouped: str) -> None:
    group = cgroup.new_group(grouped, 32)
    code = "data = bytearray(100 << 20)"
    hog = subprocess.Popen(["/bin/sh", "-c", f"kill -STOP $$; exec {sys.executable} -c '{code}'"])
    try:
        os.waitid(os.P_PID, hog.pid, os.WSTOPPED | os.WNOWAIT)
        group.place(hog.pid)
        os.kill(hog.pid, signal.SIGCONT)
        assert hog.wait(30) == -signal.SIGKILL
        assert group.out_of_memory()
        peak = group.peak_bytes()
        assert peak is not None and 30 << 20 <= peak <= 33 << 20
    finally:
        group.kill()
        group.remove()


def test_the_cgroup_v2_core_on_the_kernel(tmp_path: object) -> None:
    # Where the unified hierarchy lacks the memory and pids controllers (a hybrid machine), its core still
    # runs: cgroup.procs, cpu.stat and cgroup.kill, what the cgroup-v2 mode uses besides them.
    base = cgroupfs.bases().get("")
    if base is None or not os.access(base, os.W_OK):
        missing_tool("needs a writable cgroup v2 (unified) hierarchy, as root has on most Linux machines")
    folder = os.path.join(base, f"downwedig-{owner.namespace()}-{os.getpid()}-{owner.start_time()}-7e57")
    try:
        os.mkdir(folder)
    except OSError as exc:
        missing_tool(f"needs a cgroup v2 hierarchy where a group can be made: {exc.strerror}")
    group = cgroup.Group("cgroup-v2", {"memory": folder, "pids": folder, "cpu": folder}, None)
    spinner = subprocess.Popen(["/bin/sh", "-c", "kill -STOP $$; (while :; do :; done) & setsid sleep 600"])
    try:
        os.waitid(os.P_PID, spinner.pid, os.WSTOPPED | os.WNOWAIT)
        group.place(spinner.pid)
        os.kill(spinner.pid, signal.SIGCONT)
        assert spun(group, 0.1) and len(group.pids()) == 3
        if not os.path.exists(os.path.join(folder, "cgroup.kill")):
            pytest.skip("this kernel has no cgroup.kill (Linux < 5.14): the group is killed process by process")
        assert group.kill(timeout=5) and group.pids() == []
    finally:  # (whatever failed or skipped above: the spinner and the sleep are killed with the group)
        group.kill(timeout=5)
        spinner.kill()
        spinner.wait()
        group.remove()
    assert not os.path.exists(folder)


def test_the_mode_named_is_one_of_three() -> None:
    assert cgroup.isolation() in cgroup.MODES == ("cgroup-v2", "cgroup-v1", "process-group")
