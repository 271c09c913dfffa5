"""The Polygon package's files: problem.xml as real packages have it, the statement as Polygon keeps it, and what
refuses what Polygon would.  (What the importers make of the package ``downwedig package --format polygon`` writes,
and its programs run on it: test_polygon_package.py.)"""

from __future__ import annotations

import dataclasses
import json
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from downwedig.contest.shipping.formats import resource
from downwedig.contest.shipping.polygon import (
    CheckerTest,
    PolygonProblem,
    PolygonTest,
    Solution,
    olymp_statement,
    package_files,
    statement_sections,
)
from downwedig.errors import InvalidTests

#: Every element path of a real full package's problem.xml (NoviMar/Polygon-Codeforces, Smallest-Amount, as Polygon
#: wrote it) that this problem has a use for: ours must have each one.
REAL_PATHS = {
    "names/name",
    "statements/statement",
    "judging/testset/time-limit",
    "judging/testset/memory-limit",
    "judging/testset/test-count",
    "judging/testset/input-path-pattern",
    "judging/testset/answer-path-pattern",
    "judging/testset/tests/test",
    "files/resources/file",
    "files/executables/executable/source",
    "assets/checker/source",
    "assets/checker/copy",
    "assets/checker/testset/test-count",
    "assets/checker/testset/input-path-pattern",
    "assets/checker/testset/output-path-pattern",
    "assets/checker/testset/answer-path-pattern",
    "assets/checker/testset/tests/test",
    "assets/validators/validator/source",
    "assets/validators/validator/testset/test-count",
    "assets/validators/validator/testset/input-path-pattern",
    "assets/validators/validator/testset/tests/test",
    "assets/solutions/solution/source",
    "properties/property",
}


def tiny(**changes: Any) -> PolygonProblem:
    problem = PolygonProblem(
        name="Down We Dig",
        short_name="down-we-dig",
        time_limit_ms=5000,
        memory_limit_bytes=512 << 20,
        tests=[
            PolygonTest(b"1\nWWWWWWWW\n", b"2\n", sample=True),
            PolygonTest(b"2\nWWWWWWWW\nWWWWWWWW\n", b"21\n", cmd=("gen", "equal", "--n", "2", "--row", "WWWWWWWW")),
            PolygonTest(b"1\nRRRRRRRR\n", b"2\n", description="by hand"),
        ],
        checker=b"// check",
        validator=b"// validate",
        generator=b"// gen",
        testlib=b"// testlib",
        statement=resource("problem", "problem.en.tex").decode(),
        solutions=[Solution("solution.cpp", b"// main", "cpp.g++17", "main")],
        validator_tests=[(b"1\nWWWWWWWW\n", True), (b"0\n", False)],
        checker_tests=[
            CheckerTest(b"1\nWWWWWWWW\n", b"2\n", b"2\n", "ok"),
            CheckerTest(b"1\n", b"1\n", b"2\n", "wrong-answer"),
        ],
    )
    return dataclasses.replace(problem, **changes)


def paths(element: ET.Element, prefix: str = "") -> set[str]:
    found = set()
    for child in element:
        path = f"{prefix}{child.tag}"
        found |= {path} | paths(child, path + "/")
    return found


def test_problem_xml_has_what_a_real_package_has_and_every_file_it_names() -> None:
    files = package_files(tiny())
    root = ET.fromstring(files["problem.xml"])
    assert paths(root) >= REAL_PATHS
    assert root.get("short-name") == "down-we-dig"
    assert [name.attrib for name in root.findall("names/name")] == [
        {"language": "english", "main": "true", "value": "Down We Dig"}
    ]
    testset = root.find("judging/testset[@name='tests']")
    assert testset is not None
    assert (testset.findtext("time-limit"), testset.findtext("memory-limit")) == ("5000", str(512 << 20))
    tests = testset.findall("tests/test")
    assert testset.findtext("test-count") == "3" and [t.attrib for t in tests] == [
        {"method": "manual", "sample": "true"},
        {"cmd": "gen equal --n 2 --row WWWWWWWW", "method": "generated"},
        {"method": "manual", "description": "by hand"},
    ]
    # Every path problem.xml names is a file of the package: each source, and each test of each testset.
    named = {e.get("path") for e in root.iter() if e.get("path")}
    for each in root.iter("testset"):
        patterns = [e.text or "" for e in each if e.tag.endswith("-path-pattern")]
        named |= {p % i for p in patterns for i in range(1, int(each.findtext("test-count") or 0) + 1)}
    assert named <= set(files), named - set(files)
    assert {f"tests/{i:02d}{a}" for i in (1, 2, 3) for a in ("", ".a")} <= set(files)
    checker = root.find("assets/checker")
    assert checker is not None and checker.get("type") == "testlib"
    assert [t.get("verdict") for t in checker.findall("testset/tests/test")] == ["ok", "wrong-answer"]
    verdicts = [t.get("verdict") for t in root.findall("assets/validators/validator/testset/tests/test")]
    assert verdicts == ["valid", "invalid"] and files["files/tests/validator-tests/02"] == b"0\n"
    assert files["files/tests/checker-tests/02.o"] == b"1\n" and files["check.cpp"] == b"// check"
    assert {e.get("type") for e in root.iter("source")} == {"cpp.g++17"}
    assert files["solutions/solution.cpp.desc"] == b"File name: solution.cpp\nTag: MAIN\n"
    assert files["statements/english/example.01"] == b"1\nWWWWWWWW\n"


def test_the_statement_is_cut_into_polygons_sections() -> None:
    sections = statement_sections(resource("problem", "problem.en.tex").decode())
    assert list(sections) == ["name", "legend", "input", "output", "notes"]
    assert sections["name"] == "Down We Dig" and sections["legend"].startswith("Archaeologists are digging")
    assert sections["input"].startswith("The first line holds") and sections["notes"].endswith(
        "\\texttt{211112222212}."
    )
    assert not any("\\section" in text for text in sections.values())
    files = package_files(tiny())
    assert files["statement-sections/english/input.tex"] == (sections["input"] + "\n").encode()
    properties = json.loads(files["statements/english/problem-properties.json"])
    assert (properties["name"], properties["timeLimit"], properties["memoryLimit"]) == ("Down We Dig", 5000, 512 << 20)
    assert properties["sampleTests"] == [
        {"input": "1\nWWWWWWWW\n", "output": "2\n", "inputFile": "example.01", "outputFile": "example.01.a"}
    ]
    assert (properties["inputFile"], properties["outputFile"], properties["legend"]) == (
        "stdin",
        "stdout",
        sections["legend"],
    )


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"tests": []}, "at least one test"),
        ({"short_name": "Down We Dig"}, "short name"),
        ({"tests": [PolygonTest(b"", b"", cmd=("gen", "a b"))]}, "plain words"),
        ({"tests": [PolygonTest(b"", b"", cmd=("gen",), sample=True)]}, "not a sample"),
        ({"solutions": [Solution("a.cpp", b"", "cpp.g++17", "ok")]}, "no tag 'ok'"),
        ({"solutions": [Solution("a.cpp", b"", "cpp.g++17", "accepted")]}, "exactly one solution is tagged main"),
        ({"checker_tests": [CheckerTest(b"", b"", b"", "fine")]}, "verdict"),
    ],
)
def test_what_polygon_would_refuse_is_refused_by_name(changes: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidTests, match=words):
        package_files(tiny(**changes))


def test_problem_tex_is_polygons_olymp_statement() -> None:
    files = package_files(tiny())
    text = files["statements/english/problem.tex"].decode()
    sections = statement_sections(resource("problem", "problem.en.tex").decode())
    assert text == olymp_statement(tiny())
    assert text.startswith("\\begin{problem}{Down We Dig}{standard input}{standard output}{5 seconds}{512 megabytes}\n")
    assert text.endswith("\\end{problem}\n") and "\\section" not in text and "\\problemname" not in text
    order = [text.index(part) for part in (sections["legend"], "\\InputFile", sections["input"], "\\OutputFile")]
    assert order == sorted(order)
    # The one sample, by the file Polygon keeps it in beside the statement; then the notes.
    assert "\\Example\n\n\\exmpfile{example.01}{example.01.a}%\n" in text
    assert text.index("\\Note\n" + sections["notes"]) > text.index("\\exmpfile")
    two = tiny(tests=[*tiny().tests, PolygonTest(b"1\nRRRRRRRW\n", b"2\n", sample=True)], time_limit_ms=1500)
    text = olymp_statement(two)
    assert "{1.5 seconds}" in text and "\\Examples\n" in text and "\\exmpfile{example.04}{example.04.a}" in text
