"""``downwedig play``: play a day against the perfect player, in the terminal or from a script.

On a terminal the pieces, the reachable steps, refusals, hints and the verdict
are coloured (``--color``; never with ``NO_COLOR`` or when not a terminal).
The exit status says how the game went: 0 when you win, 1 when you lose, give
up or the input ends first, 2 for a usage error.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from ._common import CommandError, UsageError, add_day_options, day_of, read_staircase, use_color

if TYPE_CHECKING:
    from ..play import Game

__all__ = ["configure", "run"]

_HELP = (  # within 80 columns
    "Type a step number to move the handkerchief there, '?' for the legal moves,\n"
    "'hint' for a winning move, 'undo' to take back your last move, 'h' for this help,\n"
    "or 'q' to give up."
)

#: Exit statuses: the person won; lost, gave up or left (a usage error is 2, as for every command).
WON, LOST = 0, 1

_RESET, _BOLD, _DIM, _RED, _GREEN, _YELLOW = "\x1b[0m", "\x1b[1m", "\x1b[2m", "\x1b[31m", "\x1b[32m", "\x1b[33m"
_NEARBY = re.compile(r"(step +\d+  )([WR]+)(  )(.*)")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Play the game of one day against the perfect player. The steps near the handkerchief are "
        "shown; type the step to move to, 'hint' for a winning move or 'undo' to take your last move back. "
        "Illegal moves are refused with the reason. At the end you learn where you went wrong. Reads moves "
        "from standard input, so it can be scripted (the staircase FILE must then not be '-'). Exit status: "
        "0 when you win, 1 when you lose, give up or the input ends, 2 for a usage error."
    )
    add_day_options(parser, steps=False)
    parser.add_argument(
        "--as", dest="person", choices=("dina", "dima"), default="dina", help="your side (default dina, who starts)"
    )
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the game (default auto: on a terminal, unless NO_COLOR is set)",
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
    color = use_color(args.color, out)

    def say(text: str, *codes: str) -> None:
        out.write(("".join(codes) + text + _RESET if color and codes else text) + "\n")
        out.flush()

    steps = f"{day} step{'s' * (day != 1)}"
    say(f"Day {day}: {steps}. You are {person}, the computer is {person.other}. Dina moves first.")
    say(_HELP)
    try:
        return _play(game, say, color)
    except KeyboardInterrupt:
        say("")  # leave the terminal on a fresh line
        raise


def _nearby(game: Game, color: bool) -> str:
    """:meth:`Game.nearby`, coloured: red pieces, reachable steps green, the others dim."""
    text = game.nearby()
    if not color:
        return text
    lines = []
    for line in text.splitlines():
        match = _NEARBY.fullmatch(line)
        if match is None:
            lines.append(line)
            continue
        head, pieces, gap, rest = match.groups()
        pieces = re.sub("R+", lambda red: _RED + red[0] + _RESET, pieces)
        if rest.startswith("<-"):
            rest = _BOLD + _YELLOW + rest + _RESET
        else:
            rest = (_GREEN if rest.endswith("can move here") else _DIM) + rest + _RESET
        lines.append(head + pieces + gap + rest)
    return "\n".join(lines)


def _play(game: Game, say: Callable[..., None], color: bool) -> int:
    from ..errors import IllegalMove, excerpt
    from ..play import WORDS

    out, person = sys.stdout, game.person
    shown = 0
    while not game.over:
        if shown != game.position:
            say("")
            say(_nearby(game, color))
            shown = game.position
        if not game.persons_turn:
            move = game.reply()
            values = {"player": person.other, "source": move.source, "target": move.target, "why": move.why()}
            say(WORDS["computer_moves"].format(**values))
            continue
        prompt = f"Your move ({person}, from step {game.position}) to step: "
        out.write(_BOLD + prompt + _RESET if color else prompt)
        out.flush()
        line = sys.stdin.buffer.readline()  # bytes: whatever is typed, it is answered, never a traceback
        if not line:
            say("")
            raise CommandError("no more input: the game was abandoned")
        text = line.decode("utf-8", "replace").strip().lower()
        if text in ("q", "quit", "exit"):
            say("You gave up.", _RED)
            return LOST
        if text in ("h", "help"):
            say(_HELP)
            continue
        if text in ("hint", "!"):
            say(game.hint(), _GREEN)
            continue
        if text in ("undo", "u"):
            if game.undo():
                say(f"Took back your last move: the handkerchief is on step {game.position} again.")
                shown = 0
            else:
                say("Nothing to undo: you have not moved yet.")
            continue
        if text in ("?", ""):
            legal = [m.target for m in game.analysis.moves(game.position)]
            say(f"Legal moves from step {game.position}: {', '.join(map(str, legal))}.")
            continue
        try:
            move = game.play(int(text))
        except IllegalMove as exc:
            say(WORDS["illegal"].format(why=exc), _RED)
            continue
        except ValueError:
            say(f"Not a step number: {excerpt(text)}.", _RED)
            continue
        say(WORDS["you_move"].format(source=move.source, target=move.target, why=move.why()))
    say("")
    won = game.winner is person
    say(game.verdict(), _BOLD, _GREEN if won else _RED)
    return WON if won else LOST
