"""The ``downwedig`` command: a thin layer of argparse over the library.

Each subcommand lives in its own module here with a ``register(subparsers)``
function; modules import the library parts they need only when they run, so
``downwedig solve`` starts without loading the drawing or contest code.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from .. import __version__
from ..staircase import InvalidStaircase
from ._common import CommandError, error

__all__ = ["COMMANDS", "build_parser", "main"]

#: The subcommands, in the order ``--help`` lists them.
COMMANDS = ("solve", "explain", "render", "play", "gen", "validate", "check", "answers", "stress")


def build_parser() -> argparse.ArgumentParser:
    """The whole command line, every subcommand included."""
    parser = argparse.ArgumentParser(
        prog="downwedig",
        description='Solve, explain and test the staircase game "Down We Dig" (NERC 2020, problem D).',
        epilog="Run 'downwedig COMMAND --help' for a command's options.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 bad input, 2 usage)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
    except InvalidStaircase as exc:
        return error(str(exc))
    except CommandError as exc:
        return error(str(exc), exc.status)
    except BrokenPipeError:
        # The reader went away (`downwedig solve big.txt | head`): stop quietly, as
        # `cat` does, and keep Python from complaining when it flushes stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except KeyboardInterrupt:
        return 130
    return status
