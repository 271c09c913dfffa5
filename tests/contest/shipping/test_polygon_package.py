"""``downwedig package --format polygon``: the package and its zip, through the importers' own code (p2d to
DOMjudge, then the port of DOMjudge's importer and p2d's checker run as DOMjudge runs it; rbx's importer), with
its programs built by g++ and run on it: the validator on every test and its own tests, the checker on its tests,
the generator on every test's script line.  Both built-in plans (the full one under the thorough profile, as CI
runs) and a setter's own plan, with a hand-made test."""

from __future__ import annotations

import asyncio
import subprocess
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

from downwedig import answer, parse
from downwedig.contest.generating.plan import load_plan
from downwedig.contest.shipping.destination import zip_comment
from downwedig.contest.shipping.formats import format_of, get_format
from downwedig.contest.shipping.formats.polygon import missing
from downwedig.contest.shipping.manifest import MARKER
from downwedig.contest.shipping.programs.mistakes import MISTAKES
from downwedig.contest.shipping.statement import PDF_TOOL
from downwedig.contest.shipping.testlib import find_header
from downwedig.errors import CommandError

from ...conftest import Cli, missing_tool, need_tool, only_thorough, run_cli
from ...domjudge import import_zip

#: The hand-made test of the setter's plan.
MINE = b"3\nWWWWWWWW\nRRRRRRRR\nWRWRWRWR\n"
OWN_PLAN = "n9 equal --n 9\nmine file mine.in\nrnd random --n 30 --seed 7 --red 3/10\nmx max --kind stutter\n"


def need_polygon() -> None:
    """Skip (fail under CI) where what a Polygon package needs is missing: testlib.h and lualatex."""
    need_tool([PDF_TOOL[0]], PDF_TOOL[1])
    try:
        find_header()
    except CommandError as exc:
        missing_tool(f"needs testlib.h (the package carries it): {exc}")


def write(folder: Path, plan: str, *extra: str) -> Path:
    """``package FOLDER --format polygon --tests PLAN --time-limit 5 --zip FOLDER.zip``; the folder."""
    result = run_cli(
        "package", folder, "--format", "polygon", "--tests", plan, "--time-limit", "5", "--zip", f"{folder}.zip", *extra
    )
    assert result.status == 0, result.stderr
    return folder


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    need_polygon()
    return write(tmp_path_factory.mktemp("small") / "downwedig", "small")


@pytest.fixture(scope="module")
def full(tmp_path_factory: pytest.TempPathFactory) -> Path:
    only_thorough("the full plan's package: its eight tests of n = 300,000 made in Python, some 20 s")
    need_polygon()
    return write(tmp_path_factory.mktemp("full") / "downwedig", "full")


@pytest.fixture(scope="module")
def own(tmp_path_factory: pytest.TempPathFactory) -> Path:
    need_polygon()
    folder = tmp_path_factory.mktemp("own")
    (folder / "mine.in").write_bytes(MINE)
    (folder / "my.plan").write_text(OWN_PLAN)
    return write(folder / "mine", str(folder / "my.plan"))


@pytest.fixture(params=["small", "full", "own"])
def package(request: pytest.FixtureRequest) -> Path:
    """Each package: both built-in plans' and the setter's."""
    return request.getfixturevalue(request.param)  # type: ignore[no-any-return]


def root_of(folder: Path) -> ET.Element:
    return ET.parse(folder / "problem.xml").getroot()


def listed_tests(folder: Path) -> list[ET.Element]:
    return root_of(folder).findall("judging/testset/tests/test")


def test_the_folder_and_the_zip_polygon_uploads(small: Path) -> None:
    listed = [line.split("  ", 1)[1] for line in (small / MARKER).read_text().splitlines()]
    on_disk = sorted(p.relative_to(small).as_posix() for p in small.rglob("*") if p.is_file())
    assert sorted([*listed, MARKER]) == on_disk
    with zipfile.ZipFile(small.with_suffix(".zip")) as archive:
        names = archive.namelist()
        assert archive.comment == zip_comment("Polygon") and names[0] == "problem.xml"
        assert sorted(names) == sorted(listed)  # (all but the manifest, at the zip's root)
        assert all(archive.read(name) == (small / name).read_bytes() for name in names)
    root = root_of(small)
    statements = {(s.get("type"), s.get("path")) for s in root.findall("statements/statement")}
    assert statements == {
        ("application/x-tex", "statements/english/problem.tex"),
        ("application/pdf", "statements/.pdf/english/problem.pdf"),
    }
    assert (small / "statements/.pdf/english/problem.pdf").read_bytes().startswith(b"%PDF-")
    assert (small / "statements/english/problem-properties.json").is_file()
    assert (small / "files/testlib.h").read_bytes() == find_header().read_bytes()
    tests = listed_tests(small)
    assert len(tests) == 1 + len(load_plan("small")) and tests[0].attrib == {
        "method": "manual",
        "sample": "true",
        "description": "the statement's example",
    }
    assert [t.get("description") for t in tests[1:]] == [test.name for test in load_plan("small")]
    tags: dict[str, list[tuple[str, str]]] = {}
    for solution in root.findall("assets/solutions/solution"):
        entry = solution.find("source")
        assert entry is not None
        tags.setdefault(solution.get("tag", ""), []).append((entry.get("path", ""), entry.get("type", "")))
    assert tags == {
        "main": [("solutions/solution.cpp", "cpp.g++17")],
        "accepted": [("solutions/solution.py", "python.3"), ("solutions/solution-pypy.py", "python.pypy3")],
        "wrong-answer": [(f"solutions/{m}.py", "python.pypy3") for m in MISTAKES],
        "time-limit-exceeded": [("solutions/slow.py", "python.pypy3")],
    }
    assert format_of(small) is get_format("polygon")
    judged = get_format("polygon").judged(small)
    assert [t.name for t in judged] == [f"tests/{i:02d}" for i in range(1, len(tests) + 1)]
    assert judged[1].answer.read_bytes() == (small / "tests/02.a").read_bytes()


def test_a_setters_plan_keeps_its_hand_made_test_manual(own: Path) -> None:
    tests = listed_tests(own)
    assert [(t.get("description"), t.get("method"), t.get("cmd")) for t in tests] == [
        ("the statement's example", "manual", None),
        ("n9", "generated", "gen equal --n 9 --seed 0"),
        ("mine", "manual", None),
        ("rnd", "generated", "gen random --n 30 --seed 7 --red 3/10"),
        ("mx", "generated", "gen max --seed 0 --kind stutter"),
    ]
    assert (own / "tests/03").read_bytes() == MINE
    assert (own / "tests/03.a").read_bytes() == (answer(parse(MINE)) + "\n").encode()


def test_every_generated_test_comes_again_from_its_script_line(gen_cpp: Path, package: Path) -> None:
    generated = 0
    for index, test in enumerate(listed_tests(package), 1):
        if test.get("method") == "generated":
            words = (test.get("cmd") or "").split()
            assert words[0] == "gen"
            made = subprocess.run([str(gen_cpp), *words[1:]], capture_output=True, timeout=60)
            assert made.returncode == 0 and made.stdout == (package / f"tests/{index:02d}").read_bytes(), words
            generated += 1
    manual = [t for t in listed_tests(package) if t.get("method") == "manual"]
    assert generated == len(listed_tests(package)) - len(manual) and generated >= 3


def test_the_validator_and_the_checker_give_their_tests_verdicts(
    testlib_programs: dict[str, Path], package: Path
) -> None:
    root = root_of(package)
    validator_tests = root.findall("assets/validators/validator/testset/tests/test")
    assert [t.get("verdict") for t in validator_tests].count("invalid") >= 19
    for index, test in enumerate(validator_tests, 1):
        data = (package / f"files/tests/validator-tests/{index:02d}").read_bytes()
        result = subprocess.run([str(testlib_programs["validator"])], input=data, capture_output=True, timeout=60)
        assert (result.returncode == 0) == (test.get("verdict") == "valid"), (index, result.stderr)
    for index in range(1, len(listed_tests(package)) + 1):  # (and every test of the testset is valid)
        data = (package / f"tests/{index:02d}").read_bytes()
        result = subprocess.run([str(testlib_programs["validator"])], input=data, capture_output=True, timeout=60)
        assert result.returncode == 0, (index, result.stderr)
    codes = {"ok": 0, "wrong-answer": 1, "presentation-error": 2}
    checker_tests = root.findall("assets/checker/testset/tests/test")
    assert {t.get("verdict") for t in checker_tests} == set(codes)
    for index, test in enumerate(checker_tests, 1):
        base = package / f"files/tests/checker-tests/{index:02d}"
        files = [str(base), str(base) + ".o", str(base) + ".a"]
        result = subprocess.run([str(testlib_programs["checker"]), *files], capture_output=True, timeout=60)
        assert result.returncode == codes[test.get("verdict") or ""], (index, result.stderr)


@pytest.fixture
def p2d() -> str:
    found = need_tool(["p2d"], "pip install -e '.[judge]' (PyPI p2d)")
    try:
        import yaml  # noqa: F401
    except ImportError:
        missing_tool("needs PyYAML (DOMjudge's importer reads YAML): pip install -e '.[judge]'")
    return found


def test_p2d_converts_it_and_domjudge_imports_the_result(p2d: str, package: Path, tmp_path: Path) -> None:
    target = tmp_path / "D.zip"
    converted = subprocess.run(
        [p2d, "--code", "D", "-y", "--with-statement", "-o", str(target), str(package.with_suffix(".zip"))],
        capture_output=True,
        timeout=600,
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
    count = len(listed_tests(package))
    assert problem.samples == ["01"] and problem.secrets == [f"{i:02d}" for i in range(2, count + 1)]
    assert (
        problem.statement == "problem_statement/problem.pdf" and problem.validator_dir == "output_validators/checker/"
    )
    expected = {
        "submissions/accepted/solution.cpp": ("CORRECT", "cpp"),
        "submissions/accepted/solution.py": ("CORRECT", "python3"),
        "submissions/accepted/solution-pypy.py": ("CORRECT", "python3"),
        "submissions/time_limit_exceeded/slow.py": ("TIMELIMIT", "python3"),
    } | {f"submissions/wrong_answer/{m}.py": ("WRONG-ANSWER", "python3") for m in MISTAKES}
    assert problem.submissions == expected
    with zipfile.ZipFile(target) as archive:
        for index in range(1, count + 1):
            kind = "sample" if index == 1 else "secret"
            assert archive.read(f"data/{kind}/{index:02d}.in") == (package / f"tests/{index:02d}").read_bytes()
            assert archive.read(f"data/{kind}/{index:02d}.ans") == (package / f"tests/{index:02d}.a").read_bytes()
        assert archive.read("output_validators/checker/check.cpp") == (package / "files/check.cpp").read_bytes()
        archive.extractall(tmp_path / "D")
    # DOMjudge builds the checker with p2d's testlib.h and runs it as `checker INPUT ANSWER FEEDBACK < OUTPUT`:
    # 42 for a right answer, 43 for a wrong one, with the checker's words in the feedback folder.
    compiler = need_tool(["g++"], "apt-get install g++")
    checker = tmp_path / "D/output_validators/checker"
    built = subprocess.run(
        [compiler, "-O2", "-std=gnu++17", "-o", str(checker / "run"), str(checker / "check.cpp")],
        capture_output=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr.decode()
    sample, answer = tmp_path / "D/data/sample/01.in", tmp_path / "D/data/sample/01.ans"
    for output, status in ((answer.read_bytes(), 42), (b"211112222222\n", 43), (b"21111\n", 43)):
        feedback = tmp_path / f"feedback-{status}-{len(output)}"
        feedback.mkdir()
        judged = subprocess.run(
            [str(checker / "run"), str(sample), str(answer), str(feedback)], input=output, capture_output=True
        )
        assert judged.returncode == status, judged.stderr
    message = (tmp_path / "feedback-43-13/judgemessage.txt").read_bytes()
    assert message == b"on day 11: expected 1 (Dina wins), received 2 (Dima wins); 1 of 12 days wrong"


def test_rbx_imports_it(small: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # (rbx-cp 2.3.3's `rbx tool convert` fails in its own packagers whatever the package: a TypeError for a
    # missing testcase_entries. What reads the Polygon package is its importer, run here as convert runs it.)
    try:
        from rbx.box.packaging.polygon import importer
    except ImportError:
        missing_tool("needs rbx-cp (rbx's Polygon importer): pip install -e '.[judge]'")
    pdf = (small / "statements/.pdf/english/problem.pdf").read_bytes()
    try:
        asyncio.run(importer.PolygonImporter(main_language=None).import_package(small, tmp_path / "first"))
        assert (tmp_path / "first/statements/english.pdf").read_bytes() == pdf
    except ValueError as exc:
        # rbx-cp 2.3.3 cannot import any package's PDF statement: its importer makes a Statement with the fields
        # `name` and `path`, which its own statements schema no longer has (pydantic: "Extra inputs are not
        # permitted"). It copies the PDF first; everything else is imported with that step left out.
        assert "statement-english" in str(exc) and "extra_forbidden" in str(exc), exc
        assert (tmp_path / "first/statements/english.pdf").read_bytes() == pdf
        monkeypatch.setattr(importer, "_populate_statements", lambda *args, **kwargs: None)
    asyncio.run(importer.PolygonImporter(main_language=None).import_package(small, tmp_path))
    described = (tmp_path / "problem.rbx.yml").read_text()
    for line in ("name: downwedig", "timeLimit: 5000", "memoryLimit: 512", "  path: checker.cpp", "  - testlib.h"):
        assert f"\n{line}\n" in described, line
    assert len(list((tmp_path / "tests/tests").glob("*.in"))) == len(listed_tests(small)) - 1
    assert (tmp_path / "tests/samples/001.in").read_bytes() == (small / "tests/01").read_bytes()
    rbx_tests = sorted((tmp_path / "tests/tests").glob("*.in"))
    assert [path.read_bytes() for path in rbx_tests] == [
        (small / f"tests/{i:02d}").read_bytes() for i in range(2, len(rbx_tests) + 2)
    ]


# ---- the command line -----------------------------------------------------------------------------


def test_without_tex_it_says_what_to_install_and_writes_nothing(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))  # (no lualatex, whatever the machine has)
    result = cli("package", tmp_path / "downwedig", "--format", "polygon", "--tests", "small")
    assert result.status == 1 and result.stdout == b""
    assert "error: --format polygon needs " in result.stderr  # (and testlib.h first, where it is missing)
    assert result.stderr.endswith(f"lualatex, for the statement's PDF: {PDF_TOOL[1]}\n")
    assert not (tmp_path / "downwedig").exists() and list(tmp_path.iterdir()) == []
    assert any("lualatex" in what for what in missing())


def test_force_replaces_its_own_package_and_zip_only(cli: Cli, tmp_path: Path) -> None:
    need_polygon()
    plan = tmp_path / "tiny.plan"
    plan.write_text("n9 equal --n 9\n")
    folder = write(tmp_path / "dig", str(plan))
    zipped = folder.with_suffix(".zip")
    again = ("package", folder, "--format", "polygon", "--tests", plan, "--time-limit", "5", "--zip", zipped)
    refused = cli(*again)
    assert refused.status == 2 and "is not empty (--force replaces it)" in refused.stderr
    before = zipped.read_bytes()
    assert cli(*again, "--force").status == 0 and zipped.read_bytes() == before  # (the same bytes again)
    theirs = tmp_path / "theirs.zip"
    theirs.write_bytes(b"mine")
    other = cli("package", tmp_path / "other", "--format", "polygon", "--tests", plan, "--zip", theirs, "--force")
    assert other.status == 2 and "is not a zip that 'downwedig package' wrote" in other.stderr
    assert theirs.read_bytes() == b"mine" and not (tmp_path / "other").exists()
    summary = cli(*again, "--force").out
    assert "(polygon format): 1 sample and 1 secret tests (n from 9 to 9" in summary
    assert "  solutions/short_window.py is caught by test 02 (secret/n9)\n" in summary
    assert f"package: wrote {zipped} for Polygon: " in summary


def test_a_setter_s_solution_with_its_desc_is_in_problem_xml_and_one_without_is_said(
    cli: Cli, p2d: str, tmp_path: Path
) -> None:
    """S2: a solution added to ``solutions/`` with a ``.desc`` (Polygon's own form) is listed with its tag on the
    rebuild, so p2d carries it with its verdict; one without a ``.desc`` is named as left out."""
    need_polygon()
    plan = tmp_path / "tiny.plan"
    plan.write_text("n9 equal --n 9\n")
    folder = write(tmp_path / "dig", str(plan))
    (folder / "solutions/seven.cpp").write_text("int main() { return 0; }\n")
    (folder / "solutions/seven.cpp.desc").write_text("File name: seven.cpp\nTag: WRONG_ANSWER\n")
    (folder / "solutions/mine.py").write_text("print(2)\n")
    again = ("package", folder, "--format", "polygon", "--tests", plan, "--time-limit", "5", "--force")
    rebuilt = cli(*again, "--zip", folder.with_suffix(".zip"))
    assert rebuilt.status == 0, rebuilt.stderr
    assert "package: solutions/seven.cpp is in problem.xml, tagged wrong-answer (its .desc)\n" in rebuilt.out
    assert "package: solutions/mine.py is not in problem.xml, so Polygon, p2d and rbx do not run it: give it " in (
        rebuilt.out
    )
    sources = {
        source.get("path"): (source.get("type"), solution.get("tag"))
        for solution in ET.parse(folder / "problem.xml").getroot().iter("solution")
        for source in solution.iter("source")
    }
    assert sources["solutions/seven.cpp"] == ("cpp.g++17", "wrong-answer") and "solutions/mine.py" not in sources
    assert (folder / "solutions/seven.cpp").read_text() == "int main() { return 0; }\n"  # (still the setter's)
    target = tmp_path / "D.zip"
    converted = subprocess.run(
        [p2d, "--code", "D", "-y", "-o", str(target), str(folder.with_suffix(".zip"))],
        capture_output=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert converted.returncode == 0, converted.stdout.decode() + converted.stderr.decode()
    with zipfile.ZipFile(target) as archive:
        assert "submissions/wrong_answer/seven.cpp" in archive.namelist()
