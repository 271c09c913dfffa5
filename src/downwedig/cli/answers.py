"""``downwedig answers``: write NAME.ans for many inputs, in parallel."""

from __future__ import annotations

import argparse
import os
import sys

from ._common import UsageError, int_range, printable

__all__ = ["configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Solve each INPUT and write its answer file beside it or in --out-dir: NAME.in -> NAME.ans, as "
        "testlib, Polygon and Kattis name them, or NAME.out with --suffix .out, as online-judge-tools "
        "reads them (its 'oj test' refuses .ans files). A folder stands for its *.in files, in natural "
        "order (m2 before m10). Inputs are solved in parallel; results are listed in the order given. "
        "A bad input, or two inputs that would share one answer file, is reported and does not stop the "
        "others; the exit status is 1 if any failed. Answer files are written whole and replace links; a file "
        "in an answer's place that is not an answer file (one line of digits 1 and 2) is never overwritten, nor is "
        "an input. SIGTERM or SIGHUP stop the workers and remove what they were writing (exit 143 or 129)."
    )
    parser.add_argument("inputs", nargs="+", metavar="INPUT", help="test files or folders of *.in files")
    parser.add_argument("--out-dir", type=_folder, metavar="DIR", help="write the answers here (created if needed)")
    parser.add_argument(
        "--suffix", default=".ans", type=_suffix, metavar="SUFFIX", help="answer file suffix (.ans; .out for oj)"
    )
    parser.add_argument(
        "-j", "--jobs", type=int_range(1), default=None, metavar="JOBS", help="worker processes (default: CPU count)"
    )


def _folder(text: str) -> str:
    if not text:
        raise argparse.ArgumentTypeError("an empty name is no folder")
    return text


def _suffix(text: str) -> str:
    if not text.startswith(".") or len(text) < 2 or "/" in text or not text.isprintable():
        raise argparse.ArgumentTypeError(f"a suffix is a dot and a name, like .ans or .out; got {text!r}")
    return text


def _bar(done: int, total: int) -> None:
    width = 30
    filled = width * done // total
    sys.stderr.write(f"\ranswers: [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\r" + " " * (width + 30) + "\r")
    sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    from ..interrupts import terminations

    with terminations():
        return _answers(args)


def _answers(args: argparse.Namespace) -> int:
    from ..contest.generating.answers import answer_files, expand_inputs

    if "" in args.inputs:
        raise UsageError("an INPUT is an empty name")
    sources = expand_inputs(args.inputs)
    if not sources:
        raise UsageError("no inputs (a folder stands for its *.in files, and these have none)")
    jobs = args.jobs or os.cpu_count() or 1
    progress = _bar if sys.stderr.isatty() else None
    results = answer_files(sources, args.out_dir, suffix=args.suffix, jobs=jobs, progress=progress)
    failed = 0
    for result in results:
        if result.ok:
            sys.stdout.write(f"ok     {printable(result.source)} -> {printable(result.target)} ({result.message})\n")
        else:
            failed += 1
            sys.stdout.write(f"FAILED {printable(result.source)}: {printable(result.message)}\n")
    summary = f"answers: {len(results) - failed} written, {failed} failed, of {len(results)} inputs\n"
    sys.stdout.write(summary)
    return 1 if failed else 0
