"""``downwedig stress``: find a failing test for a solution and shrink it."""

from __future__ import annotations

import argparse
import functools
import os
import sys
import textwrap
from typing import TYPE_CHECKING, Any

from ..staircase import MAX_N
from ._common import CommandError, add_limit_options, ending_runs, int_range, printable, write_output
from ._plan import add_to_plan, plan_names

if TYPE_CHECKING:
    from ..contest.judging.stress import Report
    from ..contest.judging.verdict import Limits
    from ..diagnosis import Diagnosis

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
        "A wrong answer is then explained in the teaching page's words: its first wrong day, who really wins it "
        "and why, and the first step of that day, from the bottom, whose status the solution's own answers "
        "contradict (the solution is run on the steps of that day from each step down); --page FILE writes "
        "the page of the minimal test, opened on that day with the step-through ready. "
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
        "--page",
        metavar="FILE",
        help="also write the teaching page of the minimal failing test to FILE, opened on its first wrong day with "
        "the step-through ready and the explanation beside it",
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
    return ending_runs(_stress, args)


def _stress(args: argparse.Namespace) -> int:
    from ..contest.generating.registry import to_text
    from ..contest.running.isolation import describe
    from ._common import isolation_words

    names = plan_names(args.add_to) if args.add_to is not None else set()
    mode, missing = describe()
    report = _run_stress(args)
    out = sys.stdout
    isolation = isolation_words(mode, missing)
    if report.failure is None:
        out.write(
            f"stress: all {report.tests_run} tests passed (seed {args.seed}, n up to {args.max_n}; "
            f"isolation: {isolation})\n"
        )
        return 0
    assert report.minimal is not None and report.minimal_failure is not None
    text = to_text(report.minimal)
    # The files first: a reader that stops early (`| head`) must not cost the test that was found.
    unsaved, added = _keep(args, report, text, names)
    found = _diagnosis(args, report)
    if args.page is not None:
        unsaved += _write_page(args.page, report, found)
    out.write(failure_report(args, report, text, isolation, unsaved, added))
    if found is not None:
        wrap = functools.partial(textwrap.fill, width=100, initial_indent="  ", subsequent_indent="    ")
        out.write("\nwhy it is wrong:\n" + "".join(wrap(line) + "\n" for line in found.lines()))
    if args.page is not None and not any(line.startswith("--page") for line in unsaved):
        day = found.day if found is not None else len(report.minimal)
        out.write(f"page: {printable(args.page)}, opened on day {day} with the step-through ready\n")
    out.flush()
    if unsaved:
        raise CommandError("; ".join(unsaved) + " (the failing test is printed above in full)")
    return 1


def _run_stress(args: argparse.Namespace) -> Report:
    """The stress test the options ask for, with a progress line on a terminal's standard error."""
    import concurrent.futures

    from ..contest.judging.stress import stress
    from ..contest.running.command import solution_command

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
            limits=_limits(args),
            jobs=jobs,
            shrink_runs=max(0, args.shrink_runs),
            progress=progress if tty else None,
        ).result()
    if tty:
        sys.stderr.write("\r\033[K")
    return report


def _limits(args: argparse.Namespace) -> Limits:
    from ..contest.judging.verdict import Limits

    return Limits(cpu_s=args.time_limit, memory_mib=args.memory_limit, stack_mib=args.stack_limit)


def _keep(args: argparse.Namespace, report: Report, text: str, names: set[str]) -> tuple[list[str], str | None]:
    """The failing test saved (``--save``) and added to the plan (``--add-to``): what could not be written, and
    the name it was added under."""
    last = report.minimal_failure
    assert last is not None and report.test is not None
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
    added = None
    if args.add_to is not None:
        comment = (
            f"stress --seed {args.seed}, test {report.index + 1}: {last.verdict}; shrunk from {report.test.command}"
        )
        try:
            added = add_to_plan(args.add_to, names, f"stress-{args.seed}-{report.index + 1}", text.encode(), comment)
        except CommandError as exc:
            unsaved.append(f"--add-to {args.add_to}: {exc}")
    return unsaved, added


def _diagnosis(args: argparse.Namespace, report: Report) -> Diagnosis | None:
    """Why the minimal test's answer is wrong (a wrong answer only), the solution asked about the staircases of
    the steps of its first wrong day (:func:`downwedig.diagnosis.diagnose`)."""
    from ..contest.judging.check import read_digits
    from ..contest.judging.verdict import Verdict
    from ..contest.running.command import solution_command
    from ..contest.running.run import run_solution
    from ..diagnosis import diagnose
    from ..errors import InvalidOutput
    from ..staircase import Staircase

    last = report.minimal_failure
    if last is None or last.verdict is not Verdict.WA or report.minimal is None:
        return None
    command, limits = solution_command(args.solution), _limits(args)

    def says(part: Staircase) -> str | None:  # the solution's answer to `part`, or None when it gives none
        run = run_solution(command, part.to_text().encode("ascii"), limits)
        if run.returncode != 0 or run.timed_out:
            return None
        try:
            return read_digits(run.stdout, len(part))
        except InvalidOutput:
            return None

    staircase = Staircase.from_ints(report.minimal)
    jobs = args.jobs or os.cpu_count() or 1
    return diagnose(staircase, read_digits(last.received, len(staircase)), says, jobs=jobs)


def _write_page(path: str, report: Report, found: Diagnosis | None) -> list[str]:
    """The page of the minimal test written to ``path``, opened on its first wrong day (or its last day) with
    the step-through ready: what could not be written (empty, or one line)."""
    from ..render.page import render_html
    from ..staircase import Staircase

    assert report.minimal is not None
    staircase = Staircase.from_ints(report.minimal)
    day = found.day if found is not None else len(staircase)
    try:
        write_output(path, render_html(staircase, day, teach=True, diagnosis=found).encode("utf-8"))
    except CommandError as exc:
        return [f"--page {path}: {exc}"]
    return []


def failure_report(
    args: argparse.Namespace, report: Report, text: str, isolation: str, unsaved: list[str], added: str | None
) -> str:
    """What ``stress`` says of a failure: the verdict, the original test, how it was shrunk, the minimal test
    (when short, or when it could not be saved), the expected and received output, and what was saved."""
    test, failure, minimal, last = report.test, report.failure, report.minimal, report.minimal_failure
    assert test is not None and failure is not None and minimal is not None and last is not None
    lines = [
        f"stress: test {report.index + 1} of {args.tests} failed: {failure.verdict} (isolation: {isolation})",
        f"  {printable(failure.message)}",
        f"original test ({test.family}, n = {test.n}): {test.command}",
    ]
    if not report.repeated:
        lines.append(
            "not shrunk: the test did not fail again when run once more (a flaky solution, or a time-out on a busy "
            "machine?); here it is as found"
        )
    else:
        note = "" if report.shrink_complete else ", run budget spent"
        reds = sum(row.bit_count() for row in minimal)
        sizes = f"{_count(test.n, 'step')} to {len(minimal)} ({_count(reds, 'red piece')} left)"
        lines.append(f"shrunk from {sizes} in {_count(report.shrink_runs, 'run')}{note}: {last.verdict}")
        lines.append(f"  {printable(last.message)}")
    if len(minimal) <= _SHOWN_STEPS or unsaved:
        lines += ["", text.rstrip("\n"), "", f"expected: {last.expected}"]
    else:
        lines += ["", f"({_count(len(minimal), 'step')}: too many to show here; see {printable(args.save)}.in)"]
    lines.append(f"received: {_excerpt(last.received)}")
    if last.stderr.strip():
        lines.append(f"stderr:   {_excerpt(last.stderr)}")
    if not any(line.startswith("--save") for line in unsaved):
        save = printable(args.save)
        lines.append(f"saved {save}.in, {save}.expected, {save}.received")
    if added is not None:
        lines.append(f"added to {printable(args.add_to)}: {added} file {added}.in")
    return "".join(line + "\n" for line in lines)
