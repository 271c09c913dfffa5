"""``downwedig answers``: write NAME.ans for many inputs, in parallel."""

from __future__ import annotations

import argparse
import os
import sys

from ._common import UsageError, int_range

__all__ = ["configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Like online-judge-tools' generate-output: solve each INPUT and write NAME.ans (NAME.in -> "
        "NAME.ans) beside it or in --out-dir. A folder stands for its *.in files. Inputs are solved in "
        "parallel; results are listed in the order given. A bad input is reported and does not stop "
        "the others; the exit status is 1 if any failed."
    )
    parser.add_argument("inputs", nargs="+", metavar="INPUT", help="test files or folders of *.in files")
    parser.add_argument("--out-dir", metavar="DIR", help="write the answers here (created if needed)")
    parser.add_argument(
        "-j", "--jobs", type=int_range(1), default=None, metavar="JOBS", help="worker processes (default: CPU count)"
    )


def _bar(done: int, total: int) -> None:
    width = 30
    filled = width * done // total
    sys.stderr.write(f"\ranswers: [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\r" + " " * (width + 30) + "\r")
    sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    from ..contest.answers import answer_files, expand_inputs

    sources = expand_inputs(args.inputs)
    if not sources:
        raise UsageError("no inputs (a folder stands for its *.in files, and these have none)")
    jobs = args.jobs or os.cpu_count() or 1
    results = answer_files(sources, args.out_dir, jobs=jobs, progress=_bar if sys.stderr.isatty() else None)
    failed = 0
    for result in results:
        if result.ok:
            sys.stdout.write(f"ok     {result.source} -> {result.target} ({result.message})\n")
        else:
            failed += 1
            sys.stdout.write(f"FAILED {result.source}: {result.message}\n")
    summary = f"answers: {len(results) - failed} written, {failed} failed, of {len(results)} inputs\n"
    sys.stdout.write(summary)
    return 1 if failed else 0
