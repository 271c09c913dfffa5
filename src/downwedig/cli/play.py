"""``downwedig play``: play a day against the perfect player, in the terminal or from a script."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from ._common import CommandError, UsageError, add_day_options, day_of, read_staircase

if TYPE_CHECKING:
    from ..play import Game

__all__ = ["configure", "run"]

_HELP = (
    "Type the number of the step to move the handkerchief to, '?' for the legal moves, "
    "'h' for this help, or 'q' to give up."
)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Play the game of one day against the perfect player. The steps near the handkerchief are "
        "shown; type the step to move to. Illegal moves are refused with the reason. At the end you "
        "learn where you went wrong. Reads moves from standard input, so it can be scripted "
        "(the staircase FILE must then not be '-')."
    )
    add_day_options(parser, steps=False)
    parser.add_argument(
        "--as", dest="person", choices=("dina", "dima"), default="dina", help="your side (default dina, who starts)"
    )


def run(args: argparse.Namespace) -> int:
    from ..explain import analyse
    from ..play import Game
    from ..staircase import Player

    if args.file == "-":
        raise UsageError("play reads your moves from standard input: give the staircase as a file")
    staircase = read_staircase(args.file, args.width)
    day = day_of(args.day, len(staircase))
    person = Player.DINA if args.person == "dina" else Player.DIMA
    game = Game(analyse(staircase, day), person)
    out = sys.stdout

    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    say(f"Day {day}: {day} steps. You are {person}, the computer is {person.other}. Dina moves first.")
    say(_HELP)
    try:
        return _play(game, say)
    except KeyboardInterrupt:
        say("")  # leave the terminal on a fresh line
        raise


def _play(game: Game, say: Callable[[str], None]) -> int:
    from ..errors import IllegalMove
    from ..play import WORDS

    out, person = sys.stdout, game.person
    shown = 0
    while not game.over:
        if shown != game.position:
            say("")
            say(game.nearby())
            shown = game.position
        if not game.persons_turn:
            move = game.reply()
            say(
                WORDS["computer_moves"].format(
                    player=person.other, source=move.source, target=move.target, why=move.why()
                )
            )
            continue
        out.write(f"Your move ({person}, from step {game.position}) to step: ")
        out.flush()
        line = sys.stdin.buffer.readline()  # bytes: whatever is typed, it is answered, never a traceback
        if not line:
            say("")
            raise CommandError("no more input: the game was abandoned")
        text = line.decode("utf-8", "replace").strip().lower()
        if text in ("q", "quit", "exit"):
            say("You gave up.")
            return 0
        if text in ("h", "help"):
            say(_HELP)
            continue
        if text in ("?", ""):
            legal = [m.target for m in game.analysis.moves(game.position)]
            say(f"Legal moves from step {game.position}: {', '.join(map(str, legal))}.")
            continue
        try:
            move = game.play(int(text))
        except IllegalMove as exc:
            say(WORDS["illegal"].format(why=exc))
            continue
        except ValueError:
            say(f"Not a step number: {text!r}.")
            continue
        say(WORDS["you_move"].format(source=move.source, target=move.target, why=move.why()))
    say("")
    say(game.verdict())
    return 0
