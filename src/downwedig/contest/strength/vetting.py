"""A package's tests vetted against the mutants: what ``downwedig package`` says of their strength, and the note it
leaves in the package.

:func:`vet` runs every mutant of the catalogue (:mod:`.catalogue`) that can be caught, each only up to the first
test that catches it, in the judge's order (:func:`~.kill.first_catches`: most die on the first tests), and searches
a witness for each survivor (:func:`~.witness.search_mutant`). The mutants that answer exactly as the judge does, by
a proof written beside each (:data:`~.catalogue.EQUIVALENT`), are not run: no test can catch them. The whole report,
each mutant on every test, is ``downwedig strength PKG``'s (:mod:`.report`); this is its short form, cheap enough
for every build. :class:`Vetting` is the outcome, :meth:`Vetting.note` its Markdown.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from .catalogue import CATALOGUE, EQUIVALENT, Mutant
from .kill import Case, first_catches
from .witness import Search, search_mutant
from .workers import WorkerFailed, forked_map

__all__ = ["Vetting", "vet"]


@dataclasses.dataclass(frozen=True)
class Vetting:
    """What :func:`vet` found: each mutant that some test catches, with that test and the verdict (``caught``,
    in the catalogue's order); each survivor with its search; the mutants left out as equivalent."""

    caught: dict[str, tuple[str, str]]  # mutant -> (the first test that catches it, the verdict there)
    survivors: list[tuple[Mutant, Search]]
    equivalent: list[Mutant]

    @property
    def total(self) -> int:
        """How many mutants could be caught (the catalogue but the equivalent ones). O(1)."""
        return len(self.caught) + len(self.survivors)

    def summary(self) -> str:
        """The strength in one line, as ``package`` says it. O(1).

        >>> from downwedig.contest.strength.catalogue import mutant
        >>> Vetting({"first_day": ("sample/1", "WA")}, [], [mutant("window_9")]).summary()
        'the tests catch 1 of 1 mutants (and 1 more is equivalent to the judge: no test can catch it)'
        """
        more = len(self.equivalent)
        also = f" (and {more} more {'is' if more == 1 else 'are'} equivalent to the judge: no test can catch "
        return f"the tests catch {len(self.caught)} of {self.total} mutants" + (
            also + ("it)" if more == 1 else "them)") if more else ""
        )

    def note(self, command: str) -> str:
        """The Markdown note a package keeps: the summary, each mutant and its catch, each survivor's witness
        (or what it agrees on) and ``command``, the one that gives the whole report. O(mutants + witnesses)."""
        summary = self.summary()
        lines = [
            "# The strength of these tests",
            "",
            f"**{summary[:1].upper()}{summary[1:]}.**",
            "",
            "Written by `downwedig package`. The mutants are plausible wrong solutions of this problem (the",
            "field's mistakes, and the reference solver's comparisons, constants and bounds mutated), the",
            "project's own code, each run on the tests in the judge's order until one catches it (a test catches",
            "what it does not accept: WA, PE, TLE, MLE, RE). The whole report (every mutant on every test, the",
            "tests that catch what no other does, the smallest set of tests that keeps every catch):",
            "",
            f"    {command}",
            "",
        ]
        if self.survivors:
            lines += ["## Survivors", ""]
            for mutant, search in self.survivors:
                lines.append(f"- `{mutant.name}` ({mutant.description}): {_found(search)}")
                if search.witness is not None:
                    lines += ["", "  ```", *("  " + row for row in search.witness.text.splitlines()), "  ```", ""]
            if any(search.witness for _, search in self.survivors):
                lines += ["", f"`{command} --add-to PLAN` adds each witness to a plan.", ""]
            else:
                lines.append("")
        lines += ["## Caught", "", "| mutant | first caught by | verdict |", "|---|---|---|"]
        lines += [f"| `{name}` | `{test}` | {verdict} |" for name, (test, verdict) in self.caught.items()]
        if self.equivalent:
            lines += ["", "## Equivalent to the judge (not run)", ""]
            lines += [f"- `{m.name}` ({m.description}): {EQUIVALENT[m.name]}" for m in self.equivalent]
        return "\n".join(lines) + "\n"


def _found(search: Search) -> str:
    """A survivor's search in words. O(1)."""
    if search.witness is not None:
        rows = len(search.witness.rows)
        return f"a witness of {rows} step{'s' * (rows != 1)} ({search.witness.verdict}: {search.witness.message})"
    if search.equivalent_up_to is None:
        return search.method
    return f"no witness found: it agrees with the judge on {search.method} (likely equivalent)"


def vet(
    cases: Sequence[Case],
    *,
    jobs: int = 1,
    seed: int = 0,
    progress: Callable[[str], None] | None = None,
    mutants: Sequence[Mutant] = CATALOGUE,
) -> Vetting:
    """The tests ``cases`` vetted against ``mutants`` (see the module docstring); ``progress`` is told each
    mutant's name as it is judged. O(the mutants' runs up to their first catch / jobs, and each survivor's search).

    >>> from downwedig.contest.strength.catalogue import mutant
    >>> found = vet([Case("sample/1", bytes(2), "21")], mutants=[mutant("first_day"), mutant("window_9")])
    >>> found.caught, [m.name for m in found.equivalent]
    ({'first_day': ('sample/1', 'WA')}, ['window_9'])
    """
    run = [m for m in mutants if m.name not in EQUIVALENT]
    equivalent = [m for m in mutants if m.name in EQUIVALENT]
    tell = progress or (lambda name: None)
    found = first_catches(run, cases, jobs=jobs, progress=lambda done, total, name: tell(name))
    caught = {
        m.name: (cases[first[0]].name, str(first[1].verdict))
        for m, first in zip(run, found, strict=True)
        if first is not None
    }
    left = [m for m, first in zip(run, found, strict=True) if first is None]
    searched = forked_map([_search(m, seed) for m in left], jobs=jobs)
    survivors = [(m, _outcome(search)) for m, search in zip(left, searched, strict=True)]
    return Vetting(caught, survivors, equivalent)


def _outcome(search: Search | WorkerFailed) -> Search:
    return search if isinstance(search, Search) else Search(None, None, 0, f"the search failed: {search}")


def _search(mutant: Mutant, seed: int) -> Callable[[], Search]:
    return lambda: search_mutant(mutant, seed)
