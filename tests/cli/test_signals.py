"""SIGTERM, SIGHUP and Ctrl-C end ``test``, ``stress`` and ``answers`` with everything they started (real processes)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..conftest import SAMPLE, default_signals
from ..isolation import left_running, our_processes
from ..solutions import solution_command

# The solutions write files outside their folder for the tests to see: unboxed.
pytestmark = pytest.mark.usefixtures("unboxed")

# A solution that says where it runs, then sleeps: what a judge must end when told to stop.
SLEEPER = """\
import os, sys, time
with open({folder!r} + "/" + str(os.getpid()), "w") as f:
    f.write(os.getcwd())
time.sleep(600)
"""


def start(*args: str | Path, tag: str, **env_vars: str) -> subprocess.Popen[bytes]:
    """``downwedig ARGS`` as a process of its own (its own session: the test's signals go to it alone), with
    ``env_vars`` added to its environment."""
    env = {**os.environ, **env_vars, "DOWNWEDIG_TEST_TAG": tag}
    command = [sys.executable, "-m", "downwedig", *map(str, args)]
    judge = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=True,
        preexec_fn=default_signals,
    )
    _started.append(judge)
    return judge


_started: list[subprocess.Popen[bytes]] = []


@pytest.fixture(autouse=True)
def _no_judge_left() -> Iterator[None]:
    """A judge that a failing test left running (its solutions sleep for minutes) is killed with its session."""
    yield
    while _started:
        judge = _started.pop()
        if judge.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(judge.pid, signal.SIGKILL)
            judge.wait()


def wait_for(folder: Path, count: int) -> list[Path]:
    deadline = time.monotonic() + 60
    while len(found := sorted(folder.iterdir())) < count:
        assert time.monotonic() < deadline, "the solutions never started"
        time.sleep(0.05)
    return found


@pytest.fixture
def started(tmp_path: Path) -> Path:
    folder = tmp_path / "started"
    folder.mkdir()
    return folder


def make_tests(tmp_path: Path, count: int) -> Path:
    folder = tmp_path / "tests"
    folder.mkdir()
    for k in range(count):
        (folder / f"t{k}.in").write_bytes(SAMPLE.read_bytes())
        (folder / f"t{k}.ans").write_bytes(SAMPLE.with_suffix(".ans").read_bytes())
    return folder


@pytest.mark.parametrize(("name", "status"), [("SIGTERM", 143), ("SIGHUP", 129), ("SIGINT", 130)])
def test_a_signal_to_test_ends_every_run_at_once(tmp_path: Path, started: Path, name: str, status: int) -> None:
    tag = f"signals-{os.getpid()}-{time.monotonic_ns()}"
    solution = solution_command(tmp_path, "sleeper", SLEEPER.format(folder=str(started)))
    judge = start("test", make_tests(tmp_path, 4), "--solution", solution, "-j", "2", "--time-limit", "300", tag=tag)
    runs = wait_for(started, 2)
    stopped = time.monotonic()
    os.kill(judge.pid, getattr(signal, name))
    _, err = judge.communicate(timeout=60)
    assert judge.returncode == status, err
    assert time.monotonic() - stopped < 10  # at once, not at the wall-clock limit
    assert b"Traceback" not in err
    assert left_running(tag) == []
    assert not any(Path(run.read_text()).exists() for run in runs)  # the runs' folders are gone too
    assert len(list(started.iterdir())) == 2  # and no run started after the signal


def test_sigterm_to_stress_ends_its_runs(tmp_path: Path, started: Path) -> None:
    tag = f"signals-{os.getpid()}-{time.monotonic_ns()}"
    solution = solution_command(tmp_path, "sleeper", SLEEPER.format(folder=str(started)))
    judge = start("stress", "--solution", solution, "--tests", "4", "-j", "2", "--time-limit", "300", tag=tag)
    wait_for(started, 2)
    os.kill(judge.pid, signal.SIGTERM)
    _, err = judge.communicate(timeout=60)
    assert judge.returncode == 143 and b"Traceback" not in err, err
    assert left_running(tag) == []
    assert not (tmp_path / "stress-failure.in").exists()


@pytest.mark.parametrize("when", ["starting", "working"])
def test_sigterm_to_answers_stops_its_workers_and_leaves_no_file_half_written(tmp_path: Path, when: str) -> None:
    tag = f"signals-{os.getpid()}-{time.monotonic_ns()}"
    inputs = tmp_path / "big"
    inputs.mkdir()
    big = b"300000\n" + b"WRWWRRWR\nRRWWRRWW\nWWWRRRWR\n" * 100_000
    for k in range(48):  # (about a second of work for two workers: the engine answers this input in ~20 ms)
        (inputs / f"{k}.in").write_bytes(big)
    out = tmp_path / "out"
    judge = start("answers", inputs, "--out-dir", out, "-j", "2", tag=tag)
    deadline = time.monotonic() + 60
    while not out.exists() and time.monotonic() < deadline:
        time.sleep(0.01)  # (made once the command handles signals, just before it starts its workers)
    while when == "working" and len(our_processes(tag)) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)  # (the judge and two workers; or, "starting", as it starts them)
    time.sleep(0.05)
    assert judge.poll() is None, "the command ended before the signal: give it more work"
    os.kill(judge.pid, signal.SIGTERM)
    _, err = judge.communicate(timeout=60)
    assert judge.returncode == 143, err
    assert b"Traceback" not in err and b"leaked" not in err, err
    assert left_running(tag) == []
    written = list(out.iterdir()) if out.exists() else []
    assert [p.name for p in written if not p.name.endswith(".ans")] == []  # no temporary file
