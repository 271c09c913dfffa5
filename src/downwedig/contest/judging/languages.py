"""How a package's solution file is run: the command for a Python file, a C or C++ file compiled first.

A package holds sources (``submissions/accepted/solution.cpp``, ``solutions/x.py``);
:func:`command_for` turns one into the shell command the judge runs: a ``.py``
with this Python (PyPy where the package asks for it, by a Polygon source type
``python.pypy3``, and has it), a ``.cpp`` (``.cc``, ``.cxx``, ``.c++``)
compiled by ``g++ -O2 -std=gnu++17``, a ``.c`` by ``gcc -O2``, into the
folder ``build``.  Anything else (another language, a folder) cannot be run
here: :class:`NotRunnable` says why, as does a compilation that fails.  Cost:
the compilation (seconds for C++).

>>> command_for(Path("notes.txt"), None, Path("/tmp"))
Traceback (most recent call last):
...
downwedig.contest.judging.languages.NotRunnable: a .txt file: only Python, C and C++ solutions are run here
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

__all__ = ["COMPILE_TIMEOUT_S", "NotRunnable", "command_for"]

_CPP = (".cpp", ".cc", ".cxx", ".c++")
#: The longest a compilation may take.
COMPILE_TIMEOUT_S = 120


class NotRunnable(Exception):
    """A solution that cannot be run here: another language, a folder, a compiler missing, a compilation failed."""


def _compile(compiler: str, flags: list[str], source: Path, build: Path) -> str:
    found = shutil.which(compiler)
    if found is None:
        raise NotRunnable(f"{compiler} is not installed (apt-get install {compiler})")
    build.mkdir(parents=True, exist_ok=True)
    target = build / f"{len(list(build.iterdir()))}-{source.stem}"
    try:
        done = subprocess.run(
            [found, *flags, "-o", str(target), str(source)], capture_output=True, timeout=COMPILE_TIMEOUT_S
        )
    except subprocess.TimeoutExpired:
        raise NotRunnable(f"does not compile within {COMPILE_TIMEOUT_S} s") from None
    if done.returncode != 0:
        errors = [line for line in done.stderr.decode("utf-8", "replace").splitlines() if "error" in line]
        raise NotRunnable("does not compile: " + (errors[0] if errors else f"{compiler} exit status {done.returncode}"))
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
        return _compile("g++", ["-O2", "-std=gnu++17"], path, build)
    if suffix == ".c" or kind.startswith("c."):
        return _compile("gcc", ["-O2"], path, build)
    raise NotRunnable(f"a {suffix or 'extensionless'} file: only Python, C and C++ solutions are run here")
