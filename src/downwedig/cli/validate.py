"""``downwedig validate``: the strict validator (exit 0 valid, 3 invalid)."""

from __future__ import annotations

import argparse
import sys

from ._common import read_input, source_name

__all__ = ["configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Validate a test in testlib's sense: n in [1, 300000] on the first line, then exactly n "
        "lines of exactly 8 characters W/R, '\\n' line endings, a final newline and nothing else. "
        "Exit 0 when valid; otherwise print 'LINE:COLUMN: what is wrong' on stderr and exit 3. "
        "(solve is tolerant of layout; this is for files that go to a judge.)"
    )
    parser.add_argument("file", nargs="?", default="-", metavar="FILE", help="the test; '-' or none for stdin")
    parser.add_argument("-q", "--quiet", action="store_true", help="print nothing when the file is valid")


def run(args: argparse.Namespace) -> int:
    from ..contest.validate import validate
    from ..errors import InvalidStaircase

    data = read_input(args.file)
    try:
        staircase = validate(data, source=source_name(args.file))
    except InvalidStaircase as exc:
        sys.stderr.write(f"{exc.line}:{exc.column}: {exc.reason}\n")
        return 3
    if not args.quiet:
        sys.stderr.write(f"{source_name(args.file)}: valid, n = {len(staircase)}\n")
    return 0
