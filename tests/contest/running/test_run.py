"""Running a solution: what it is given, what is counted, and that nothing it started outlives the run.

Most tests run twice (the ``mode`` fixture): with each run in a cgroup of its
own, where the machine allows it, and in a process group, the fallback.  What
only a cgroup can give (children's CPU time and memory counted, a fork bomb
capped) runs in the cgroup mode alone.
"""

from __future__ import annotations

import os
import resource
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from downwedig import owner
from downwedig.contest.running import cgroup, cgroupfs
from downwedig.contest.running.limits import Limits
from downwedig.contest.running.run import Stopped, describe_exit, has_gnu_time, run_solution, stop_all

from ...conftest import missing_tool, need_tool, only_thorough
from ...isolation import left_running, run_folders
from ...solutions import alive, solution_command

# These tests look at a run from outside (files it writes for them): the accounting and its fallback, unboxed.
pytestmark = pytest.mark.usefixtures("unboxed")

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
    left = [pid for pid in pids if alive(pid)]
    for pid in left:  # (a failing test leaves nothing running either)
        os.kill(pid, signal.SIGKILL)
    return left


def pid_from(path: Path) -> int:
    deadline = time.monotonic() + 10
    while not path.exists() or not path.read_text().strip():
        assert time.monotonic() < deadline, "the solution never wrote its child's pid"
        time.sleep(0.01)
    return int(path.read_text())


def test_a_hang_is_killed_with_everything_it_started(tmp_path: Path, mode: str) -> None:
    pids_file = tmp_path / "pids"
    run = run_solution(solution_command(tmp_path, "hang", HANG.format(pids=str(pids_file))), b"", Limits(), timeout=1)
    assert run.timed_out and run.returncode is None and run.isolation.split("+")[0] == mode
    pids = [int(p) for p in pids_file.read_text().split()]
    assert len(pids) == 2
    assert wait_until_gone(pids) == []


def test_background_processes_of_a_finished_run_are_killed(tmp_path: Path, mode: str) -> None:
    pid_file = tmp_path / "pid"
    script = (
        "import subprocess, sys\n"
        "child = subprocess.Popen([sys.executable, '-I', '-S', '-c', 'import time; time.sleep(600)'],"
        " stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        f"open({str(pid_file)!r}, 'w').write(str(child.pid))\n"
        "print('2')\n"
    )
    run = run_solution(solution_command(tmp_path, "leaver", script), b"1\nWWWWWWWW\n", Limits(), timeout=10)
    assert run.returncode == 0 and run.stdout == b"2\n"
    assert wait_until_gone([int(pid_file.read_text())]) == []


def test_exit_statuses_in_words() -> None:
    assert describe_exit(0) == "exit status 0"
    assert describe_exit(-11) == "killed by signal SIGSEGV"
    assert describe_exit(-200) == "killed by signal 200"


LINUX = sys.platform.startswith("linux")


def test_a_finished_run_is_not_held_up_by_a_child_keeping_its_output_open(tmp_path: Path, mode: str) -> None:
    # The child inherits stdout and sleeps on: the run ends with the command, its answer intact (D10).
    pid_file = tmp_path / "pid"
    command = f"sleep 600 & echo $! > {pid_file}; echo 2"
    run = run_solution(command, b"1\nWWWWWWWW\n", Limits(), timeout=30)
    assert (run.returncode, run.stdout) == (0, b"2\n")
    assert wait_until_gone([pid_from(pid_file)]) == []


@pytest.mark.skipif(not LINUX, reason="escaped processes are only found on Linux (cgroups, child subreaper, /proc)")
def test_a_process_that_escapes_its_group_does_not_outlive_the_run(tmp_path: Path, mode: str) -> None:
    # setsid leaves the run's process group; with its streams detached nothing else ties it to the run (D4).
    pid_file = tmp_path / "pid"
    escape = f"setsid sh -c 'echo $$ > {pid_file}; exec sleep 600' >/dev/null 2>&1 </dev/null &"
    settled = f"until [ -s {pid_file} ]; do sleep 0.01; done;"
    run = run_solution(f"{escape} {settled} echo 2", b"", Limits(), timeout=30)
    assert run.returncode == 0 and run.stdout == b"2\n"
    assert wait_until_gone([pid_from(pid_file)]) == []


@pytest.mark.skipif(not LINUX, reason="escaped processes are only found on Linux (cgroups, child subreaper, /proc)")
def test_the_time_limit_holds_when_an_escaped_process_keeps_the_output_open(tmp_path: Path, mode: str) -> None:
    # An escaped process holding the output used to keep the run waiting until it exited (D3).
    pid_file = tmp_path / "pid"
    escape = f"setsid sh -c 'echo $$ > {pid_file}; exec sleep 600' &"
    start = time.monotonic()
    run = run_solution(f"{escape} sleep 600", b"", Limits(), timeout=1)
    assert run.timed_out
    assert time.monotonic() - start < 20
    assert wait_until_gone([pid_from(pid_file)]) == []


def test_a_process_that_clears_its_environment_and_leaves_the_session_does_not_outlive_a_cgroup(
    tmp_path: Path, grouped: str
) -> None:
    # What the process-group mode cannot see (the README says so): no mark, no group, its parent gone.
    pid_file = tmp_path / "pid"
    escape = f"env -i setsid sh -c 'echo $$ > {pid_file}; exec sleep 600' >/dev/null 2>&1 </dev/null &"
    settled = f"until [ -s {pid_file} ]; do sleep 0.01; done;"
    run = run_solution(f"{escape} {settled} echo 2", b"", Limits(), timeout=30)
    assert run.returncode == 0 and run.stdout == b"2\n"
    assert wait_until_gone([pid_from(pid_file)]) == []


def test_an_output_over_the_limit_ends_the_run_and_is_not_kept_whole(mode: str) -> None:
    # Its output is a pipe the judge drains: past the limit the run is ended, and only the limit is kept.
    start = time.monotonic()
    run = run_solution("head -c 50000000 /dev/zero", b"", Limits(output_bytes=1 << 16), timeout=30)
    assert run.overflow == "output" and run.returncode == -signal.SIGKILL and len(run.stdout) == 1 << 16
    errors = run_solution("head -c 50000000 /dev/zero >&2", b"", Limits(output_bytes=1 << 16), timeout=30)
    assert errors.overflow == "error output" and errors.stdout == b"" and len(errors.stderr) <= 1 << 16
    assert time.monotonic() - start < 20
    # A file it writes is capped by the kernel (RLIMIT_FSIZE): SIGXFSZ.
    written = run_solution("dd if=/dev/zero of=f bs=1M count=50", b"", Limits(output_bytes=1 << 16), timeout=30)
    assert written.returncode == -signal.SIGXFSZ and written.overflow is None
    assert describe_exit(written.returncode) == "killed by signal SIGXFSZ"


def test_a_program_s_own_status_and_signal_reach_the_judge(tmp_path: Path, mode: str) -> None:
    crash = solution_command(tmp_path, "crash", "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n")
    assert run_solution(crash, b"", Limits(), timeout=30).returncode == -signal.SIGSEGV
    assert run_solution("exit 3", b"", Limits(), timeout=30).returncode == 3
    # A list of commands keeps its shell, which reports a signal as 128 + its number.
    listed = run_solution(f"true; {crash}", b"", Limits(), timeout=30)
    assert listed.returncode == 128 + signal.SIGSEGV
    assert describe_exit(128 + signal.SIGSEGV) == "exit status 139 (as a shell reports SIGSEGV)"


def test_limits_are_set_for_the_command_only(mode: str) -> None:
    run = run_solution("ulimit -t; ulimit -v; ulimit -f", b"", Limits(cpu_s=2.5, memory_mib=100), timeout=30)
    # The address space is the memory limit without a cgroup; with one, the cgroup holds it (as judges do).
    space = b"unlimited" if mode.startswith("cgroup") else str(100 * 1024).encode()
    assert run.stdout.split() == [b"4", space, str((8 << 20) // 512).encode()]
    assert run_solution("ulimit -t", b"", Limits(cpu_s=9), timeout=30).stdout.strip() == b"10"


def test_the_memory_limit_is_enforced_and_peak_memory_measured(tmp_path: Path, mode: str) -> None:
    hog = solution_command(tmp_path, "hog", "data = bytearray(200 << 20)\nprint(len(data))\n")
    refused = run_solution(hog, b"", Limits(memory_mib=64), timeout=30)
    if mode.startswith("cgroup"):
        assert refused.out_of_memory and refused.returncode == -signal.SIGKILL
    else:
        assert refused.returncode == 1 and b"MemoryError" in refused.stderr
    allowed = run_solution(hog, b"", Limits(memory_mib=512), timeout=30)
    assert allowed.returncode == 0 and allowed.peak_mib is not None and allowed.peak_mib >= 200
    assert allowed.cpu_seconds > 0 and not allowed.out_of_memory


def test_the_input_may_be_a_file(tmp_path: Path) -> None:
    (tmp_path / "t.in").write_bytes(b"abc")
    assert run_solution("cat", tmp_path / "t.in", Limits(), timeout=30).stdout == b"abc"


def test_the_peak_memory_is_the_program_s_own_not_the_judge_s(mode: str) -> None:
    # Forked from this (large) process, a child's ru_maxrss starts at this process's size; GNU time (or the
    # cgroup) measures it from a small process instead.
    if not mode.startswith("cgroup"):
        need_tool(["time"], "apt-get install time")
        if not has_gnu_time():
            missing_tool("needs GNU time as /usr/bin/time: apt-get install time")
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss > 32 * 1024  # KiB: this process is large
    peak = run_solution("true", b"", Limits(), timeout=30).peak_mib
    assert peak is not None and peak < 16


def test_a_run_killed_at_the_wall_clock_limit_still_counts_its_cpu_time(tmp_path: Path, mode: str) -> None:
    spin = solution_command(tmp_path, "spin", "while True:\n    pass\n")
    # (Long enough for a tenth of a second's CPU on a loaded machine.)
    run = run_solution(spin, b"", Limits(), timeout=0.6)
    assert run.timed_out and run.cpu_seconds > 0.1


# -- what the run is given ----------------------------------------------------------------------------------


def test_the_input_comes_through_a_pipe_in_a_fresh_empty_folder_removed_afterwards(mode: str) -> None:
    before = run_folders()
    script = 'readlink /proc/self/fd/0; pwd; ls -A | wc -l; echo "$TMPDIR"; touch made-here; mkdir -p d/e; cat'
    run = run_solution(script, b"the input\n", Limits(), timeout=30)
    pipe, folder, count, tmpdir, data = run.stdout.decode().split("\n", 4)
    assert pipe.startswith("pipe:") and count == "0" and tmpdir == folder
    assert Path(folder).parent.name.startswith("downwedig-run-")
    assert data == "the input\n"
    assert not Path(folder).parent.exists() and run_folders() <= before


def test_a_folder_the_run_made_unreadable_is_removed_too(mode: str) -> None:
    before = run_folders()
    run = run_solution("mkdir -p a/b && touch a/b/c && chmod 000 a/b a && pwd", b"", Limits(), timeout=30)
    assert run.returncode == 0 and not Path(run.stdout.decode().strip()).exists() and run_folders() <= before


def test_an_input_larger_than_a_pipe_holds_reaches_a_slow_reader_whole(mode: str) -> None:
    data = b"".join(b"%07d\n" % i for i in range(400_000))  # 3.2 MB, far more than a pipe's buffer
    run = run_solution("sleep 0.2; sha256sum", data, Limits(), timeout=30)
    import hashlib

    assert run.stdout.split()[0].decode() == hashlib.sha256(data).hexdigest()


def test_a_solution_that_ignores_its_input_does_not_hold_up_the_judge(mode: str) -> None:
    data = b"x" * (8 << 20)
    start = time.monotonic()
    run = run_solution("echo 2", data, Limits(), timeout=30)
    assert run.stdout == b"2\n" and time.monotonic() - start < 10


# -- what only a cgroup sees ----------------------------------------------------------------------------------

CPU_CHILDREN = """\
import os, time
r, w = os.pipe()
for _ in range(2):
    if os.fork() == 0:  # each child spins 1.2 s of CPU; the parent never waits for them
        start = time.process_time()
        while time.process_time() - start < 1.2:
            pass
        os.write(w, b"x")
        os._exit(0)
got = b""
while len(got) < 2:
    got += os.read(r, 2)
print(2)
"""

MEMORY_CHILDREN = """\
import os, time
r, w = os.pipe()
for _ in range(4):
    if os.fork() == 0:  # 4 x 100 MiB, touched, held at once
        data = bytearray(100 << 20)
        for i in range(0, len(data), 4096):
            data[i] = 1
        os.write(w, b"x")
        time.sleep(2)
        os._exit(0)
os.close(w)
while os.read(r, 1):
    pass
print(2)
"""


def test_cpu_time_of_children_not_waited_for_is_counted(tmp_path: Path, grouped: str) -> None:
    run = run_solution(solution_command(tmp_path, "cpu", CPU_CHILDREN), b"", Limits(cpu_s=10), timeout=20)
    assert run.returncode == 0 and run.cpu_seconds >= 2.3


def test_a_run_is_ended_once_its_process_tree_passes_the_cpu_limit(tmp_path: Path, grouped: str) -> None:
    start = time.monotonic()
    run = run_solution(solution_command(tmp_path, "cpu", CPU_CHILDREN), b"", Limits(cpu_s=1), timeout=20)
    assert run.cpu_seconds > 1 and time.monotonic() - start < 5


def test_memory_of_children_counts_against_the_limit(tmp_path: Path, grouped: str) -> None:
    hogs = solution_command(tmp_path, "memory", MEMORY_CHILDREN)
    limited = run_solution(hogs, b"", Limits(memory_mib=256), timeout=20)
    assert limited.out_of_memory and limited.peak_mib is not None and limited.peak_mib >= 250
    free = run_solution(hogs, b"", Limits(memory_mib=1024), timeout=20)
    assert not free.out_of_memory and free.peak_mib is not None and free.peak_mib >= 400


SETSID_BOMB = """\
import os
while True:
    try:
        if os.fork() == 0:
            os.setsid()
    except OSError:
        pass
"""


def test_a_setsid_fork_bomb_ends_at_the_limit_and_leaves_nothing_running(
    tmp_path: Path, grouped: str, tag: str
) -> None:
    start = time.monotonic()
    run = run_solution(solution_command(tmp_path, "bomb", SETSID_BOMB), b"", Limits(cpu_s=1), timeout=2.5)
    assert time.monotonic() - start < 2.5 + 1
    assert run.cpu_seconds > 1 or run.timed_out
    assert left_running(tag, patience=1) == []


def test_a_run_has_at_most_the_process_cap(grouped: str) -> None:
    run = run_solution(
        f"for i in $(seq {cgroup.PROCESS_LIMIT + 50}); do sleep 5 & done; echo done", b"", Limits(), timeout=20
    )
    assert b"fork" in run.stderr.lower() or b"resource" in run.stderr.lower()


def test_the_cgroups_are_removed_after_each_run(grouped: str) -> None:
    run_solution("sleep 600 &", b"", Limits(), timeout=10)
    leftovers = [
        entry
        for base in {os.path.dirname(folder) for folder in _bases()}
        for entry in os.listdir(base)
        if entry.startswith(f"downwedig-{owner.namespace()}-{os.getpid()}-")
    ]
    assert leftovers == []


def _bases() -> list[str]:
    # The folders runs' groups are made in: one made now, then removed.
    group = cgroup.new_group(cgroup.isolation(), 64)
    try:
        return list(group.folders.values())
    finally:
        group.remove()


def test_a_group_left_by_a_judge_that_was_killed_is_emptied_and_removed(grouped: str, tmp_path: Path) -> None:
    # A judge killed with SIGKILL cannot clean up; the next one looks for groups of judges that are gone.
    pid_file = tmp_path / "pid"
    code = (
        "import os, sys\n"
        "from downwedig.contest.running.run import Limits, run_solution\n"
        f"run_solution('echo $$ > {pid_file}; exec sleep 600', b'', Limits(), timeout=600)\n"
    )
    import subprocess

    judge = subprocess.Popen([sys.executable, "-c", code], env={**os.environ, cgroup.CHOICE: "cgroup"})
    sleeper = pid_from(pid_file)
    judge.kill()
    judge.wait()
    assert alive(sleeper)  # (a SIGKILL leaves the run going)
    cgroup._found.clear()  # as a new judge would find it
    cgroup.isolation()
    assert wait_until_gone([sleeper]) == []


# -- stopping ---------------------------------------------------------------------------------------------------


def test_stop_all_kills_the_runs_going_on_and_refuses_new_ones(mode: str) -> None:
    results = []
    thread = threading.Thread(target=lambda: results.append(run_solution("sleep 600", b"", Limits(), timeout=600)))
    thread.start()
    time.sleep(0.5)
    start = time.monotonic()
    try:
        stop_all()
        thread.join(30)
        assert time.monotonic() - start < 10 and results and results[0].returncode == -signal.SIGKILL
        with pytest.raises(Stopped):
            run_solution("true", b"", Limits(), timeout=10)
    finally:
        stop_all(False)
    assert run_solution("echo 2", b"", Limits(), timeout=10).stdout == b"2\n"


def test_the_isolation_can_be_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cgroup.CHOICE, "process-group")
    assert cgroup.isolation() == "process-group"
    assert run_solution("true", b"", Limits(), timeout=10).isolation.split("+")[0] == "process-group"
    monkeypatch.setenv(cgroup.CHOICE, "sandbox")
    from downwedig.errors import UsageError

    with pytest.raises(UsageError, match="expected auto, cgroup, cgroup-v2"):
        cgroup.isolation()


def test_without_cgroups_a_setsid_fork_bomb_is_swept_within_a_second_of_the_limit(tmp_path: Path, tag: str) -> None:
    # Safe only under a cap: the judge itself runs in a pids cgroup made for the test (as the audit ran it).
    import subprocess

    only_thorough("a fork bomb fills both cores for seconds")

    base = cgroupfs.bases().get("pids")
    if base is None or not os.access(base, os.W_OK):
        missing_tool("needs a writable pids cgroup to cap the fork bomb of a judge without cgroups (as root has)")
    cap = os.path.join(base, f"downwedig-test-{os.getpid()}-{time.monotonic_ns()}")
    os.mkdir(cap)
    try:
        with open(os.path.join(cap, "pids.max"), "w") as file:
            file.write("300")
        bomb = solution_command(tmp_path, "bomb", SETSID_BOMB)
        code = (
            "import time\n"
            "from downwedig.contest.running.limits import Limits\n"
            "from downwedig.contest.running.run import Limits, run_solution\n"
            f"run = run_solution({bomb!r}, b'', Limits(cpu_s=1), timeout=2.5)\n"
            "print(run.isolation, run.seconds)\n"
        )
        judge = subprocess.run(
            ["/bin/sh", "-c", f'echo $$ > {cap}/cgroup.procs && exec "$0" -c "$1"', sys.executable, code],
            env={**os.environ, cgroup.CHOICE: "process-group"},
            capture_output=True,
            timeout=60,
        )
        mode, seconds = judge.stdout.split()
        assert mode == b"process-group" and float(seconds) < 2.5 + 1, judge.stderr
        # Stopped to the last process (how long the sweep takes depends on how much CPU the bomb leaves the
        # judge: 1 to 5 s past the limit on a loaded machine with two cores; with a cgroup, one kill).
        assert left_running(tag, patience=1) == []
        with open(os.path.join(cap, "cgroup.procs")) as file:
            assert file.read().split() == []
    finally:
        left = cgroup.Group("cgroup-v1", {"pids": cap, "memory": cap, "cpuacct": cap}, None)
        left.kill(timeout=30)  # (no fork once the cap is 0, then every process killed)
        left.remove()


def test_what_a_judge_killed_with_sigkill_left_in_the_temporary_folder_goes(tmp_path: Path) -> None:
    from downwedig.contest.running import workspace

    (tmp_path / f"downwedig-run-{owner.namespace()}-999999-1-abcd" / "work").mkdir(parents=True)
    (tmp_path / f"downwedig-time-{owner.namespace()}-999999-1-efgh").write_text("")
    mine = tmp_path / f"downwedig-run-{owner.judge_id()}-ijkl"
    mine.mkdir()
    saved = tempfile.tempdir
    tempfile.tempdir = str(tmp_path)
    workspace._cleaned.discard(str(tmp_path))
    try:
        report = workspace.time_report()  # (GNU time's report's first is enough: the process-group mode's)
        workspace.unlink(report)
        assert sorted(p.name for p in tmp_path.iterdir()) == [mine.name]
        private, _ = workspace.run_folder()
        workspace.remove_tree(private)
    finally:
        tempfile.tempdir = saved
    assert sorted(p.name for p in tmp_path.iterdir()) == [mine.name]


def test_a_signal_as_a_run_starts_leaves_no_run_behind(monkeypatch: pytest.MonkeyPatch, mode: str, tag: str) -> None:
    # (A SIGTERM whose handler runs between the run's start and its joining the runs stop_all kills: the handler's
    # exception once left that run going on; the fresh machine's package-under-SIGTERM test caught it, once.)
    from downwedig.contest.running import launch
    from downwedig.interrupts import Terminated, terminations

    real = launch._start

    def start_then_signal(*args: object, **kwargs: object) -> object:
        process = real(*args, **kwargs)  # type: ignore[arg-type]
        os.kill(os.getpid(), signal.SIGTERM)  # (its handler runs at the next line of Python: inside the window)
        return process

    monkeypatch.setattr(launch, "_start", start_then_signal)
    try:
        with pytest.raises(Terminated), terminations(stop_all):
            run_solution("sleep 30", b"", Limits(cpu_s=1, memory_mib=64), timeout=60)
    finally:
        stop_all(False)
    assert left_running(tag, patience=5) == []
