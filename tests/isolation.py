"""The isolation modes a judging test runs under, and how to find processes a test left running.

The ``mode`` fixture runs a test twice under the thorough profile (CI): each run in
a cgroup (where the machine allows it: skipped, saying what it needs, elsewhere,
and failed instead under ``DOWNWEDIG_REQUIRE_TOOLS=1``), and in a process group,
the fallback; otherwise once, in the mode this machine's runs use.
``grouped`` runs it in a cgroup only.  Conftests import the fixtures.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from downwedig.contest.running import cgroup, sandbox
from downwedig.errors import CommandError

from .conftest import THOROUGH, missing_tool

CGROUPS_NEEDED = (
    "needs cgroups: a delegated cgroup v2 subtree with the memory and pids controllers "
    "(systemd-run --user --scope -p Delegate=yes), or writable cgroup v1 memory, cpuacct and pids hierarchies "
    "(as for root)"
)


def use_mode(monkeypatch: pytest.MonkeyPatch, choice: str) -> str:
    """Make runs use ``choice`` (``cgroup`` or ``process-group``); the mode they get (skip if not possible here)."""
    monkeypatch.setenv(cgroup.CHOICE, choice)
    try:
        return cgroup.isolation()
    except CommandError as exc:
        missing_tool(f"{CGROUPS_NEEDED}: {exc}")


def _modes() -> list[str]:
    """Both modes under the thorough profile (CI); otherwise the one this machine's runs use (cgroups where
    they can be made, else process groups), so that a quick run tests what the machine does."""
    if THOROUGH:
        return ["cgroup", "process-group"]
    try:
        here = cgroup.isolation()
    except CommandError:  # (DOWNWEDIG_ISOLATION asks for cgroups that are not here: the test says so)
        return ["cgroup"]
    return ["process-group" if here == "process-group" else "cgroup"]


@pytest.fixture(params=_modes())
def mode(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test in each mode under the thorough profile: runs in cgroups (skipped, saying why, where there are
    none) and in process groups; otherwise in the mode of this machine."""
    return use_mode(monkeypatch, request.param)


@pytest.fixture
def grouped(monkeypatch: pytest.MonkeyPatch) -> str:
    """Runs in cgroups, for what only a cgroup can give (skipped, saying why, where there are none)."""
    return use_mode(monkeypatch, "cgroup")


@pytest.fixture
def unboxed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs without the sandbox, for tests that look at a run from outside (files it writes for the test)."""
    monkeypatch.setenv(sandbox.CHOICE, "none")


@pytest.fixture
def boxed(monkeypatch: pytest.MonkeyPatch) -> sandbox.Sandbox:
    """Runs in the sandbox (skipped, saying what to install, where bubblewrap is missing or does not work)."""
    monkeypatch.setenv(sandbox.CHOICE, "bwrap")
    try:
        found = sandbox.sandbox()
    except CommandError as exc:
        missing_tool(f"needs bubblewrap (apt-get install bubblewrap): {exc}")
    assert isinstance(found, sandbox.Sandbox)
    return found


def our_processes(tag: str, *, runs: bool = False) -> list[int]:
    """The processes whose environment holds ``tag`` (a value no other process has), zombies aside; with ``runs``,
    only those of runs (their environment holds a run's mark too)."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as file:
                environ = file.read()
            with open(f"/proc/{name}/stat") as file:
                state = file.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if tag.encode() in environ and state != "Z" and (not runs or b"DOWNWEDIG_RUN=" in environ):
            found.append(int(name))
    return found


def left_running(tag: str, patience: float = 5.0) -> list[int]:
    """The processes tagged ``tag`` still running after ``patience`` seconds (killed then, so no test leaves any)."""
    deadline = time.monotonic() + patience
    while True:
        found = our_processes(tag)
        if not found or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    for pid in found:
        with contextlib.suppress(OSError):
            os.kill(pid, 9)
    return found


@pytest.fixture
def tag(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A unique value in the environment of everything a test's runs start: what :func:`left_running` looks for."""
    value = f"downwedig-test-{os.getpid()}-{time.monotonic_ns()}"
    monkeypatch.setenv("DOWNWEDIG_TEST_TAG", value)
    yield value
    left_running(value, patience=0)


def run_folders() -> set[Path]:
    """The runs' working folders in the temporary folder now."""
    import tempfile

    return set(Path(tempfile.gettempdir()).glob("downwedig-run-*"))
