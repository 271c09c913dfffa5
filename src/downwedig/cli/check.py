"""``downwedig check``: a testlib-style checker (exit 0 OK, 1 WA, 2 PE, 3 fail)."""

from __future__ import annotations

import argparse
import sys

from ._common import Parser, UsageError, open_input, read_input, read_input_staircase

__all__ = ["configure", "run"]


def configure(parser: Parser) -> None:
    parser.description = (
        "A checker in testlib's argument order and exit codes: 0 accepted, 1 wrong answer, "
        "2 presentation error (OUTPUT is not one line of n digits 1/2; trailing whitespace is fine), "
        "3 checker failure (INPUT is not a staircase, ANSWER is malformed, or the command line is wrong: "
        "usage errors exit 3 here, not argparse's 2, which would read as a presentation error). "
        "The verdict goes to stderr."
    )
    parser.usage_status = 3  # as in testlib: 2 would read as a presentation error
    parser.add_argument("input", metavar="INPUT", help="the test")
    parser.add_argument("output", metavar="OUTPUT", help="the contestant's output ('-' for stdin)")
    parser.add_argument("answer", metavar="ANSWER", help="the jury's answer, or '-' to compute it with the engine")
    parser.add_argument(
        "--explain", action="store_true", help="on a wrong answer, say why: the winning move that day, or why none"
    )


def run(args: argparse.Namespace) -> int:
    from ..contest.judging.check import check

    if args.input == "-" and args.output == "-":
        raise UsageError("INPUT and OUTPUT cannot both be stdin")
    try:  # (a closed standard input is the checker's own failure, exit 3 as testlib's, not the others' 1)
        input_data = read_input_staircase(args.input)  # (/dev/zero: not read to its end)
        # An answer is n digits, n at most the input's lines (a little more is kept: trailing blanks may follow).
        answer_data = None if args.answer == "-" else read_input(args.answer, 2 * len(input_data) + (1 << 20))
    except OSError as exc:
        raise UsageError(f"cannot read {exc.filename!r}: {exc.strerror or exc}") from None
    output = open_input(args.output)  # read in bounded memory by the checker, however large
    try:
        found = check(input_data, output, answer_data, explain=args.explain)
    except OSError as exc:
        raise UsageError(f"cannot read {args.output!r}: {exc.strerror or exc}") from None
    finally:
        if output is not sys.stdin.buffer:
            output.close()
    sys.stderr.write(found.message + "\n")
    return found.status
