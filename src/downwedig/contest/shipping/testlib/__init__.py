"""The problem's testlib programs in C++, as Polygon and the Codeforces juries write them, and testlib.h.

Three programs, package data of this folder, each a port of the Python it is tested against:

- ``validator.cpp``: ``downwedig validate``'s rules in testlib's strict mode
  (``registerValidation``), the bound named ``n`` for Polygon's validator statistics;
- ``checker.cpp``: ``downwedig check``'s verdicts and words (``registerTestlibCmd``,
  ``quitf(_ok|_wa|_pe|_fail, ...)``);
- ``gen.cpp``: every family of ``downwedig gen``, byte for byte, with the same
  arguments (a plan line's words after the test's name), in standard C++17.

Polygon refuses a raw test over 1 MiB, so the judge's largest tests (2.7 MB) are made on Polygon
by ``gen.cpp`` from their script lines.  Polygon also runs Python generators (``python.3``, and
``python.pypy3`` since 2019), but its generators run under CPU limits that slow Python generators
hit (Codeforces/polygon-issue-tracking #305, whose answer for really slow generators is C++ and
testlib), and C++ is the one language every importer of a Polygon package (p2d, rbx, CMS, VNOJ)
builds: the ``novelty`` and ``seesaw`` tests at n = 300,000 take 7 s and 3 s of CPU in CPython,
0.3 s and 0.17 s in ``gen.cpp`` (``docs/performance.md`` has the figures).

testlib.h is not this project's: :func:`find_header` finds the copy that PyPI's ``rbx-cp``
ships (``rbx/resources/predownloaded/testlib.h``, testlib 0.9.44 as released, with testlib's
own exit codes; ``p2d`` ships one patched for DOMjudge's exit codes 42/43, which Polygon must not
get), installed by ``pip install 'downwedig[judge]'``.  Finding it costs one look-up of the module,
without importing it.

>>> sorted(PROGRAMS)
['checker.cpp', 'gen.cpp', 'validator.cpp']
>>> b"registerValidation" in source("validator.cpp")
True
"""

from __future__ import annotations

import importlib.util
import re
import shlex
import subprocess
from importlib import resources
from pathlib import Path

from ....errors import CommandError

__all__ = ["HEADER", "PROGRAMS", "build", "find_header", "header_missing", "header_version", "source"]

#: The programs, by file name: what each is.
PROGRAMS = {
    "validator.cpp": "the input validator (testlib, strict)",
    "checker.cpp": "the checker (testlib)",
    "gen.cpp": "the test generator (every family of downwedig gen)",
}
#: Where testlib.h lies in the ``rbx-cp`` distribution, and how to get it.
HEADER = ("rbx", "resources/predownloaded/testlib.h")
_INSTALL = "pip install 'downwedig[judge]' (or pip install rbx-cp, which ships testlib.h)"
#: How the programs are built here: as the package's C++ solution is (Polygon's cpp.g++17 adds -O2 too).
CXX = ("g++", "-O2", "-std=gnu++17")


def source(name: str) -> bytes:
    """The text of one of :data:`PROGRAMS`. O(size).

    >>> source("gen.cpp").startswith(b"// Down We Dig")
    True
    """
    if name not in PROGRAMS:
        raise KeyError(f"no testlib program {name!r}; there are {', '.join(sorted(PROGRAMS))}")
    return resources.files(__package__).joinpath(name).read_bytes()


def find_header() -> Path:
    """The path of testlib.h as ``rbx-cp`` ships it; :class:`~downwedig.errors.CommandError` naming what to
    install when it is missing. O(1): the module is found, not imported.

    >>> try:
    ...     found = find_header().name
    ... except CommandError as exc:
    ...     found = "testlib.h" if "rbx-cp" in str(exc) else str(exc)
    >>> found
    'testlib.h'
    """
    package, path = HEADER
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        spec = None
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    for location in locations:
        header = Path(location) / path
        if header.is_file():
            return header
    raise CommandError(f"testlib.h is not installed: {_INSTALL}")


def header_missing() -> list[str]:
    """``[what to install]`` where testlib.h is missing (a package that carries it cannot be written), else ``[]``.
    O(1).

    >>> all("rbx-cp" in what for what in header_missing())
    True
    """
    try:
        find_header()
    except CommandError as exc:
        return [str(exc).replace(" is not installed: ", ", which it carries: ")]
    return []


def header_version(header: bytes) -> str:
    """The version testlib.h states (its ``#define VERSION``), or ``'unknown'``. O(size).

    >>> header_version(b'#define VERSION "0.9.44"\\n')
    '0.9.44'
    """
    found = re.search(rb'#define VERSION "([^"]*)"', header)
    return found.group(1).decode("ascii", "replace") if found else "unknown"


def build(name: str, folder: Path, compiler: str = CXX[0]) -> Path:
    """Compile one of :data:`PROGRAMS` into ``folder`` (with testlib.h beside it when it includes it), the
    binary's path returned; :class:`~downwedig.errors.CommandError` with the compiler's words if it fails.
    O(a compiler run): about 5 s for a testlib program, 2 s for the generator.
    """
    text = source(name)
    program = folder / name
    program.write_bytes(text)
    if b'#include "testlib.h"' in text:
        (folder / "testlib.h").write_bytes(find_header().read_bytes())
    binary = folder / Path(name).stem
    command = [compiler, *CXX[1:], "-o", str(binary), str(program)]
    built = subprocess.run(command, capture_output=True, timeout=600)
    if built.returncode != 0:
        words = built.stderr.decode("utf-8", "replace")
        raise CommandError(f"{name} does not compile ({shlex.join(command)}): {words}")
    return binary
