"""The problem's Polygon package from a plan: what ``downwedig package DIR --format polygon`` writes.

The format-neutral work (the plan's tests, each checked strict and distinct,
the engine's answers, which test catches each built-in mistake, the bundled
programs, the time limit measured as for the other formats) is
:func:`~downwedig.contest.shipping.package.package_contents`'; this module lays
it out as Polygon holds a problem (:mod:`.polygon` writes the files):

- the ``tests`` testset: the statement's example first (``manual``, the
  sample), then the plan's tests in order: a generated one (``NAME FAMILY
  [options]``) is ``generated`` with the script line ``gen FAMILY [options]``,
  which ``files/gen.cpp`` turns into the same bytes as ``downwedig gen``; a
  hand-made one (``NAME file PATH``) is ``manual``; every test's name is its
  ``description``; every input and answer is in the package too (the
  importers read them; Polygon makes the generated ones again);
- ``files/``: testlib.h (from ``rbx-cp``: :mod:`.testlib`), the validator, the
  checker and the generator; the validator's tests (the sample, valid, and
  every invalid case of :mod:`.cases`) and the checker's (the output cases on
  the sample, each with the verdict ``downwedig check`` gives);
- ``solutions/``: ``solution.cpp`` (``main``), the bundle under CPython and
  under PyPy (``accepted``), one file per caught mistake (``wrong-answer``),
  the O(n^2) one (``time-limit-exceeded``);
- ``statements/english/`` (``problem.tex`` for olymp.sty, the samples,
  ``problem-properties.json``), ``statement-sections/english/*.tex`` and
  ``statements/.pdf/english/problem.pdf`` (built with ``lualatex``, as the
  DOMjudge zip's is).

Cost: :func:`~downwedig.contest.shipping.package.package_contents`' (the tests'
generation and the accepted solutions' runs), one ``lualatex`` run (a few
seconds) and O(total size).

>>> script_line("downwedig gen random --n 10 --seed 3 --red 3/10")
('gen', 'random', '--n', '10', '--seed', '3', '--red', '3/10')
"""

from __future__ import annotations

import shlex
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from ...errors import CommandError
from ...staircase import MEMORY_LIMIT_MIB
from ..generating.plan import FileTest, PlanTest
from ..judging.check import check
from .cases import INVALID_INPUTS, INVALID_OUTPUTS, VALID_OUTPUTS
from .destination import check_destination, write_folder
from .formats import NAME, resource
from .package import Built, Contents, package_contents
from .polygon import CPP, CheckerTest, PolygonProblem, PolygonTest, Solution, package_files
from .statement import PDF_TOOL, build_pdf, missing_tools
from .testlib import find_header, source

__all__ = [
    "FORMAT",
    "checker_tests",
    "polygon_contents",
    "polygon_problem",
    "script_line",
    "solutions",
    "validator_tests",
    "write_polygon",
]

#: The name ``--format`` takes.
FORMAT = "polygon"
#: What a checker's exit status means as a Polygon checker test's verdict.
_VERDICTS = {0: "ok", 1: "wrong-answer", 2: "presentation-error"}
#: Where the neutral package keeps what this layout takes.
_ACCEPTED, _WRONG = "submissions/accepted/", "submissions/wrong_answer/"
_SLOW = "submissions/time_limit_exceeded/slow.py"


def script_line(command: str) -> tuple[str, ...]:
    """The words of a Polygon script line for the test ``downwedig gen FAMILY ...`` prints: ``gen FAMILY ...``. O(len).

    >>> script_line("downwedig gen max --n 1 --seed 0 --kind cycles")
    ('gen', 'max', '--n', '1', '--seed', '0', '--kind', 'cycles')
    """
    words = shlex.split(command)
    if words[:2] != ["downwedig", "gen"]:
        raise ValueError(f"not a downwedig gen command: {command!r}")
    return ("gen", *words[2:])


def checker_tests(sample: bytes, sample_answer: bytes) -> list[CheckerTest]:
    """The checker's tests: every output case of :mod:`.cases` on the sample, with ``downwedig check``'s verdict.
    O(cases).

    >>> tests = checker_tests(resource("problem", "sample.in"), b"211112222212\\n")
    >>> [(test.verdict, test.output) for test in tests[:2]]
    [('ok', b'211112222212\\n'), ('presentation-error', b' 211112222212\\n')]
    >>> sorted({test.verdict for test in tests})
    ['ok', 'presentation-error', 'wrong-answer']
    """
    outputs = [*VALID_OUTPUTS.values(), *INVALID_OUTPUTS.values()]
    return [
        CheckerTest(sample, output, sample_answer, _VERDICTS[check(sample, output, sample_answer).status])
        for output in outputs
    ]


def validator_tests(sample: bytes) -> list[tuple[bytes, bool]]:
    """The validator's tests: the sample (valid), then every invalid case of :mod:`.cases`. O(cases).

    >>> cases = validator_tests(b"1\\nWWWWWWWW\\n")
    >>> cases[0], cases[1][1], len(cases) == 1 + len(INVALID_INPUTS)
    ((b'1\\nWWWWWWWW\\n', True), False, True)
    """
    return [(sample, True), *((data, False) for data in INVALID_INPUTS.values())]


def solutions(accepted: Mapping[str, bytes], wrong_answer: Mapping[str, bytes], slow: bytes) -> list[Solution]:
    """The solutions with Polygon's tags: ``solution.cpp`` ``main``; the bundle ``accepted`` under CPython
    (``solution.py``) and PyPy (``solution-pypy.py``); each mistake ``wrong-answer``; ``slow.py``
    ``time-limit-exceeded``. O(1).

    >>> [(s.name, s.tag) for s in solutions({"solution.cpp": b"", "solution.py": b""}, {}, b"")][1:]
    [('solution.py', 'accepted'), ('solution-pypy.py', 'accepted'), ('slow.py', 'time-limit-exceeded')]
    """
    return [
        Solution("solution.cpp", accepted["solution.cpp"], CPP, "main"),
        Solution("solution.py", accepted["solution.py"], "python.3", "accepted"),
        Solution("solution-pypy.py", accepted["solution.py"], "python.pypy3", "accepted"),
        *(Solution(f"{name}.py", text, "python.pypy3", "wrong-answer") for name, text in wrong_answer.items()),
        Solution("slow.py", slow, "python.pypy3", "time-limit-exceeded"),
    ]


def _statement_pdf(sample: bytes, sample_answer: bytes, time_limit: float) -> bytes:
    """``problem.pdf``: the statement with its limits and the sample, as the DOMjudge zip's (``lualatex``)."""
    return build_pdf(resource("problem", "problem.en.tex"), sample, sample_answer, time_limit, MEMORY_LIMIT_MIB)


def polygon_problem(
    name: str,
    plan: Sequence[PlanTest],
    neutral: Contents,
    *,
    pdf: bool = True,
) -> PolygonProblem:
    """The Polygon package of short name ``name`` from the neutral package ``neutral`` of the plan ``plan``
    (:func:`~downwedig.contest.shipping.package.package_contents`' for the format 2025-09). O(size), and the
    PDF's ``lualatex`` run unless ``pdf`` is False.
    """
    files = dict(neutral.files)
    sample, sample_answer = files["data/sample/1.in"], files["data/sample/1.ans"]
    tests = [PolygonTest(sample, sample_answer, sample=True, description="the statement's example")]
    for test in plan:
        data, answer = files[f"data/secret/{test.name}.in"], files[f"data/secret/{test.name}.ans"]
        cmd = None if isinstance(test, FileTest) else script_line(test.command)
        tests.append(PolygonTest(data, answer, cmd=cmd, description=test.name))
    accepted = {path[len(_ACCEPTED) :]: data for path, data in neutral.files if path.startswith(_ACCEPTED)}
    wrong = {path[len(_WRONG) : -len(".py")]: data for path, data in neutral.files if path.startswith(_WRONG)}
    limit = neutral.timing.time_limit
    return PolygonProblem(
        name=NAME,
        short_name=name,
        time_limit_ms=round(limit * 1000),
        memory_limit_bytes=MEMORY_LIMIT_MIB << 20,
        tests=tests,
        checker=source("checker.cpp"),
        validator=source("validator.cpp"),
        generator=source("gen.cpp"),
        testlib=find_header().read_bytes(),
        statement=resource("problem", "problem.en.tex").decode("utf-8"),
        solutions=solutions(accepted, wrong, files[_SLOW]),
        validator_tests=validator_tests(sample),
        checker_tests=checker_tests(sample, sample_answer),
        pdf=_statement_pdf(sample, sample_answer, limit) if pdf else None,
        author="downwedig maintainers",
    )


def polygon_contents(
    name: str,
    plan: Sequence[PlanTest],
    progress: Callable[[str], None] | None = None,
    *,
    time_limit: float | None = None,
    allow_uncaught: bool = False,
    pdf: bool = True,
) -> Contents:
    """The files of the Polygon package of short name ``name`` (``problem.xml`` first), which mistakes the
    tests catch and the time limit, as :func:`~downwedig.contest.shipping.package.package_contents` gives
    them for the other formats (and raising what it raises).  testlib.h missing, or ``lualatex`` when
    ``pdf``: a :class:`~downwedig.errors.CommandError` naming what to install, before any test is made.
    Cost: see the module docstring.

    >>> from downwedig.contest.generating.plan import read_plan
    >>> try:
    ...     contents = polygon_contents("dig", read_plan("n9 equal --n 9"), time_limit=5, pdf=False)
    ...     found = contents.files[0][0], dict(contents.files)["tests/02"][:2], contents.caught["first_day"]
    ... except CommandError as exc:  # (no testlib.h: pip install 'downwedig[judge]')
    ...     found = ("problem.xml", b"9\\n", "sample/1") if "testlib.h" in str(exc) else (str(exc),)
    >>> found
    ('problem.xml', b'9\\n', 'sample/1')
    """
    find_header()  # (its CommandError names what to install)
    if pdf and missing_tools(html=False):
        needs = f"{PDF_TOOL[0]}: {PDF_TOOL[1]}"
        raise CommandError(f"a Polygon package holds the statement as problem.pdf, which needs {needs}")
    neutral = package_contents("2025-09", name, plan, progress, time_limit=time_limit, allow_uncaught=allow_uncaught)
    files = package_files(polygon_problem(name, plan, neutral, pdf=pdf))
    return Contents(list(files.items()), neutral.caught, neutral.timing)


def _steps(data: bytes) -> int:
    return int(data[: data.index(b"\n")])


def write_polygon(
    path: Path,
    plan: Sequence[PlanTest] = (),
    *,
    force: bool = False,
    progress: Callable[[str], None] | None = None,
    time_limit: float | None = None,
    allow_uncaught: bool = False,
    pdf: bool = True,
) -> Built:
    """Write the Polygon package to the folder ``path``, as
    :func:`~downwedig.contest.shipping.package.write_package` writes the other formats: ``path`` checked
    first, the files written beside it and moved in whole, with the manifest; what was written (``tests`` are
    named ``sample/1`` and ``secret/NAME`` as there). Cost: :func:`polygon_contents`', and O(total size).
    """
    start = time.monotonic()
    destination = check_destination(path, force)
    contents = polygon_contents(
        destination.path.name, plan, progress, time_limit=time_limit, allow_uncaught=allow_uncaught, pdf=pdf
    )
    write_folder(destination, contents.files)
    files = dict(contents.files)
    tests = [("sample/1", _steps(files["tests/01"]))]
    tests += [(f"secret/{test.name}", _steps(files[f"tests/{i:02d}"])) for i, test in enumerate(plan, 2)]
    size = sum(len(data) for _, data in contents.files)
    seconds = time.monotonic() - start
    return Built(path, FORMAT, tests, len(files) + 1, size, seconds, contents.caught, contents.timing)
