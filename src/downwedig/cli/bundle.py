"""``downwedig bundle``: the one-file submission (or another program of the problem package)."""

from __future__ import annotations

import argparse
import os
import sys

from ._common import CommandError, printable, write_output

__all__ = ["configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    from ..contest.bundling.bundle import CODEFORCES_LIMIT
    from ..contest.shipping.programs import PROGRAMS

    parser.description = (
        "Write one self-contained Python file, standard library only, that reads the judge's input on stdin "
        "and prints the answer: what a contestant submits to Codeforces or Kattis. It is plain Python a person "
        "can read, made from this package's own modules (the engine, the reader, ...): their code inlined one "
        "after the other, without docstrings, comments, annotations and what the program never reaches, the "
        f"names kept, about 63 KB, under Codeforces' limit of {CODEFORCES_LIMIT} bytes (--full embeds the "
        "modules' sources as they are instead, each compiled when first imported). It runs under CPython 3.9+ "
        "and PyPy 3.9, says so in one line on an older Python, "
        "and a file it writes is executable (./solution.py); under CPython it answers with the engine's Solver, "
        "under PyPy with the engine's loop route, the sweep (each module opens with a comment saying the idea it "
        "implements and the editorial's section). Its size goes to standard error. --program editorial writes the "
        "editorial's short solution instead (O(256 n), about 0.2 s at n = 300,000 under either interpreter), "
        "a file a learner can read, commented section by section, as it is. --program writes "
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
        help="embed each module's source as it is, docstrings and all (about 149 KB: over Codeforces' limit)",
    )


def run(args: argparse.Namespace) -> int:
    from ..contest.bundling.bundle import CODEFORCES_LIMIT, bundle
    from ..contest.shipping.programs import PROGRAMS

    data = bundle(PROGRAMS[args.program], full=args.full).encode("utf-8")
    # (A guard: the tests keep the solution below it. The other programs are for Kattis, which has no such limit.)
    if not args.full and args.program == "solution" and len(data) > CODEFORCES_LIMIT:
        raise CommandError(f"the bundle is {len(data)} bytes, over Codeforces' limit of {CODEFORCES_LIMIT}")
    write_output(args.output, data)
    where = "standard output" if args.output == "-" else printable(args.output)
    if args.output != "-":
        mode = os.stat(args.output).st_mode
        os.chmod(args.output, mode | (mode & 0o444) >> 2)  # executable by whoever may read it
    fits = "over" if len(data) > CODEFORCES_LIMIT else "within"
    sys.stderr.write(f"bundle: wrote {where}: {len(data)} bytes ({fits} Codeforces' {CODEFORCES_LIMIT})\n")
    return 0
