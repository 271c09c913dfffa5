"""``downwedig package``: write a problem package in the Kattis / ICPC format (and a DOMjudge zip), or a Polygon
package (and the zip Polygon uploads)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ._common import CommandError, printable, seconds_range

__all__ = ["configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    from ..contest.shipping.formats import DEFAULT, FORMATS

    parser.description = (
        "Write a problem package of Down We Dig to DIR in the Kattis problem package format: problem.yaml, the "
        "statement, data/sample and data/secret with the engine's answers, an input and an output validator, and "
        "submissions (accepted: this project's C++ solution and the one-file Python solution of 'downwedig "
        "bundle'; wrong_answer: the solution with one plausible mistake each, every one caught by some secret "
        "test; time_limit_exceeded: the O(n^2) recomputation). The format is 2025-09 (the default; BAPCtools' bt "
        "validate, run, generate, constraints, pdf, solutions and zip pass it), legacy (Kattis' verifyproblem "
        "passes it) or polygon (a Polygon package for Codeforces: problem.xml, the tests with the script lines of"
        " its testlib generator, the testlib validator and checker with their own tests, solutions/ tagged, the "
        "statement and its PDF; p2d and rbx import it). The accepted solutions are run on every test first: the "
        "time limit is the original contest's 5 s unless they need more (2 x the slowest run, rounded up), or "
        "--time-limit. --zip FILE also writes a zip DOMjudge imports (with --format polygon: the zip Polygon "
        "uploads). DIR's name is the problem's short name ([a-z0-9]+). Everything is written under a temporary "
        "name and moved into place at the end; --force rebuilds a package it wrote and keeps what you added to "
        "it."
    )
    parser.add_argument(
        "folder", metavar="DIR", help="the package's folder; its name is the short name, e.g. downwedig"
    )
    parser.add_argument(
        "--format",
        choices=tuple(FORMATS),
        default=DEFAULT,
        help="; ".join(
            f"{name}{' (the default)' if name == DEFAULT else ''}: {fmt.summary}" for name, fmt in FORMATS.items()
        ),
    )
    parser.add_argument(
        "--tests",
        default="full",
        metavar="PLAN",
        help="the secret tests: 'full' (the default: edge cases, every family, 8 tests of n = 300000), "
        "'small' (the same without n = 300000: quick to build and judge), or a plan file of lines "
        "'NAME FAMILY [--n N] [--seed S] [options]' (the arguments of 'downwedig gen') or 'NAME file PATH' "
        "(a hand-made test); 'downwedig gen --plan full' prints the built-in one to start from",
    )
    parser.add_argument(
        "--time-limit",
        type=seconds_range(3600),
        metavar="S",
        help="the time limit in seconds (default: measured, see above; the original contest had 5 s)",
    )
    parser.add_argument(
        "--allow-uncaught",
        action="store_true",
        help="accept a plan in which some built-in mistake is caught by no test (by default that is an error): "
        "that mistake's wrong_answer submission is then left out of the package",
    )
    parser.add_argument(
        "--zip",
        metavar="FILE",
        help="also write FILE, a zip for DOMjudge: the package's files at its root, domjudge-problem.ini and the "
        "statement built as problem.pdf and problem.html (needs lualatex and pandoc); with --format polygon, the "
        "zip Polygon uploads (the package's files at its root)",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="rebuild DIR if it is a package this tool wrote: its own files are regenerated, everything else in "
        "it (your submissions, notes, bt pdf's output) is kept; refused when you changed a file it wrote, or DIR "
        "has no manifest (also replaces the --zip FILE it wrote)",
    )


def _size(count: int) -> str:
    return f"{count / 1e6:.1f} MB" if count >= 100_000 else f"{count / 1e3:.1f} kB"


def run(args: argparse.Namespace) -> int:
    """SIGTERM and SIGHUP (and Ctrl-C) at any moment end every run it started (the timing's) and remove what it
    half-wrote; the command then exits 143, 129 (130)."""
    from ..contest.running.run import stop_all
    from ..interrupts import terminations

    try:
        with terminations(stop_all, interrupt=True):
            return _package(args)
    finally:
        stop_all(False)


def _package(args: argparse.Namespace) -> int:
    from ..contest.shipping.destination import check_destination
    from ..contest.shipping.package import write_package
    from ..errors import InvalidPlan
    from ._plan import load, reported

    path = Path(args.folder)
    check_destination(path, args.force)
    polygon = args.format == "polygon"
    if polygon:
        from ..contest.shipping.formats.polygon import missing

        lacking = missing()
        if lacking:
            raise CommandError("a Polygon package needs " + "; ".join(lacking))
    zip_path = None
    if args.zip is not None:
        from ..contest.shipping.domjudge import check_zip_destination

        judge = "Polygon" if polygon else "DOMjudge"
        zip_path = check_zip_destination(Path(args.zip), path, args.force, judge)
    plan = load(args.tests)
    tty = sys.stderr.isatty()

    def progress(name: str) -> None:
        sys.stderr.write(f"\rpackage: {'running' if '(' in name else 'making test'} {printable(name)}\033[K")
        sys.stderr.flush()

    try:
        built = write_package(
            path,
            args.format,
            plan,
            force=args.force,
            progress=progress if tty else None,
            time_limit=args.time_limit,
            allow_uncaught=args.allow_uncaught,
        )
    except InvalidPlan as exc:
        raise reported(exc, args.tests) from None
    finally:
        if tty:
            sys.stderr.write("\r\033[K")
    secret = [n for name, n in built.tests if name.startswith("secret/")]
    out = sys.stdout
    out.write(
        f"package: wrote {printable(str(built.path))}/ ({built.format} format): {len(built.tests) - len(secret)} "
        f"sample and {len(secret)} secret tests (n from {min(secret)} to {max(secret)}, "
        f"{sum(n == 300_000 for n in secret)} of n = 300000), {built.files} files, {_size(built.bytes)}, "
        f"in {built.seconds:.1f} s\n"
    )
    if built.kept:
        shown = ", ".join(printable(name) for name in built.kept[:8]) + (", ..." if len(built.kept) > 8 else "")
        out.write(f"package: kept {len(built.kept)} of yours, as they were: {shown}\n")
    folder = "solutions" if polygon else "wrong_answer"
    numbers = {name: f"test {index:02d} ({name})" for index, (name, _) in enumerate(built.tests, 1)}
    for mistake, test in built.caught.items():
        if test:
            out.write(f"  {folder}/{mistake}.py is caught by {numbers[test] if polygon else test}\n")
        else:
            out.write(f"  {folder}/{mistake}.py is left out: no test catches it (--allow-uncaught)\n")
    timing = built.timing
    out.write(f"time limit: {timing.reason}\n")
    for measured in timing.measured:
        out.write(f"  {measured.solution} ({measured.how}): slowest {measured.cpu_s:.2f} s CPU, on {measured.test}\n")
    for skipped in timing.skipped:
        out.write(f"  not measured: {skipped}\n")
    if zip_path is not None and polygon:
        made = _polygon_zip(built.path, zip_path, args.force)
        out.write(f"package: wrote {printable(str(zip_path))} for Polygon: {made}\n")
    elif zip_path is not None:
        from ..contest.shipping.domjudge import write_zip

        made = write_zip(built, zip_path, args.force)
        out.write(f"package: wrote {printable(str(zip_path))} for DOMjudge: {made}\n")
    return 0


def _polygon_zip(folder: Path, path: Path, force: bool) -> str:
    """Write the zip Polygon uploads of the package ``folder`` (its files at the root); what it holds, in words."""
    from ..contest.shipping.domjudge import write_archive
    from ..contest.shipping.formats.polygon import ZIP_COMMENT, zip_members

    members = zip_members(folder)
    size = write_archive(path, members, force, ZIP_COMMENT)
    return f"{len(members)} files at its root (problem.xml first), {_size(size)}"
