"""How a package's solution file is run: the command for a Python file, a C or C++ file compiled first.

A package holds sources (``submissions/accepted/solution.cpp``, ``solutions/x.py``);
:func:`command_for` turns one into the shell command the judge runs: a ``.py``
with this Python (PyPy where the package asks for it, by a Polygon source type
``python.pypy3``, and has it), a ``.cpp`` (``.cc``, ``.cxx``, ``.c++``)
compiled by ``g++ -O2 -std=gnu++17``, a ``.c`` by ``gcc -O2``, into the
folder ``build``.  The compiler runs as a solution does, in the sandbox
(:func:`~downwedig.contest.running.run.run_solution`: the run's own uid, its
limits, nothing of the judge's but what a run sees), with the source on its
input and the program on its output: a package's source is not the judge's
code, and a compiler reads what its ``#include`` names.  Anything else
(another language, a folder) cannot be run here: :class:`NotRunnable` says
why, as does a compilation that fails.  Cost: the compilation (seconds for
C++).

>>> command_for(Path("notes.txt"), None, Path("/tmp"))
Traceback (most recent call last):
...
downwedig.contest.judging.languages.NotRunnable: a .txt file: only Python, C and C++ solutions are run here
"""

from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path

from ..running.limits import Limits
from ..running.run import run_solution

__all__ = ["COMPILE_LIMITS", "COMPILE_TIMEOUT_S", "NotRunnable", "command_for"]

_CPP = (".cpp", ".cc", ".cxx", ".c++")
#: The longest a compilation may take.
COMPILE_TIMEOUT_S = 120
#: A compilation's limits: its CPU time, 2 GiB of memory (and of space for its temporary files), a program of
#: at most 256 MiB.
COMPILE_LIMITS = Limits(cpu_s=COMPILE_TIMEOUT_S, memory_mib=2048, output_bytes=256 << 20)


class NotRunnable(Exception):
    """A solution that cannot be run here: another language, a folder, a compiler missing, a compilation failed."""


def _compile(compiler: str, flags: list[str], language: str, source: Path, build: Path) -> str:
    found = shutil.which(compiler)
    if found is None:
        raise NotRunnable(f"{compiler} is not installed (apt-get install {compiler})")
    words = shlex.join([found, *flags, "-x", language, "-o", "a.out", "-"])
    done = run_solution(f"{words} && cat a.out", source.read_bytes(), COMPILE_LIMITS, timeout=COMPILE_TIMEOUT_S)
    if done.timed_out or (done.returncode is not None and done.returncode < 0 and not done.stdout):
        raise NotRunnable(f"does not compile within {COMPILE_TIMEOUT_S} s of CPU and 2 GiB of memory")
    if done.overflow is not None:
        raise NotRunnable(f"its program is over {COMPILE_LIMITS.output_bytes >> 20} MiB")
    if done.returncode != 0:
        errors = [line for line in done.stderr.decode("utf-8", "replace").splitlines() if "error" in line]
        found_error = (
            errors[0].replace("<stdin>:", f"{source.name}:", 1) if errors else f"exit status {done.returncode}"
        )
        raise NotRunnable(f"does not compile: {found_error}")
    build.mkdir(parents=True, exist_ok=True)
    target = build / f"{len(list(build.iterdir()))}-{source.stem}"
    target.write_bytes(done.stdout)
    target.chmod(0o755)
    return shlex.quote(str(target))


def command_for(path: Path, language: str | None, build: Path) -> str:
    """The shell command that runs the solution ``path`` (``language``: a Polygon source type, or None: by
    its extension), compiling it into ``build`` first where it must be (see the module docstring)."""
    kind = (language or "").lower()
    suffix = path.suffix.lower()
    if path.is_dir():
        raise NotRunnable("a folder of files: only one-file solutions are run here")
    if suffix == ".py" or kind.startswith("python"):
        interpreter = (shutil.which("pypy3") if "pypy" in kind else None) or sys.executable
        return f"{shlex.quote(interpreter)} {shlex.quote(str(path.resolve()))}"
    if suffix in _CPP or kind.startswith("cpp"):
        return _compile("g++", ["-O2", "-std=gnu++17"], "c++", path, build)
    if suffix == ".c" or kind.startswith("c."):
        return _compile("gcc", ["-O2"], "c", path, build)
    raise NotRunnable(f"a {suffix or 'extensionless'} file: only Python, C and C++ solutions are run here")
