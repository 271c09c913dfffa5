"""The problem package: its layout, its data, its submissions caught by its tests, and Kattis' own verifier."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from downwedig import answer, parse
from downwedig.contest.generating.plan import load_plan, read_plan
from downwedig.contest.generating.validate import validate
from downwedig.contest.judging.judge import find_tests, judge_test
from downwedig.contest.judging.verdict import Limits
from downwedig.contest.shipping.package import Built, check_destination, write_package
from downwedig.contest.shipping.programs.mistakes import MISTAKES
from downwedig.errors import InvalidDestination, InvalidPlan

from ...conftest import REQUIRE_TOOLS, SAMPLE, need_tool
from ...solutions import FAST_BUGS, fast_solution_command

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"


@pytest.fixture(scope="module")
def small_built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The legacy package of the plan ``small``, built once for the module's tests."""
    return write_package(tmp_path_factory.mktemp("small") / "downwedig", "legacy", load_plan("small"))


@pytest.fixture(scope="module")
def small(small_built: Built) -> Path:
    return small_built.path


#: A plan of two tests, enough for every wrong submission to be caught (quick to build twice).
TINY = "a equal --n 9\nb random --n 20\n"


def files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_the_legacy_layout(small: Path) -> None:
    names = set(files(small))
    assert {
        "problem.yaml",
        "problem_statement/problem.en.tex",
        "data/sample/1.in",
        "data/sample/1.ans",
        "input_validators/validate.py",
        "output_validators/validate.py",
        "submissions/accepted/solution.py",
        "submissions/time_limit_exceeded/slow.py",
    } <= names
    assert {f"submissions/wrong_answer/{m}.py" for m in MISTAKES} <= names
    assert {name.split("/")[0] for name in names} == {
        "downwedig-package.sha256",  # (what was written: only such a package is replaced by --force)
        "problem.yaml",
        "problem_statement",
        "data",
        "input_validators",
        "output_validators",
        "submissions",
    }
    secret = sorted(name for name in names if name.startswith("data/secret/"))
    assert len(secret) == 2 * len(load_plan("small"))
    yaml = (small / "problem.yaml").read_text()
    assert "validation: custom" in yaml and "time_limit" not in yaml and "memory: 512" in yaml
    assert re.search(r"^license: cc by$", yaml, re.M) and re.search(r"^rights_owner: \S", yaml, re.M)
    assert "source: Northern Eurasia Finals Online 2020 (NERC 2020), problem D" in yaml
    statement = (small / "problem_statement/problem.en.tex").read_text()
    assert statement.startswith("\\problemname{Down We Dig}") and "\\section*{Input}" in statement


def test_the_2023_07_layout_and_the_same_bytes_every_time(tmp_path: Path) -> None:
    # (The bytes of every generated test are pinned by the golden hashes of tests/contest/test_registry.py.)
    first, second, legacy_path = (tmp_path / name / "downwedig" for name in ("a", "b", "legacy"))
    write_package(first, "2023-07", read_plan(TINY))
    write_package(second, "2023-07", read_plan(TINY))
    write_package(legacy_path, "legacy", read_plan(TINY))
    made = files(first)
    assert made == files(second)
    yaml = made["problem.yaml"].decode()
    assert "problem_format_version: 2023-07-draft" in yaml and "name: Down We Dig" in yaml
    assert "time_limit: 5" in yaml and "validation" not in yaml
    assert re.search(r"^uuid: [0-9a-f-]{36}$", yaml, re.M)
    assert "statement/problem.en.md" in made and "output_validator/validate.py" in made
    # The data and the programs are those of the legacy package.
    legacy = files(legacy_path)
    assert {k: v for k, v in made.items() if k.startswith(("data/", "submissions/"))} == {
        k: v for k, v in legacy.items() if k.startswith(("data/", "submissions/"))
    }


def test_the_data(small: Path) -> None:
    assert (small / "data/sample/1.in").read_bytes() == SAMPLE.read_bytes()
    assert (small / "data/sample/1.ans").read_bytes() == SAMPLE.with_suffix(".ans").read_bytes()
    for test in find_tests([small / "data"]):
        data = test.input.read_bytes()
        assert len(validate(data)) >= 1
        assert test.answer.read_bytes() == answer(parse(data)).encode() + b"\n"
    inputs = [p.read_bytes() for p in (small / "data").rglob("*.in")]
    assert len(set(inputs)) == len(inputs)


def first_failure(command: str, root: Path) -> tuple[str, str] | None:
    """Judge ``command`` on the package's tests in order (as a judge does) up to the first that is not AC."""
    for test in find_tests([root / "data"]):
        result = judge_test(command, test, Limits(cpu_s=30))
        if result.verdict != "AC":
            return test.name, result.verdict
    return None


def test_the_accepted_solution_passes_and_each_wrong_one_fails_where_the_summary_says(small_built: Built) -> None:
    built = small_built
    python = shlex.quote(sys.executable)
    submissions = built.path / "submissions"
    assert first_failure(f"{python} {submissions / 'accepted/solution.py'}", built.path) is None
    assert set(built.caught) == set(MISTAKES)
    for mistake, test in built.caught.items():
        found = first_failure(f"{python} {submissions / 'wrong_answer' / mistake}.py", built.path)
        assert found == (test, "WA")


def test_a_reviewer_s_own_mistakes_are_caught(small: Path, tmp_path: Path) -> None:
    # Independent solutions (not the package's engine), each with a plausible mistake of its own.
    assert first_failure(fast_solution_command(tmp_path, "correct"), small) is None
    for bug in FAST_BUGS.keys() - {"correct"}:
        found = first_failure(fast_solution_command(tmp_path, bug), small)
        assert found is not None, f"no test catches {bug}"
        assert found[1] in ({"PE"} if bug == "reads_n_minus_1" else {"WA"})


def test_the_output_validator_says_why(small: Path, tmp_path: Path) -> None:
    data = small / "data" / "sample"
    command = [sys.executable, str(small / "output_validators/validate.py"), str(data / "1.in"), str(data / "1.ans")]
    accepted = subprocess.run([*command, str(tmp_path)], input=b"211112222212\n", timeout=60)
    wrong = subprocess.run([*command, str(tmp_path)], input=b"211112222222\n", timeout=60)
    assert (accepted.returncode, wrong.returncode) == (42, 43)
    message = (tmp_path / "judgemessage.txt").read_text()
    assert message.startswith("wrong answer on day 11: expected 1 (Dina wins), received 2 (Dima wins)")
    assert "\non day 11: " in message


def test_a_bad_folder_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    with pytest.raises(InvalidDestination, match="short name"):
        check_destination(tmp_path / "Down-We-Dig")
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "keep.txt").write_text("mine")
    with pytest.raises(InvalidDestination, match="not empty"):
        write_package(busy, "legacy", load_plan("small"))
    assert [p.name for p in busy.iterdir()] == ["keep.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["busy"]


def test_force_replaces_a_package_and_a_failure_leaves_nothing(tmp_path: Path) -> None:
    target = tmp_path / "out" / "pkg"
    write_package(target, "legacy", read_plan(TINY), force=True)
    (target / "notes.txt").write_text("mine")  # what the tool did not write is never deleted
    with pytest.raises(InvalidDestination, match=r"holds what 'downwedig package' did not write \(notes.txt\)"):
        write_package(target, "legacy", read_plan("a equal --n 9\nc random --n 30\n"), force=True)
    (target / "notes.txt").unlink()
    write_package(target, "legacy", read_plan("a equal --n 9\nc random --n 30\n"), force=True)
    assert (target / "data/secret/c.in").exists() and not (target / "data/secret/b.in").exists()
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["pkg"]
    # Two tests with the same input, then a plan that no test of which catches the short window.
    with pytest.raises(InvalidPlan, match="'b' is the same input as 'secret/a'"):
        write_package(
            tmp_path / "other", "legacy", read_plan("a equal --n 9 --row WWWWWWWW\nb equal --n 9 --row WWWWWWWW\n")
        )
    with pytest.raises(InvalidPlan, match="no test catches the mistake 'short_window'"):
        write_package(tmp_path / "other", "legacy", read_plan("a random --n 3\n"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def verifyproblem() -> str:
    """The verifyproblem of the ``judge`` extra (beside this interpreter first), with what it needs on PATH."""
    found = need_tool(["verifyproblem"], "pip install -e '.[judge]'")
    need_tool(["pypy3"], "apt-get install pypy3")
    need_tool(["lualatex"], "apt-get install texlive-luatex texlive-latex-extra texlive-fonts-recommended")
    need_tool(["tidy"], "apt-get install tidy")
    return found


@pytest.mark.parametrize("fmt", ["legacy", "2023-07"])
def test_kattis_verifyproblem_passes_the_package(tmp_path: Path, fmt: str) -> None:
    if not (THOROUGH or REQUIRE_TOOLS):
        pytest.skip(
            "slow (a full package, then about a minute of verifyproblem): runs under HYPOTHESIS_PROFILE=thorough"
        )
    tool = verifyproblem()
    if fmt == "2023-07":
        need_tool(["pandoc"], "apt-get install pandoc")
    built = write_package(tmp_path / "downwedig", fmt, load_plan("full"))
    # Its own bin first on PATH: Python submissions and the grader must not run under a slow shim.
    env = {**os.environ, "PATH": str(Path(tool).parent) + os.pathsep + os.environ["PATH"]}
    result = subprocess.run([tool, str(built.path)], capture_output=True, text=True, env=env, timeout=1800)
    log = result.stdout + result.stderr
    assert result.returncode == 0, log
    warnings = [line for line in log.splitlines() if line.startswith("WARNING")]
    if fmt == "legacy":
        assert "downwedig tested: 0 errors, 0 warnings" in log, log
        assert warnings == []
    else:
        assert "downwedig tested: 0 errors, 1 warning" in log, log
        assert len(warnings) == 1 and "Support for version 2023-07-draft is very incomplete" in warnings[0]
    for mistake in MISTAKES:
        assert re.search(rf"wrong_answer/{mistake}\.py \(.*\) OK: WA", log), log
    assert re.search(r"accepted/solution\.py \(.*\) OK: AC", log)
    assert re.search(r"time_limit_exceeded/slow\.py \(.*\) OK: TLE", log)
