"""``downwedig bundle``: the one-file submission (or another program of the problem package)."""

from __future__ import annotations

import argparse
import os
import sys

from ._common import CommandError, printable, write_output

__all__ = ["configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    from ..contest.shipping.bundle import CODEFORCES_LIMIT, PROGRAMS

    parser.description = (
        "Write one self-contained Python file, standard library only, that reads the judge's input on stdin "
        "and prints the answer: what a contestant submits to Codeforces or Kattis. It is made from this "
        "package's own modules (the engine, the reader, ...), stripped of docstrings, comments and annotations and "
        f"compressed, so that it stays under Codeforces' limit of {CODEFORCES_LIMIT} bytes (--full embeds them as "
        "they are, to be read); each is compiled when first imported. It runs under CPython 3.9+ and PyPy 3.9, "
        "and a file it writes is executable (./solution.py). Its size goes to standard error. --program writes "
        "another program of the problem package instead: "
        + "; ".join(f"{name}: {program.title}" for name, program in PROGRAMS.items())
        + "."
    )
    parser.add_argument(
        "-o", "--output", default="-", metavar="FILE", help="write it here ('-', the default, is standard output)"
    )
    parser.add_argument(
        "--program", choices=sorted(PROGRAMS), default="solution", help="which program (default: solution)"
    )
    parser.add_argument(
        "--full",
        action="store_true",
        help="embed each module's source as it is, docstrings and all (about 115 kB: over Codeforces' limit)",
    )


def run(args: argparse.Namespace) -> int:
    from ..contest.shipping.bundle import CODEFORCES_LIMIT, PROGRAMS, bundle

    data = bundle(PROGRAMS[args.program], compact=not args.full).encode("utf-8")
    if not args.full and len(data) > CODEFORCES_LIMIT:  # (a guard: the tests keep it far below)
        raise CommandError(f"the bundle is {len(data)} bytes, over Codeforces' limit of {CODEFORCES_LIMIT}")
    write_output(args.output, data)
    where = "standard output" if args.output == "-" else printable(args.output)
    if args.output != "-":
        mode = os.stat(args.output).st_mode
        os.chmod(args.output, mode | (mode & 0o444) >> 2)  # executable by whoever may read it
    fits = "over" if len(data) > CODEFORCES_LIMIT else "within"
    sys.stderr.write(f"bundle: wrote {where}: {len(data)} bytes ({fits} Codeforces' {CODEFORCES_LIMIT})\n")
    return 0
