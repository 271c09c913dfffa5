"""``downwedig gen``: the library's bytes, files, the family list, and usage errors."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from downwedig.contest.generating.plan import load_plan, plan_text
from downwedig.contest.generating.registry import all_families, gen_command

from ..conftest import Cli
from ..contest.generating.test_registry import GOLDEN, GOLDEN_OPTIONS, sha


def test_gen_prints_the_library_output(cli: Cli) -> None:
    result = cli("gen", "random", "--n", "40", "--seed", "9", "--red", "30%")
    assert result.status == 0 and sha(result.out) == GOLDEN_OPTIONS[0][2]
    # Options before the family, and the same probability written differently.
    again = cli("gen", "--n", "40", "--seed", "9", "random", "--red", "0.3")
    assert again.stdout == result.stdout


def test_gen_command_reproduces(cli: Cli) -> None:
    command = gen_command("neighbours", 40, 9, {"d": 3})
    assert command == "downwedig gen neighbours --n 40 --seed 9 --d 3"
    result = cli(*shlex.split(command)[1:])
    assert result.status == 0 and sha(result.out) == GOLDEN_OPTIONS[1][2]


def test_gen_list_describes_every_family(cli: Cli) -> None:
    result = cli("gen", "--list")
    assert result.status == 0
    for name, family in all_families().items():
        assert name in result.out and family.description in result.out
    assert "--red" in result.out


def test_gen_writes_a_file(cli: Cli, tmp_path: Path) -> None:
    target = tmp_path / "t.in"
    assert cli("gen", "chain", "--n", "50", "--seed", "2", "-o", target).status == 0
    assert sha(target.read_text()) == GOLDEN["chain", 50, 2]


def test_help_shows_percent_signs_once(cli: Cli) -> None:
    result = cli("gen", "--help")
    assert result.status == 0 and "--red 30%'" in result.out and "%%" not in result.out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["gen"], "give a FAMILY"),
        (["gen", "nosuch"], "unknown family 'nosuch'; known: alternating, chain"),
        (["gen", "random", "--n", "0"], "error: --n must be between 1 and 300000, got 0\n"),
        (["gen", "--n", "0", "random"], "error: --n must be between 1 and 300000, got 0\n"),
        (["gen", "random", "--n", "300001"], "must be between 1 and 300000"),
        (["gen", "random", "--red", "2"], "error: --red 2: a probability must be between 0 and 1, got '2'\n"),
        (["gen", "random", "--d", "2"], "error: family 'random' has no option --d (it takes --n, --seed, --red)"),
        (["gen", "random", "--red"], "error: --red needs a value"),
        (["gen", "max", "--kind", "max"], "error: --kind max: kind takes a family of the size asked for ("),
        (["gen", "neighbours", "--d", "9"], "error: --d 9: d must be between 0 and 8, got 9\n"),
    ],
)
def test_gen_usage_errors(cli: Cli, argv: list[str], message: str) -> None:
    result = cli(*argv)
    assert result.status == 2 and result.stdout == b""
    assert "usage: downwedig gen" in result.stderr and message in result.stderr


def test_gen_dash_is_standard_output(cli: Cli, in_tmp: Path) -> None:
    result = cli("gen", "chain", "--n", "50", "--seed", "2", "-o", "-")
    assert sha(result.out) == GOLDEN["chain", 50, 2]
    assert list(in_tmp.iterdir()) == []


def test_gen_plan_prints_an_editable_copy(cli: Cli, in_tmp: Path) -> None:
    full = cli("gen", "--plan", "full")
    assert full.status == 0 and full.out == plan_text("full")
    (in_tmp / "my.plan").write_bytes(full.stdout)
    assert load_plan("my.plan") == load_plan("full")
    assert cli("gen", "--plan", "small").out == plan_text("small")
    assert cli("gen", "--plan", "my.plan").stdout == full.stdout  # a plan file prints as it is


def test_gen_plan_writes_each_test_and_its_answer(cli: Cli, in_tmp: Path) -> None:
    (in_tmp / "mine.in").write_bytes(b"2\nWWWWWWWW\nRRRRRRRR\n")
    (in_tmp / "my.plan").write_text("01-equal equal --n 9\n02-mine file mine.in\n")
    result = cli("gen", "--plan", "my.plan", "-o", "upload")
    assert result.status == 0, result.stderr
    assert result.out == "gen: wrote 2 tests of the plan my.plan to upload/ (NAME.in and NAME.ans each)\n"
    assert sorted(p.name for p in (in_tmp / "upload").iterdir()) == [
        "01-equal.ans",
        "01-equal.in",
        "02-mine.ans",
        "02-mine.in",
    ]
    assert (in_tmp / "upload" / "02-mine.ans").read_bytes() == b"22\n"  # (no piece in common: no move)
    assert cli("solve", "upload/01-equal.in").stdout == (in_tmp / "upload" / "01-equal.ans").read_bytes()


def test_gen_plan_errors(cli: Cli, in_tmp: Path) -> None:
    missing = cli("gen", "--plan", "none.plan")
    assert missing.status == 2 and "cannot read the plan 'none.plan'" in missing.stderr
    assert cli("gen", "random", "--plan", "full").status == 2  # a family and a plan
    (in_tmp / "bad.plan").write_text("a random --n 0\n")
    bad = cli("gen", "--plan", "bad.plan", "-o", "out")
    assert bad.status == 1 and bad.stderr == "bad.plan:1:10: error: --n must be between 1 and 300000, got 0\n"
    (in_tmp / "twice.plan").write_text("a equal --n 2 --row WWWWWWWW\nb equal --n 2 --row WWWWWWWW\n")
    twice = cli("gen", "--plan", "twice.plan", "-o", "out")
    assert twice.status == 1 and "twice.plan:2:1: error: test 'b' is the same input as 'a'" in twice.stderr
    (in_tmp / "file").write_text("x")
    assert cli("gen", "--plan", "full", "-o", "file").status == 2


def test_gen_plan_never_writes_over_a_file(cli: Cli, in_tmp: Path) -> None:
    (in_tmp / "my.plan").write_text("a equal --n 9\nb random --n 5\n")
    (in_tmp / "upload").mkdir()
    (in_tmp / "upload" / "b.ans").write_text("my own answer\n")
    result = cli("gen", "--plan", "my.plan", "-o", "upload")
    assert result.status == 1 and result.out == ""
    assert result.stderr == (
        "downwedig gen: error: upload already holds b.ans; a plan's tests are never written over files: "
        "give an empty or new folder\n"
    )
    assert [p.name for p in (in_tmp / "upload").iterdir()] == ["b.ans"]
    assert (in_tmp / "upload" / "b.ans").read_text() == "my own answer\n"


def test_a_plan_that_is_endless_or_not_text_is_refused_at_once(cli: Cli, in_tmp: Path) -> None:
    for command in (["gen", "--plan", "/dev/zero"], ["package", "pkg", "--tests", "/dev/zero"]):
        result = cli(*command)
        assert (result.status, result.out) == (1, ""), command
        assert result.stderr == "/dev/zero:1:1: error: a plan is a short text file; this one is over 1048576 bytes\n"
    (in_tmp / "latin.plan").write_bytes(b"a random --n 3\n# caf\xe9\n")
    latin = cli("gen", "--plan", "latin.plan")
    assert (latin.status, latin.stderr) == (1, "latin.plan:2:6: error: byte 0xe9 is not UTF-8 text\n")
    (in_tmp / "endless.plan").write_text("a file /dev/zero\n")
    endless = cli("gen", "--plan", "endless.plan", "-o", "out")
    assert endless.status == 1 and endless.stderr.startswith("endless.plan:1:8: error: /dev/zero is not a valid test")
    assert sorted(p.name for p in in_tmp.iterdir()) == ["endless.plan", "latin.plan"]
