"""The time limit with its reasons: the package's accepted solutions measured on its tests.

A judge measures CPU time, and the package format derives a time limit from
the slowest accepted run: at least ``ac_to_time_limit`` (2) times it, rounded
up to a whole second (:func:`~downwedig.contest.running.limits.suggested_time_limit`).  :func:`measure` runs each
accepted solution that can run here -- the C++ one compiled with ``g++ -O2``,
the one-file Python one under CPython and under PyPy -- on every test, checks
that it is accepted, and keeps its slowest run; :func:`choose` picks the limit:
the original contest's 5 s unless the solutions need more, or the setter's
own.  Cost: the runs (about 10 s for the full plan, most of it the PyPy runs).

>>> from downwedig.contest.shipping.formats import get_format
>>> choose(None, [Measured("solution.py", "PyPy 3.9", "secret/a", 0.17)], [], get_format("2025-09")).time_limit
5
"""

from __future__ import annotations

import dataclasses
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from ...errors import CommandError
from ...staircase import TIME_LIMIT_S
from ..judging.judge import classify
from ..judging.verdict import Limits, Verdict
from ..running.limits import AC_TO_TIME_LIMIT, suggested_time_limit
from ..running.runner import Runner
from .formats.base import PackageFormat

__all__ = ["CXX", "Measured", "Timing", "choose", "measure"]

#: How the C++ solution is compiled here (the judges' tools add their own flags, -O2 among them).
CXX = ("g++", "-O2", "-std=gnu++17")
#: The limits the solutions are measured under (generous: this is a measurement, not a verdict).
_MEASURE = Limits(cpu_s=60, memory_mib=1024)


@dataclasses.dataclass(frozen=True)
class Measured:
    """One accepted solution's slowest run: under which name and how it ran, where and how long (CPU s)."""

    solution: str  # e.g. "solution.cpp"
    how: str  # e.g. "g++ -O2", "CPython 3.11.7"
    test: str
    cpu_s: float


@dataclasses.dataclass(frozen=True)
class Timing:
    """The time limit chosen and why: the measurements, the format's bound, and the reason in words."""

    time_limit: float
    measured: list[Measured]
    skipped: list[str]  # what could not be measured here, and why
    reason: str


def _interpreters() -> tuple[list[tuple[str, str]], list[str]]:
    """The Pythons to run ``solution.py`` with: ``(command, description)``; and what is missing."""
    found = [(shlex.quote(sys.executable), f"CPython {sys.version.split()[0]}")]
    skipped = []
    if sys.implementation.name != "cpython":
        found = []
        skipped.append("CPython (downwedig itself runs under another Python)")
    pypy = shutil.which("pypy3")
    if pypy is None:
        skipped.append("PyPy (no pypy3 on PATH: apt-get install pypy3)")
    else:
        version = subprocess.run(
            [pypy, "-c", "import sys; print(sys.version.split()[0])"], capture_output=True, text=True, timeout=60
        )
        found.append((shlex.quote(pypy), f"PyPy {version.stdout.strip() or '3'}"))
    return found, skipped


def measure(
    programs: dict[str, bytes],
    tests: Sequence[tuple[str, bytes, str]],
    progress: Callable[[str], None] | None = None,
) -> tuple[list[Measured], list[str]]:
    """The slowest run of each accepted solution on ``tests`` (``(name, input, expected digits)``).

    ``programs`` maps ``solution.cpp`` and ``solution.py`` to their text.  A
    solution that is not accepted on some test raises :class:`CommandError`
    (the package would be wrong); one that cannot run here (no ``g++``, no
    ``pypy3``) is listed as skipped.  Cost: compiling, then every run.
    """
    measured: list[Measured] = []
    skipped: list[str] = []
    with tempfile.TemporaryDirectory(prefix="downwedig-timing-") as folder:
        commands: list[tuple[str, str, str]] = []  # (solution, how, command)
        if "solution.cpp" in programs:
            source, binary = Path(folder) / "solution.cpp", Path(folder) / "solution"
            source.write_bytes(programs["solution.cpp"])
            if shutil.which(CXX[0]) is None:
                skipped.append(f"solution.cpp (no {CXX[0]} on PATH: apt-get install g++)")
            else:
                built = subprocess.run([*CXX, "-o", str(binary), str(source)], capture_output=True, timeout=300)
                if built.returncode != 0:
                    raise CommandError(f"solution.cpp does not compile: {built.stderr.decode(errors='replace')}")
                commands.append(("solution.cpp", " ".join(CXX[:2]), shlex.quote(str(binary))))
        if "solution.py" in programs:
            script = Path(folder) / "solution.py"
            script.write_bytes(programs["solution.py"])
            pythons, missing = _interpreters()
            skipped += [f"solution.py under {what}" for what in missing]
            commands += [("solution.py", how, f"{python} {shlex.quote(str(script))}") for python, how in pythons]
        for solution, how, command in commands:
            if progress is not None:
                progress(f"{solution} ({how})")
            slowest: Measured | None = None
            with Runner(command, _MEASURE) as runner:  # (each run's sandbox set up while the one before it goes on)
                for name, data, expected in tests:
                    run = runner.run(data)
                    found = classify(run, expected, _MEASURE)
                    if found.verdict is not Verdict.AC:
                        raise CommandError(
                            f"the accepted {solution} ({how}) got {found.verdict} on {name}: {found.message}"
                        )
                    if slowest is None or run.cpu_seconds > slowest.cpu_s:
                        slowest = Measured(solution, how, name, run.cpu_seconds)
            if slowest is not None:
                measured.append(slowest)
    return measured, skipped


def choose(given: float | None, measured: list[Measured], skipped: list[str], fmt: PackageFormat) -> Timing:
    """The time limit: ``given`` (the setter's), else the original contest's 5 s, or more if the slowest
    accepted run needs it (``suggested_time_limit``); with the reason in words, and the format's note
    (:meth:`~downwedig.contest.shipping.formats.PackageFormat.time_limit_note`). O(solutions).

    >>> from downwedig.contest.shipping.formats import get_format
    >>> kattis = get_format("2025-09")
    >>> choose(None, [Measured("solution.py", "PyPy 3.9", "secret/a", 0.2)], [], kattis).time_limit
    5
    >>> choose(None, [Measured("solution.py", "CPython 3.11", "secret/a", 3.1)], [], kattis).time_limit
    7
    >>> choose(2, [], [], get_format("legacy")).reason
    "2 s, given with --time-limit. A legacy problem.yaml has no time limit: 'verifyproblem -t 2' judges with this one"
    """
    slowest = max(measured, key=lambda m: m.cpu_s, default=None)
    if slowest is None:
        bound = None
        why = "nothing was measured"
    else:
        bound = suggested_time_limit(slowest.cpu_s)
        why = (
            f"the slowest accepted run, {slowest.solution} ({slowest.how}) on {slowest.test}, took "
            f"{slowest.cpu_s:.2f} s CPU; the format wants at least {AC_TO_TIME_LIMIT:g} x that, rounded up: {bound} s"
        )
    if given is not None:
        limit: float = given
        reason = f"{given:g} s, given with --time-limit"
        if bound is not None and given < bound:
            reason += f", below what the accepted solutions need ({why})"
    elif bound is not None and bound > TIME_LIMIT_S:
        limit = bound
        reason = f"{bound} s, more than the original contest's {TIME_LIMIT_S} s because {why}"
    else:
        limit = TIME_LIMIT_S
        reason = f"{TIME_LIMIT_S} s, the original contest's (NERC 2020 allowed 5 s and 512 MiB); {why}"
    reason += fmt.time_limit_note(limit, None if slowest is None else slowest.cpu_s)
    return Timing(limit, measured, skipped, reason)
