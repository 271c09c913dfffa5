"""Test plans: the built-in ones, files of ``NAME gen-arguments`` lines, and errors at their line and column."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from downwedig.contest.generating.plan import (
    FileTest,
    PlanTest,
    input_of,
    load_plan,
    plan_inputs,
    plan_text,
    read_plan,
)
from downwedig.contest.generating.registry import GeneratedTest, all_families, to_text
from downwedig.errors import InvalidPlan

from ...conftest import Cli


def generated(tests: list[PlanTest]) -> list[GeneratedTest]:
    assert all(isinstance(test, GeneratedTest) for test in tests)
    return [test for test in tests if isinstance(test, GeneratedTest)]


def test_the_full_plan_covers_what_a_judge_wants() -> None:
    full = generated(load_plan("full"))
    names = [test.name for test in full]
    assert names == sorted(names) and len(set(names)) == len(names)
    assert {1, 2, 8, 9, 10} <= {test.steps for test in full}
    assert sum(test.steps == 300_000 for test in full) >= 5
    families = {test.options.get("kind", test.family) for test in full}
    assert families == set(all_families()) - {"max"}  # every family, the adversarial ones included
    assert {test.options["d"] for test in full if test.family == "neighbours"} == set(range(9))
    small = load_plan("small")
    assert small == [test for test in full if test.steps < 300_000]


def test_a_planned_test_is_what_its_gen_command_prints(cli: Cli) -> None:
    for test in generated(load_plan("small"))[::5]:
        words = shlex.split(test.command)
        assert words[:2] == ["downwedig", "gen"]
        assert cli(*words[1:]).out == to_text(test.rows())


def test_a_plan_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.plan"
    path.write_text("# mine\n\nedge equal --n 3 --row=WWWWWWWR\nbig   max --kind stutter  # n = 300000\n")
    tests = generated(load_plan(str(path)))
    assert [(t.name, t.family, t.n, t.steps, t.options) for t in tests] == [
        ("edge", "equal", 3, 3, {"row": 1}),
        ("big", "max", 10, 300_000, {"kind": "stutter"}),
    ]
    with pytest.raises(OSError):
        load_plan(str(tmp_path / "missing.plan"))


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ("ok random\n-bad random\n", (2, 1), "a test's name is letters"),
        ("a random\n  a equal\n", (2, 3), "test 'a' is already the test of line 1"),
        ("a\n", (1, 2), "test 'a' needs a family"),
        ("a bogus --n 3\n", (1, 3), "unknown family 'bogus'"),
        ("a random --k 3\n", (1, 10), "family 'random' has no option --k (it takes --n, --seed, --red)"),
        ("a palette --k two\n", (1, 11), "--k two: invalid literal"),
        ("a random --n\n", (1, 10), "--n needs a value"),
        ("a random --n 300001\n", (1, 10), "--n must be between 1 and 300000, got 300001"),
        ("a random --seed x\n", (1, 10), "--seed takes an integer, got 'x'"),
        ("a max --kind max\n", (1, 7), "--kind max: kind takes a family of the size asked for ("),
        ("# nothing\n", (1, 1), "the plan has no tests"),
        ("a file\n", (1, 8), "'file' takes one PATH"),
        ("a file x.in y\n", (1, 13), "'file' takes one PATH"),
        ("a file missing.in\n", (1, 8), "cannot read 'missing.in'"),
    ],
)
def test_plan_errors_say_where(text: str, where: tuple[int, int], words: str) -> None:
    with pytest.raises(InvalidPlan) as caught:
        read_plan(text, source="p.plan")
    assert (caught.value.line, caught.value.column) == where
    assert words in caught.value.reason
    assert str(caught.value).startswith(f"p.plan:{where[0]}:{where[1]}: ")


def test_a_hand_made_test_is_a_file_beside_the_plan(tmp_path: Path) -> None:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "mine.in").write_bytes(b"2\nWWWWWWWW\nRRRRRRRR\n")
    plan = tmp_path / "my.plan"
    plan.write_text("a equal --n 3\nmine file tests/mine.in  # made by hand\n")
    first, mine = load_plan(str(plan))
    assert isinstance(mine, FileTest) and (mine.name, mine.steps, mine.command) == ("mine", 2, "file tests/mine.in")
    assert [name for name, _ in plan_inputs([first, mine])] == ["a", "mine"]
    assert input_of(mine) == b"2\nWWWWWWWW\nRRRRRRRR\n"
    # A file that is not a valid test is refused at the plan's line, with the validator's reason.
    (tmp_path / "tests" / "bad.in").write_bytes(b"2\nWWWWWWWW\n")
    plan.write_text("\nbad  file tests/bad.in\n")
    with pytest.raises(InvalidPlan) as caught:
        load_plan(str(plan))
    assert (caught.value.line, caught.value.column) == (2, 11)
    assert "tests/bad.in is not a valid test: tests/bad.in:3:1: expected 2 steps, found only 1" in caught.value.reason


def test_two_tests_with_the_same_input_are_refused() -> None:
    with pytest.raises(InvalidPlan, match="test 'b' is the same input as 'a'"):
        list(plan_inputs(read_plan("a equal --n 2 --row WWWWWWWW\nb equal --n 2 --row WWWWWWWW\n")))


def test_the_built_in_plans_print_as_plans_that_read_back_the_same(tmp_path: Path) -> None:
    for name in ("full", "small"):
        copy = tmp_path / f"{name}.plan"
        copy.write_text(plan_text(name))
        assert load_plan(str(copy)) == load_plan(name)
    small = plan_text("small")
    assert "max" not in small.split("\n", 8)[-1] and "The judge's largest tests" not in small
    assert plan_text("full").startswith("# The secret tests of `downwedig package`")
