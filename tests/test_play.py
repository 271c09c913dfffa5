"""A game against the perfect player: its moves, the refusals, the verdict."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from downwedig import IllegalMove, Player, Staircase, parse
from downwedig.explain import analyse
from downwedig.play import Game

from .conftest import EXPLAIN
from .strategies import examples, staircases


@examples(100)
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


@examples(60)
@given(staircases(max_n=60), st.sampled_from(list(Player)))
def test_perfect_against_perfect_follows_the_line(staircase: Staircase, person: Player) -> None:
    a = analyse(staircase)
    game = Game(a, person)
    while not game.over:
        if game.persons_turn:
            best = a.best_target(game.position)
            assert best is not None
            game.play(best)
        else:
            game.reply()
    assert [t.move for t in game.turns] == [p.move for p in a.line()]
    assert game.winner is a.winner
    if a.winner is not person and game.turns and any(t.by_person for t in game.turns):
        assert "as long as possible" in game.verdict()


def test_illegal_moves_are_refused_with_the_reason() -> None:
    game = Game(analyse(parse(EXPLAIN.read_bytes()), 9))
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


@examples(60)
@given(staircases(max_n=40), st.data())
def test_the_hint_names_the_winning_moves_or_the_longest_resistance(staircase: Staircase, data: st.DataObject) -> None:
    a = analyse(staircase, data.draw(st.integers(1, len(staircase))))
    game = Game(a, Player.DINA)
    if game.over:
        assert game.hint() == "No move: the game is over."
        return
    wins = [m.target for m in a.winning_moves(1)]
    if wins:
        assert game.hint() == f"Winning moves from step 1: {', '.join(map(str, wins))}."
    else:
        assert game.hint().endswith(f"Holding out longest: step {a.best_target(1)}.")


@examples(60)
@given(staircases(max_n=40), st.sampled_from(list(Player)), st.data())
def test_undo_returns_to_the_persons_previous_turn(staircase: Staircase, person: Player, data: st.DataObject) -> None:
    a = analyse(staircase)
    game = Game(a, person)
    seen: list[tuple[int, Player, int]] = []  # (position, player to move, turns) at each of the person's turns
    while not game.over:
        if game.persons_turn:
            seen.append((game.position, game.to_move, len(game.turns)))
            game.play(data.draw(st.sampled_from([m.target for m in a.moves(game.position)])))
        else:
            game.reply()
    for position, to_move, turns in reversed(seen):
        assert game.undo() is True
        assert (game.position, game.to_move, len(game.turns)) == (position, to_move, turns)
        assert game.persons_turn
    assert game.undo() is False, "nothing left to undo"
    assert all(not t.by_person for t in game.turns), "only the computer's opening move (as Dima) remains"
