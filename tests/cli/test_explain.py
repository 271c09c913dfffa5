"""``downwedig explain``: text and JSON, colour, and its errors."""

from __future__ import annotations

import json

import pytest

from ..conftest import EXPLAIN, Cli
from ..render.test_json import SCHEMA, validate


def test_explain_command_text_and_json(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    result = cli("explain", EXPLAIN, "--day", "9")
    assert result.status == 0, result.stderr
    assert result.out.startswith("Day 9 of 12: Dima wins")
    assert "\x1b[" not in result.out
    colour = cli("explain", EXPLAIN, "--color", "always")
    assert "\x1b[" in colour.out
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in cli("explain", EXPLAIN, "--color", "auto").out
    data = json.loads(cli("explain", EXPLAIN, "--format", "json", "--steps", "2..4").out)
    validate(data, SCHEMA)
    assert data["day"] == 12 and [s["step"] for s in data["steps"]] == [2, 3, 4]
    # --json, the common spelling, is --format json.
    assert (
        cli("explain", EXPLAIN, "--json", "--steps", "2..4").out
        == cli("explain", EXPLAIN, "--format", "json", "--steps", "2..4").out
    )
    assert "--json" in cli("explain", "--help").out


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (("--day", "13"), 2, "--day 13 is not in 1..12"),
        (("--day", "0"), 2, "--day 0 is not in 1..12"),
        (("--day", "5", "--steps", "3..6"), 2, "goes past step 5"),
        (("--steps", "4..2"), 2, "expected 1 <= A <= B"),
    ],
)
def test_explain_usage_errors(cli: Cli, args: tuple[str, ...], status: int, message: str) -> None:
    result = cli("explain", EXPLAIN, *args)
    assert result.status == status and message in result.stderr


def test_explain_bad_input_is_reported_like_solve(cli: Cli) -> None:
    result = cli("explain", "-", stdin=b"2\nWWWWWWWW\nWWWXWWWW\n")
    assert result.status == 1
    assert result.stderr == "<stdin>:3:4: error: unexpected character 'X' in step 2 (a piece is 'W' or 'R')\n"


def test_the_table_says_what_status_and_rem_mean(cli: Cli) -> None:
    lines = cli("explain", EXPLAIN, "--day", "7").out.splitlines()
    header = next(k for k, line in enumerate(lines) if line.lstrip().startswith("step  pieces"))
    key = lines[header - 1]
    assert "status" in key and "for the player to move" in key, "the status is for the player to move"
    assert "rem: moves left with best play" in key, "rem is explained in one line"
    assert len(key) <= 80
