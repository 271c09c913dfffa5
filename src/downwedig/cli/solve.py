"""``downwedig solve``: the judge's answer for the judge's input."""

from __future__ import annotations

import argparse
import sys

from ._common import open_input, read_input, source_name, width_type, write_all

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
    from ..reader import parse, read_chunks

    source = source_name(args.file)
    out = sys.stdout.buffer
    if args.stream:
        stream = open_input(args.file)
        with stream:
            for digits in answer_chunks(read_chunks(stream, width=args.width, source=source), args.width):
                write_all(out, digits)
                out.flush()
        out.write(b"\n")
    else:
        data = read_input(args.file)
        write_all(out, answer(parse(data, width=args.width, source=source)).encode("ascii") + b"\n")
    out.flush()
    return 0
