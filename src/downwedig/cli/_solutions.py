"""What ``test`` (and ``strength``) read of a package: the limits it gives (the command line's where given, and
where each came from), and its solutions, each judged on every test and checked against what it must get."""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from ._common import UsageError, isolation_words, printable, use_color

if TYPE_CHECKING:
    from ..contest.judging.expectation import Mismatch
    from ..contest.judging.judge import Result, Test
    from ..contest.judging.matrix import Entrant, Matrix
    from ..contest.judging.verdict import Limits

__all__ = ["Chosen", "chosen_limits", "judge_matrix", "package_of", "package_under"]


def package_of(folder: Path) -> Path | None:
    """The package ``folder`` is (``PKG``) or whose ``data/`` it is (``PKG/data``), or None."""
    from ..contest.shipping.formats import format_of

    if format_of(folder) is not None:
        return folder
    if folder.name == "data" and format_of(folder.parent) is not None:
        return folder.parent
    return None


def package_under(paths: list[Path]) -> Path | None:
    """The one package all of ``paths`` belong to (it, its ``data/``, or anything under ``data/``), or None."""
    found: set[Path] = set()
    for path in paths:
        full = path.resolve()
        package = package_of(full) if full.is_dir() else None
        if package is None:
            package = next((above.parent for above in full.parents if above.name == "data"), None)
            if package is None or package_of(package) is None:
                return None
        found.add(package)
    if len(found) != 1:
        return None
    (package,) = found
    # (named as the user named it, where a path given is the package or its data/)
    for path in paths:
        if path.resolve() in (package, package / "data"):
            return path if path.resolve() == package else path.parent
    return package


@dataclasses.dataclass(frozen=True)
class Chosen:
    """The limits a judging uses, in words with where each came from; ``multiplier``: the package derives its
    time limit, this many times the slowest accepted run (None: it gives one, or the command line did)."""

    limits: Limits
    words: str
    multiplier: float | None = None
    from_package: bool = False


def chosen_limits(args: argparse.Namespace, package: Path | None) -> Chosen:
    """The limits of ``--time-limit``, ``--memory-limit`` (None: not given) and ``--stack-limit``, else the
    package's, else the judge's; and where each came from."""
    from ..contest.judging.verdict import Limits
    from ..contest.shipping.formats import format_of
    from ..staircase import MEMORY_LIMIT_MIB, TIME_LIMIT_S

    layout = format_of(package) if package is not None else None
    try:
        given = layout.limits(package) if layout is not None and package is not None else None
    except ValueError as exc:
        raise UsageError(f"cannot read the package's limits: {exc} (give --time-limit and --memory-limit)") from None
    multiplier = None
    if args.time_limit is not None:
        time, time_from = args.time_limit, "--time-limit"
    elif given is not None and given.time_s is not None:
        time, time_from = given.time_s, given.time_source
    else:
        time, time_from = float(TIME_LIMIT_S), "the judge's default"
        if given is not None:
            time_from = f"{given.time_source}; until then the judge's default"
            multiplier = given.multiplier
    if args.memory_limit is not None:
        memory, memory_from = args.memory_limit, "--memory-limit"
    elif given is not None and given.memory_mib is not None:
        memory, memory_from = given.memory_mib, given.memory_source
    else:
        memory, memory_from = MEMORY_LIMIT_MIB, "the judge's default"
    limits = Limits(cpu_s=time, memory_mib=memory, stack_mib=args.stack_limit)
    words = f"{time:g} s CPU (from {printable(time_from)}), {memory} MiB (from {printable(memory_from)})"
    return Chosen(limits, words, multiplier, given is not None)


def _entrants(package: Path, build: Path) -> tuple[list[Entrant], list[tuple[Entrant, str]]]:
    """The package's solutions as entrants (compiled into ``build`` where they must be), and those that cannot
    be run here, with why."""
    from ..contest.judging.languages import NotRunnable, command_for
    from ..contest.judging.matrix import Entrant
    from ..contest.shipping.formats import format_of

    layout = format_of(package)
    assert layout is not None
    try:
        submissions = layout.submissions(package)
    except ValueError as exc:
        raise UsageError(f"cannot read the package's solutions: {exc}") from None
    runnable, refused = [], []
    for submission in submissions:
        try:
            command = command_for(submission.path, submission.language, build)
        except NotRunnable as exc:
            refused.append((Entrant(submission.name, "", submission.expectations), str(exc)))
            continue
        runnable.append(Entrant(submission.name, command, submission.expectations))
    return runnable, refused


def _accepted_only(entrant: Entrant) -> bool:
    from ..contest.judging.verdict import Verdict

    return bool(entrant.expectations) and all(e.permitted == {Verdict.AC} for e in entrant.expectations)


def judge_matrix(args: argparse.Namespace, tests: list[Test], package: Path | None, given: list[Entrant]) -> int:
    """Judge ``given`` (or, when empty, every solution of ``package``) on every test; print the matrix and
    each solution against its expectations. Exit 1 on a mismatch (or, without expectations, a test not AC)."""
    from ..contest.judging.judge import check_tests
    from ..contest.judging.matrix import Matrix, judge_all
    from ..contest.running.isolation import describe

    chosen = chosen_limits(args, package)
    fingerprints = check_tests(tests)
    tty = sys.stderr.isatty()

    def progress(entrant: Entrant, done: int, total: int, result: Result) -> None:
        sys.stderr.write(f"\rtest: {printable(entrant.name)[:50]} {done}/{total} {result.verdict}\033[K")
        sys.stderr.flush()

    refused: list[tuple[Entrant, str]] = []
    with tempfile.TemporaryDirectory(prefix="downwedig-build-") as build:
        if given:
            entrants = given
        else:
            assert package is not None
            if tty:
                sys.stderr.write("\rtest: compiling the package's solutions\033[K")
            entrants, refused = _entrants(package, Path(build))
            if not entrants and not refused:
                raise UsageError(f"{package}: the package holds no solutions (and no --solution was given)")

        def judged(chosen_entrants: list[Entrant], limits: Limits) -> Matrix:
            return judge_all(
                chosen_entrants,
                tests,
                limits,
                jobs=args.jobs,
                fingerprints=fingerprints,
                stop_on_failure=args.exitfirst,
                progress=progress if tty else None,
            )

        first = [e for e in entrants if chosen.multiplier is not None and _accepted_only(e)]
        derived = ""
        limits = chosen.limits
        if first:  # (the package derives its time limit from its accepted solutions' runs: those first)
            early = judged(first, limits)
            slowest = max(
                (r for row in early.results for r in row if r.verdict.accepted), key=lambda r: r.cpu_s, default=None
            )
            if slowest is not None and args.time_limit is None:
                assert chosen.multiplier is not None
                time = max(1, math.ceil(round(slowest.cpu_s * chosen.multiplier, 6)))
                limits = dataclasses.replace(limits, cpu_s=float(time))
                derived = (
                    f"; the time limit then derived: {time} s ({chosen.multiplier:g} x the slowest accepted run, "
                    f"{slowest.cpu_s:.2f} s)"
                )
            rest = judged([e for e in entrants if e not in first], limits)
            matrix = Matrix(tests, [*early.entrants, *rest.entrants], [*early.results, *rest.results])
        else:
            matrix = judged(entrants, limits)
    if tty:
        sys.stderr.write("\r\033[K")
    mode, missing = describe()
    words = f"limits: {chosen.words}{derived}; stack {limits.stack} MiB; isolation: {isolation_words(mode, missing)}"
    mismatches = matrix.mismatches()
    broken = [(e, f"not judged: {why}") for e, why in refused if e.expectations]
    failing = [
        e
        for e, row in zip(matrix.entrants, matrix.results, strict=True)
        if not e.expectations and any(not r.verdict.accepted for r in row)
    ]
    if args.format == "json":
        _json(matrix, refused, mismatches, words, limits)
    else:
        sys.stdout.write(_text(matrix, refused, mismatches, words, use_color("auto", sys.stdout)))
    return 1 if mismatches or broken or (given and failing) else 0


def _json(
    matrix: Matrix,
    refused: list[tuple[Entrant, str]],
    mismatches: list[tuple[Entrant, Mismatch]],
    words: str,
    limits: Limits,
) -> None:
    from ..contest.judging.summary import summary

    found = {entrant.name: [str(m) for e, m in mismatches if e is entrant] for entrant in matrix.entrants}
    solutions: list[dict[str, object]] = []
    for entrant, row in zip(matrix.entrants, matrix.results, strict=True):
        solutions.append(
            {
                "name": entrant.name,
                "command": entrant.command,
                "expectations": [str(e) for e in entrant.expectations],
                "results": [r.as_json() for r in row],
                "summary": summary(row).as_json(),
                "mismatches": found[entrant.name],
            }
        )
    solutions += [
        {"name": e.name, "command": None, "expectations": [str(x) for x in e.expectations], "not_judged": why}
        for e, why in refused
    ]
    report = {
        "tests": [t.name for t in matrix.tests],
        "solutions": solutions,
        "limits": {"cpu_s": limits.cpu_s, "memory_mib": limits.memory_mib, "stack_mib": limits.stack, "words": words},
        "mismatches": sum(len(v) for v in found.values()) + sum(1 for e, _ in refused if e.expectations),
    }
    sys.stdout.write(json.dumps(report) + "\n")


def _text(
    matrix: Matrix,
    refused: list[tuple[Entrant, str]],
    mismatches: list[tuple[Entrant, Mismatch]],
    words: str,
    color: bool,
) -> str:
    width = max([40, *(len(printable(e.name)) for e in matrix.entrants)])
    lines = [f"{'solution':<{width}}  {'slowest':>8}  verdicts, one per test ({len(matrix.tests)}): expectation"]
    expected = 0
    for entrant, row in zip(matrix.entrants, matrix.results, strict=True):
        mine = [str(m) for e, m in mismatches if e is entrant]
        letters = "".join(_paint(r.verdict.letter, r.verdict.colour, color) for r in row)
        letters += "-" * (len(matrix.tests) - len(row))  # (not run: -x stopped it)
        slowest = max((r.cpu_s for r in row), default=0.0)
        if not entrant.expectations:
            verdict = "no expectation (judged, not checked)"
        elif mine:
            verdict = _paint("NOT AS EXPECTED", "31", color) + ": " + "; ".join(mine)
        else:
            expected += 1
            run = "" if len(row) == len(matrix.tests) else f" on the {len(row)} test{'s' * (len(row) != 1)} run"
            verdict = f"as expected{run} ({entrant.expectations[0]})"
        lines.append(f"{printable(entrant.name):<{width}}  {slowest:7.2f}s  {letters}: {printable(verdict)}")
    for entrant, why in refused:
        lines.append(f"{printable(entrant.name):<{width}}  {'-':>8}  not judged: {printable(why)}")
    checked = sum(1 for e in matrix.entrants if e.expectations) + sum(1 for e, _ in refused if e.expectations)
    lines.append(
        f"test: {len(matrix.entrants)} solution{'s' * (len(matrix.entrants) != 1)} on {len(matrix.tests)} tests; "
        f"{expected} of {checked} with an expectation as expected; {words}"
    )
    return "\n".join(lines) + "\n"


def _paint(text: str, colour: str, color: bool) -> str:
    return f"\033[{colour}m{text}\033[0m" if color else text
