"""The package as the setter's workspace (issue 25): judged as a package, rebuilt without losing the setter's
work, plans that fail cleanly, the stress loop closed."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from downwedig.contest.generating.plan import read_plan
from downwedig.contest.shipping.package import write_package

from ..conftest import Cli

PLAN = "n9-equal equal --n 9\nrandom-20 random --n 20 --seed 3\n"


@pytest.fixture(scope="module", params=["2025-09", "legacy"])
def package(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp(str(request.param)) / "downwedig"
    write_package(folder, str(request.param), read_plan(PLAN), time_limit=5)
    return folder


@pytest.fixture(scope="module")
def solution(tmp_path_factory: pytest.TempPathFactory) -> str:
    from downwedig.contest.shipping.bundle import PROGRAMS, bundle

    script = tmp_path_factory.mktemp("solution") / "solution.py"
    script.write_text(bundle(PROGRAMS["solution"]))
    return f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}"


@pytest.mark.parametrize("where", ["", "data", "data/secret"])
def test_a_package_is_judged_on_its_sample_and_secret_tests_named_under_data(
    cli: Cli, package: Path, solution: str, where: str
) -> None:
    result = cli("test", "--solution", solution, "--format", "json", package / where)
    assert result.status == 0, result.stderr
    names = [row["name"] for row in json.loads(result.out)["tests"]]
    secret = ["secret/n9-equal", "secret/random-20"]
    assert names == (secret if where == "data/secret" else ["sample/1", *secret])
    text = cli("test", "--solution", solution, package / where)
    assert text.status == 0, text.stderr
    assert [line.split()[0] for line in text.out.splitlines()[1 : 1 + len(names)]] == names


def test_a_test_file_of_a_package_is_named_under_data(cli: Cli, package: Path, solution: str) -> None:
    result = cli("test", "--solution", solution, package / "data/secret/n9-equal.in")
    assert result.status == 0, result.stderr
    assert result.out.splitlines()[1].split()[:2] == ["secret/n9-equal", "AC"]


def test_a_folder_that_is_not_a_package_is_searched_as_before(
    cli: Cli, package: Path, solution: str, tmp_path: Path
) -> None:
    (tmp_path / "mine").mkdir()
    for suffix in (".in", ".ans"):
        (tmp_path / "mine" / f"a{suffix}").write_bytes((package / f"data/sample/1{suffix}").read_bytes())
    result = cli("test", "--solution", solution, tmp_path / "mine")
    assert result.status == 0, result.stderr
    assert result.out.splitlines()[1].split()[:2] == ["a", "AC"]
