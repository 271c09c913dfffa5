"""``downwedig check``: a testlib-style checker (exit 0 OK, 1 WA, 2 PE, 3 fail)."""

from __future__ import annotations

import argparse
import sys
import types
from typing import Any, NoReturn

from ._common import read_input


def _usage_error(self: argparse.ArgumentParser, message: str) -> NoReturn:
    """Bad invocation is a checker failure (3), as in testlib, not 2 (which means PE here)."""
    self.print_usage(sys.stderr)
    sys.stderr.write(f"{self.prog}: error: {message}\n")
    raise SystemExit(3)


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "check",
        help="judge an output against the answer (testlib exit codes)",
        description=(
            "A checker in testlib's argument order and exit codes: 0 accepted, 1 wrong answer, "
            "2 presentation error (OUTPUT is not one line of n digits 1/2; trailing whitespace is fine), "
            "3 checker failure (INPUT is not a staircase, ANSWER is malformed, or the command line is wrong: "
            "usage errors exit 3 here, not argparse's 2, which would read as a presentation error). "
            "The verdict goes to stderr."
        ),
    )
    parser.add_argument("input", metavar="INPUT", help="the test")
    parser.add_argument("output", metavar="OUTPUT", help="the contestant's output ('-' for stdin)")
    parser.add_argument("answer", metavar="ANSWER", help="the jury's answer, or '-' to compute it with the engine")
    parser.add_argument(
        "--explain", action="store_true", help="on a wrong answer, say why: the winning move that day, or why none"
    )
    parser.error = types.MethodType(_usage_error, parser)
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace) -> int:
    from ..contest.check import check

    if args.input == "-" and args.output == "-":
        args.parser.error("INPUT and OUTPUT cannot both be stdin")
    input_data = read_input(args.input, args.parser)
    output_data = read_input(args.output, args.parser)
    answer_data = None if args.answer == "-" else read_input(args.answer, args.parser)
    verdict = check(input_data, output_data, answer_data, explain=args.explain)
    sys.stderr.write(verdict.message + "\n")
    return verdict.status
