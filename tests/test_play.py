"""play: the perfect player, the refusals, the verdict; the command driven through standard input."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from downwedig import Player, Staircase, parse
from downwedig.explain import analyse
from downwedig.play import Game, IllegalMove

from .strategies import staircases

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "explain.in"


@settings(max_examples=100)
@given(staircases(max_n=60), st.sampled_from(list(Player)), st.data())
def test_a_game_with_random_moves(staircase: Staircase, person: Player, data: st.DataObject) -> None:
    a = analyse(staircase, data.draw(st.integers(1, len(staircase))))
    game = Game(a, person)
    while not game.over:
        if game.persons_turn:
            targets = [m.target for m in a.moves(game.position)]
            move = game.play(data.draw(st.sampled_from(targets)))
        else:
            before = game.position
            move = game.reply()
            assert move == a.best_move(before)
            if a.won[before]:
                assert not a.won[move.target], "the computer never throws away a win"
        assert a.staircase.is_move(move.source, move.target)
    winner = game.winner
    assert winner is not None and a.moves(game.position) == []
    verdict = game.verdict()
    if winner is person:
        assert verdict.startswith("Congratulations")
    else:
        mistakes = [t for t in game.turns if t.by_person and a.won[t.move.source] and a.won[t.move.target]]
        assert mistakes == [t for t in game.turns if t.mistake]
        if mistakes:
            number = game.turns.index(mistakes[0]) + 1
            assert f"You went wrong on move {number}: from step {mistakes[0].move.source}" in verdict
        else:
            # The person never had a won position: then the day was lost for them from the start.
            assert a.winner is person.other and "had no way to win" in verdict


@settings(max_examples=60)
@given(staircases(max_n=60), st.sampled_from(list(Player)))
def test_perfect_against_perfect_follows_the_line(staircase: Staircase, person: Player) -> None:
    a = analyse(staircase)
    game = Game(a, person)
    while not game.over:
        game.play(a.best_move(game.position).target) if game.persons_turn else game.reply()  # type: ignore[union-attr]
    assert [t.move for t in game.turns] == [p.move for p in a.line()]
    assert game.winner is a.winner
    if a.winner is not person and game.turns and any(t.by_person for t in game.turns):
        assert "as long as possible" in game.verdict()


def test_illegal_moves_are_refused_with_the_reason() -> None:
    game = Game(analyse(parse(EXAMPLE.read_bytes()), 9))
    with pytest.raises(IllegalMove, match=r"step 5 is 4 steps down from step 1 but shares 2 pieces with it"):
        game.play(5)
    with pytest.raises(IllegalMove, match="only goes down"):
        game.play(1)
    with pytest.raises(IllegalMove, match="there is no step 10 on day 9"):
        game.play(10)
    with pytest.raises(IllegalMove, match="cannot move now"):
        game.reply()
    assert game.position == 1 and game.turns == []
    game.play(3)
    with pytest.raises(IllegalMove, match="not your turn"):
        game.play(4)


def run(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "downwedig", "play", str(EXAMPLE), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_play_a_won_game_through_stdin() -> None:
    # Day 7: Dina wins by 1 -> 3; Dima holds out with 3 -> 4; Dina finishes with 4 -> 7.
    result = run("--day", "7", stdin="5\nabc\n3\n7\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Not a move: step 5 is 4 steps down from step 1 but shares 2 pieces with it (need 4 <= 2)." in out
    assert "Not a step number: 'abc'." in out
    assert "You move 1 -> 3 (distance 2 <= 4 common pieces)." in out
    assert "Dima moves 3 -> 4 (distance 1 <= 5 common pieces)." in out
    assert "You move 4 -> 7" in out
    assert out.rstrip().endswith("Congratulations, you won! Dima is on step 7 and cannot move.")


def test_play_a_lost_game_through_stdin() -> None:
    # Day 7 again, but Dina opens 1 -> 2 and throws the win away; Dima (2 -> 3, then 5 -> 7) wins.
    result = run("--day", "7", stdin="2\n?\n5\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Legal moves:" in out
    assert "You lost:" in out
    assert "You went wrong on move 1: from step 1, which you could win, you moved to step 2, where Dima wins." in out
    assert "Moving to step 3 instead would have won." in out


def test_play_as_dima_and_abandoned_games() -> None:
    result = run("--day", "4", "--as", "dima", stdin="")
    assert result.returncode == 0, result.stderr
    assert "Dina moves 1 -> 4" in result.stdout and "Dima had no way to win" in result.stdout
    abandoned = run("--day", "9", stdin="3\n")
    assert abandoned.returncode == 1
    assert abandoned.stderr == "downwedig: error: no more input: the game was abandoned\n"
    assert run("--day", "9", stdin="q\n").stdout.rstrip().endswith("You gave up.")
    assert run("--day", "13", stdin="").returncode == 2
