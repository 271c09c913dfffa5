"""``downwedig strength``: how strong a set of tests is: the plausible wrong solutions it catches, and a witness
for each it misses."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ._common import UsageError, add_limit_options, ending_runs, int_range, printable, use_color
from ._plan import add_to_plan, plan_names

if TYPE_CHECKING:
    from ..contest.strength.report import Entry, Strength

__all__ = ["configure", "run"]

#: A witness longer than this is not printed (``--add-to`` saves it whole).
_SHOWN_STEPS = 40
#: The catching tests a mutant's line names (the JSON names them all).
_SHOWN_CATCHES = 3


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Run CMD (each --solution: a shell command, judged in the sandbox as 'downwedig test' judges it, under a "
        "package's limits where TESTS are one unless --time-limit or --memory-limit say otherwise) and the "
        "mutants on the tests TESTS (NAME.in files with NAME.ans or NAME.out beside them, or folders of them; a "
        "problem package PKG or PKG/data is its judged tests), to measure them. The mutants are over 50 "
        "plausible wrong solutions of this problem, the project's own trusted code (the mistakes seen in "
        "solutions: the rule off by one, a lookahead of 1 to 7, a greedy player, no cut-off at the day, a crash "
        "or a wrong answer only past some n, a time-out by O(n^2), ...; and each comparison, constant and bound "
        "of the reference solver mutated), run in worker processes under a deadline of their own (0.5 s + 3 us "
        "a step of CPU time: past it, a TLE). A test catches what it does not accept (WA, PE, TLE, MLE, RE). "
        "The report: the share of mutants caught; each one's catching tests; for each survivor a witness (the "
        "smallest staircase found on which it and the judge answer differently, searched among small "
        "staircases and the stress families and shrunk as 'stress' shrinks), or, where none is found, the "
        "staircases it agrees on (likely equivalent), or, for a mutant that only a large test can catch (a "
        "16-bit day count, a fixed array, O(n^2), the seed's deep recursion), which test would; the tests that "
        "catch what no other test does, those that "
        "catch nothing new, and the smallest set of tests that keeps every catch. --add-to PLAN appends each "
        "witness to the plan as 'stress --add-to' does. Exit 0 when nothing with a witness survives, 1 when "
        "something does, 2 on usage errors."
    )
    parser.add_argument("tests", nargs="*", metavar="TESTS", help="test files, folders or a package (default: tests/)")
    parser.add_argument(
        "--solution",
        action="append",
        default=[],
        metavar="CMD",
        help="a solution to judge beside the mutants (a shell command; a lone FILE.py runs with this Python); "
        "may be given more than once",
    )
    add_limit_options(parser, package=True)
    parser.add_argument("-j", "--jobs", type=int_range(1), default=None, metavar="N", help="at once (CPU count)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the witness searches (0)")
    parser.add_argument("--format", choices=("text", "json"), default="text", help="text table (default) or JSON")
    parser.add_argument(
        "--add-to",
        metavar="PLAN",
        help="a plan file to add each survivor's witness to, as a hand-made test saved beside it (as stress "
        "--add-to does; checked before the run: it must read as a plan)",
    )


def run(args: argparse.Namespace) -> int:
    return ending_runs(_strength, args)


def _strength(args: argparse.Namespace) -> int:
    from ..contest.judging.matrix import Entrant
    from ..contest.running.command import solution_command
    from ..contest.strength.report import measure
    from ._solutions import chosen_limits, package_under
    from .test import find_judged

    names = plan_names(args.add_to) if args.add_to is not None else set()
    if args.tests:
        paths = [Path(path) for path in args.tests]
    elif Path("tests").is_dir():
        paths = [Path("tests")]
    else:
        raise UsageError("no TESTS given and no folder tests/ here")
    solutions = [Entrant(command, solution_command(command)) for command in args.solution]
    tests = find_judged(paths)
    limits = chosen_limits(args, package_under(paths)).limits
    tty = sys.stderr.isatty()

    def progress(stage: str, done: int, total: int, what: str) -> None:
        sys.stderr.write(f"\rstrength: {stage} {done}/{total} ({printable(what)[:40]})\033[K")
        sys.stderr.flush()

    # (In this, the main thread: an interruption stops the mutants' workers at once, which a worker thread's
    # wait would not.)
    report = measure(
        tests,
        solutions,
        limits,
        jobs=args.jobs or os.cpu_count() or 1,
        seed=args.seed,
        progress=progress if tty else None,
    )
    if tty:
        sys.stderr.write("\r\033[K")
    added = _add_witnesses(args.add_to, names, report) if args.add_to is not None else []
    if args.format == "json":
        sys.stdout.write(json.dumps({**report.as_json(), "added_to_plan": added}) + "\n")
    else:
        sys.stdout.write(_text(report, use_color("auto", sys.stdout), args.add_to, added))
    gaps = [e for e in (*report.mutants, *report.solutions) if e.search is not None and e.search.witness is not None]
    return 1 if gaps else 0


def _add_witnesses(plan: str, names: set[str], report: Strength) -> list[str]:
    """Each survivor's witness added to the plan ``plan`` (as ``stress --add-to`` adds a failure); the names."""

    added = []
    for entry in (*report.mutants, *report.solutions):
        witness = entry.search.witness if entry.search else None
        if witness is None:
            continue
        stem = "strength-" + "".join(c if c.isalnum() or c in "-_" else "-" for c in entry.name)[:60].strip("-")
        comment = f"strength: catches {entry.name} ({witness.verdict}: expected {witness.expected})"
        name = add_to_plan(plan, names, stem, witness.text.encode("ascii"), printable(comment))
        names.add(name)
        added.append(name)
    return added


def _paint(text: str, colour: str, color: bool) -> str:
    return f"\033[{colour}m{text}\033[0m" if color else text


def _row(entry: Entry, color: bool) -> str:
    from ..contest.judging.verdict import Verdict

    name = printable(entry.name)[:40]
    killers = entry.killed_by
    if killers:
        shown = []
        for test in killers[:_SHOWN_CATCHES]:
            verdict = entry.verdicts[entry.tests.index(test)]
            shown.append(f"{printable(test)} ({_paint(str(verdict), verdict.colour, color)})")
        more = len(killers) - len(shown)
        count = f"{len(killers)} test{'s' * (len(killers) != 1)}"
        return f"  {name:<40} {count:>9}  {', '.join(shown)}" + (f" and {more} more" if more else "")
    assert entry.search is not None
    if entry.search.witness is None:
        bound = entry.search.equivalent_up_to
        survives = _paint(f"{'survives':>9}", Verdict.TLE.colour, color)
        if bound is None:
            return f"  {name:<40} {survives}  no small witness: it takes a larger test"
        return f"  {name:<40} {survives}  no witness: agrees up to n = {bound} (likely equivalent)"
    steps = len(entry.search.witness.rows)
    survives = _paint(f"{'survives':>9}", Verdict.WA.colour, color)
    return f"  {name:<40} {survives}  witness of {steps} step{'s' * (steps != 1)}"


def _survivor(entry: Entry) -> list[str]:
    assert entry.search is not None
    witness = entry.search.witness
    head = f"  {printable(entry.name)} ({printable(entry.description)})"
    if witness is None and entry.search.equivalent_up_to is None:
        return [f"{head}: {entry.search.method}"]
    if witness is None:
        return [
            f"{head}: no witness found: agrees with the reference on {entry.search.method}; likely equivalent, "
            "or wrong (or slow) only on larger staircases"
        ]
    lines = [f"{head}: a witness of {len(witness.rows)} steps, {witness.verdict}: {printable(witness.message)}"]
    if len(witness.rows) <= _SHOWN_STEPS:
        lines += ["    " + line for line in witness.text.splitlines()]
    lines.append(f"    expected {witness.expected}, received {printable(witness.received)[:80] or '(nothing)'}")
    return lines


def _text(report: Strength, color: bool, plan: str | None, added: list[str]) -> str:
    total, caught = len(report.mutants), report.caught
    searched = [e.search for e in report.mutants if e.search is not None and e.search.witness is None]
    likely = sum(1 for search in searched if search.equivalent_up_to is not None)
    larger = len(searched) - likely
    missed = total - caught - likely - larger
    lines = [f"strength: the tests catch {caught} of {total} mutants ({100 * caught / max(1, total):.0f} %)"]
    if likely:
        lines[0] += f"; {likely} survive{'s' * (likely == 1)} with no witness found (likely equivalent)"
    if larger:
        lines[0] += f"; {larger} survive{'s' * (larger == 1)} that only a larger test can catch"
    if missed:
        lines[0] += (
            f"; {missed} survive{'s' * (missed == 1)} with a witness: the tests miss {'it' if missed == 1 else 'them'}"
        )
    lines.append(f"  {'mutant':<40} {'caught by':>9}  the first catches")
    lines += [_row(entry, color) for entry in report.mutants]
    if report.solutions:
        lines.append(f"  {'solution':<40} {'caught by':>9}  the first catches")
        lines += [_row(entry, color) for entry in report.solutions]
    survivors = [e for e in (*report.mutants, *report.solutions) if e.search is not None]
    if survivors:
        lines.append("survivors:")
        for entry in survivors:
            lines += _survivor(entry)
    alone = {test: names for test, names in report.unique.items() if names}
    lines.append(
        "tests that catch what no other test does: "
        + (", ".join(f"{printable(t)} ({', '.join(names)})" for t, names in alone.items()) or "none")
    )
    nothing = report.redundant
    lines.append(
        f"tests that catch nothing new ({len(nothing)} of {len(report.tests)}): "
        + (", ".join(printable(t) for t in nothing) or "none")
    )
    how = "exact" if report.exact else "greedy: small, not proven smallest"
    lines.append(
        f"smallest set of tests keeping every catch ({how}): {len(report.cover)} test"
        f"{'s' * (len(report.cover) != 1)}: " + (", ".join(printable(t) for t in report.cover) or "none")
    )
    if added:
        lines.append(f"added to {printable(plan or '')}: {', '.join(added)}")
    elif missed and plan is None:
        lines.append("add the witnesses to a plan: run again with --add-to PLAN")
    return "\n".join(lines) + "\n"
