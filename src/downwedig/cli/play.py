"""``downwedig play``: play a day against the perfect player, in the terminal or from a script."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ._common import CommandError, read_input, source_name
from .explain import add_common, day_of

_HELP = "Type the number of the step to move the handkerchief to, '?' for the legal moves, or 'q' to give up."


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "play",
        help="play a day against the perfect player",
        description=(
            "Play the game of one day against the perfect player. The steps near the handkerchief are "
            "shown; type the step to move to. Illegal moves are refused with the reason. At the end you "
            "learn where you went wrong. Reads moves from standard input, so it can be scripted "
            "(the staircase FILE must then not be '-')."
        ),
    )
    add_common(parser, steps=False)
    parser.add_argument(
        "--as", dest="person", choices=("dina", "dima"), default="dina", help="your side (default dina, who starts)"
    )
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace) -> int:
    from ..explain import analyse
    from ..play import Game, IllegalMove
    from ..reader import parse
    from ..staircase import Player

    if args.file == "-":
        args.parser.error("play reads your moves from standard input: give the staircase as a file")
    staircase = parse(read_input(args.file, args.parser), width=args.width, source=source_name(args.file))
    day = day_of(args, len(staircase))
    person = Player.DINA if args.person == "dina" else Player.DIMA
    game = Game(analyse(staircase, day), person)
    out = sys.stdout

    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    say(f"Day {day}: {day} steps. You are {person}, the computer is {person.other}. Dina moves first.")
    say(_HELP)
    shown = 0
    while not game.over:
        if shown != game.position:
            say("")
            say(game.nearby())
            shown = game.position
        if not game.persons_turn:
            move = game.reply()
            say(f"{person.other} moves {move.source} -> {move.target} ({move.why()}).")
            continue
        out.write(f"Your move ({person}, from step {game.position}) to step: ")
        out.flush()
        line = sys.stdin.readline()
        if not line:
            say("")
            raise CommandError("no more input: the game was abandoned")
        text = line.strip().lower()
        if text in ("q", "quit", "exit"):
            say("You gave up.")
            return 0
        if text in ("?", "h", "help", ""):
            legal = [m.target for m in game.analysis.moves(game.position)]
            say(f"{_HELP} Legal moves: {', '.join(map(str, legal))}.")
            continue
        try:
            move = game.play(int(text))
        except ValueError as exc:  # IllegalMove is a ValueError too
            say(f"Not a move: {exc}." if isinstance(exc, IllegalMove) else f"Not a step number: {text!r}.")
            continue
        say(f"You move {move.source} -> {move.target} ({move.why()}).")
    say("")
    say(game.verdict())
    return 0
