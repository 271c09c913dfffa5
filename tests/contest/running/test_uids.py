"""The uids of runs, leased machine-wide, and what a uid keeps of a run (its keyrings, its processes): nothing
that the next run leasing it could find.  The leases are root's (as root a run gets a uid of its own)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from downwedig.contest.running import kernel, uids

from ...conftest import SAMPLE, THOROUGH, missing_tool, need_tool

KEYS = Path(__file__).parent / "hostile" / "keys.py"
#: A uid of the pool that no lease of these tests' judges reaches (they take the first free ones).
SPARE = uids.RUN_UID + uids.POOL - 1


@pytest.fixture(autouse=True)
def _root() -> None:
    if os.geteuid() != 0:
        pytest.skip("the uids of runs are leased, and their keyrings cleared, only by a judge that is root")


def as_uid(uid: int, *command: str) -> subprocess.CompletedProcess[str]:
    need_tool(["setpriv"], "apt-get install util-linux")
    runner = ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups"]
    return subprocess.run([*runner, *command], capture_output=True, text=True, timeout=30, cwd="/")


def test_a_lease_held_by_another_judge_is_not_taken() -> None:
    folder = uids._folder()
    assert folder == uids.FOLDER and (os.stat(folder).st_mode & 0o777) == 0o700
    with uids.lease() as first:  # (the first free one; another process holds the next on the machine)
        other = subprocess.Popen(
            [sys.executable, "-c", "import fcntl, os, sys, time; fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT); "
             "fcntl.flock(fd, fcntl.LOCK_EX); print('held', flush=True); time.sleep(30)",
             os.path.join(folder, f"uid-{first + 1}")],
            stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        try:
            assert other.stdout is not None and other.stdout.readline() == "held\n"
            with uids.lease() as second:
                assert second not in (first, first + 1)
        finally:
            other.kill()
            other.communicate()


def test_a_uid_left_busy_by_a_killed_judge_is_cleared_before_its_next_lease() -> None:
    # A judge killed while its run went on leaves the lease's file saying "busy", and maybe a process of the uid.
    need_tool(["setpriv"], "apt-get install util-linux")
    path = os.path.join(str(uids._folder()), f"uid-{SPARE}")
    with open(path, "wb") as file:
        file.write(b"busy\n")
    left = subprocess.Popen(["setpriv", f"--reuid={SPARE}", f"--regid={SPARE}", "--clear-groups", "sleep", "600"])
    try:
        deadline = time.monotonic() + 10
        while os.stat(f"/proc/{left.pid}").st_uid != SPARE and time.monotonic() < deadline:
            time.sleep(0.01)
        fd = uids._take(str(uids._folder()), SPARE)
        assert fd is not None
        try:
            assert left.wait(timeout=10) == -9  # (killed before the uid is leased again)
            assert os.pread(fd, 16, 0) == b"busy\n"
        finally:
            os.pwrite(fd, b"free\n", 0)
            os.close(fd)
    finally:
        left.kill()
        left.wait()


def test_what_a_run_s_uid_keeps_in_its_keyrings_is_cleared_when_its_lease_ends() -> None:
    stored = as_uid(SPARE, sys.executable, str(KEYS), "store", "downwedig-left", "by an earlier run")
    if "stored" not in stored.stdout:
        pytest.skip(f"the kernel keeps no keys for uid {SPARE} here: {stored.stdout.strip()} {stored.stderr.strip()}")
    assert as_uid(SPARE, sys.executable, str(KEYS), "find", "downwedig-left").stdout.startswith("found")
    kernel.clear_keyrings(SPARE)
    assert not as_uid(SPARE, sys.executable, str(KEYS), "find", "downwedig-left").stdout.startswith("found")
    assert os.geteuid() == 0 and os.getuid() == 0  # (the thread took the uid for a moment only)


def _one_test(tmp_path: Path) -> Path:
    if shutil.which("bwrap") is None:
        missing_tool("needs bubblewrap (apt-get install bubblewrap): runs get uids of their own in the sandbox")
    tests = tmp_path / "t"
    tests.mkdir()
    shutil.copy(SAMPLE, tests / "t.in")
    shutil.copy(SAMPLE.with_suffix(".ans"), tests / "t.ans")
    return tests


def _judge(tests: Path, solution: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "downwedig", "test", str(tests), "--solution", solution, "--format", "json"]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)


def test_two_judges_at_once_give_their_runs_different_uids(tmp_path: Path) -> None:
    tests = _one_test(tmp_path)
    judges = [_judge(tests, "id -u >&2; sleep 1; exit 1") for _ in range(2)]
    found = []
    for judge in judges:
        out, _ = judge.communicate(timeout=60)
        found.append(json.loads(out)["tests"][0]["message"].rsplit(" ", 1)[1])
    assert found[0] != found[1] and all(uids.RUN_UID <= int(uid) < uids.RUN_UID + uids.POOL for uid in found)


def test_one_judge_s_fork_bomb_takes_nothing_from_another_judge_s_runs(tmp_path: Path) -> None:
    # P4: without cgroups (the process-group mode as root), RLIMIT_NPROC is per uid: shared uids made another
    # judge's honest run fail to fork.
    if not THOROUGH:
        pytest.skip("slow (256 processes held for seconds): runs under HYPOTHESIS_PROFILE=thorough")
    tests = _one_test(tmp_path)
    env = {**os.environ, "DOWNWEDIG_ISOLATION": "process-group"}
    hold = "for i in $(seq 400); do sleep 6 & done 2>/dev/null; sleep 6; echo 211112222212"
    bomb = _judge(tests, hold, env)
    time.sleep(2)
    honest = _judge(tests, f"sh -c 'cat > /box/i; sleep 0.1 & {sys.executable} -m downwedig solve /box/i'", env)
    out, _ = honest.communicate(timeout=60)
    bomb.communicate(timeout=60)
    row = json.loads(out)["tests"][0]
    assert row["verdict"] == "AC", row
