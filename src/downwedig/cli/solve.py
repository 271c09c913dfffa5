"""``downwedig solve``: the judge's answer for the judge's input."""

from __future__ import annotations

import argparse
import sys

from ._common import open_input, source_name, width_type, write_all

__all__ = ["configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Read a staircase in the judge's format and print one digit per day: "
        "1 if Dina (the first player) wins that day, 2 if Dima does."
    )
    parser.add_argument("file", nargs="?", default="-", metavar="FILE", help="input file; '-' or none for stdin")
    parser.add_argument(
        "--stream",
        action="store_true",
        help="read incrementally and print digits as soon as they are known (constant memory); "
        "on a bad line the digits already printed stay printed",
    )
    parser.add_argument("--width", type=width_type, default=8, metavar="W", help="pieces per step (1-16, default 8)")


def run(args: argparse.Namespace) -> int:
    from ..engine import answer, answer_chunks
    from ..reader import read_chunks
    from ..staircase import Staircase

    source = source_name(args.file)
    out = sys.stdout.buffer
    with open_input(args.file) as stream:
        chunks = read_chunks(stream, width=args.width, source=source)
        if args.stream:
            for digits in answer_chunks(chunks, args.width):
                write_all(out, digits)
                out.flush()
            out.write(b"\n")
        else:  # all or nothing: the whole staircase first (n bytes, however the input is laid out)
            staircase = Staircase(b"".join(chunks), args.width)
            write_all(out, answer(staircase).encode("ascii") + b"\n")
    out.flush()
    return 0
