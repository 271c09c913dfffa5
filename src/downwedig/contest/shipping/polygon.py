"""A Polygon package's files, from neutral inputs: what Codeforces' Polygon and its importers read.

Polygon (Codeforces' preparation system) uploads a package as a zip of a folder whose ``problem.xml``
says where everything is; p2d (to DOMjudge), rbx, CMS, VNOJ and ejudge import the same packages.  What
they agree on, and what :func:`package_files` writes:

- ``problem.xml``: the names, the statements, the limits (milliseconds, bytes), the ``tests`` testset
  (``tests/%02d`` and ``tests/%02d.a``, each test ``manual`` or ``generated`` with the ``cmd`` of its
  script line, the sample ``sample="true"``), ``files/`` (testlib.h a resource, the generator, checker
  and validator executables), the checker ``type="testlib"`` and the validator, each with its own
  testset of verdicts, and the solutions with their tags;
- every test and answer file (a *full* package, which the importers need; Polygon itself makes the
  ``generated`` tests again from their script lines, since it refuses raw tests over 1 MiB);
- ``statements/english/`` (the statement, ``problem-properties.json``, the samples as ``example.01``)
  and ``statement-sections/english/*.tex`` (its parts as Polygon's editor keeps them), and the PDF at
  ``statements/.pdf/english/problem.pdf`` when one is given.

Nothing here knows the problem: the caller (the ``polygon`` format, :mod:`.formats.polygon`) passes the
names, limits, tests, solutions and programs in a :class:`PolygonProblem`.  Pure functions, the
standard library's XML tools; cost O(size of the files), the bytes of the tests copied once.

>>> problem = PolygonProblem(
...     name="A plus B", short_name="aplusb", time_limit_ms=1000, memory_limit_bytes=256 << 20,
...     tests=[PolygonTest(b"1 2\\n", b"3\\n", sample=True), PolygonTest(b"", b"", cmd=("gen", "--n", "5"))],
...     checker=b"// check", validator=b"// validate", generator=b"// gen", testlib=b"// testlib",
...     statement="\\\\problemname{A plus B}\\nAdd.\\n\\\\section*{Input}\\nTwo numbers.\\n",
... )
>>> files = package_files(problem)
>>> sorted(name for name in files if name.startswith("tests/"))
['tests/01', 'tests/01.a', 'tests/02', 'tests/02.a']
>>> b'<test cmd="gen --n 5" method="generated" />' in files["problem.xml"]
True
"""

from __future__ import annotations

import dataclasses
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence

from ...errors import InvalidTests

__all__ = [
    "LANGUAGE",
    "CheckerTest",
    "PolygonProblem",
    "PolygonTest",
    "Solution",
    "olymp_statement",
    "package_files",
    "problem_properties",
    "problem_xml",
    "statement_sections",
]

#: The statements' language, as Polygon names it.
LANGUAGE = "english"
#: Polygon's source type for the C++ programs (it has no plain C++20: g++17 is what every importer builds).
CPP = "cpp.g++17"
#: Where the package's programs go, as Polygon lays them out.
GENERATOR, CHECKER, VALIDATOR, TESTLIB = "files/gen.cpp", "files/check.cpp", "files/val.cpp", "files/testlib.h"
#: The solution tags Polygon knows (polygon-cli's list); ``main`` makes the answers.
TAGS = (
    "main",
    "accepted",
    "rejected",
    "wrong-answer",
    "time-limit-exceeded",
    "time-limit-exceeded-or-accepted",
    "time-limit-exceeded-or-memory-limit-exceeded",
    "memory-limit-exceeded",
    "presentation-error",
    "failed",
)
_CHECKER_VERDICTS = ("ok", "wrong-answer", "presentation-error", "crashed")
#: A statement's sections in Polygon's order, and the LaTeX heading each starts at in the project's statement.
_SECTIONS = (("legend", None), ("input", "Input"), ("output", "Output"), ("notes", "Notes"))


@dataclasses.dataclass(frozen=True)
class PolygonTest:
    """A test of the ``tests`` testset: its input and answer, and the generator's words that make it (``cmd``,
    the script line's words: ``("gen", "random", "--n", "10")``) or None for a ``manual`` test."""

    input: bytes
    answer: bytes
    cmd: tuple[str, ...] | None = None
    sample: bool = False
    description: str = ""


@dataclasses.dataclass(frozen=True)
class CheckerTest:
    """A test of the checker: the input, an output, the answer and the verdict it must give (``ok``, ...)."""

    input: bytes
    output: bytes
    answer: bytes
    verdict: str


@dataclasses.dataclass(frozen=True)
class Solution:
    """A solution: its file name under ``solutions/``, its text, Polygon's source type and tag."""

    name: str
    source: bytes
    type: str
    tag: str


@dataclasses.dataclass(frozen=True)
class PolygonProblem:
    """Everything a Polygon package holds, in neutral terms (the problem's own words and files)."""

    name: str
    short_name: str
    time_limit_ms: int
    memory_limit_bytes: int
    tests: Sequence[PolygonTest]
    checker: bytes
    validator: bytes
    generator: bytes
    testlib: bytes
    statement: str  # the statement's LaTeX: \problemname{...}, the legend, then \section*{Input}, ...
    solutions: Sequence[Solution] = ()
    #: Solutions that problem.xml lists but the package does not write: the setter's own, kept where they are.
    listed: Sequence[Solution] = ()
    validator_tests: Sequence[tuple[bytes, bool]] = ()  # (input, valid)
    checker_tests: Sequence[CheckerTest] = ()
    pdf: bytes | None = None
    author: str = ""


def _test_paths(index: int) -> tuple[str, str]:
    return f"tests/{index:02d}", f"tests/{index:02d}.a"


def _check(problem: PolygonProblem) -> None:
    """Refuse what Polygon or an importer would: no tests, a sample that is not manual, bad words, tags, names."""
    if not problem.tests:
        raise InvalidTests("a Polygon package needs at least one test")
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", problem.short_name):
        raise InvalidTests(f"a Polygon short name is lowercase letters, digits and '-', got {problem.short_name!r}")
    for index, test in enumerate(problem.tests, 1):
        if test.cmd is not None and (test.sample or not test.cmd or any(re.search(r"[\s\"'<>|]", w) for w in test.cmd)):
            raise InvalidTests(f"test {index}: a generated test is one script line of plain words, not a sample")
    names = [solution.name for solution in [*problem.solutions, *problem.listed]]
    for solution in [*problem.solutions, *problem.listed]:
        if solution.tag not in TAGS:
            raise InvalidTests(f"solution {solution.name!r}: Polygon has no tag {solution.tag!r}")
        if "/" in solution.name or names.count(solution.name) > 1:
            raise InvalidTests(f"solution {solution.name!r}: a file name of its own under solutions/")
    if problem.solutions and [s.tag for s in problem.solutions].count("main") != 1:
        raise InvalidTests("exactly one solution is tagged main (it makes the answers)")
    for case in problem.checker_tests:
        if case.verdict not in _CHECKER_VERDICTS:
            raise InvalidTests(f"a checker test's verdict is one of {', '.join(_CHECKER_VERDICTS)}: {case.verdict!r}")


def _testset(parent: ET.Element, tag: str, patterns: Mapping[str, str], tests: list[dict[str, str]]) -> ET.Element:
    """A ``<testset>``: its test count, its path patterns (element name -> pattern) and its tests."""
    testset = ET.SubElement(parent, tag)
    ET.SubElement(testset, "test-count").text = str(len(tests))
    for element, pattern in patterns.items():
        ET.SubElement(testset, element).text = pattern
    listed = ET.SubElement(testset, "tests")
    for attributes in tests:
        ET.SubElement(listed, "test", attributes)
    return testset


def _statements(problem: PolygonProblem) -> list[tuple[str, str]]:
    """The statements problem.xml lists: (path, type)."""
    found = [(f"statements/{LANGUAGE}/problem.tex", "application/x-tex")]
    if problem.pdf is not None:
        found.append((f"statements/.pdf/{LANGUAGE}/problem.pdf", "application/pdf"))
    return found


def problem_xml(problem: PolygonProblem) -> bytes:
    """``problem.xml``, as Polygon writes it (UTF-8, indented). O(tests).

    >>> text = problem_xml(PolygonProblem("A", "a", 2000, 1 << 28, [PolygonTest(b"1\\n", b"2\\n", sample=True)],
    ...     b"", b"", b"", b"", "\\\\problemname{A}\\n")).decode()
    >>> "<time-limit>2000</time-limit>" in text and '<test method="manual" sample="true" />' in text
    True
    """
    _check(problem)
    root = ET.Element("problem", {"revision": "1", "short-name": problem.short_name})
    names = ET.SubElement(root, "names")
    ET.SubElement(names, "name", {"language": LANGUAGE, "main": "true", "value": problem.name})
    statements = ET.SubElement(root, "statements")
    for path, kind in _statements(problem):
        attributes = {"language": LANGUAGE, "path": path, "type": kind}
        if kind == "application/x-tex":
            attributes |= {"charset": "UTF-8", "mathjax": "true"}
        ET.SubElement(statements, "statement", attributes)
    judging = ET.SubElement(root, "judging", {"input-file": "", "output-file": "", "run-count": "1"})
    tests = []
    for test in problem.tests:
        attributes = {"method": "manual"} if test.cmd is None else {"cmd": " ".join(test.cmd), "method": "generated"}
        if test.sample:
            attributes["sample"] = "true"
        if test.description:
            attributes["description"] = test.description
        tests.append(attributes)
    patterns = {"input-path-pattern": "tests/%02d", "answer-path-pattern": "tests/%02d.a"}
    testset = _testset(judging, "testset", patterns, tests)
    testset.set("name", "tests")
    limits = [("time-limit", problem.time_limit_ms), ("memory-limit", problem.memory_limit_bytes)]
    for place, (element, value) in enumerate(limits):
        limit = ET.Element(element)
        limit.text = str(value)
        testset.insert(place, limit)
    files = ET.SubElement(root, "files")
    ET.SubElement(ET.SubElement(files, "resources"), "file", {"path": TESTLIB, "type": "h.g++"})
    executables = ET.SubElement(files, "executables")
    for path in (CHECKER, VALIDATOR, GENERATOR):
        ET.SubElement(ET.SubElement(executables, "executable"), "source", {"path": path, "type": CPP})
    assets = ET.SubElement(root, "assets")
    checker = ET.SubElement(assets, "checker", {"type": "testlib"})
    ET.SubElement(checker, "source", {"path": CHECKER, "type": CPP})
    ET.SubElement(checker, "copy", {"path": "check.cpp"})
    pattern = "files/tests/checker-tests/%02d"
    verdicts = [{"verdict": test.verdict} for test in problem.checker_tests]
    patterns = {
        "input-path-pattern": pattern,
        "output-path-pattern": pattern + ".o",
        "answer-path-pattern": pattern + ".a",
    }
    _testset(checker, "testset", patterns, verdicts)
    validator = ET.SubElement(ET.SubElement(assets, "validators"), "validator")
    ET.SubElement(validator, "source", {"path": VALIDATOR, "type": CPP})
    verdicts = [{"verdict": "valid" if valid else "invalid"} for _, valid in problem.validator_tests]
    _testset(validator, "testset", {"input-path-pattern": "files/tests/validator-tests/%02d"}, verdicts)
    solutions = ET.SubElement(assets, "solutions")
    for solution in [*problem.solutions, *problem.listed]:
        entry = ET.SubElement(solutions, "solution", {"tag": solution.tag})
        ET.SubElement(entry, "source", {"path": f"solutions/{solution.name}", "type": solution.type})
    properties = ET.SubElement(root, "properties")
    ET.SubElement(properties, "property", {"name": "tests-wellformed", "value": "true"})
    ET.indent(root, space="    ")
    text = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="utf-8" standalone="no"?>\n' + text + "\n").encode("utf-8")


def statement_sections(statement: str) -> dict[str, str]:
    """The parts of a LaTeX statement as Polygon keeps them: ``name`` (of ``\\problemname{...}``), ``legend``
    (up to the first heading), ``input``, ``output`` and ``notes`` (each under its ``\\section*{...}``);
    a part the statement lacks is left out. O(len).

    >>> statement_sections("\\\\problemname{X}\\nStory.\\n\\\\section*{Input}\\nA line.\\n")
    {'name': 'X', 'legend': 'Story.', 'input': 'A line.'}
    """
    found = re.match(r"\s*\\problemname\{([^}]*)\}(.*)", statement, re.DOTALL)
    name, body = (found.group(1), found.group(2)) if found else ("", statement)
    parts = re.split(r"\\section\*\{([^}]*)\}", body)
    by_heading = {heading: text.strip() for heading, text in zip(parts[1::2], parts[2::2], strict=True)}
    sections = {"name": name} if name else {}
    for section, heading in _SECTIONS:
        text = parts[0].strip() if heading is None else by_heading.get(heading, "")
        if text:
            sections[section] = text
    return sections


def _amount(value: float, unit: str) -> str:
    return f"{value:g} {unit}" + ("" if value == 1 else "s")


def olymp_statement(problem: PolygonProblem) -> str:
    """``statements/english/problem.tex`` as Polygon writes it for ``olymp.sty``: the ``problem`` environment
    with the name, standard input and output and the limits, then the legend, ``\\InputFile``,
    ``\\OutputFile``, the samples (``\\exmpfile``) and ``\\Note``. O(size).

    >>> problem = PolygonProblem("A", "a", 1000, 1 << 28, [PolygonTest(b"1\\n", b"2\\n", sample=True)],
    ...     b"", b"", b"", b"", "\\\\problemname{A}\\nAdd one.\\n")
    >>> print(olymp_statement(problem).splitlines()[0])
    \\begin{problem}{A}{standard input}{standard output}{1 second}{256 megabytes}
    """
    sections = statement_sections(problem.statement)
    time_limit = _amount(problem.time_limit_ms / 1000, "second")
    memory = _amount(problem.memory_limit_bytes / (1 << 20), "megabyte")
    name = sections.get("name", problem.name)
    parts = [f"\\begin{{problem}}{{{name}}}{{standard input}}{{standard output}}{{{time_limit}}}{{{memory}}}\n"]
    parts.append(sections.get("legend", "") + "\n")
    for command, section in (("InputFile", "input"), ("OutputFile", "output")):
        if section in sections:
            parts.append(f"\\{command}\n\n{sections[section]}\n")
    samples = [index for index, test in enumerate(problem.tests, 1) if test.sample]
    if samples:
        files = "".join(f"\\exmpfile{{example.{i:02d}}}{{example.{i:02d}.a}}%\n" for i in samples)
        parts.append(f"\\Example{'s' if len(samples) > 1 else ''}\n\n{files}")
    if "notes" in sections:
        parts.append(f"\\Note\n{sections['notes']}\n")
    return "\n".join(parts) + "\n\\end{problem}\n"


def problem_properties(problem: PolygonProblem) -> bytes:
    """``statements/english/problem-properties.json``: the statement's parts, the samples and the limits. O(size).

    >>> problem = PolygonProblem("A", "a", 1000, 1 << 28, [PolygonTest(b"1\\n", b"2\\n", sample=True)],
    ...     b"", b"", b"", b"", "\\\\problemname{A}\\nAdd one.\\n")
    >>> json.loads(problem_properties(problem))["sampleTests"]
    [{'input': '1\\n', 'output': '2\\n', 'inputFile': 'example.01', 'outputFile': 'example.01.a'}]
    """
    sections = statement_sections(problem.statement)
    samples = [
        {
            "input": test.input.decode("utf-8"),
            "output": test.answer.decode("utf-8"),
            "inputFile": f"example.{index:02d}",
            "outputFile": f"example.{index:02d}.a",
        }
        for index, test in enumerate(problem.tests, 1)
        if test.sample
    ]
    properties = {
        "name": sections.get("name", problem.name),
        "legend": sections.get("legend", ""),
        "input": sections.get("input", ""),
        "output": sections.get("output", ""),
        "notes": sections.get("notes", ""),
        "scoring": None,
        "interaction": None,
        "tutorial": "",
        "sampleTests": samples,
        "language": LANGUAGE,
        "timeLimit": problem.time_limit_ms,
        "memoryLimit": problem.memory_limit_bytes,
        "inputFile": "stdin",
        "outputFile": "stdout",
        "authorLogin": "",
        "authorName": problem.author,
    }
    return json.dumps(properties, ensure_ascii=False, indent=2).encode("utf-8") + b"\n"


def _solution_description(solution: Solution) -> bytes:
    """``solutions/NAME.desc``, as Polygon writes one beside each solution (its tag in capitals)."""
    return f"File name: {solution.name}\nTag: {solution.tag.upper().replace('-', '_')}\n".encode()


def package_files(problem: PolygonProblem) -> dict[str, bytes]:
    """Every file of the package by its path in the folder (``problem.xml`` first). O(size of the files).

    Raises :class:`~downwedig.errors.InvalidTests` for what Polygon or an importer would refuse (no test,
    a generated sample, a script line that is not plain words, an unknown tag, not one ``main``).
    """
    files = {"problem.xml": problem_xml(problem)}
    for index, test in enumerate(problem.tests, 1):
        given, answer = _test_paths(index)
        files[given], files[answer] = test.input, test.answer
        if test.sample:
            for folder in (f"statements/{LANGUAGE}", f"statement-sections/{LANGUAGE}"):
                files[f"{folder}/example.{index:02d}"] = test.input
                files[f"{folder}/example.{index:02d}.a"] = test.answer
    files |= {TESTLIB: problem.testlib, GENERATOR: problem.generator, VALIDATOR: problem.validator}
    files |= {CHECKER: problem.checker, "check.cpp": problem.checker}
    for index, case in enumerate(problem.checker_tests, 1):
        base = f"files/tests/checker-tests/{index:02d}"
        files |= {base: case.input, base + ".o": case.output, base + ".a": case.answer}
    for index, (data, _) in enumerate(problem.validator_tests, 1):
        files[f"files/tests/validator-tests/{index:02d}"] = data
    for solution in problem.solutions:
        files[f"solutions/{solution.name}"] = solution.source
        files[f"solutions/{solution.name}.desc"] = _solution_description(solution)
    files[f"statements/{LANGUAGE}/problem.tex"] = olymp_statement(problem).encode("utf-8")
    files[f"statements/{LANGUAGE}/problem-properties.json"] = problem_properties(problem)
    for section, text in statement_sections(problem.statement).items():
        files[f"statement-sections/{LANGUAGE}/{section}.tex"] = text.encode("utf-8") + b"\n"
    if problem.pdf is not None:
        files[f"statements/.pdf/{LANGUAGE}/problem.pdf"] = problem.pdf
    return files
