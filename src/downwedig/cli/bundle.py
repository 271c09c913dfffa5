"""``downwedig bundle``: the one-file submission (or another program of the problem package)."""

from __future__ import annotations

import argparse

from ._common import write_output

__all__ = ["configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    from ..contest.shipping.bundle import PROGRAMS

    parser.description = (
        "Write one self-contained Python file, standard library only, that reads the judge's input on stdin "
        "and prints the answer: what a contestant submits to Codeforces or Kattis. It is made from this "
        "package's own modules (the engine, the reader, ...), embedded as source and loaded in order, and runs "
        "under CPython 3.9+ and PyPy 3.9. --program writes another program of the problem package instead: "
        + "; ".join(f"{name}: {program.title}" for name, program in PROGRAMS.items())
        + "."
    )
    parser.add_argument(
        "-o", "--output", default="-", metavar="FILE", help="write it here ('-', the default, is standard output)"
    )
    parser.add_argument(
        "--program", choices=sorted(PROGRAMS), default="solution", help="which program (default: solution)"
    )


def run(args: argparse.Namespace) -> int:
    from ..contest.shipping.bundle import PROGRAMS, bundle

    write_output(args.output, bundle(PROGRAMS[args.program]).encode("utf-8"))
    return 0
