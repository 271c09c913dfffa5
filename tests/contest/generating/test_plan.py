"""Test plans: the built-in ones, files of ``NAME gen-arguments`` lines, and errors at their line and column."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from downwedig.contest.generating.plan import load_plan, read_plan
from downwedig.contest.generating.registry import all_families, to_text
from downwedig.errors import InvalidPlan

from ...conftest import Cli


def test_the_full_plan_covers_what_a_judge_wants() -> None:
    full = load_plan("full")
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
    for test in load_plan("small")[::5]:
        words = shlex.split(test.command)
        assert words[:2] == ["downwedig", "gen"]
        assert cli(*words[1:]).out == to_text(test.rows())


def test_a_plan_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.plan"
    path.write_text("# mine\n\nedge equal --n 3 --row=WWWWWWWR\nbig   max --kind stutter  # n = 300000\n")
    tests = load_plan(str(path))
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
        ("a max --kind max\n", (1, 3), "max --kind takes another family, got 'max'"),
        ("# nothing\n", (1, 1), "the plan has no tests"),
    ],
)
def test_plan_errors_say_where(text: str, where: tuple[int, int], words: str) -> None:
    with pytest.raises(InvalidPlan) as caught:
        read_plan(text, source="p.plan")
    assert (caught.value.line, caught.value.column) == where
    assert words in caught.value.reason
    assert str(caught.value).startswith(f"p.plan:{where[0]}:{where[1]}: ")
