"""What the tests share: Hypothesis profiles, the example files, and ways to run the command.

Profiles (``HYPOTHESIS_PROFILE``): ``default`` runs each property with a tenth of
its examples, so the whole suite stays quick on a laptop; ``thorough`` (what CI
runs, ``.ci/run`` sets it) runs them all.  :func:`tests.strategies.examples`
scales a property's count by the profile.

Commands run in process through the :func:`cli` fixture, which hands
:func:`downwedig.cli.main` byte streams as stdin, stdout and stderr; the few
tests where a real process is the point (the console script, broken pipes,
live streaming) use :func:`process`.
"""

from __future__ import annotations

import dataclasses
import gc
import io
import os
import shutil
import signal
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import NoReturn

import pytest
from hypothesis import HealthCheck, settings

from downwedig.cli import main

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.register_profile("thorough", parent=settings.get_profile("default"))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_collection_finish(session: pytest.Session) -> None:
    """Move what collection built (modules, strategies, the engine's tables) out of the garbage collector's
    sight: otherwise every full collection during the run walks it again (some per cent of the run's CPU)."""
    gc.collect()
    gc.freeze()


ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
#: The statement-sized example (12 steps, answer 211112222212) and the one the README explains.
SAMPLE = EXAMPLES / "sample.in"
EXPLAIN = EXAMPLES / "explain.in"

#: Set by CI after installing every system tool: a test that needs a missing tool fails instead of skipping.
REQUIRE_TOOLS = os.environ.get("DOWNWEDIG_REQUIRE_TOOLS") == "1"


def need_tool(names: Sequence[str], install: str) -> str:
    """The path of the first of ``names`` beside this interpreter or on PATH; else skip, saying how to ``install`` it.

    ``install`` is the command a person runs, e.g. ``apt-get install chromium``.
    Under ``DOWNWEDIG_REQUIRE_TOOLS=1`` (CI) a missing tool fails the test instead.
    """
    here = str(Path(sys.executable).parent)
    for name in names:
        found = shutil.which(name, path=here + os.pathsep + os.environ.get("PATH", ""))
        if found:
            return found
    missing_tool(f"needs {names[0]}: {install}")


def missing_tool(message: str) -> NoReturn:
    """Skip the test with ``message`` (what it needs, and how to install it); fail it under CI's
    ``DOWNWEDIG_REQUIRE_TOOLS=1``, which says every tool is installed."""
    if REQUIRE_TOOLS:
        pytest.fail(message + " (DOWNWEDIG_REQUIRE_TOOLS=1 says every tool is installed)")
    pytest.skip(message)


#: HYPOTHESIS_PROFILE=thorough (CI): every example of every property, and the tests too costly for every run.
THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"


def only_thorough(what: str) -> None:
    """Skip a test that costs seconds of CPU (``what`` says why) unless under the thorough profile, as CI runs."""
    if not THOROUGH:
        pytest.skip(f"slow ({what}): runs under HYPOTHESIS_PROFILE=thorough, as in CI")


@dataclasses.dataclass(frozen=True)
class Result:
    """What a command did: its exit status and everything it wrote."""

    status: int
    stdout: bytes
    stderr: str

    @property
    def out(self) -> str:
        """Standard output as text."""
        return self.stdout.decode("utf-8", "replace")


Cli = Callable[..., Result]


def run_cli(*args: str | Path, stdin: bytes = b"") -> Result:
    """Run ``downwedig ARGS`` in this process with byte streams for stdin, stdout and stderr."""
    out, err = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    stderr = io.TextIOWrapper(err, encoding="utf-8", write_through=True)
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    sys.stdout, sys.stderr = stdout, stderr
    try:
        status = main([str(a) for a in args])
    finally:
        stdout.flush()
        stderr.flush()
        sys.stdin, sys.stdout, sys.stderr = saved
    return Result(status, out.getvalue(), err.getvalue().decode("utf-8"))


@pytest.fixture
def cli() -> Cli:
    """``cli("solve", "x.in", stdin=b"...")``: run ``downwedig`` in this process and capture all of it."""
    return run_cli


def process(*args: str | Path, stdin: bytes = b"", timeout: float = 120) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m downwedig ARGS`` as a real process."""
    command = [sys.executable, "-m", "downwedig", *map(str, args)]
    return subprocess.run(command, input=stdin, capture_output=True, timeout=timeout)


def default_signals() -> None:
    """For ``preexec_fn``: the child takes SIGINT, SIGTERM and SIGHUP as a shell's foreground command does.
    (A test run started in the background, or under ``nohup``, inherits some of them ignored, and an ignored
    signal stays ignored across ``exec``: a test that signals its child would then wait in vain.)"""
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, signal.SIG_DFL)


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    """The elements under ``root`` (itself included) whose ``class`` attribute has ``name``."""
    return [e for e in root.iter() if name in e.get("class", "").split()]


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Run the test in a fresh temporary folder."""
    monkeypatch.chdir(tmp_path)
    yield tmp_path
