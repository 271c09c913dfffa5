"""``downwedig stress``: find a failing test for a solution and shrink it."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from ..staircase import MAX_N
from ._common import CommandError, UsageError, add_limit_options, int_range, printable, write_output

__all__ = ["configure", "run"]

#: The most tests of one run (they are planned first: a few hundred bytes each; at 30 ms a run, most of an hour).
MAX_TESTS = 100_000


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Run COMMAND (a shell command reading the test on stdin) on generated tests of every family, "
        "sizes growing up to --max-n, under the judge's limits, and judge each run against the engine as "
        "'downwedig test' does. Stop at the first failure (WA, PE, RE, TLE or MLE); shrink that test while "
        "it keeps failing with the same verdict; print the minimal test, the expected and received output "
        "and the gen command of the original test, and save PREFIX.in, PREFIX.expected, PREFIX.received. "
        "A failure that does not happen again while shrinking is reported and saved as it was found. "
        "When PREFIX cannot be written, the minimal test is printed in full and the error names what could not "
        "be written. --add-to PLAN also keeps the minimal test as a test of the plan: it is saved beside PLAN as "
        "NAME.in and the line 'NAME file NAME.in' is appended to PLAN, so the next 'downwedig package --tests "
        "PLAN' carries it. "
        "Runs are made as 'downwedig test' makes them (the stack is the memory limit unless --stack-limit says "
        "otherwise); the report names the isolation (cgroup-v1+namespaces+uid, say) and what is missing. "
        "Exit 0 when every test passed, 1 when a failing test was found, 2 on usage errors, "
        "143 or 129 when ended by SIGTERM or SIGHUP."
    )
    parser.add_argument(
        "--solution",
        required=True,
        metavar="COMMAND",
        help="shell command of the solution (a lone FILE.py runs with this Python, as for test)",
    )
    parser.add_argument(
        "--tests", type=int_range(1, MAX_TESTS), default=200, metavar="T", help=f"how many tests, 1..{MAX_TESTS} (200)"
    )
    parser.add_argument(
        "--max-n", type=int_range(1, MAX_N), default=100, metavar="N", help=f"largest n, 1..{MAX_N} (100)"
    )
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the run (0); same seed, same tests")
    add_limit_options(parser, "--timeout")  # (--timeout: its name before it was the judge's time limit)
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
    parser.add_argument(
        "--save",
        default="stress-failure",
        metavar="PREFIX",
        help="where a failure is saved: PREFIX.in (the smallest failing test found), PREFIX.expected and "
        "PREFIX.received (default: stress-failure, in the current folder)",
    )
    parser.add_argument(
        "--add-to",
        metavar="PLAN",
        help="a plan file (see 'downwedig package --tests') to add the minimal failing test to, as a hand-made "
        "test saved beside it (checked before the run: it must read as a plan)",
    )


#: A minimal test longer than this is not printed (it is saved).
_SHOWN_STEPS = 40


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
    from ..contest.running.run import stop_all
    from ..interrupts import terminations

    try:
        with terminations(stop_all, interrupt=True):
            return _stress(args)
    finally:
        stop_all(False)


def _plan_names(plan: str) -> set[str]:
    """The names of the tests of the plan file ``plan``; its faults reported as ``package`` reports them."""
    from ._plan import load

    if plan in ("full", "small") or not os.path.isfile(plan):
        raise UsageError(f"--add-to {plan}: not a plan file (make one with 'downwedig gen --plan full > my.plan')")
    return {test.name for test in load(plan)}


def add_to_plan(plan: str, names: set[str], stem: str, data: bytes, comment: str) -> str:
    """Save the test ``data`` beside the plan file ``plan`` as ``NAME.in`` and append ``NAME file NAME.in  #
    comment`` to it; the name (``stem``, or ``stem-2``... when taken by a test of the plan or a file). O(size).

    Nothing is left half-done: the line is appended only once the file is whole, and the file is removed if
    the line cannot be.  A failure is a :class:`CommandError` naming what could not be written.
    """
    from pathlib import Path

    from ..files import whole_file

    folder = Path(plan).parent
    name, number = stem, 1
    while name in names or os.path.lexists(folder / f"{name}.in"):
        number += 1
        name = f"{stem}-{number}"
    test = folder / f"{name}.in"
    try:
        with whole_file(test) as file:
            file.write(data)
    except OSError as exc:
        raise CommandError(f"cannot write {printable(str(test))!r}: {exc.strerror or exc}") from None
    try:
        with open(plan, "rb+") as file:
            file.seek(0, os.SEEK_END)
            ends = file.tell() == 0 or (file.seek(-1, os.SEEK_END) >= 0 and file.read(1) == b"\n")
            file.write((b"" if ends else b"\n") + f"{name} file {name}.in  # {comment}\n".encode())
    except OSError as exc:
        test.unlink(missing_ok=True)
        raise CommandError(f"cannot append to the plan {printable(plan)!r}: {exc.strerror or exc}") from None
    return name


def _stress(args: argparse.Namespace) -> int:
    import concurrent.futures

    from ..contest.generating.registry import to_text
    from ..contest.judging.stress import stress
    from ..contest.judging.verdict import Limits
    from ..contest.running.command import solution_command
    from ..contest.running.isolation import describe
    from ._common import isolation_words

    names = _plan_names(args.add_to) if args.add_to is not None else set()
    mode, missing = describe()
    tty = sys.stderr.isatty()

    def progress(done: int, total: int, test: Any) -> None:
        sys.stderr.write(f"\rstress: test {done}/{total} ({test.family}, n = {test.n})\033[K")
        sys.stderr.flush()

    jobs = args.jobs or os.cpu_count() or 1
    with concurrent.futures.ThreadPoolExecutor(1) as worker:  # (this thread stays free to take signals)
        report = worker.submit(
            stress,
            solution_command(args.solution),
            tests=args.tests,
            max_n=args.max_n,
            seed=args.seed,
            limits=Limits(cpu_s=args.time_limit, memory_mib=args.memory_limit, stack_mib=args.stack_limit),
            jobs=jobs,
            shrink_runs=max(0, args.shrink_runs),
            progress=progress if tty else None,
        ).result()
    if tty:
        sys.stderr.write("\r\033[K")
    out = sys.stdout
    mode = isolation_words(mode, missing)
    if report.failure is None:
        out.write(
            f"stress: all {report.tests_run} tests passed (seed {args.seed}, n up to {args.max_n}; isolation: {mode})\n"
        )
        return 0
    test, failure = report.test, report.failure
    assert test is not None and report.minimal is not None and report.minimal_failure is not None
    minimal, last = report.minimal, report.minimal_failure
    text = to_text(minimal)
    # The files first: a reader that stops early (`| head`) must not cost the test that was found.
    unsaved: list[str] = []  # what could not be written, and why
    try:
        for suffix, data in (
            (".in", text.encode("ascii")),
            (".expected", last.expected.encode("ascii") + b"\n"),
            (".received", last.received),
        ):
            write_output(args.save + suffix, data)
    except CommandError as exc:
        unsaved.append(f"--save {args.save}: {exc}")
    saved = not unsaved
    added = None
    if args.add_to is not None:
        comment = f"stress --seed {args.seed}, test {report.index + 1}: {last.verdict}; shrunk from {test.command}"
        try:
            added = add_to_plan(args.add_to, names, f"stress-{args.seed}-{report.index + 1}", text.encode(), comment)
        except CommandError as exc:
            unsaved.append(f"--add-to {args.add_to}: {exc}")
    out.write(f"stress: test {report.index + 1} of {args.tests} failed: {failure.verdict} (isolation: {mode})\n")
    out.write(f"  {printable(failure.message)}\n")
    out.write(f"original test ({test.family}, n = {test.n}): {test.command}\n")
    if not report.repeated:
        out.write(
            "not shrunk: the test did not fail again when run once more (a flaky solution, or a time-out on a busy "
            "machine?); here it is as found\n"
        )
    else:
        note = "" if report.shrink_complete else ", run budget spent"
        reds = sum(row.bit_count() for row in minimal)
        sizes = f"{_count(test.n, 'step')} to {len(minimal)} ({_count(reds, 'red piece')} left)"
        out.write(f"shrunk from {sizes} in {_count(report.shrink_runs, 'run')}{note}: {last.verdict}\n")
        out.write(f"  {printable(last.message)}\n")
    if len(minimal) <= _SHOWN_STEPS or unsaved:
        out.write("\n" + text + "\n")
        out.write(f"expected: {last.expected}\n")
    else:
        out.write(f"\n({_count(len(minimal), 'step')}: too many to show here; see {printable(args.save)}.in)\n")
    out.write(f"received: {_excerpt(last.received)}\n")
    if last.stderr.strip():
        out.write(f"stderr:   {_excerpt(last.stderr)}\n")
    if saved:
        out.write(
            f"saved {printable(args.save)}.in, {printable(args.save)}.expected, {printable(args.save)}.received\n"
        )
    if added is not None:
        out.write(f"added to {printable(args.add_to)}: {added} file {added}.in\n")
    out.flush()
    if unsaved:
        raise CommandError("; ".join(unsaved) + " (the failing test is printed above in full)")
    return 1
