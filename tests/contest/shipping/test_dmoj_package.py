"""``downwedig package --format dmoj``: DMOJ's problem folder, read as DMOJ's judge reads it (its ``init.yml`` by
PyYAML, as ``dmoj/problem.py`` does), judged by ``downwedig test`` as it stands, and its zip.  (DMOJ's judge itself
runs it in ``test_dmoj_judge.py``.)"""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

import pytest

from downwedig.contest.generating.plan import read_plan
from downwedig.contest.shipping.destination import zip_comment
from downwedig.contest.shipping.formats import format_of, get_format
from downwedig.contest.shipping.formats.dmoj import SLOW_N
from downwedig.contest.shipping.manifest import MARKER
from downwedig.contest.shipping.package import Built, write_package, write_zip
from downwedig.contest.shipping.programs.mistakes import MISTAKES
from downwedig.contest.shipping.testlib import find_header
from downwedig.errors import CommandError

from ...conftest import Cli, missing_tool

#: A plan that catches every mistake, with one test where slow.py needs minutes.
PLAN = "n9 equal --n 9\nr30 random --n 30 --seed 7\nbig random --n 50000 --seed 1\n"


def need_header() -> None:
    try:
        find_header()
    except CommandError as exc:
        missing_tool(f"needs testlib.h (the folder carries it for its checker): {exc}")


def init(folder: Path) -> dict[str, Any]:
    """``init.yml`` as DMOJ's judge reads it: ``yaml.safe_load``."""
    try:
        import yaml
    except ImportError:
        missing_tool("needs PyYAML (DMOJ's judge reads init.yml with it): pip install -e '.[judge]'")
    found: dict[str, Any] = yaml.safe_load((folder / "init.yml").read_text())
    return found


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    need_header()
    return write_package(tmp_path_factory.mktemp("dmoj") / "downwedig", "dmoj", read_plan(PLAN), time_limit=5)


def test_init_yml_lists_every_test_in_order_with_the_bridged_testlib_checker(built: Built) -> None:
    config = init(built.path)
    names = [name for name, _ in built.tests]
    assert config["test_cases"] == [{"in": f"data/{n}.in", "out": f"data/{n}.out", "points": 1} for n in names]
    for case in config["test_cases"]:
        assert (built.path / case["in"]).is_file() and (built.path / case["out"]).is_file()
    assert (built.path / "data/secret/n9.out").read_bytes() == b"211111111\n"
    checker = config["checker"]
    assert checker["name"] == "bridged"
    assert checker["args"] == {
        "files": ["checker.cpp", "testlib.h"],
        "lang": "CPP17",
        "type": "testlib",
        "feedback": True,
    }
    assert b"registerTestlibCmd" in (built.path / "checker.cpp").read_bytes()
    assert (built.path / "testlib.h").read_bytes() == find_header().read_bytes()
    assert "time_limit" not in config and "memory_limit" not in config  # (DMOJ keeps them in its site)


def test_the_self_tests_expect_what_each_solution_must_get(built: Built) -> None:
    listed = init(built.path)["tests"]
    for test in listed:
        assert (built.path / test["source"]).is_file()
        assert (test["time"], test["memory"]) == (5, 512 * 1024)
    accepted = [(t["source"], t["language"]) for t in listed if t["expect"] == "AC" and "cases" not in t]
    assert sorted(accepted) == [
        ("solutions/solution.cpp", "CPP17"),
        ("solutions/solution.py", "PY3"),
        ("solutions/solution.py", "PYPY3"),
    ]
    tests = {test["source"]: test for test in listed if test["source"] != "solutions/solution.py"}
    cases = {name: index for index, (name, _) in enumerate(built.tests, 1)}
    for mistake in MISTAKES:
        test = tests[f"solutions/{mistake}.py"]
        assert (test["language"], test["expect"]) == ("PYPY3", ["AC", "WA"])
        assert test["cases"] == {cases[built.caught[mistake]]: "WA"}
    slow = tests["solutions/slow.py"]
    assert (slow["expect"], slow["cases"]) == (["AC", "TLE"], {cases["secret/big"]: "TLE"})
    assert [n for name, n in built.tests if cases[name] in slow["cases"]] == [SLOW_N]


def test_the_readme_and_the_summary_say_the_limits_a_dmoj_admin_enters(built: Built, cli: Cli) -> None:
    readme = (built.path / "README.md").read_text()
    assert "| Time limit | 5 s |" in readme and "| Memory limit | 524288 KB (512 MiB) |" in readme
    assert "| 4 | secret/big | 50000 |" in readme
    assert all(language in readme for language in ("CPP17", "PY3", "PYPY3"))
    assert "DMOJ keeps the limits in its site, not in init.yml: give the problem 5 s and 524288 KB" in (
        built.timing.reason
    )
    statement = (built.path / "statement.md").read_text()
    assert "$" not in statement and "~n~" in statement and "## Sample Output 1\n\n```\n211112222212\n```" in statement


def test_downwedig_test_judges_the_folder_as_it_stands(built: Built, cli: Cli) -> None:
    assert format_of(built.path) is get_format("dmoj")
    assert [test.name for test in get_format("dmoj").judged(built.path)] == [name for name, _ in built.tests]
    mistake = built.path / "solutions" / "short_window.py"
    result = cli("test", "--solution", f"python3 {mistake}", "-x", built.path)
    assert result.status == 1
    assert f"first failure: {built.caught['short_window']} (WA)" in result.out


def test_the_zip_is_the_folder_at_its_root_init_yml_first(built: Built, tmp_path: Path) -> None:
    target = tmp_path / "downwedig.zip"
    said = write_zip(built, target)
    with zipfile.ZipFile(target) as archive:
        names = archive.namelist()
        assert archive.comment == zip_comment("DMOJ")
        assert names[0] == "init.yml" and MARKER not in names
        on_disk = sorted(p.relative_to(built.path).as_posix() for p in built.path.rglob("*") if p.is_file())
        assert sorted(names) == [name for name in on_disk if name != MARKER]
        assert archive.read("data/secret/big.in") == (built.path / "data/secret/big.in").read_bytes()
    assert said.startswith(f"{len(names)} files at its root, init.yml first, ")


def test_a_folder_of_dmoj_s_own_is_judged_on_its_cases(tmp_path: Path) -> None:
    """``init.yml`` as a setter writes it (block style, a batch, a generator's case): the cases with files."""
    folder = tmp_path / "aplusb"
    folder.mkdir()
    (folder / "init.yml").write_text(
        "archive: aplusb.zip\ntest_cases:\n- in: aplusb.1.in\n  out: 'aplusb.1.out'\n  points: 5\n"
        "- points: 10\n  batched:\n  - {in: aplusb.2.in, out: aplusb.2.out}\n- {generator_args: [1], points: 1}\n"
        "checker: standard\n"
    )
    for name in ("aplusb.1.in", "aplusb.1.out", "aplusb.2.in", "aplusb.2.out"):
        (folder / name).write_text("1\n")
    assert [test.name for test in get_format("dmoj").judged(folder)] == ["aplusb.1", "aplusb.2"]


def test_the_command_says_the_cases_by_number_and_writes_the_zip_for_dmoj(cli: Cli, tmp_path: Path) -> None:
    need_header()
    plan = tmp_path / "my.plan"
    plan.write_text("n9 equal --n 9\n")
    folder, target = tmp_path / "dig", tmp_path / "dig.zip"
    result = cli("package", folder, "--format", "dmoj", "--tests", plan, "--time-limit", "5", "--zip", target)
    assert result.status == 0, result.stderr
    assert "(dmoj format): 1 sample and 1 secret tests" in result.out
    assert "  solutions/short_window.py is caught by case 2 (secret/n9)\n" in result.out
    assert f"package: wrote {target} for DMOJ: " in result.out and zipfile.is_zipfile(target)


def test_its_limits_and_solutions_are_read_from_init_yml_as_the_self_tests_give_them(built: Built, cli: Cli) -> None:
    # test with no --solution judges every self-test's solution in its language, under the self-tests' limits, and
    # checks each against its expect (on every case) and its cases (where it must get a verdict).
    from downwedig.contest.shipping.submissions import dmoj_limits, dmoj_submissions

    limits = dmoj_limits(built.path)
    assert (limits.time_s, limits.memory_mib) == (5, 512) and "self-tests" in limits.time_source
    found = {submission.name: submission for submission in dmoj_submissions(built.path)}
    assert (
        "solutions/solution.py under PYPY3" in found and found["solutions/solution.py under PYPY3"].language == "PYPY3"
    )
    short = found["solutions/short_window.py under PYPY3"].expectations
    assert [str(e) for e in short] == [
        "permitted: AC, WA (" + str(built.path / "init.yml") + ": tests[5] (short_window.py under PYPY3))",
        "permitted: AC, WA; required: WA on " + built.caught["short_window"]
        + " (" + str(built.path / "init.yml") + ": tests[5] (short_window.py under PYPY3), case "
        + str([name for name, _ in built.tests].index(built.caught["short_window"]) + 1) + ")",
    ]  # fmt: skip
    result = cli("test", built.path, "-j", "2")
    assert result.status == 0 and "8 of 8 with an expectation as expected" in result.out, result.out
