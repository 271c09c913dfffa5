"""``downwedig package``: write a problem package in one judge's format (and the zip that judge imports)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ._common import CommandError, ending_runs, printable, seconds_range

if TYPE_CHECKING:
    from ..contest.shipping.formats.base import PackageFormat
    from ..contest.shipping.package import Built

__all__ = ["configure", "run"]


def _format(name: str) -> PackageFormat:
    """``--format``'s value: the format object of that name, resolved once, here."""
    from ..contest.shipping.formats import get_format

    try:
        return get_format(name)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def configure(parser: argparse.ArgumentParser) -> None:
    from ..contest.shipping.formats import DEFAULT, FORMATS

    parser.description = (
        "Write a problem package of Down We Dig to DIR in a judge's format (--format): the statement, the sample "
        "and the secret tests with the engine's answers, the checker or output validator (and validators), and "
        "the solutions with what each must get: this project's C++ solution and the one-file Python solution "
        "of 'downwedig bundle' (accepted), the solution with one plausible mistake each (wrong answer; every one "
        "caught by some secret test) and the O(n^2) recomputation (too slow), each where the format keeps it. "
        "The accepted solutions are run on every test first: the time limit is the original contest's 5 s "
        "unless they need more (2 x the slowest run, rounded up), or --time-limit. The tests are then vetted "
        "against the mutants of 'downwedig strength' (each run until a test catches it; a witness searched for "
        "each survivor, which is a warning): the summary and a note in the package (downwedig-strength.md, "
        "Polygon's documents/) say how many they catch. --zip FILE also writes the "
        "zip the format's judge imports. DIR's name is the problem's short name ([a-z0-9]+). Everything is "
        "written under a temporary name and moved into place at the end; --force rebuilds a package it wrote "
        "and keeps what you added to it."
    )
    parser.add_argument(
        "folder", metavar="DIR", help="the package's folder; its name is the short name, e.g. downwedig"
    )
    parser.add_argument(
        "--format",
        type=_format,
        default=FORMATS[DEFAULT],
        metavar="{" + ",".join(FORMATS) + "}",
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
        "that mistake's wrong solution is then left out of the package",
    )
    parser.add_argument(
        "--no-strength",
        dest="strength",
        action="store_false",
        help="leave out the vetting of the tests against the mutants (and its note): a second or a few quicker",
    )
    parser.add_argument(
        "--zip",
        metavar="FILE",
        help="also write FILE, the zip the format's judge imports: "
        + "; ".join(f"{name}: for {fmt.judge}" for name, fmt in FORMATS.items()),
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
    return ending_runs(_package, args)


def _checked_zip(args: argparse.Namespace, fmt: PackageFormat) -> Path | None:
    """The ``--zip`` path, checked before any work (None without ``--zip``); then what the format (and its zip)
    needs of the machine: a usage error first, a missing tool after."""
    from ..contest.shipping.destination import check_zip_destination

    path = None if args.zip is None else check_zip_destination(Path(args.zip), Path(args.folder), args.force, fmt.judge)
    lacking = fmt.missing(path is not None)
    if lacking:
        raise CommandError(f"--format {fmt.name}{' --zip' if path else ''} needs " + "; ".join(lacking))
    return path


def _package(args: argparse.Namespace) -> int:
    from ..contest.shipping.destination import check_destination
    from ..contest.shipping.package import write_package, write_zip
    from ..errors import InvalidPlan
    from ._plan import load, reported

    path = Path(args.folder)
    check_destination(path, args.force)
    zip_path = _checked_zip(args, args.format)
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
            strength=args.strength,
        )
    except InvalidPlan as exc:
        raise reported(exc, args.tests) from None
    finally:
        if tty:
            sys.stderr.write("\r\033[K")
    sys.stdout.write(_summary(built))
    if zip_path is not None:
        made = write_zip(built, zip_path, args.force)
        sys.stdout.write(f"package: wrote {printable(str(zip_path))} for {built.format.judge}: {made}\n")
    return 0


def _names(names: list[str], shown: int = 8) -> str:
    """The first ``shown`` of ``names``, and how many more there are."""
    more = f" and {len(names) - shown} more" if len(names) > shown else ""
    return ", ".join(printable(name) for name in names[:shown]) + more


def _summary(built: Built) -> str:
    """What ``package`` says it wrote: the folder, what it kept, which test catches each mistake, the time limit."""
    secret = [n for name, n in built.tests if name.startswith("secret/")]
    lines = [
        f"package: wrote {printable(str(built.path))}/ ({built.format.name} format): {len(built.tests) - len(secret)} "
        f"sample and {len(secret)} secret tests (n from {min(secret)} to {max(secret)}, "
        f"{sum(n == 300_000 for n in secret)} of n = 300000), {built.files} files, {_size(built.bytes)}, "
        f"in {built.seconds:.1f} s"
    ]
    stale = built.stale
    yours = [name for name in built.kept if name not in stale]
    if yours:
        lines.append(f"package: kept {len(yours)} of yours, as they were: {_names(yours)}")
    if stale:
        lines.append(
            f"package: kept {len(stale)} made from the package before, now older than it: {_names(stale)} (made "
            "again by the tool that made each: bt zip, bt pdf, ...)"
        )
    lines += [f"package: {printable(note)}" for note in built.notes]
    labels = built.labels
    for mistake, test in built.caught.items():
        where = built.format.submission_path(mistake)
        if test:
            lines.append(f"  {where} is caught by {labels[test]}")
        else:
            lines.append(f"  {where} is left out: no test catches it (--allow-uncaught)")
    if built.vetting is not None:
        lines.append(f"package: {built.vetting.summary()}; the note: {built.format.strength_note}")
        lines += [f"package: warning: {warning}" for warning in _survivors(built)]  # (in the report: its part)
    timing = built.timing
    lines.append(f"time limit: {timing.reason}")
    lines += [f"  {m.solution} ({m.how}): slowest {m.cpu_s:.2f} s CPU, on {m.test}" for m in timing.measured]
    lines += [f"  not measured: {skipped}" for skipped in timing.skipped]
    return "".join(line + "\n" for line in lines)


def _survivors(built: Built) -> list[str]:
    """A warning for each mutant no test catches: its witness (or what it takes) and how to add it."""
    if built.vetting is None:
        return []
    warnings = []
    folder = printable(str(built.path))
    for mutant, search in built.vetting.survivors:
        witness = search.witness
        if witness is None:
            warnings.append(f"no test catches the mutant {mutant.name} ({mutant.description}); {search.method}")
            continue
        shown = "".join(f"\n    {row}" for row in witness.text.splitlines()) if len(witness.rows) <= 20 else ""
        warnings.append(
            f"no test catches the mutant {mutant.name} ({mutant.description}); on this staircase of "
            f"{len(witness.rows)} steps it gets {witness.verdict}:{shown}\n  "
            f"'downwedig strength {folder} --add-to PLAN' adds it to your plan (then package --tests PLAN --force)"
        )
    return warnings
