"""One voice on the command line: every failure of a command is ``downwedig COMMAND: error: ...`` (issue 27, F8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from downwedig.cli import COMMANDS

from ..conftest import SAMPLE, Cli

#: Arguments that each command would otherwise accept, so that the unknown option is the only fault.
GOOD: dict[str, list[str | Path]] = {
    "solve": [SAMPLE],
    "explain": [SAMPLE],
    "render": [SAMPLE, "-o", "-"],
    "play": [SAMPLE],
    "gen": ["random"],
    "validate": [SAMPLE],
    "check": [SAMPLE, SAMPLE, SAMPLE],
    "answers": [SAMPLE],
    "stress": ["--solution", "true"],
    "test": ["--solution", "true", SAMPLE],
    "bundle": ["-o", "-"],
    "package": ["somewhere"],
}


def test_every_command_is_listed_here() -> None:
    assert set(GOOD) == set(COMMANDS)


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("where", ["after", "before", "between"])
def test_an_unknown_option_is_the_commands_usage_error(cli: Cli, command: str, where: str) -> None:
    words: list[str | Path] = [*GOOD[command]]
    if where == "after":
        words = [command, *words, "--no-such-option"]
    elif where == "between":
        words = [command, "--no-such-option", *words]
    else:
        words = ["--no-such-option", command, *words]
    result = cli(*words)
    prog = "downwedig gen random" if command == "gen" and where == "after" else f"downwedig {command}"
    assert result.status == (3 if command == "check" else 2), result.stderr
    assert result.out == ""
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"usage: {prog} "), lines[0]
    assert lines[-1] == f"{prog}: error: unrecognized arguments: --no-such-option", lines[-1]


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_help_names_the_command(cli: Cli, command: str) -> None:
    result = cli(command, "--help")
    assert result.status == 0 and result.out.startswith(f"usage: downwedig {command} ")


@pytest.mark.parametrize(
    "words",
    [
        ["solve", "no-such-file.in"],
        ["solve", "--stream", "no-such-file.in"],
        ["explain", "no-such-file.in"],
        ["render", "no-such-file.in", "-o", "-"],
        ["play", "no-such-file.in"],
        ["validate", "no-such-file.in"],
        ["check", "no-such-file.in", "-", "-"],
        ["answers", "no-such-file.in"],
    ],
)
def test_a_missing_file_is_the_commands_usage_error(cli: Cli, tmp_path: Path, words: list[str]) -> None:
    words = [str(tmp_path / w) if w.endswith(".in") else w for w in words]
    result = cli(*words)
    command = words[0]
    if command == "answers":  # (a bad input does not stop the others: it is reported in the listing, status 1)
        assert result.status == 1 and "no-such-file.in: No such file or directory" in result.out
        return
    assert result.status == (3 if command == "check" else 2), result.stderr
    last = result.stderr.splitlines()[-1]
    assert last.startswith(f"downwedig {command}: error: cannot "), last
    assert "no-such-file.in" in last


def test_a_failing_command_names_itself(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    result = cli("gen", "random", "-o", folder)
    assert result.status == 1
    assert result.stderr == f"downwedig gen: error: cannot write '{folder}': it is a folder\n"


def test_no_command_is_the_top_levels_usage_error(cli: Cli) -> None:
    for words in (["--no-such-option"], [], ["bogus"]):
        result = cli(*words)
        assert result.status == 2
        assert result.stderr.splitlines()[-1].startswith("downwedig: error: "), words
