"""``downwedig gen``: the library's bytes, files, the family list, and usage errors."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

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
        (["gen", "random", "--n", "0"], "argument --n: must be between 1 and 300000, got 0"),
        (["gen", "random", "--n", "300001"], "must be between 1 and 300000"),
        (["gen", "random", "--red", "2"], "a probability must be between 0 and 1, got '2'"),
        (["gen", "random", "--d", "2"], "unrecognized arguments: --d 2"),
        (["gen", "neighbours", "--d", "9"], "argument --d: d must be between 0 and 8, got 9"),
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
