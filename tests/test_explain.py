"""explain: statuses and remoteness against a brute force, moves and lines legal, JSON schema, text, command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from downwedig import Player, Staircase, answer
from downwedig.explain import DayAnalysis, analyse, default_steps, render_text, to_json

from .strategies import staircases

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "explain.in"


def brute_force(staircase: Staircase, day: int) -> tuple[list[bool], list[int]]:
    """Status and remoteness of steps 1..day straight from the definitions, by recursion."""
    rows = staircase.rows()[:day]

    def targets(i: int) -> list[int]:  # 0-based
        return [j for j in range(i + 1, day) if j - i <= sum(a == b for a, b in zip(rows[i], rows[j], strict=True))]

    @cache
    def solve(i: int) -> tuple[bool, int]:
        results = [solve(j) for j in targets(i)]
        if not results:
            return False, 0
        lost = [r for won, r in results if not won]
        if lost:
            return True, 1 + min(lost)
        return False, 1 + max(r for _, r in results)

    for i in range(day - 1, -1, -1):  # bottom-up first, so the recursion stays shallow
        solve(i)
    return [solve(i)[0] for i in range(day)], [solve(i)[1] for i in range(day)]


@st.composite
def days(draw: st.DrawFn, max_n: int = 60) -> tuple[Staircase, int]:
    staircase = draw(staircases(max_n=max_n))
    return staircase, draw(st.integers(1, len(staircase)))


@settings(max_examples=150)
@given(days())
def test_statuses_and_remoteness_equal_brute_force(case: tuple[Staircase, int]) -> None:
    staircase, day = case
    a = analyse(staircase, day)
    won, rem = brute_force(staircase, day)
    assert [bool(x) for x in a.won[1:]] == won
    assert list(a.remoteness[1:]) == rem
    assert a.winner is (Player.DINA if won[0] else Player.DIMA)
    assert a.winner == Player(int(answer(staircase)[day - 1]))


@settings(max_examples=40)
@given(staircases(width=5, max_n=40))
def test_other_widths(staircase: Staircase) -> None:
    a = analyse(staircase)
    assert ([bool(x) for x in a.won[1:]], list(a.remoteness[1:])) == brute_force(staircase, len(staircase))


def check_moves_and_line(a: DayAnalysis) -> None:
    s, day = a.staircase, a.day
    for i in range(1, day + 1):
        info = a.step(i)
        assert [m.target for m in info.moves] == s.moves(i, day)
        for m in info.moves:
            assert s.is_move(i, m.target) and m.source == i
            assert m.distance == m.target - i <= m.common == s.common(i, m.target)
        assert info.won == any(not a.won[m.target] for m in info.moves)
        assert info.remoteness % 2 == (1 if info.won else 0)
    wins = a.winning_moves()
    assert all(s.is_move(1, m.target) and not a.won[m.target] for m in wins)
    assert bool(wins) == (a.winner is Player.DINA)
    assert ("Dina wins by moving" in a.reason()) == bool(wins)
    line = a.line()
    assert len(line) == a.remoteness[1]
    step = 1
    for number, ply in enumerate(line):
        m = ply.move
        assert ply.player is (Player.DINA if number % 2 == 0 else Player.DIMA)
        assert m.source == step and s.is_move(m.source, m.target) and m.common == s.common(m.source, m.target)
        assert a.remoteness[m.target] == a.remoteness[m.source] - 1
        if a.won[m.source]:
            assert not a.won[m.target], "the winner always moves to a lost step"
        step = m.target
    assert a.moves(step) == []
    assert (line[-1].player if line else Player.DIMA) is a.winner
    assert a.line_steps() == [1, *(p.move.target for p in line)]


@settings(max_examples=150)
@given(days())
def test_moves_and_line_are_legal_and_consistent(case: tuple[Staircase, int]) -> None:
    check_moves_and_line(analyse(*case))


# -- JSON ------------------------------------------------------------------------------------

SCHEMA: dict[str, Any] = {
    "day": int,
    "winner": ("Dina", "Dima"),
    "remoteness": int,
    "winning_moves": [int],
    "reason": str,
    "line": [{"player": ("Dina", "Dima"), "from": int, "to": int, "distance": int, "common": int}],
    "first_step": int,
    "last_step": int,
    "steps": [
        {
            "step": int,
            "pieces": str,
            "status": ("won", "lost"),
            "remoteness": int,
            "moves": [{"to": int, "distance": int, "common": int}],
        }
    ],
}


def validate(value: Any, schema: Any, where: str = "$") -> None:
    """A tiny validator: dict = object with exactly these keys, [s] = array of s, tuple = enum, type = type."""
    if isinstance(schema, dict):
        assert isinstance(value, dict), where
        assert set(value) == set(schema), f"{where}: keys {sorted(value)}"
        for key, sub in schema.items():
            validate(value[key], sub, f"{where}.{key}")
    elif isinstance(schema, list):
        assert isinstance(value, list), where
        for k, item in enumerate(value):
            validate(item, schema[0], f"{where}[{k}]")
    elif isinstance(schema, tuple):
        assert value in schema, f"{where}: {value!r}"
    else:
        assert type(value) is schema, f"{where}: {value!r} is not {schema.__name__}"


@settings(max_examples=100)
@given(days(), st.data())
def test_json_follows_the_schema_and_the_analysis(case: tuple[Staircase, int], data: st.DataObject) -> None:
    staircase, day = case
    a = analyse(staircase, day)
    first = data.draw(st.integers(1, day))
    last = data.draw(st.integers(first, day))
    steps = data.draw(st.sampled_from([None, (first, last)]))
    out = json.loads(json.dumps(to_json(a, steps)))
    validate(out, SCHEMA)
    assert out["day"] == day and out["winner"] == str(a.winner)
    assert (out["first_step"], out["last_step"]) == (steps or (1, day))
    assert [s["step"] for s in out["steps"]] == list(range(out["first_step"], out["last_step"] + 1))
    for s in out["steps"]:
        info = a.step(s["step"])
        assert s["status"] == info.status and s["remoteness"] == info.remoteness and s["pieces"] == info.pieces
        assert s["moves"] == [{"to": m.target, "distance": m.distance, "common": m.common} for m in info.moves]
    assert out["winning_moves"] == [m.target for m in a.winning_moves()]
    assert [(p["player"], p["from"], p["to"]) for p in out["line"]] == [
        (str(p.player), p.move.source, p.move.target) for p in a.line()
    ]


# -- text ------------------------------------------------------------------------------------


@settings(max_examples=60)
@given(days(max_n=120))
def test_text_fits_80_columns_and_names_the_winner(case: tuple[Staircase, int]) -> None:
    a = analyse(*case)
    text = render_text(a)
    assert all(len(line) <= 80 for line in text.splitlines())
    assert f"{a.winner} wins" in text.splitlines()[0]
    assert "\x1b[" not in text
    assert "\x1b[" in render_text(a, color=True)
    for step in default_steps(a):
        assert any(line[1:].lstrip().startswith(f"{step} ") for line in text.splitlines())


def test_text_of_a_range_and_of_a_long_staircase() -> None:
    s = Staircase.from_ints([(i * 37) % 256 for i in range(5000)])
    a = analyse(s)
    text = render_text(a)
    assert len(text.splitlines()) < 120, "long days are summarised"
    assert "more moves" in text and ".. steps" in text
    ranged = render_text(a, (100, 110)).splitlines()
    shown = [int(line[1:7]) for line in ranged if line[1:7].strip().isdigit()]
    assert shown == list(range(100, 111))


def test_remoteness_of_a_long_staircase_is_linear() -> None:
    """O(K): 300,000 steps in a few seconds, even on a busy machine (a per-day recomputation takes hours)."""
    s = Staircase.from_ints([(i * 2654435761 >> 7) % 256 for i in range(300_000)])
    start = time.perf_counter()
    a = analyse(s)
    assert time.perf_counter() - start < 20
    assert a.winner == Player(int(answer(s)[-1]))


# -- the command -----------------------------------------------------------------------------


def run(*args: str, stdin: bytes = b"", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "downwedig", *args],
        input=stdin.decode(),
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
    )


def test_explain_command_text_and_json() -> None:
    result = run("explain", str(EXAMPLE), "--day", "9")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Day 9 of 12: Dima wins")
    assert "\x1b[" not in result.stdout
    colour = run("explain", str(EXAMPLE), "--color", "always")
    assert "\x1b[" in colour.stdout
    assert "\x1b[" not in run("explain", str(EXAMPLE), "--color", "auto", env={"NO_COLOR": "1"}).stdout
    data = json.loads(run("explain", str(EXAMPLE), "--format", "json", "--steps", "2..4").stdout)
    validate(data, SCHEMA)
    assert data["day"] == 12 and [s["step"] for s in data["steps"]] == [2, 3, 4]


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (("--day", "13"), 2, "--day 13 is not in 1..12"),
        (("--day", "0"), 2, "--day 0 is not in 1..12"),
        (("--day", "5", "--steps", "3..6"), 2, "goes past step 5"),
        (("--steps", "4..2"), 2, "expected 1 <= A <= B"),
    ],
)
def test_explain_usage_errors(args: tuple[str, ...], status: int, message: str) -> None:
    result = run("explain", str(EXAMPLE), *args)
    assert result.returncode == status and message in result.stderr


def test_explain_bad_input_is_reported_like_solve() -> None:
    result = run("explain", "-", stdin=b"2\nWWWWWWWW\nWWWXWWWW\n")
    assert result.returncode == 1
    assert (
        result.stderr == "downwedig: error: <stdin>:3:4: unexpected character 'X' in step 2 (a piece is 'W' or 'R')\n"
    )
