"""``downwedig stress``: find a failing test for a solution and shrink it."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from ..staircase import MAX_N
from ._common import CommandError, int_range, printable, seconds_range

__all__ = ["configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Run COMMAND (a shell command reading the test on stdin) on generated tests of every family, "
        "sizes growing up to --max-n, and compare with the engine. Stop at the first wrong answer, "
        "malformed output, crash (non-zero exit) or time-out; shrink that test while it keeps failing "
        "the same way; print the minimal test, the expected and received output and the gen command "
        "of the original test, and save PREFIX.in, PREFIX.expected, PREFIX.received. "
        "Exit 0 when every test passed, 1 when a failing test was found, 2 on usage errors."
    )
    parser.add_argument("--solution", required=True, metavar="COMMAND", help="shell command of the solution")
    parser.add_argument("--tests", type=int_range(1), default=200, metavar="T", help="how many tests (200)")
    parser.add_argument(
        "--max-n", type=int_range(1, MAX_N), default=100, metavar="N", help=f"largest n, 1..{MAX_N} (100)"
    )
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the run (0); same seed, same tests")
    parser.add_argument("--timeout", type=seconds_range(), default=5.0, metavar="SEC", help="per run (5)")
    parser.add_argument(
        "-j", "--jobs", type=int_range(1), default=None, metavar="JOBS", help="runs at once (CPU count)"
    )
    parser.add_argument(
        "--shrink-runs",
        type=int,
        default=1000,
        metavar="R",
        help="most runs spent shrinking (1000; 8 for a time-out); 0 disables shrinking",
    )
    parser.add_argument("--save", default="stress-failure", metavar="PREFIX", help="(default: stress-failure)")


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'s' * (number != 1)}"


def _excerpt(data: bytes, limit: int = 400) -> str:
    """A solution's output as the report shows it: cut short, and escaped so it cannot drive the terminal."""
    text = data[: 4 * limit].decode("utf-8", "backslashreplace").rstrip("\n")
    if not text:
        return "(nothing)"
    shown = printable(text[:limit], keep="\n")
    return shown if len(data) <= limit else shown + f"... ({len(data)} bytes)"


def run(args: argparse.Namespace) -> int:
    from ..contest.registry import to_text
    from ..contest.stress import stress

    tty = sys.stderr.isatty()

    def progress(done: int, total: int, case: Any) -> None:
        sys.stderr.write(f"\rstress: test {done}/{total} ({case.family}, n = {case.n})\033[K")
        sys.stderr.flush()

    jobs = args.jobs or os.cpu_count() or 1
    report = stress(
        args.solution,
        tests=args.tests,
        max_n=args.max_n,
        seed=args.seed,
        timeout=args.timeout,
        jobs=jobs,
        shrink_runs=max(0, args.shrink_runs),
        progress=progress if tty else None,
    )
    if tty:
        sys.stderr.write("\r\033[K")
    out = sys.stdout
    if report.failure is None:
        out.write(f"stress: all {report.tests_run} tests passed (seed {args.seed}, n up to {args.max_n})\n")
        return 0
    case, failure = report.case, report.failure
    assert case is not None and report.minimal is not None and report.minimal_failure is not None
    minimal, last = report.minimal, report.minimal_failure
    out.write(f"stress: test {case.index + 1} of {args.tests} failed: {failure.kind} ({failure.detail})\n")
    out.write(f"original test ({case.family}, n = {case.n}): {case.gen_command}\n")
    note = "" if report.shrink_complete else ", run budget spent"
    reds = sum(row.bit_count() for row in minimal)
    sizes = f"{_count(case.n, 'step')} to {len(minimal)} ({_count(reds, 'red piece')} left)"
    out.write(f"shrunk from {sizes} in {_count(report.shrink_runs, 'run')}{note}: {last.kind}")
    out.write(f" ({last.detail})\n\n")
    text = to_text(minimal)
    out.write(text)
    out.write(f"\nexpected: {last.expected}\nreceived: {_excerpt(last.received)}\n")
    if last.stderr.strip():
        out.write(f"stderr:   {_excerpt(last.stderr)}\n")
    try:
        for suffix, data in (
            (".in", text.encode("ascii")),
            (".expected", last.expected.encode("ascii") + b"\n"),
            (".received", last.received),
        ):
            with open(args.save + suffix, "wb") as file:
                file.write(data)
    except OSError as exc:
        raise CommandError(f"cannot save {args.save + suffix!r}: {exc.strerror or exc}") from None
    out.write(f"saved {args.save}.in, {args.save}.expected, {args.save}.received\n")
    return 1
