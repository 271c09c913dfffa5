"""The summary of a judging (:class:`Summary`): its overall verdict, counts, maxima, and the time limit it suggests.

A judging's results (:class:`~downwedig.contest.judging.judge.Result`, or
anything with the same fields) are summed up once, by :func:`summary`, into a
typed :class:`Summary` that the reports read field by field and the JSON
report gives as :meth:`Summary.as_json`.  The time limit suggested is the
package format's rule (:data:`~downwedig.contest.running.limits.AC_TO_TIME_LIMIT` times the slowest accepted
run, rounded up to a whole second).  O(results).

>>> from downwedig.contest.judging.judge import Result
>>> summary([Result("a", Verdict.AC, 0.5, 0.6, 20.0, "ok")]).suggested_time_limit_s
1
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Protocol

from ..running.limits import suggested_time_limit
from .verdict import Verdict

__all__ = ["Outcome", "Summary", "summary"]


class Outcome(Protocol):
    """What a summary reads of one test's result (:class:`~downwedig.contest.judging.judge.Result` has it)."""

    @property
    def name(self) -> str: ...
    @property
    def verdict(self) -> Verdict: ...
    @property
    def cpu_s(self) -> float: ...
    @property
    def wall_s(self) -> float: ...
    @property
    def peak_mib(self) -> float | None: ...


@dataclasses.dataclass(frozen=True)
class Summary:
    """A judging summed up: the overall verdict (the first test's that is not AC, else AC) and the test that
    gave it, the count of each verdict, the maxima, the slowest accepted run and, when every test is AC, the
    time limit it suggests (seconds)."""

    verdict: Verdict
    first_failure: str | None
    tests: int
    counts: dict[Verdict, int]
    max_cpu_s: float
    max_wall_s: float
    max_peak_mib: float | None
    slowest_accepted: str | None
    slowest_accepted_s: float | None
    suggested_time_limit_s: int | None

    @property
    def passed(self) -> int:
        """How many tests are AC. O(1)."""
        return self.counts[Verdict.AC]

    def as_json(self) -> dict[str, object]:
        """The summary as the JSON reports give it: verdicts by their names, in :class:`Verdict`'s order. O(1).

        >>> from downwedig.contest.judging.judge import Result
        >>> summary([Result("a", Verdict.WA, 0.5, 0.6, None, "")]).as_json()["counts"]["WA"]
        1
        """
        fields = {field.name: getattr(self, field.name) for field in dataclasses.fields(self)}
        fields["verdict"] = str(self.verdict)
        fields["counts"] = {str(verdict): count for verdict, count in self.counts.items()}
        return fields


def summary(results: Sequence[Outcome]) -> Summary:
    """The summary of a judging (see :class:`Summary`). O(tests).

    >>> from downwedig.contest.judging.judge import Result
    >>> found = summary([Result("a", Verdict.AC, 0.5, 0.6, 20.0, "ok"), Result("b", Verdict.WA, 0.1, 0.2, None, "")])
    >>> found.verdict, found.first_failure, found.passed
    (<Verdict.WA: 'WA'>, 'b', 1)
    """
    failing = next((r for r in results if not r.verdict.accepted), None)
    peaks = [r.peak_mib for r in results if r.peak_mib is not None]
    accepted = [r for r in results if r.verdict.accepted]
    slowest = max(accepted, key=lambda r: r.cpu_s, default=None)
    return Summary(
        verdict=failing.verdict if failing else Verdict.AC,
        first_failure=failing.name if failing else None,
        tests=len(results),
        counts={verdict: sum(r.verdict is verdict for r in results) for verdict in Verdict},
        max_cpu_s=round(max((r.cpu_s for r in results), default=0.0), 3),
        max_wall_s=round(max((r.wall_s for r in results), default=0.0), 3),
        max_peak_mib=round(max(peaks), 1) if peaks else None,
        slowest_accepted=slowest.name if slowest else None,
        slowest_accepted_s=round(slowest.cpu_s, 3) if slowest else None,
        suggested_time_limit_s=suggested_time_limit(slowest.cpu_s) if slowest and not failing else None,
    )
