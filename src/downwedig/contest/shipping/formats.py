"""What differs between the package formats: ``problem.yaml``, the statement, the folders' names, the
expectations of the submissions and the validators' own test cases.

Two formats (:data:`FORMATS`): ``2025-09``, the Kattis problem package format
as finished in September 2025 (what BAPCtools reads, and DOMjudge imports), and
``legacy``, the format before ``problem_format_version`` (what Kattis'
problemtools checks best).  Everything here is O(size of what it writes).

>>> FORMATS
('2025-09', 'legacy')
>>> print(problem_yaml("2025-09", "downwedig", 5).splitlines()[2])
problem_format_version: 2025-09
"""

from __future__ import annotations

import re
import uuid
from importlib import resources

from ... import __version__
from ...staircase import MEMORY_LIMIT_MIB
from ..judging.judge import AC_TO_TIME_LIMIT
from .cases import INVALID_INPUTS, INVALID_OUTPUTS, STRICT_FLAGS, STRICT_INVALID_OUTPUTS, VALID_OUTPUTS
from .programs.mistakes import MISTAKES

__all__ = [
    "FORMATS",
    "LICENSE",
    "NAME",
    "SOURCE",
    "SOURCE_URL",
    "TIME_LIMIT_TO_TLE",
    "problem_yaml",
    "resource",
    "statement_files",
    "submissions_yaml",
    "validation_files",
]

#: The formats that can be written, the default first.
FORMATS = ("2025-09", "legacy")
#: The problem's name.
NAME = "Down We Dig"
#: The licence of what the package holds, and whose it is.
LICENSE = ("cc by", "downwedig maintainers")
SOURCE = "Northern Eurasia Finals Online 2020 (NERC 2020), problem D"
SOURCE_URL = "https://codeforces.com/gym/102896/problem/D"
#: The format's other time multiplier (2025-09's default): a too-slow submission must take at least the limit
#: times this (and the limit is at least the slowest accepted run times ``AC_TO_TIME_LIMIT``).
TIME_LIMIT_TO_TLE = 1.5
_UUIDS = uuid.UUID("4b1c1a52-9a4f-5c1e-8d64-2f0e8a6a7d11")  # namespace of this project's problem uuids


def resource(*path: str) -> bytes:
    """A file of this package (``problem/sample.in``, ``programs/solution.cpp``, ...). O(size).

    >>> resource("problem", "sample.in")[:3]
    b'12\\n'
    """
    return resources.files(__package__).joinpath(*path).read_bytes()


def _header() -> str:
    license_name, _ = LICENSE
    return (
        f"# Made by downwedig {__version__} (`downwedig package`).  The statement, tests and programs are the\n"
        f"# downwedig project's own work, given under {license_name.upper()}; the problem is NERC 2020's (source).\n"
    )


def problem_yaml(fmt: str, name: str, time_limit: float) -> str:
    """``problem.yaml`` of the package of short name ``name`` with the time limit ``time_limit`` (seconds).

    The legacy format has no key for a time limit (verifyproblem derives it from
    the accepted runs), so ``time_limit`` is left out there.  ``type`` is one
    string, as DOMjudge reads it (it splits the value at spaces).

    >>> "time_limit" in problem_yaml("legacy", "dig", 5), "time_limit: 5" in problem_yaml("2025-09", "dig", 5)
    (False, True)
    """
    license_name, owner = LICENSE
    identity = uuid.uuid5(_UUIDS, name)
    if fmt == "legacy":
        return _header() + (
            f"name: {NAME}\nsource: {SOURCE}\nsource_url: {SOURCE_URL}\nlicense: {license_name}\n"
            f"rights_owner: {owner}\nuuid: {identity}\nvalidation: custom\nlimits:\n  memory: {MEMORY_LIMIT_MIB}\n"
        )
    return _header() + (
        f"problem_format_version: {FORMATS[0]}\ntype: pass-fail\nname: {NAME}\nuuid: {identity}\n"
        f"version: downwedig {__version__}\ncredits:\n  packagers: {owner}\n"
        f"source:\n  name: {SOURCE}\n  url: {SOURCE_URL}\nlicense: {license_name}\nrights_owner: {owner}\n"
        f"limits:\n  time_limit: {time_limit:g}\n  memory: {MEMORY_LIMIT_MIB}\n"
        f"  time_multipliers:\n    ac_to_time_limit: {AC_TO_TIME_LIMIT:g}\n"
        f"    time_limit_to_tle: {TIME_LIMIT_TO_TLE:g}\n"
    )


def _environments(tex: str) -> str:
    """The statement's ``\\section*{Input}`` and ``{Output}`` as the format's ``Input`` and ``Output`` environments."""
    parts = re.split(r"\\section\*\{(Input|Output|Notes)\}\n", tex)
    out = [parts[0]]
    for title, body in zip(parts[1::2], parts[2::2], strict=True):
        if title == "Notes":  # (a heading as large as the environments')
            out.append(f"\\subsection*{{{title}}}\n{body}")
        else:
            out.append(f"\\begin{{{title}}}\n{body.rstrip()}\n\\end{{{title}}}\n\n")
    return "".join(out).rstrip() + "\n"


def statement_files(fmt: str) -> list[tuple[str, bytes]]:
    """The statement's files: LaTeX for legacy; for 2025-09, LaTeX (with the format's environments), Markdown
    and the solution's description.

    >>> [path for path, _ in statement_files("2025-09")]
    ['statement/problem.en.tex', 'statement/problem.en.md', 'solution/solution.en.tex']
    """
    tex = resource("problem", "problem.en.tex")
    if fmt == "legacy":
        return [("problem_statement/problem.en.tex", tex)]
    return [
        ("statement/problem.en.tex", _environments(tex.decode()).encode()),
        ("statement/problem.en.md", resource("problem", "problem.en.md")),
        ("solution/solution.en.tex", resource("problem", "solution.en.tex")),
    ]


def submissions_yaml(mistakes: list[str]) -> str:
    """``submissions/submissions.yaml``: the verdicts each submission must get (2025-09).

    >>> [line for line in submissions_yaml([]).splitlines() if not line.startswith(("#", " "))]
    ['accepted/solution.cpp:  # top-down over the functions G_p; O(256 n), no recursion', \
'accepted/solution.py:  # `downwedig bundle`: the engine, one file, standard library only', \
'time_limit_exceeded/slow.py:  # every day recomputed from the rules: right, but O(n^2)']
    """
    _, owner = LICENSE
    lines = [
        _header().rstrip("\n"),
        "# What each submission must get on the tests (AC, WA, TLE, RTE); a file added to a folder gets the",
        "# folder's default (accepted: all AC; wrong_answer: AC or WA, some WA; time_limit_exceeded: AC or TLE,",
        "# some TLE).",
        "accepted/solution.cpp:  # top-down over the functions G_p; O(256 n), no recursion",
        "  permitted: [AC]",
        "  model_solution: true",
        f"  authors: {owner}",
        "accepted/solution.py:  # `downwedig bundle`: the engine, one file, standard library only",
        "  permitted: [AC]",
        f"  authors: {owner}",
    ]
    for mistake in mistakes:
        lines += [
            f"wrong_answer/{mistake}.py:  # {MISTAKES[mistake].description}",
            "  permitted: [AC, WA]",
            "  required: [WA]",
        ]
    lines += [
        "time_limit_exceeded/slow.py:  # every day recomputed from the rules: right, but O(n^2)",
        "  permitted: [AC, TLE]",
        "  required: [TLE]",
    ]
    return "\n".join(lines) + "\n"


def validation_files(sample_in: bytes, sample_ans: bytes) -> list[tuple[str, bytes]]:
    """``data/invalid_input``, ``data/valid_output`` and ``data/invalid_output`` (2025-09): the cases of
    :mod:`~downwedig.contest.shipping.cases`, the output ones for the sample.

    >>> names = [path for path, _ in validation_files(b"", b"")]
    >>> "data/invalid_output/space_change_sensitive/test_group.yaml" in names
    True
    """
    files = [(f"data/invalid_input/{name}.in", data) for name, data in INVALID_INPUTS.items()]
    for folder, cases in (
        ("valid_output", VALID_OUTPUTS),
        ("invalid_output", INVALID_OUTPUTS),
        ("invalid_output/space_change_sensitive", STRICT_INVALID_OUTPUTS),
    ):
        for name, out in cases.items():
            base = f"data/{folder}/{name}"
            files += [(f"{base}.in", sample_in), (f"{base}.ans", sample_ans), (f"{base}.out", out)]
    flags = ", ".join(STRICT_FLAGS)
    files.append(
        (
            "data/invalid_output/space_change_sensitive/test_group.yaml",
            f"# These outputs are right but for their whitespace, which {flags} makes wrong.\n"
            f"output_validator_args: [{flags}]\n".encode(),
        )
    )
    return files
