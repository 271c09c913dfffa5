"""``downwedig gen``: print a test of one family, the same bytes on every machine."""

from __future__ import annotations

import argparse
import contextlib
import sys
import threading
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ._common import UsageError, write_output

if TYPE_CHECKING:
    from ..contest.generating.family import Family

__all__ = ["configure", "run"]

#: What ``-o`` says, before the family or after it.
_OUTPUT_HELP = "write the test here ('-', the default, is standard output)"


def configure(parser: argparse.ArgumentParser) -> None:
    from ..contest.generating.registry import DEFAULT_N
    from ..staircase import MAX_N

    parser.description = (
        "Print a test in the judge's format. The same family, N, seed and options give the same "
        "bytes on any machine and Python version (the generator is the project's splitmix64). "
        "Family options go after the family: 'downwedig gen random --n 100 --seed 7 --red 30%'; "
        "'downwedig gen FAMILY --help' lists them. "
        "To time a solution, use the judge's largest tests of the adversarial families: 'downwedig gen max --kind "
        "stutter' (a day's window travels furthest before it meets another day's), and glitched, novelty and "
        "seesaw (each built to defeat a part of an engine). Random rows are a weak timing test: their days settle "
        "within a few steps, and nearly all have the same answer. "
        "--plan PLAN prints a test plan ('full' or 'small', the built-in plans of 'downwedig package', or a plan "
        "file), so 'downwedig gen --plan full > my.plan' is a copy to edit; with -o DIR it writes each test of the "
        "plan into DIR as NAME.in and NAME.ans (what a Polygon or Codeforces setter uploads)."
    )
    parser.add_argument("family", nargs="?", metavar="FAMILY", help="the family; see --list")
    parser.add_argument("--list", action="store_true", help="describe every family and its options, then exit")
    parser.add_argument(
        "--plan",
        metavar="PLAN",
        help="print the plan PLAN (full, small, or a file of lines 'NAME FAMILY [options]' or 'NAME file PATH'); "
        "with -o DIR, write its tests to DIR",
    )
    # (--n and --seed are read with the family's options, by the one reader of a test's words.)
    parser.add_argument("--n", metavar="N", help=f"steps, 1..{MAX_N} (default {DEFAULT_N})")
    parser.add_argument("--seed", metavar="S", help="any integer (default 0)")
    parser.add_argument("-o", "--output", default="-", metavar="FILE", help=_OUTPUT_HELP)
    parser.add_argument("options", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)


@contextlib.contextmanager
def _progress(what: str) -> Iterator[None]:
    """While the body runs, on a terminal only: after a second, ``what`` and the seconds so far on stderr,
    once a second, erased at the end (the largest adversarial families take about ten seconds)."""
    if not sys.stderr.isatty():
        yield
        return
    done = threading.Event()
    start = time.monotonic()

    def tick() -> None:
        while not done.wait(1.0):
            sys.stderr.write(f"\r{what}: {time.monotonic() - start:.0f} s so far\033[K")
            sys.stderr.flush()

    ticker = threading.Thread(target=tick, daemon=True)
    ticker.start()
    try:
        yield
    finally:
        done.set()
        ticker.join()
        if time.monotonic() - start >= 1.0:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def _listing(families: dict[str, Family]) -> str:
    lines = []
    for name in sorted(families):
        family = families[name]
        lines.append(f"{name:<12} {family.description}")
        for option in family.options:
            lines.append(f"{'':<12}   {option.flag} {option.name.upper()}: {option.help}")
    return "\n".join(lines) + "\n"


def _family_help(family: Family) -> str:
    """``downwedig gen FAMILY --help``: the family, and every option it takes."""
    from ..contest.generating.registry import DEFAULT_N
    from ..staircase import MAX_N

    rows = [
        ("--n N", f"steps, 1..{MAX_N} (default {DEFAULT_N})"),
        ("--seed S", "any integer (default 0)"),
        ("-o, --output FILE", _OUTPUT_HELP),
        *((f"{option.flag} {option.name.upper()}", option.help) for option in family.options),
    ]
    width = max(len(flag) for flag, _ in rows)
    return (
        f"usage: downwedig gen {family.name} [--n N] [--seed S] [-o FILE] [options]\n\n{family.description}\n\n"
        "options:\n" + "".join(f"  {flag:<{width}}  {words}\n" for flag, words in rows)
    )


def _words(args: argparse.Namespace) -> tuple[list[str], str, bool]:
    """The test's words (the family, ``--n`` and ``--seed`` given before it, then the rest), ``-o``'s file (taken
    out of them, wherever it stands), and whether ``--help`` follows the family."""
    words = [args.family]
    words += [f"--n={args.n}"] if args.n is not None else []
    words += [f"--seed={args.seed}"] if args.seed is not None else []
    output, rest, asked = args.output, list(args.options), False
    while rest:
        word = rest.pop(0)
        if word in ("-h", "--help"):
            asked = True
        elif word in ("-o", "--output"):
            if not rest:
                raise UsageError(f"argument {word}: expected one argument")
            output = rest.pop(0)
        elif word.startswith("--output="):
            output = word.partition("=")[2]
        else:
            words.append(word)
    return words, output, asked


def run(args: argparse.Namespace) -> int:
    from ..contest.generating.registry import all_families, get_family, parse_gen_words, to_text
    from ..errors import InvalidOption

    if args.list:
        sys.stdout.write(_listing(all_families()))
        return 0
    if args.plan is not None:
        from ._plan import run_plan

        return run_plan(args)
    if args.family is None:
        raise UsageError("give a FAMILY (or --list to see them)")
    words, output, asked = _words(args)
    if asked:
        sys.stdout.write(_family_help(get_family(args.family)))
        return 0
    test, warnings = parse_gen_words(words)  # (its errors are usage errors: the usage line, then why)
    for warning in warnings:
        sys.stderr.write(f"downwedig: warning: {warning}\n")
    family = get_family(test.family)
    chosen = [f"{o.flag} {o.show(test.options[o.name])}" for o in family.options if o.name in test.options]
    try:
        with _progress(" ".join(["gen: making", family.name, *chosen])):
            text = to_text(test.rows())
    except InvalidOption as exc:  # (a value that only the family itself can judge, as it generates)
        option = next((o for o in family.options if o.name == exc.name), None)
        given = "" if option is None or exc.name not in test.options else f" {option.show(test.options[exc.name])}"
        raise UsageError(f"{option.flag if option else '--' + exc.name}{given}: {exc}") from None
    write_output(output, text.encode("ascii"))
    return 0
