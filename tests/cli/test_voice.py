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
    "strength": [SAMPLE],
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
    prog = f"downwedig {command}"
    assert result.status == (3 if command == "check" else 2), result.stderr
    assert result.out == ""
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"usage: {prog} "), lines[0]
    said = "unrecognized arguments: --no-such-option"
    if command == "gen" and where == "after":  # (a family's words are read as a plan's line is, which names them)
        said = "family 'random' has no option --no-such-option (it takes --n, --seed, --red)"
    assert lines[-1] == f"{prog}: error: {said}", lines[-1]


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


def test_play_quotes_a_huge_line_cut_short(cli: Cli) -> None:
    """N18: a 10 MB line, or a number of 4,000 digits, is answered in a line, not echoed whole."""
    result = cli("play", SAMPLE, "--color", "never", stdin=b"x" * 10**7 + b"\n")
    assert result.status == 1  # (the input ended: the game was abandoned)
    assert len(result.out) < 5_000
    assert f"Not a step number: {'x' * 20!r}...." in result.out
    result = cli("play", SAMPLE, "--color", "never", stdin=b"9" * 4_000 + b"\n-" + b"9" * 4_000 + b"\n")
    assert len(result.out) < 5_000
    assert f"there is no step {'9' * 20}... on day 12 (steps 1..12)" in result.out
    assert f"step -{'9' * 19}... is not below step 1" in result.out


def test_errors_quote_a_huge_line_cut_short(cli: Cli, tmp_path: Path) -> None:
    long = "x" * 1_000_000
    plan = tmp_path / "long.plan"
    plan.write_text(f"{long}!\n")
    result = cli("gen", "--plan", plan, "-o", tmp_path / "out")
    assert result.status == 1 and len(result.stderr) < 300, result.stderr[:300]
    assert f"got {'x' * 20!r}..." in result.stderr
    plan.write_text(f"{long} random --n 3\n{long} random --n 4\n")
    result = cli("gen", "--plan", plan, "-o", tmp_path / "out")
    assert result.status == 1 and len(result.stderr) < 300, result.stderr[:300]
    result = cli("solve", stdin=f"1\nWWWWWWWW\n{long}\n".encode())
    assert result.status == 1 and len(result.stderr) < 300, result.stderr[:300]
    result = cli("gen", "random", "--red", long)
    assert result.status == 2 and len(result.stderr) < 1_000, result.stderr[:300]


def test_a_near_miss_family_gets_did_you_mean(cli: Cli, tmp_path: Path) -> None:
    result = cli("gen", "randon")
    assert result.status == 2
    assert "downwedig gen: error: unknown family 'randon' (did you mean 'random'?); known: " in result.stderr
    plan = tmp_path / "near.plan"
    plan.write_text("01 neighbors --n 3\n")
    result = cli("gen", "--plan", plan, "-o", tmp_path / "out")
    assert result.status == 1
    assert f"{plan}:1:4: error: unknown family 'neighbors' (did you mean 'neighbours'?)" in result.stderr
    far = cli("gen", "zzzzzz")
    assert far.status == 2 and "did you mean" not in far.stderr and "known: alternating, " in far.stderr


@pytest.mark.parametrize("command", ["solve", "explain", "render", "play"])
def test_a_staircase_of_another_width_gets_the_width_hint(cli: Cli, tmp_path: Path, command: str) -> None:
    six, later = tmp_path / "six.in", tmp_path / "later.in"
    six.write_bytes(b"2\nWWWWWW\nWRWRWR\n")
    later.write_bytes(b"2\nWWWWWWWW\nWRWRWR\n")
    extra = ["-o", "-"] if command == "render" else []
    result = cli(command, six, *extra, stdin=b"q\n")
    assert result.status == 1 and result.out == ""
    hint = "; for a staircase 6 pieces wide, give --width 6"
    assert result.stderr == f"{six}:2:7: error: step 1 has 6 pieces, expected 8{hint}\n"
    # The hint is right: with it the staircase is read.
    read = cli(command, six, "--width", "6", *extra, stdin=b"q\n")
    assert read.stderr == "" and read.status == (1 if command == "play" else 0)  # (play: "q" gives up, and loses)
    # Only the first step says so: a later short step is a fault of that step, not another width.
    result = cli(command, later, *extra, stdin=b"q\n")
    assert result.stderr == f"{later}:3:7: error: step 2 has 6 pieces, expected 8\n"


def test_validate_takes_the_judges_width_only_so_gives_no_width_hint(cli: Cli) -> None:
    result = cli("validate", "-", stdin=b"2\nWWWWWW\nWRWRWR\n")
    assert result.status == 3 and "--width" not in result.stderr


HINT = "this looks like an answer (a digit 1 or 2 per day), not a staircase"


def _answer_of(cli: Cli, tmp_path: Path, days: int) -> Path:
    """The answer file of a random staircase of ``days`` steps (its first digit is 2: day 1 is Dima's)."""
    staircase = tmp_path / f"s{days}.in"
    staircase.write_text(cli("gen", "random", "--n", str(days)).out)
    answer = tmp_path / f"s{days}.ans"
    answer.write_text(cli("solve", staircase).out)
    return answer


@pytest.mark.parametrize("days", [2, 12, 19, 300_000])
def test_validate_answers_and_check_name_an_answer_file_as_solve_does(cli: Cli, tmp_path: Path, days: int) -> None:
    """F13: the same rule (reader.looks_like_answer) behind solve, validate, answers and check."""
    answer = _answer_of(cli, tmp_path, days)
    solve = cli("solve", answer)
    assert solve.status == 1 and solve.stderr.endswith(f"; {HINT}\n"), solve.stderr[:300]
    validate = cli("validate", answer)
    assert validate.status == 3 and validate.stderr.endswith(f"; {HINT}\n"), validate.stderr[:300]
    assert len(validate.stderr) < 300
    check = cli("check", answer, answer, answer)
    assert check.status == 3 and check.stderr.startswith("FAIL invalid input: ") and HINT in check.stderr
    # answers: the answer file is named so, and does not stop its staircase's answer from being written.
    staircase = tmp_path / f"s{days}.in"
    answers = cli("answers", "-j", "1", staircase, answer)
    assert answers.status == 1
    ok, failed, summary = answers.out.splitlines()
    assert ok == f"ok     {staircase} -> {answer} (n = {days})"
    assert failed.startswith(f"FAILED {answer}: {answer}:") and failed.endswith(f"; {HINT}")
    assert summary == "answers: 1 written, 1 failed, of 2 inputs"
    assert answer.read_text() == cli("solve", staircase).out


def test_a_staircase_is_not_called_an_answer(cli: Cli) -> None:
    # n = 21 with its steps missing, n = 12 and one step, and 1s and 2s starting with 1: no hint.
    for text in (b"21\nWWWWWWWW\n", b"1\n", b"12\n", b"121212121212121212121\n"):
        for command in ("solve", "validate"):
            assert "looks like an answer" not in cli(command, "-", stdin=text).stderr, (command, text)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_option_says_what_it_does(command: str) -> None:
    """F15: no option's help is only its default, and the help's words for a value are its metavar."""
    import argparse
    import re

    from downwedig.cli import build_parser

    parser = build_parser(command)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[command]
    for action in sub._actions:
        if isinstance(action, argparse._HelpAction) or action.help == argparse.SUPPRESS:
            continue
        words = re.sub(r"\([^)]*\)", "", action.help or "").split()
        assert len(words) >= 2, (command, action.option_strings or action.dest, action.help)
        if "--solution" in action.option_strings:  # (the description names the command as the usage does)
            assert (sub.description or "").startswith(f"Run {action.metavar} "), (command, action.metavar)


@pytest.mark.parametrize(
    "line",
    [
        "{long}",
        "01 {long}",
        "01 random --{long}",
        "01 random --{long} 3",
        "01 random --red {long}",
        "01 random --n {long}",
    ],
)
def test_a_plan_quotes_a_huge_word_cut_short(cli: Cli, tmp_path: Path, line: str) -> None:
    plan = tmp_path / "long.plan"
    plan.write_text(line.format(long="7" * 100_000) + "\n")
    result = cli("gen", "--plan", plan, "-o", tmp_path / "out")
    assert result.status == 1 and result.stderr.startswith(f"{plan}:1:")
    assert len(result.stderr) < 400, result.stderr[:400]


def test_check_names_a_staircase_given_as_the_answer(cli: Cli) -> None:
    result = cli("check", SAMPLE, SAMPLE.with_suffix(".ans"), SAMPLE)
    assert result.status == 3
    assert result.stderr == (
        "FAIL invalid answer file: line 2: expected one line of 12 digits, found a second line; "
        "this looks like a staircase (an input), not an answer\n"
    )
    wrong = cli("check", SAMPLE, SAMPLE.with_suffix(".ans"), "-", stdin=b"")
    assert "looks like" not in wrong.stderr
