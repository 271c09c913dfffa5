"""The Polygon package's files: problem.xml as real packages have it, and what the importers' own code makes of a
package of the small plan (p2d to DOMjudge, then DOMjudge's importer; rbx's importer), its programs run on it."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path
from typing import Any

import pytest

from downwedig.contest.shipping.formats import resource
from downwedig.contest.shipping.polygon import (
    CheckerTest,
    PolygonProblem,
    PolygonTest,
    Solution,
    package_files,
    statement_sections,
)
from downwedig.contest.shipping.programs.mistakes import MISTAKES
from downwedig.contest.shipping.testlib import find_header
from downwedig.errors import CommandError, InvalidTests

from ...conftest import missing_tool, need_tool
from ...domjudge import import_zip
from .polygon_example import example_problem, write_example

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


# ---- the small plan's package, through the importers' own code ------------------------------------


def need_header() -> None:
    """Skip (fail under CI) where testlib.h, which the example package carries, is not installed."""
    try:
        find_header()
    except CommandError as exc:
        missing_tool(f"needs testlib.h (the package carries it): {exc}")


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, PolygonProblem]:
    """The small plan's package: its inputs, and its folder (the zip beside it, with the same name and .zip).
    (Each test asks for the tools it needs first: a missing one skips it before the package is made.)"""
    need_header()
    folder = tmp_path_factory.mktemp("polygon") / "down-we-dig"
    problem = example_problem("small")
    write_example("small", folder, problem)
    return folder, problem


@pytest.fixture
def p2d() -> str:
    found = need_tool(["p2d"], "pip install -e '.[judge]' (PyPI p2d)")
    try:
        import yaml  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        missing_tool("needs PyYAML (DOMjudge's importer reads YAML): pip install -e '.[judge]'")
    return found


@pytest.fixture
def rbx_importer() -> type:
    try:
        from rbx.box.packaging.polygon.importer import PolygonImporter  # type: ignore[import-untyped]
    except ImportError:
        missing_tool("needs rbx-cp (rbx's Polygon importer): pip install -e '.[judge]'")
    return PolygonImporter  # type: ignore[no-any-return]


def test_p2d_converts_it_and_domjudge_imports_the_result(
    p2d: str, small: tuple[Path, PolygonProblem], tmp_path: Path
) -> None:
    small_package, example = small
    target = tmp_path / "D.zip"
    converted = subprocess.run(
        [p2d, "--code", "D", "-y", "-o", str(target), str(small_package.with_suffix(".zip"))],
        capture_output=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert converted.returncode == 0, converted.stdout.decode() + converted.stderr.decode()
    problem = import_zip(target)
    assert (problem.name, problem.timelimit, problem.shortname, problem.memlimit_kib) == (
        "Down We Dig",
        5,
        "D",
        512 << 10,
    )
    tests = example.tests
    assert problem.samples == ["01"] and problem.secrets == [f"{i:02d}" for i in range(2, len(tests) + 1)]
    assert problem.validator_dir == "output_validators/checker/"
    expected = {
        "submissions/accepted/solution.cpp": ("CORRECT", "cpp"),
        "submissions/accepted/solution.py": ("CORRECT", "python3"),
        "submissions/accepted/solution-pypy.py": ("CORRECT", "python3"),
        "submissions/time_limit_exceeded/slow.py": ("TIMELIMIT", "python3"),
    } | {f"submissions/wrong_answer/{m}.py": ("WRONG-ANSWER", "python3") for m in MISTAKES}
    assert problem.submissions == expected
    with zipfile.ZipFile(target) as archive:
        assert (
            archive.read("data/secret/02.in") == tests[1].input
            and archive.read("data/secret/02.ans") == tests[1].answer
        )
        assert archive.read("output_validators/checker/check.cpp") == (small_package / "files/check.cpp").read_bytes()


def test_rbx_imports_it(rbx_importer: type, small: tuple[Path, PolygonProblem], tmp_path: Path) -> None:
    # (rbx-cp 2.3.3's `rbx tool convert` fails in its own packagers whatever the package: a TypeError for a
    # missing testcase_entries. What reads the Polygon package is its importer, run here as convert runs it.)
    small_package, example = small
    asyncio.run(rbx_importer(main_language=None).import_package(small_package, tmp_path))
    described = (tmp_path / "problem.rbx.yml").read_text()
    for line in ("name: down-we-dig", "timeLimit: 5000", "memoryLimit: 512", "  path: checker.cpp", "  - testlib.h"):
        assert f"\n{line}\n" in described, line
    tests = example.tests
    assert len(list((tmp_path / "tests/tests").glob("*.in"))) == len(tests) - 1
    assert (tmp_path / "tests/samples/001.in").read_bytes() == tests[0].input


def test_every_generated_test_comes_again_from_its_script_line(
    gen_cpp: Path, small: tuple[Path, PolygonProblem]
) -> None:
    small_package = small[0]
    root = ET.parse(small_package / "problem.xml").getroot()
    generated = 0
    for index, test in enumerate(root.findall("judging/testset/tests/test"), 1):
        if test.get("method") == "generated":
            words = (test.get("cmd") or "").split()
            assert words[0] == "gen"
            made = subprocess.run([str(gen_cpp), *words[1:]], capture_output=True, timeout=60)
            assert made.stdout == (small_package / f"tests/{index:02d}").read_bytes(), words
            generated += 1
    assert generated == len(root.findall("judging/testset/tests/test")) - 1  # (all but the sample)


def test_the_validator_and_the_checker_give_their_tests_verdicts(
    testlib_programs: dict[str, Path], small: tuple[Path, PolygonProblem]
) -> None:
    small_package = small[0]
    root = ET.parse(small_package / "problem.xml").getroot()
    for index, test in enumerate(root.findall("assets/validators/validator/testset/tests/test"), 1):
        data = (small_package / f"files/tests/validator-tests/{index:02d}").read_bytes()
        result = subprocess.run([str(testlib_programs["validator"])], input=data, capture_output=True, timeout=60)
        assert (result.returncode == 0) == (test.get("verdict") == "valid"), index
    for test in root.findall("judging/testset/tests/test"):  # (and every test of the testset is valid)
        assert test.get("method") in ("manual", "generated")
    codes = {"ok": 0, "wrong-answer": 1, "presentation-error": 2}
    for index, test in enumerate(root.findall("assets/checker/testset/tests/test"), 1):
        base = small_package / f"files/tests/checker-tests/{index:02d}"
        files = [str(base), str(base) + ".o", str(base) + ".a"]
        result = subprocess.run([str(testlib_programs["checker"]), *files], capture_output=True, timeout=60)
        assert result.returncode == codes[test.get("verdict") or ""], (index, result.stderr)
    for index in range(1, len(root.findall("judging/testset/tests/test")) + 1):
        data = (small_package / f"tests/{index:02d}").read_bytes()
        result = subprocess.run([str(testlib_programs["validator"])], input=data, capture_output=True, timeout=60)
        assert result.returncode == 0, (index, result.stderr)


def test_the_example_script_writes_the_folder_and_the_zip(tmp_path: Path) -> None:
    need_header()
    folder, plan = tmp_path / "pkg", tmp_path / "tiny.plan"
    plan.write_text("two equal --n 2\n")
    written = subprocess.run(
        [sys.executable, "-m", "tests.contest.shipping.polygon_example", str(plan), str(folder)],
        capture_output=True,
        timeout=300,
        cwd=Path(__file__).resolve().parents[3],
    )
    assert written.returncode == 0, written.stderr
    with zipfile.ZipFile(folder.with_suffix(".zip")) as archive:
        assert archive.read("problem.xml") == (folder / "problem.xml").read_bytes()
        assert sorted(archive.namelist()) == sorted(
            str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()
        )
