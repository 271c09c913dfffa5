"""The problem package: its two layouts, its data, its submissions caught by its tests, its time limit."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from downwedig import answer, parse
from downwedig.contest.generating.plan import load_plan, read_plan
from downwedig.contest.generating.validate import validate
from downwedig.contest.judging import judge as judging
from downwedig.contest.judging.judge import find_tests, judge_test
from downwedig.contest.judging.verdict import Limits
from downwedig.contest.running.runner import Runner
from downwedig.contest.shipping.cases import INVALID_INPUTS, INVALID_OUTPUTS, STRICT_INVALID_OUTPUTS, VALID_OUTPUTS
from downwedig.contest.shipping.destination import check_destination
from downwedig.contest.shipping.package import Built, write_package
from downwedig.contest.shipping.programs.mistakes import MISTAKES
from downwedig.errors import InvalidDestination, InvalidPlan

from ...conftest import SAMPLE, THOROUGH
from ...solutions import FAST_BUGS, fast_solution_command


@pytest.fixture(scope="module")
def small_built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The 2025-09 package of the plan ``small``, built once for the module's tests (under the default profile,
    of its tests up to n = 2000: the larger ones, the adversarial families', take most of the time to make)."""
    plan = [test for test in load_plan("small") if THOROUGH or test.steps <= 2000]
    return write_package(tmp_path_factory.mktemp("small") / "downwedig", "2025-09", plan, time_limit=5, strength=False)


@pytest.fixture(scope="module")
def small(small_built: Built) -> Path:
    return small_built.path


#: A plan of two tests, enough for every wrong submission to be caught (quick to build twice).
TINY = "a equal --n 9\nb random --n 20\n"


def files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_the_2025_09_layout(small: Path) -> None:
    names = set(files(small))
    assert {
        "problem.yaml",
        "statement/problem.en.tex",
        "statement/problem.en.md",
        "solution/solution.en.tex",
        "data/sample/1.in",
        "data/sample/1.ans",
        "input_validators/validate.py",
        "output_validator/validate.py",
        "submissions/submissions.yaml",
        "submissions/accepted/solution.cpp",
        "submissions/accepted/solution.py",
        "submissions/time_limit_exceeded/slow.py",
        "data/invalid_output/space_change_sensitive/test_group.yaml",
    } <= names
    assert {f"submissions/wrong_answer/{m}.py" for m in MISTAKES} <= names
    assert {f"data/invalid_input/{case}.in" for case in INVALID_INPUTS} <= names
    assert {f"data/valid_output/{case}.out" for case in VALID_OUTPUTS} <= names
    assert {f"data/invalid_output/{case}.out" for case in INVALID_OUTPUTS} <= names
    assert {name.split("/")[0] for name in names} == {
        "downwedig-package.sha256",  # (what was written: only such a package is replaced by --force)
        "problem.yaml",
        "statement",
        "solution",
        "problem_slide",  # (bt problem_slides' frame)
        "data",
        "input_validators",
        "answer_validators",  # (bt constraints' answer check)
        "output_validator",
        "submissions",
        "generators",  # (generators.yaml and gen.cpp: bt generate makes data/ again)
    }
    assert {"generators/gen.cpp", "generators/generators.yaml", "answer_validators/validate.py"} <= names
    assert {"problem_slide/problem-slide.en.tex", "data/fuzz/random-10.in", "data/fuzz/sparse-100.ans"} <= names
    rules = (small / "generators/generators.yaml").read_text()
    assert '"random-10": "gen.cpp random --n 10 --seed {seed:1}"' in rules  # (bt fuzz draws its seed anew)
    yaml = (small / "problem.yaml").read_text()
    for line in ("problem_format_version: 2025-09", "type: pass-fail", "name: Down We Dig", "  time_limit: 5"):
        assert re.search(f"^{re.escape(line)}$", yaml, re.M), line
    assert re.search(r"^uuid: [0-9a-f-]{36}$", yaml, re.M) and "validation" not in yaml
    statement = (small / "statement/problem.en.tex").read_text()
    assert "\\begin{Input}" in statement and "\\end{Output}" in statement and "\\subsection*{Notes}" in statement
    assert "## Notes" in (small / "statement/problem.en.md").read_text()
    expectations = (small / "submissions/submissions.yaml").read_text()
    assert "accepted/solution.cpp:" in expectations and "time_limit_exceeded/slow.py:" in expectations
    for mistake in MISTAKES:
        assert f"wrong_answer/{mistake}.py:  # {MISTAKES[mistake].description}\n" in expectations


def test_the_legacy_layout_and_the_same_bytes_every_time(tmp_path: Path) -> None:
    # (The bytes of every generated test are pinned by the golden hashes of tests/contest/test_registry.py.)
    first, second, legacy_path = (tmp_path / name / "downwedig" for name in ("a", "b", "legacy"))
    write_package(first, "2025-09", read_plan(TINY), time_limit=5, strength=False)
    write_package(second, "2025-09", read_plan(TINY), time_limit=5, strength=False)
    write_package(legacy_path, "legacy", read_plan(TINY), time_limit=5, strength=False)
    made = files(first)
    other = files(second)
    uuids = [re.search(rb"(?m)^uuid: (\S+)$", f.pop("problem.yaml"))[1] for f in (made, other)]  # type: ignore[index]
    assert uuids[0] != uuids[1]  # (two packages never share one)
    del made["downwedig-package.sha256"], other["downwedig-package.sha256"]
    assert made == other
    made = files(first)
    legacy = files(legacy_path)
    assert {name.split("/")[0] for name in legacy} == {
        "downwedig-package.sha256",
        "problem.yaml",
        "problem_statement",
        "data",
        "input_validators",
        "output_validators",
        "submissions",
    }
    yaml = legacy["problem.yaml"].decode()
    assert "validation: custom" in yaml and "time_limit" not in yaml and "memory: 512" in yaml
    assert re.search(r"^license: cc by$", yaml, re.M) and re.search(r"^rights_owner: \S", yaml, re.M)
    assert "source: Northern Eurasia Finals Online 2020 (NERC 2020), problem D" in yaml
    statement = legacy["problem_statement/problem.en.tex"].decode()
    assert statement.startswith("\\problemname{Down We Dig}") and "\\section*{Input}" in statement
    assert "\\section*{Notes}" in statement
    # The data and the programs are those of the 2025-09 package.
    assert {k: v for k, v in made.items() if k.startswith(("data/sample", "data/secret", "submissions/"))} == {
        k: v for k, v in legacy.items() if k.startswith(("data/", "submissions/"))
    } | {"submissions/submissions.yaml": made["submissions/submissions.yaml"]}


def test_the_data(small: Path) -> None:
    assert (small / "data/sample/1.in").read_bytes() == SAMPLE.read_bytes()
    assert (small / "data/sample/1.ans").read_bytes() == SAMPLE.with_suffix(".ans").read_bytes()
    for test in judged_tests(small):
        data = test.input.read_bytes()
        assert len(validate(data)) >= 1
        assert test.answer.read_bytes() == answer(parse(data)).encode() + b"\n"
    inputs = [p.read_bytes() for folder in ("sample", "secret") for p in (small / "data" / folder).rglob("*.in")]
    assert len(set(inputs)) == len(inputs)


def run_program(path: Path, *args: str | Path, stdin: bytes = b"") -> int:
    return subprocess.run([sys.executable, str(path), *map(str, args)], input=stdin, timeout=60).returncode


def test_the_validators_pass_their_own_cases(small: Path, tmp_path: Path) -> None:
    """What bt validate checks, checked here on the package's own files too: invalid inputs rejected, (in)valid
    outputs judged so.  (Every case runs in process in test_cases.py; here, as programs, every case under the
    thorough profile and every eighth otherwise: the first of each kind at least.)"""
    every = 1 if THOROUGH else 8
    validator = small / "input_validators/validate.py"
    for case in list(INVALID_INPUTS)[::every]:
        assert run_program(validator, stdin=(small / f"data/invalid_input/{case}.in").read_bytes()) == 43, case
    checker = small / "output_validator/validate.py"
    for folder, cases, flags, status in (
        ("valid_output", VALID_OUTPUTS, [], 42),
        ("invalid_output", INVALID_OUTPUTS, [], 43),
        ("invalid_output/space_change_sensitive", STRICT_INVALID_OUTPUTS, ["space_change_sensitive"], 43),
        ("invalid_output/space_change_sensitive", STRICT_INVALID_OUTPUTS, [], 42),
    ):
        for case in list(cases)[::every]:
            base = small / "data" / folder / case
            given = base.with_suffix(".out").read_bytes()
            found = run_program(
                checker, base.with_suffix(".in"), base.with_suffix(".ans"), tmp_path, *flags, stdin=given
            )
            assert found == status, (folder, case, flags)


def judged_tests(root: Path) -> list[judging.Test]:
    """The tests a judge runs, in its order: ``data/sample``, then ``data/secret``, named by their path in ``data/``."""
    return [
        judging.Test(f"{group}/{test.name}", test.input, test.answer)
        for group in ("sample", "secret")
        for test in find_tests([root / "data" / group])
    ]


def first_failure(command: str, root: Path, only: set[str] | None = None) -> tuple[str, str] | None:
    """Judge ``command`` on the package's tests in order (as a judge does; ``only`` those named, if given)
    up to the first that is not AC."""
    with Runner(command, Limits(cpu_s=30)) as runner:
        for test in judged_tests(root):
            if only is not None and test.name not in only:
                continue
            result = judge_test(runner, test)
            if result.verdict != "AC":
                return test.name, result.verdict
    return None


def test_the_accepted_solution_passes_and_each_wrong_one_fails_where_the_summary_says(small_built: Built) -> None:
    built = small_built
    python = shlex.quote(sys.executable)
    submissions = built.path / "submissions"
    # (Every test under the thorough profile; otherwise the sample and the tests that catch the mistakes: the
    # answers are the engine's, and the bundled solution answers as the engine does, test_bundle.py shows.)
    tests = None if THOROUGH else {"sample/1", *built.caught.values()}
    assert first_failure(f"{python} {submissions / 'accepted/solution.py'}", built.path, tests) is None
    assert set(built.caught) == set(MISTAKES)
    for mistake, test in built.caught.items():
        found = first_failure(f"{python} {submissions / 'wrong_answer' / mistake}.py", built.path)
        assert found == (test, "WA")


def test_a_reviewer_s_own_mistakes_are_caught(small: Path, tmp_path: Path) -> None:
    # Independent solutions (not the package's engine), each with a plausible mistake of its own; and, under
    # the thorough profile, the same solution without one passes every test.
    if THOROUGH:
        assert first_failure(fast_solution_command(tmp_path, "correct"), small) is None
    for bug in FAST_BUGS.keys() - {"correct"}:
        found = first_failure(fast_solution_command(tmp_path, bug), small)
        assert found is not None, f"no test catches {bug}"
        assert found[1] in ({"PE"} if bug == "reads_n_minus_1" else {"WA"})


def test_the_output_validator_says_why(small: Path, tmp_path: Path) -> None:
    data = small / "data" / "sample"
    command = [sys.executable, str(small / "output_validator/validate.py"), str(data / "1.in"), str(data / "1.ans")]
    accepted = subprocess.run([*command, str(tmp_path)], input=b" 211112222212\r\n", timeout=60)
    wrong = subprocess.run([*command, str(tmp_path)], input=b"211112222222\n", timeout=60)
    assert (accepted.returncode, wrong.returncode) == (42, 43)
    message = (tmp_path / "judgemessage.txt").read_text()
    assert message.startswith("wrong answer on day 11: expected 1 (Dina wins), received 2 (Dima wins)")
    assert "\non day 11: " in message


def test_the_time_limit_is_measured_and_explained(tmp_path: Path) -> None:
    built = write_package(tmp_path / "downwedig", "2025-09", read_plan(TINY), strength=False)
    timing = built.timing
    assert timing.time_limit == 5 and "the original contest's" in timing.reason
    measured = {(m.solution, m.how.split()[0]) for m in timing.measured}
    assert ("solution.py", "CPython") in measured
    assert len(timing.measured) + len(timing.skipped) == 3  # C++, CPython and PyPy: measured or said why not
    assert all(0 < m.cpu_s < 5 and m.test in ("sample/1", "secret/a", "secret/b") for m in timing.measured)
    assert "time_limit: 5\n" in (built.path / "problem.yaml").read_text()
    legacy = write_package(tmp_path / "legacy" / "downwedig", "legacy", read_plan(TINY), time_limit=3, strength=False)
    assert "given with --time-limit" in legacy.timing.reason and "'verifyproblem -t 3'" in legacy.timing.reason


def test_a_plan_that_misses_a_mistake_is_refused_unless_allowed(tmp_path: Path) -> None:
    weak = read_plan("a random --n 3 --seed 2\n")
    with pytest.raises(InvalidPlan, match=r"no test catches the mistake 'short_window' .*\(--allow-uncaught"):
        write_package(tmp_path / "pkg", "2025-09", weak, time_limit=5, strength=False)
    built = write_package(tmp_path / "pkg", "2025-09", weak, time_limit=5, allow_uncaught=True, strength=False)
    assert built.caught["short_window"] == ""
    assert not (built.path / "submissions/wrong_answer/short_window.py").exists()
    assert "short_window" not in (built.path / "submissions/submissions.yaml").read_text()
    assert (built.path / "submissions/wrong_answer/first_day.py").exists()


def test_a_bad_folder_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    with pytest.raises(InvalidDestination, match="short name"):
        check_destination(tmp_path / "Down-We-Dig")
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "keep.txt").write_text("mine")
    with pytest.raises(InvalidDestination, match="not empty"):
        write_package(busy, "legacy", load_plan("small"), strength=False)
    assert [p.name for p in busy.iterdir()] == ["keep.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["busy"]


def test_force_replaces_a_package_and_a_failure_leaves_nothing(tmp_path: Path) -> None:
    target = tmp_path / "out" / "pkg"
    write_package(target, "legacy", read_plan(TINY), force=True, time_limit=5, strength=False)
    (target / "notes.txt").write_text("mine")  # what the tool did not write is never deleted
    rebuilt = write_package(
        target, "legacy", read_plan("a equal --n 9\nc random --n 30\n"), force=True, time_limit=5, strength=False
    )
    assert rebuilt.kept == ["notes.txt"] and (target / "notes.txt").read_text() == "mine"
    assert (target / "data/secret/c.in").exists() and not (target / "data/secret/b.in").exists()
    (target / "notes.txt").unlink()
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["pkg"]
    # Two tests with the same input, then a plan that no test of which catches the short window.
    with pytest.raises(InvalidPlan, match="'b' is the same input as 'a'"):
        write_package(
            tmp_path / "other", "legacy", read_plan("a equal --n 9 --row WWWWWWWW\nb equal --n 9 --row WWWWWWWW\n")
        )
    with pytest.raises(InvalidPlan, match="no test catches the mistake 'short_window'"):
        write_package(tmp_path / "other", "legacy", read_plan("a random --n 3\n"), strength=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
