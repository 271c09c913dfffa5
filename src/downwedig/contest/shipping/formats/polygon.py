"""Codeforces' Polygon package (``polygon``): what Polygon's "upload package" reads, and p2d, rbx, CMS, VNOJ and
ejudge import.  The format-neutral :class:`~.base.Problem` laid out as Polygon holds a problem
(:mod:`~downwedig.contest.shipping.polygon` writes the files):

- the ``tests`` testset: the statement's example first (``manual``, the
  sample), then the plan's tests in order: a generated one (``NAME FAMILY
  [options]``) is ``generated`` with the script line ``gen FAMILY [options]``,
  which ``files/gen.cpp`` turns into the same bytes as ``downwedig gen``; a
  hand-made one (``NAME file PATH``) is ``manual``; each test's name is its
  ``description``; every input and answer is in the package too (the
  importers read them; Polygon makes the generated ones again, as it refuses
  a raw test over 1 MiB);
- ``files/``: testlib.h (from ``rbx-cp``: :mod:`~downwedig.contest.shipping.testlib`), the validator, the
  checker and the generator; the validator's tests (the sample, valid, and
  every invalid case of :mod:`~downwedig.contest.shipping.cases`) and the checker's (the output cases on
  the sample, each with the verdict ``downwedig check`` gives);
- ``solutions/``: ``solution.cpp`` (``main``), the bundle under CPython and
  under PyPy (``accepted``), one file per caught mistake (``wrong-answer``),
  the O(n^2) one (``time-limit-exceeded``);
- ``statements/english/`` (``problem.tex`` for olymp.sty, the samples,
  ``problem-properties.json``), ``statement-sections/english/*.tex`` and
  ``statements/.pdf/english/problem.pdf`` (built with ``lualatex``, as the
  DOMjudge zip's is).

Cost: one ``lualatex`` run (a few seconds) and O(total size).  The zip Polygon
uploads is the folder's files at its root, ``problem.xml`` first
(:meth:`Polygon.archive`).

>>> script_line("random --n 10 --seed 3 --red 3/10")
('gen', 'random', '--n', '10', '--seed', '3', '--red', '3/10')
>>> FORMAT.name, FORMAT.recognises(Path("/nonexistent"))
('polygon', False)
"""

from __future__ import annotations

import re
import shlex
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path

from ....staircase import MEMORY_LIMIT_MIB
from ...generating.registry import get_family
from ...judging.check import check
from ..cases import INVALID_INPUTS, INVALID_OUTPUTS, VALID_OUTPUTS
from ..facts import LICENSE, NAME
from ..polygon import CPP, TAGS, CheckerTest, PolygonProblem, PolygonTest, Solution, package_files
from ..statement import PDF_TOOL, build_pdf
from ..submissions import PackageLimits, Submission, polygon_limits, polygon_submissions
from ..testlib import find_header, header_missing, source
from .base import Archive, PackagedTest, Problem, folder_members, resource

__all__ = [
    "FORMAT",
    "Polygon",
    "checker_tests",
    "missing",
    "polygon_problem",
    "script_line",
    "setter_solutions",
    "solutions",
    "validator_tests",
]

#: What a checker's exit status means as a Polygon checker test's verdict.
_VERDICTS = {0: "ok", 1: "wrong-answer", 2: "presentation-error"}


def script_line(arguments: str) -> tuple[str, ...]:
    """The words of the Polygon script line for the test ``downwedig gen ARGUMENTS`` prints: ``gen ARGUMENTS``
    (for a largest family, ``max``, which makes the judge's largest test whatever ``--n``, without the ``--n``
    it ignores). O(len).

    >>> script_line("max --n 10 --seed 0 --kind cycles")
    ('gen', 'max', '--seed', '0', '--kind', 'cycles')
    """
    words = shlex.split(arguments)
    if words and get_family(words[0]).largest and "--n" in words:
        at = words.index("--n")
        del words[at : at + 2]
    return ("gen", *words)


def checker_tests(sample: bytes, sample_answer: bytes) -> list[CheckerTest]:
    """The checker's tests: every output case of :mod:`~downwedig.contest.shipping.cases` on the sample, with
    ``downwedig check``'s verdict. O(cases).

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
    """The validator's tests: the sample (valid), then every invalid case of
    :mod:`~downwedig.contest.shipping.cases`. O(cases).

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


#: Polygon's source type of a solution, by its file's extension (others are not listed: say so).
SOURCE_TYPES = {".cpp": CPP, ".cc": CPP, ".cxx": CPP, ".c": "c.gcc", ".py": "python.3", ".java": "java11"}


def _desc_tag(text: str) -> str | None:
    """The tag a ``.desc`` file gives (``Tag: WRONG_ANSWER`` is ``wrong-answer``), or None."""
    found = re.search(r"(?m)^Tag:\s*(\S+)\s*$", text)
    return found[1].lower().replace("_", "-") if found else None


def setter_solutions(kept: Mapping[str, Path]) -> tuple[list[Solution], list[str]]:
    """The setter's solutions among the files ``kept`` by a rebuild (``solutions/NAME`` with ``NAME.desc`` beside
    it, as Polygon writes one), as problem.xml lists them (not written again: they stay the setter's); and a line
    for each solution of theirs, listed or why not. O(files).

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.cpp.desc").write_text("File name: a.cpp\\nTag: WRONG_ANSWER\\n")
    >>> listed, said = setter_solutions({"solutions/a.cpp": folder / "a.cpp", "solutions/a.cpp.desc": folder /
    ...     "a.cpp.desc", "solutions/b.py": folder / "b.py", "notes.txt": folder / "notes.txt"})
    >>> [(s.name, s.type, s.tag) for s in listed]
    [('a.cpp', 'cpp.g++17', 'wrong-answer')]
    >>> said[1]
    "solutions/b.py is not in problem.xml, so Polygon, p2d and rbx do not run it: give it solutions/b.py.desc \
(Polygon's own form: 'File name: b.py', then 'Tag: WRONG_ANSWER', say)"
    """
    listed, said = [], []
    for path in sorted(kept):
        folder, _, name = path.partition("/")
        if folder != "solutions" or "/" in name or name.endswith(".desc"):
            continue
        desc = kept.get(f"{path}.desc")
        tag = None
        if desc is not None:
            try:
                tag = _desc_tag(desc.read_text(encoding="utf-8", errors="replace"))
            except OSError:
                tag = None
        kind = SOURCE_TYPES.get(Path(name).suffix)
        if desc is None:
            said.append(
                f"{path} is not in problem.xml, so Polygon, p2d and rbx do not run it: give it {path}.desc "
                f"(Polygon's own form: 'File name: {name}', then 'Tag: WRONG_ANSWER', say)"
            )
        elif tag not in TAGS or tag == "main":
            said.append(
                f"{path} is not in problem.xml: its .desc's tag {tag or '(none)'} is not one Polygon gives a "
                f"setter's solution ({', '.join(t.upper().replace('-', '_') for t in TAGS if t != 'main')})"
            )
        elif kind is None:
            said.append(
                f"{path} is not in problem.xml: Polygon's source type for {Path(name).suffix or 'it'} is not "
                f"known here ({', '.join(SOURCE_TYPES)})"
            )
        else:
            listed.append(Solution(name, b"", kind, tag))
            said.append(f"{path} is in problem.xml, tagged {tag} (its .desc)")
    return listed, said


def missing() -> list[str]:
    """What writing a Polygon package needs and this machine lacks, each with how to install it: testlib.h
    (the package carries it) and ``lualatex`` (its PDF statement). O(PATH).

    >>> isinstance(missing(), list)
    True
    """
    lacking = header_missing()
    if shutil.which(PDF_TOOL[0]) is None:
        lacking.append(f"{PDF_TOOL[0]}, for the statement's PDF: {PDF_TOOL[1]}")
    return lacking


def _statement_pdf(sample: bytes, sample_answer: bytes, time_limit: float) -> bytes:
    """``problem.pdf``: the statement with its limits and the sample, as the DOMjudge zip's (``lualatex``)."""
    return build_pdf(resource("problem", "problem.en.tex"), sample, sample_answer, time_limit, MEMORY_LIMIT_MIB)


def polygon_problem(problem: Problem, *, pdf: bool = True) -> PolygonProblem:
    """The Polygon package of ``problem``: its tests with their script lines (from ``problem.generated``), the
    testlib programs and testlib.h, the solutions, the validator's and checker's tests, the statement and,
    unless ``pdf`` is False, its PDF. O(size), and the PDF's ``lualatex`` run; testlib.h or ``lualatex``
    missing: a :class:`~downwedig.errors.CommandError` naming what to install.

    >>> from downwedig.errors import CommandError
    >>> try:
    ...     made = polygon_problem(Problem("d", "0", 5, [("sample/1", b"1\\nWWWWWWWW\\n", b"2\\n"),
    ...         ("secret/a", b"2\\nWWWWWWWW\\nWWWWWWWW\\n", b"21\\n")], {"solution.cpp": b"", "solution.py": b""},
    ...         {}, b"", b"", b"", generated={"secret/a": "equal --n 2"}), pdf=False)
    ...     found = [test.cmd for test in made.tests]
    ... except CommandError as exc:  # (no testlib.h: pip install 'downwedig[judge]')
    ...     found = [None, ("gen", "equal", "--n", "2")] if "testlib.h" in str(exc) else [str(exc)]
    >>> found
    [None, ('gen', 'equal', '--n', '2')]
    """
    (_, sample, sample_answer), *secret = problem.tests
    tests = [PolygonTest(sample, sample_answer, sample=True, description="the statement's example")]
    for name, data, answer in secret:
        arguments = problem.generated.get(name)
        cmd = None if arguments is None else script_line(arguments)
        tests.append(PolygonTest(data, answer, cmd=cmd, description=name.removeprefix("secret/")))
    return PolygonProblem(
        name=NAME,
        short_name=problem.name,
        time_limit_ms=round(problem.time_limit * 1000),
        memory_limit_bytes=MEMORY_LIMIT_MIB << 20,
        tests=tests,
        checker=source("checker.cpp"),
        validator=source("validator.cpp"),
        generator=source("gen.cpp"),
        testlib=find_header().read_bytes(),
        statement=resource("problem", "problem.en.tex").decode("utf-8"),
        solutions=solutions(problem.accepted, problem.wrong_answer, problem.slow),
        listed=setter_solutions(problem.kept)[0],
        validator_tests=validator_tests(sample),
        checker_tests=checker_tests(sample, sample_answer),
        pdf=_statement_pdf(sample, sample_answer, problem.time_limit) if pdf else None,
        author=LICENSE[1],
    )


class Polygon:
    """The ``polygon`` format (see the module docstring)."""

    name: str = "polygon"
    summary: str = "a Polygon package, for Codeforces and the systems that import one (p2d, rbx, CMS)"
    checks: tuple[str, ...] = ("p2d", "rbx")
    judge: str = "Polygon"
    strength_note: str = "documents/downwedig-strength.md"  # (Polygon's folder for the problem's documents)

    def files(self, problem: Problem) -> list[tuple[str, bytes]]:
        """See :meth:`~downwedig.contest.shipping.formats.base.PackageFormat.files`."""
        return list(package_files(polygon_problem(problem)).items())

    def recognises(self, folder: Path) -> bool:
        """A ``problem.xml`` at the folder's root."""
        return (folder / "problem.xml").is_file()

    def judged(self, folder: Path) -> list[PackagedTest]:
        """``tests/01``, ``tests/02``, ... with their answers ``tests/NN.a``, in order."""
        found = [path for path in (folder / "tests").glob("*") if re.fullmatch(r"\d+", path.name)]
        return [
            PackagedTest(f"tests/{path.name}", path, path.with_name(path.name + ".a"))
            for path in sorted(found, key=lambda path: int(path.name))
            if path.with_name(path.name + ".a").is_file()
        ]

    def time_limit_note(self, limit: float, slowest_cpu_s: float | None) -> str:
        """Nothing: problem.xml holds the limit (in milliseconds)."""
        return ""

    def limits(self, folder: Path) -> PackageLimits:
        """The package's limits, each with where it came from (:mod:`~downwedig.contest.shipping.submissions`)."""

        return polygon_limits(folder)

    def submissions(self, folder: Path) -> list[Submission]:
        """The package's solutions, each with what it must get (:mod:`~downwedig.contest.shipping.submissions`)."""

        return polygon_submissions(folder)

    def missing(self, zip: bool) -> list[str]:
        """testlib.h and ``lualatex``, zip or not (:func:`missing`)."""
        return missing()

    def archive(self, folder: Path, time_limit: float) -> Archive:
        """What Polygon's "upload package" takes: the folder's files at its root, ``problem.xml`` first."""
        return Archive(self.judge, folder_members(folder, "problem.xml"), "problem.xml first")

    def submission_path(self, mistake: str) -> str:
        """``solutions/MISTAKE.py``."""
        return f"solutions/{mistake}.py"

    def test_label(self, name: str, index: int) -> str:
        """Polygon's number and the plan's name: ``test 05 (secret/04-n8-equal)``."""
        return f"test {index:02d} ({name})"

    def notes(self, problem: Problem) -> list[str]:
        """Each solution of the setter's in ``solutions/``: listed in problem.xml with its ``.desc``'s tag, or why
        not (:func:`setter_solutions`)."""
        return setter_solutions(problem.kept)[1]

    def stale(self, kept: Sequence[str]) -> list[str]:
        """Nothing: the importers make their packages elsewhere."""
        return []


#: The one object of this format, for the registry.
FORMAT = Polygon()
