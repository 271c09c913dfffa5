"""``downwedig package``: write a problem package in the Kattis / ICPC format."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ._common import UsageError, printable

__all__ = ["configure", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Write a problem package of Down We Dig to DIR in the Kattis problem package format (what Kattis, "
        "DOMjudge and the ICPC tools import): problem.yaml, the statement, data/sample and data/secret with the "
        "engine's answers, an input and an output validator, and submissions (accepted: the one-file solution of "
        "'downwedig bundle'; wrong_answer: the solution with one plausible mistake each, every one caught by some "
        "secret test; time_limit_exceeded: the O(n^2) recomputation). Kattis' verifyproblem (PyPI problemtools) "
        "passes it with no error and no warning. DIR's name is the problem's short name ([a-z0-9]+). The same "
        "version writes the same bytes; everything is written under a temporary name and renamed at the end."
    )
    parser.add_argument(
        "folder", metavar="DIR", help="the package's folder; its name is the short name, e.g. downwedig"
    )
    parser.add_argument(
        "--format",
        choices=("legacy", "2023-07"),
        default="legacy",
        help="legacy (the default, the best supported) or the 2023-07 draft",
    )
    parser.add_argument(
        "--tests",
        default="full",
        metavar="PLAN",
        help="the secret tests: 'full' (the default: edge cases, every family, 6 tests of n = 300000), "
        "'small' (the same without n = 300000: quick to build and judge), or a file of lines "
        "'NAME FAMILY [--n N] [--seed S] [options]' (the arguments of 'downwedig gen'; '#' comments)",
    )
    parser.add_argument("--force", action="store_true", help="replace DIR if it exists and is not empty")


def _size(count: int) -> str:
    return f"{count / 1e6:.1f} MB" if count >= 100_000 else f"{count / 1e3:.1f} kB"


def run(args: argparse.Namespace) -> int:
    from ..contest.generating.plan import BUILT_IN, load_plan
    from ..contest.shipping.package import check_destination, write_package
    from ..errors import InvalidPlan

    path = Path(args.folder)
    check_destination(path, args.force)
    try:
        plan = load_plan(args.tests)
    except OSError as exc:
        raise UsageError(f"cannot read the plan {args.tests!r}: {exc.strerror or exc}") from None
    tty = sys.stderr.isatty()

    def progress(name: str) -> None:
        sys.stderr.write(f"\rpackage: making test {printable(name)}\033[K")
        sys.stderr.flush()

    try:
        built = write_package(path, args.format, plan, force=args.force, progress=progress if tty else None)
    except InvalidPlan as exc:
        source = args.tests if args.tests not in BUILT_IN else "secret.plan"
        sys.stderr.write(f"{printable(source)}: error: {exc.reason}\n")
        return 1
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
    for mistake, test in built.caught.items():
        out.write(f"  wrong_answer/{mistake}.py is caught by {test}\n")
    return 0
