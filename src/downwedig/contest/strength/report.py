"""The strength of a set of tests: which plausible wrong solutions it catches, and the proof for each.

:func:`measure` runs every mutant of the catalogue (:mod:`.catalogue`, in
forked workers under a deadline: :mod:`.kill`) and every solution given (each
a program, judged as ``test`` judges it, in the sandbox:
:func:`~downwedig.contest.judging.matrix.judge_all`) on every test.  A test
*catches* a mutant or a solution it does not accept (WA, PE, TLE, MLE, RE).
For each survivor it searches a witness (:mod:`.witness`), and for the tests
it works out what each catches alone and the smallest set that keeps every
catch (:mod:`.cover`).  :class:`Strength` is the report; :meth:`Strength.as_json`
its JSON.  Cost: the mutants' runs (seconds), the solutions' (one per test
each), the survivors' searches (about a second for a mutant, a few hundred
runs for a solution).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from ...reader import parse
from ..judging.judge import Test, check_tests, read_test
from ..judging.matrix import Entrant, judge_all
from ..judging.verdict import Limits, Verdict
from .catalogue import CATALOGUE, Mutant
from .cover import cover, unique
from .kill import DEADLINE_PER_STEP_S, DEADLINE_S, Case, kill_matrix
from .witness import Search, search_mutant, search_solution
from .workers import WorkerFailed, forked_map

__all__ = ["Entry", "Strength", "measure"]

#: ``progress(stage, done, total, what)``: ``stage`` is ``mutants``, ``solutions`` or ``witnesses``.
Progress = Callable[[str, int, int, str], None]


@dataclasses.dataclass(frozen=True)
class Entry:
    """A mutant or a solution as the report has it: its name, what it is (the mistake, or the command), its
    verdict and message on each test (in the tests' order), and, when no test catches it, its search."""

    name: str
    description: str
    verdicts: list[Verdict]
    messages: list[str]
    tests: list[str]
    search: Search | None = None
    origin: str = ""

    @property
    def killed_by(self) -> list[str]:
        """The tests that catch it (that it does not pass), in order. O(tests)."""
        return [test for test, verdict in zip(self.tests, self.verdicts, strict=True) if not verdict.accepted]

    @property
    def caught(self) -> bool:
        """Whether some test catches it. O(tests)."""
        return any(not verdict.accepted for verdict in self.verdicts)

    def as_json(self) -> dict[str, object]:
        """The entry as the JSON report gives it. O(tests)."""
        witness = self.search.witness if self.search else None
        found: dict[str, object] = {
            "name": self.name,
            "description": self.description,
            "killed_by": self.killed_by,
            "verdicts": {t: str(v) for t, v in zip(self.tests, self.verdicts, strict=True) if not v.accepted},
            "witness": witness.text if witness else None,
            "equivalent_up_to": self.search.equivalent_up_to if self.search else None,
        }
        if self.origin:
            found["origin"] = self.origin
        if witness is not None:
            found["witness_verdict"] = str(witness.verdict)
            found["witness_message"] = witness.message
            found["expected"], found["received"] = witness.expected, witness.received
        elif self.search is not None:
            found["equivalence"] = self.search.method
        return found


@dataclasses.dataclass(frozen=True)
class Strength:
    """The report: the tests (names, in order), the mutants and the solutions, each test's catches no other
    test makes, and the smallest set of tests that keeps every catch (``exact``: proven smallest)."""

    tests: list[str]
    mutants: list[Entry]
    solutions: list[Entry]
    unique: dict[str, list[str]]
    cover: list[str]
    exact: bool

    @property
    def caught(self) -> int:
        """How many mutants some test catches. O(mutants * tests)."""
        return sum(entry.caught for entry in self.mutants)

    @property
    def redundant(self) -> list[str]:
        """The tests that catch nothing no other test catches (nothing at all, or only what others do too)."""
        return [test for test, alone in self.unique.items() if not alone]

    def as_json(self) -> dict[str, object]:
        """The report as JSON: ``mutants`` and ``solutions`` (each with ``name``, ``killed_by``, ``witness``,
        ``equivalent_up_to``), and the tests' side. O(size)."""
        return {
            "tests": self.tests,
            "caught": {"mutants": self.caught, "of": len(self.mutants)},
            "mutants": [entry.as_json() for entry in self.mutants],
            "solutions": [entry.as_json() for entry in self.solutions],
            "unique": {test: names for test, names in self.unique.items() if names},
            "catch_nothing_new": self.redundant,
            "smallest_cover": {"tests": self.cover, "exact": self.exact},
            "mutant_deadline": {"cpu_s": DEADLINE_S, "per_step_s": DEADLINE_PER_STEP_S},
        }


def _cases(tests: Sequence[Test], fingerprints: Sequence[bytes]) -> list[Case]:
    found = []
    for test, fingerprint in zip(tests, fingerprints, strict=True):
        data, expected, _ = read_test(test, fingerprint)
        found.append(Case(test.name, parse(data, source=str(test.input)).packed, expected))
    return found


def _mutant_search(mutant: Mutant, seed: int) -> Callable[[], Search]:
    return lambda: search_mutant(mutant, seed)


def measure(
    tests: Sequence[Test],
    solutions: Sequence[Entrant] = (),
    limits: Limits | None = None,
    *,
    mutants: Sequence[Mutant] = CATALOGUE,
    jobs: int = 1,
    seed: int = 0,
    progress: Progress | None = None,
) -> Strength:
    """The strength report of ``tests`` against ``mutants`` and ``solutions`` (see the module docstring); the
    solutions run under ``limits`` (the judge's by default), ``jobs`` at a time. O(the runs).

    >>> import pathlib, tempfile
    >>> from downwedig.contest.judging.judge import find_tests
    >>> from downwedig.contest.strength.catalogue import mutant
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "t.in").write_bytes(b"2\\nWWWWWWWW\\nWWWWWWWW\\n"), (folder / "t.ans").write_bytes(b"21\\n")
    >>> found = measure(find_tests([folder]), mutants=[mutant("first_day"), mutant("short_window")])
    >>> [(e.name, e.killed_by, e.search.witness.rows if e.search else None) for e in found.mutants]
    [('first_day', ['t'], None), ('short_window', [], [0, 0, 0, 0, 0, 0, 0, 0, 0])]
    """
    limits = limits or Limits()
    fingerprints = check_tests(tests)
    names = [test.name for test in tests]
    tell = progress or (lambda stage, done, total, what: None)
    matrix = kill_matrix(
        mutants, _cases(tests, fingerprints), jobs=jobs, progress=lambda d, t, w: tell("mutants", d, t, w)
    )
    entries = [
        Entry(m.name, m.description, [c.verdict for c in row], [c.message for c in row], names, origin=m.origin)
        for m, row in zip(mutants, matrix, strict=True)
    ]
    judged = judge_all(
        solutions,
        tests,
        limits,
        jobs=jobs,
        fingerprints=fingerprints,
        progress=lambda entrant, done, total, result: tell("solutions", done, total, entrant.name),
    )
    runs = [
        Entry(e.name, e.command, [r.verdict for r in row], [r.message for r in row], names)
        for e, row in zip(judged.entrants, judged.results, strict=True)
    ]
    entries = _searched(entries, mutants, runs, limits, jobs=jobs, seed=seed, tell=tell)
    runs = entries[len(mutants) :]
    entries = entries[: len(mutants)]
    catches = {
        test: {e.name for e in (*entries, *runs) if e.verdicts[i] is not Verdict.AC} for i, test in enumerate(names)
    }
    chosen, exact = cover(catches)
    return Strength(names, entries, runs, unique(catches), chosen, exact)


def _searched(
    mutants: list[Entry],
    catalogue: Sequence[Mutant],
    solutions: list[Entry],
    limits: Limits,
    *,
    jobs: int,
    seed: int,
    tell: Progress,
) -> list[Entry]:
    """The entries (mutants, then solutions), each survivor with its search."""
    survivors = [i for i, entry in enumerate(mutants) if not entry.caught]
    total = len(survivors) + sum(not entry.caught for entry in solutions)
    done = 0

    def searched(index: int, found: Search | WorkerFailed) -> None:
        nonlocal done
        done += 1
        tell("witnesses", done, total, mutants[survivors[index]].name)

    found = forked_map([_mutant_search(catalogue[i], seed) for i in survivors], jobs=jobs, done=searched)
    out = list(mutants)
    for i, search in zip(survivors, found, strict=True):
        if isinstance(search, WorkerFailed):
            search = Search(None, None, 0, f"the search failed: {search}")
        out[i] = dataclasses.replace(out[i], search=search)
    for entry in solutions:
        if entry.caught:
            out.append(entry)
            continue
        search = search_solution(entry.description, limits, jobs=jobs, seed=seed)
        done += 1
        tell("witnesses", done, total, entry.name)
        out.append(dataclasses.replace(entry, search=search))
    return out
