"""``downwedig test``: judge a solution on tests locally, as a judge would (verdict, CPU, wall, memory)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ._common import UsageError, add_limit_options, ending_runs, int_range, isolation_words, printable, use_color

if TYPE_CHECKING:
    from ..contest.judging.judge import Result, Summary, Test

__all__ = ["configure", "find_judged", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Run CMD (a shell command reading the test on stdin, in a fresh empty folder) on each test, in its own "
        "cgroup where the machine allows it (else its own process group), under a CPU time limit (killed at a "
        "wall-clock limit of 1.5 times it plus a second) and a memory limit, and give a verdict per test: AC, WA "
        "(the first wrong day), PE (not one line of n digits 1/2), TLE, MLE (out of memory, or a peak memory over"
        " the limit), RE (a non-zero exit or a signal, named), with CPU seconds, wall seconds and peak memory. "
        "TESTS are NAME.in files with NAME.ans or NAME.out beside them, or folders searched through for them (a "
        "problem package, PKG or PKG/data, either format, is judged on data/sample and data/secret, a test of a "
        "package named by its path under data/: secret/41-max-novelty); none means the folder tests/. A CMD that "
        "is one .py file runs with this Python (one rule for test and stress); a source file (.cpp, .java...) is "
        "refused: compile it first. Every test is read and checked before the first run; a test whose files "
        "change meanwhile gets FAIL, and so does a test the judge itself cannot run (no room in TMPDIR...). The "
        "run gets its own namespaces and, as root, its own uid through bubblewrap where it is installed; the "
        "report names the isolation (cgroup-v1+namespaces+uid, say) and says which guarantee is missing where a "
        "piece is. The summary gives the slowest accepted run and, when every test is AC, the time limit the "
        "problem package format derives from it (2 x, rounded up to a whole second). When TESTS are a package "
        "(PKG, PKG/data or tests under it), its limits are the judge's (2025-09: problem.yaml's limits: "
        "time_limit and memory; legacy: a .timelimit file, else derived from the accepted runs as verifyproblem "
        "does; Polygon: problem.xml's), unless --time-limit or --memory-limit say otherwise, and the report says "
        "where each came from. With no --solution, every solution the package holds is judged on every test (a "
        ".py with this Python, a .cpp or .c compiled first) and checked against what its place says it must get "
        "(its folder of submissions/ and submissions.yaml's permitted and required verdicts; Polygon's tags): a "
        "matrix, a line per solution, a letter per test (A W P T M R F), and each mismatch with its test and "
        "verdict. Exit 0 when every test is AC (a matrix: every solution as expected), 1 otherwise, 2 on usage "
        "errors, 143 or 129 when ended by SIGTERM or SIGHUP."
    )
    parser.add_argument("tests", nargs="*", metavar="TESTS", help="test files or folders (default: tests/)")
    parser.add_argument(
        "--solution",
        action="append",
        default=[],
        metavar="CMD",
        help="shell command of the solution (a lone FILE.py runs with this Python); more than one: a matrix; "
        "none, with a package: every solution the package holds",
    )
    add_limit_options(parser, package=True)
    parser.add_argument("-j", "--jobs", type=int_range(1), default=1, metavar="N", help="tests at once (1)")
    parser.add_argument(
        "-x", "--exitfirst", action="store_true", help="stop (each solution) at the first test that is not AC"
    )
    parser.add_argument("--format", choices=("text", "json"), default="text", help="text table (default) or JSON")


def _table_line(result: Result, color: bool) -> str:
    peak = "-" if result.peak_mib is None else f"{result.peak_mib:.1f}"
    verdict = f"{result.verdict:<7}"
    if color:
        verdict = f"\033[{result.verdict.colour}m{verdict}\033[0m"
    name = printable(result.name)
    return f"{name:<28} {verdict} {result.cpu_s:7.2f} {result.wall_s:7.2f} {peak:>8}  {printable(result.message)}"


def _timing_line(totals: Summary) -> str:
    """The slowest accepted run and the time limit it suggests, in words."""
    slowest = totals.slowest_accepted_s
    if slowest is None:
        return "time: no test is AC, so no time limit can be suggested"
    line = f"time: the slowest AC run took {slowest:.2f} s CPU ({printable(str(totals.slowest_accepted))})"
    if totals.suggested_time_limit_s is None:
        return line + "; no time limit suggested until every test is AC"
    return (
        line + f"; suggested time limit: {totals.suggested_time_limit_s} s "
        "(2 x that, rounded up to a whole second, as the Kattis problem package format derives it)"
    )


def run(args: argparse.Namespace) -> int:
    return ending_runs(_judge, args)


def _data_name(path: Path, packages: dict[Path, bool]) -> str | None:
    """The name of the test ``path`` (its input) under the ``data/`` of the package it is in, or None."""
    from ..contest.shipping.formats import format_of

    full = path.resolve()
    for above in full.parents:
        if above.name == "data":
            if above not in packages:
                packages[above] = format_of(above.parent) is not None
            if packages[above]:
                return full.relative_to(above).with_suffix("").as_posix()
    return None


def find_judged(paths: list[Path]) -> list[Test]:
    """The tests of ``paths`` (see ``--help``): a package's judged tests; any other test of a package named by its
    path under ``data/``. O(files).

    >>> find_judged([Path("/nonexistent")])
    Traceback (most recent call last):
    ...
    downwedig.errors.InvalidTests: /nonexistent: no such file or folder
    """
    from ..contest.judging.judge import Test, find_tests
    from ..contest.shipping.formats import format_of
    from ..errors import InvalidTests
    from ._solutions import package_of

    tests: list[Test] = []
    packages: dict[Path, bool] = {}
    for path in paths:
        package = package_of(path) if os.path.isdir(path) else None  # (os.path: an unreadable name is no folder)
        if package is None:
            found = find_tests([path])
            tests += [dataclasses.replace(t, name=_data_name(t.input, packages) or t.name) for t in found]
            continue
        layout = format_of(package)
        assert layout is not None
        judged = layout.judged(package)
        if not judged:
            raise InvalidTests(f"{path}: a {layout.name} package with no tests in data/sample or data/secret")
        tests += [Test(test.name, test.input, test.answer) for test in judged]
    unique: dict[Path, Test] = {}
    for test in tests:
        unique.setdefault(test.input.resolve(), test)
    return list(unique.values())


def _judge(args: argparse.Namespace) -> int:
    from ..contest.judging.judge import check_tests, judge, summary
    from ..contest.judging.matrix import Entrant
    from ..contest.judging.verdict import Verdict
    from ..contest.running.command import solution_command
    from ..contest.running.isolation import describe
    from ._solutions import chosen_limits, judge_matrix, package_under

    if args.tests:
        paths = [Path(path) for path in args.tests]
    elif Path("tests").is_dir():
        paths = [Path("tests")]
    else:
        raise UsageError("no TESTS given and no folder tests/ here")
    commands = [solution_command(command) for command in args.solution]
    tests = find_judged(paths)
    package = package_under(paths)
    if len(commands) != 1:
        if not commands and package is None:
            raise UsageError("give --solution CMD (or TESTS that are a problem package: its solutions are judged)")
        entrants = [Entrant(given, command) for given, command in zip(args.solution, commands, strict=True)]
        return judge_matrix(args, tests, package, entrants)
    (command,) = commands
    fingerprints = check_tests(tests)
    mode, missing = describe()
    chosen = chosen_limits(args, package)
    limits = chosen.limits
    tty = sys.stderr.isatty()

    def progress(done: int, total: int, result: Result) -> None:
        sys.stderr.write(f"\rtest: {done}/{total} {printable(result.name)} {result.verdict}\033[K")
        sys.stderr.flush()

    results = judge(
        command,
        tests,
        limits,
        jobs=args.jobs,
        progress=progress if tty else None,
        fingerprints=fingerprints,
        stop_on_failure=args.exitfirst,
    )
    if tty:
        sys.stderr.write("\r\033[K")
    totals = summary(results)
    if args.format == "json":
        rows = [r.as_json() for r in results]
        report = {
            "tests": rows,
            "summary": {**totals.as_json(), "not_run": len(tests) - len(results)},
            "stack_mib": limits.stack,
            "isolation": mode,
            "isolation_missing": missing,
        }
        if chosen.from_package:
            report["limits"] = {"cpu_s": limits.cpu_s, "memory_mib": limits.memory_mib, "from": chosen.words}
        sys.stdout.write(json.dumps(report) + "\n")
    else:
        color = use_color("auto", sys.stdout)
        out = [f"{'test':<28} {'verdict':<7} {'cpu s':>7} {'wall s':>7} {'peak MiB':>8}  message"]
        out += [_table_line(result, color) for result in results]
        line = f"test: {totals.passed} of {len(results)} tests {Verdict.AC}"
        if totals.first_failure is not None:
            line += f"; first failure: {printable(totals.first_failure)} ({totals.verdict})"
        if len(results) < len(tests):
            line += f"; stopped there (-x), {len(tests) - len(results)} not run"
        limit = (
            f"limits: {limits.cpu_s:g} s CPU ({limits.wall_s:g} s wall), {limits.memory_mib} MiB, "
            f"stack {limits.stack} MiB; isolation: {isolation_words(mode, missing)}"
        )
        sys.stdout.write("\n".join(out) + f"\n{line}; {limit}\n" + _timing_line(totals) + "\n")
        if chosen.from_package:
            sys.stdout.write(f"limits from the package: {chosen.words}\n")
    return 0 if totals.verdict.accepted else 1
