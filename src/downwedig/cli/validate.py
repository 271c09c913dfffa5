"""``downwedig validate``: the strict validator for test files (exit 0 all valid, 3 if any is invalid)."""

from __future__ import annotations

import argparse
import sys

from ._common import UsageError, diagnostic, read_input, source_name

__all__ = ["configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Validate tests in testlib's sense: n in [1, 300000] on the first line, then exactly n "
        "lines of exactly 8 characters W/R, '\\n' line endings, a final newline and nothing else. "
        "Each FILE is checked; a problem is reported as 'FILE:LINE:COLUMN: error: what is wrong' on "
        "stderr (columns count bytes). Exit 0 when every file is valid, 3 when any is invalid, "
        "2 when a file cannot be read. (solve is tolerant of layout; this is for files that go to a judge.)"
    )
    parser.add_argument("files", nargs="*", default=["-"], metavar="FILE", help="tests; '-' or none for stdin")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only the problems")


def run(args: argparse.Namespace) -> int:
    from ..contest.generating.validate import LARGEST, validate
    from ..errors import InvalidStaircase

    status = 0
    unreadable = []
    for path in args.files:
        try:
            data = read_input(path, LARGEST)  # (no more is needed to find the first fault, even of /dev/zero)
        except UsageError as exc:
            unreadable.append(str(exc))
            continue
        try:
            staircase = validate(data, source=source_name(path))
        except InvalidStaircase as exc:
            sys.stderr.write(diagnostic(exc) + "\n")
            status = 3
            continue
        if not args.quiet:
            sys.stderr.write(f"{source_name(path)}: valid, n = {len(staircase)}\n")
    if unreadable:
        raise UsageError("; ".join(unreadable))
    return status
