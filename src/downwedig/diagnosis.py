"""Why a program's answer is wrong, in the page's words: "why is *my* solution wrong?".

:func:`diagnose` takes a staircase, a program's answer to it and, when it can, a way to ask the program
about other staircases (``says``).  It finds the first wrong day, says who really wins it and why (in
the words of :meth:`~downwedig.explain.DayAnalysis.why`: the winning move to a lost step, or that every
move reaches a won step), and then the first step of that day, from the bottom as the page's
step-through goes, whose status the program's own answers contradict.

A program answers one digit a day, the status of step 1 only; but the status of step ``p`` on day ``k``
is the answer of the game played from step ``p`` on steps ``p..k`` alone: the last digit of the
program's answer to the staircase of those steps.  So ``says`` is asked about steps ``k..k``, then
``k-1..k``, ... up to ``1..k``, and the first step whose status the program gets wrong is found, the
steps below it being right by the program's own answers.  There the mistake is local, and said as
such: "your program calls step 3 lost, but 3 -> 5 is a move and step 5 is lost (your program agrees)".
When no step is wrong on steps ``1..k`` alone, the program's answer for day ``k`` depends on steps
below it, which do not exist on day ``k``; when a run fails, where it goes wrong cannot be told.

Cost: the analysis of the day, O(k * width), plus at most ``max_runs`` calls of ``says`` (each a run
of the program in ``downwedig stress``: a shrunk failure has a few steps).

>>> from downwedig import Staircase
>>> s = Staircase.from_rows(["WWWWWWWW", "WWWWWWWW", "WRWRRRRR"])
>>> strict = {"WRWRRRRR": "2", "WWWWWWWW\\nWRWRRRRR": "21", "WWWWWWWW\\nWWWWWWWW\\nWRWRRRRR": "212"}
>>> found = diagnose(s, "212", lambda part: strict["\\n".join(part.rows())])
>>> found.day, found.step, found.step_said_won
(3, 1, False)
>>> for line in found.lines():
...     print(line)  # doctest: +NORMALIZE_WHITESPACE
Day 3 is the first day your program gets wrong: it says 2 (Dima wins), but Dina wins day 3.
Why: step 1 is won (1 -> 3: step 3 is lost).
Your program first goes wrong at step 1 (from the bottom, as the step-through goes): given steps 1..3 alone,
    it answers 2 for the last day, so it calls step 1 lost.
But 1 -> 3 is a move (distance 2 <= 2 common pieces) to step 3, which is lost (your program agrees),
    so step 1 is won.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from .engine.solver import answer
from .explain import DayAnalysis, analyse
from .staircase import Staircase

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["WORDS", "Diagnosis", "diagnose"]

#: What a diagnosis says, as :meth:`str.format` templates (the page shows the same sentences).
WORDS = {
    "day": "Day {day} is the first day your program gets wrong: it says {said} ({said_winner} wins), "
    "but {winner} wins day {day}.",
    "why": "Why: step 1 is {status} ({why}).",
    "step": "Your program first goes wrong at step {step} (from the bottom, as the step-through goes): given steps "
    "{step}..{day} alone, it answers {digit} for the last day, so it calls step {step} {said}.",
    "won_move": "But {step} -> {target} is a move ({move}) to step {target}, which is lost (your program agrees), "
    "so step {step} is won.",
    "lost_moves": "But every move from step {step} reaches a won step ({moves}; your program agrees), so step {step} "
    "is lost.",
    "lost_last": "But step {step} is the last step of day {day}: no move, so step {step} is lost.",
    "lost_stuck": "But step {step} has no move on day {day} ({far}), so step {step} is lost.",
    "not_moves": " Steps lost within reach that are no move from step {step}: {far}.",
    "below": "Given steps 1..{day} alone, your program answers day {day} right: its answer for day {day} changes "
    "with the steps below day {day}, which do not exist on that day.",
    "untold": "Where it goes wrong cannot be told: given steps {step}..{day} alone, your program gave no answer of "
    "{count} digits.",
    "unchecked": "Where it goes wrong was not looked for: day {day} has more steps than the {runs} runs allowed.",
}

_WINNER = {"1": "Dina", "2": "Dima"}


@dataclass(frozen=True)
class Diagnosis:
    """The first wrong day of an answer, and where on that day the program goes wrong.

    ``said`` is the program's digit for :attr:`day`; ``step`` the first step from the bottom whose status the
    program's answers contradict (None when none does on steps ``1..day`` alone, when it could not be told, or
    when it was not looked for: :attr:`finding` says which, ``"step"``, ``"below"``, ``"untold"`` or
    ``"unchecked"``); ``step_said_won`` the status the program gives that step; ``untold_at`` the step whose
    run gave no answer.
    """

    analysis: DayAnalysis
    said: str
    finding: str
    step: int | None = None
    step_said_won: bool | None = None
    untold_at: int | None = None
    runs: int = 0

    @property
    def day(self) -> int:
        """The first wrong day. O(1)."""
        return self.analysis.day

    def lines(self) -> list[str]:
        """The diagnosis in sentences (:data:`WORDS`): the day, why, and where the program goes wrong. O(width^2)."""
        a, day = self.analysis, self.day
        winner = str(a.winner)
        out = [
            WORDS["day"].format(day=day, said=self.said, said_winner=_WINNER[self.said], winner=winner),
            WORDS["why"].format(status="won" if a.won[1] else "lost", why=a.why(1)),
        ]
        if self.finding == "below":
            out.append(WORDS["below"].format(day=day))
        elif self.finding == "untold":
            out.append(WORDS["untold"].format(step=self.untold_at, day=day, count=day - (self.untold_at or 1) + 1))
        elif self.finding == "unchecked":
            out.append(WORDS["unchecked"].format(day=day, runs=self.runs))
        elif self.step is not None:
            out += self._step_lines(self.step)
        return out

    def _step_lines(self, p: int) -> list[str]:
        a, day = self.analysis, self.day
        said = "won" if self.step_said_won else "lost"
        lines = [WORDS["step"].format(step=p, day=day, digit="1" if self.step_said_won else "2", said=said)]
        # (Every step below p is right by the program's own answers: "your program agrees" is true.)
        if a.won[p]:
            target = a.best_target(p)
            assert target is not None
            move = a.move(p, target).why()
            lines.append(WORDS["won_move"].format(step=p, target=target, move=move))
            return lines
        moves = a.moves(p)
        if moves:
            listed = ", ".join(f"{p} -> {m.target}" for m in moves)
            lines.append(WORDS["lost_moves"].format(step=p, moves=listed))
        elif p == day:
            lines.append(WORDS["lost_last"].format(step=p, day=day))
        else:
            far = a.why(p).split(": ", 1)[1]  # (the steps within reach, and why each is no move)
            lines.append(WORDS["lost_stuck"].format(step=p, day=day, far=far))
        unreachable = [
            f"step {j} ({j - p} down, {a.staircase.common(p, j)} common)"
            for j in range(p + 1, min(day, p + a.staircase.width) + 1)
            if not a.won[j] and j not in {m.target for m in moves}
        ]
        if unreachable:  # (a program that calls p won thinks one of them is a move: its rule is off)
            lines[-1] += WORDS["not_moves"].format(step=p, far=", ".join(unreachable))
        return lines

    def text(self) -> str:
        """:meth:`lines`, one a line. O(width^2)."""
        return "\n".join(self.lines())


def diagnose(
    staircase: Staircase,
    received: str,
    says: Callable[[Staircase], str | None] | None = None,
    *,
    max_runs: int = 64,
    jobs: int = 1,
) -> Diagnosis | None:
    """Where ``received`` (one digit ``1``/``2`` a day) first goes wrong on ``staircase``, and why; None when it
    is right.  ``says(part)`` is the program's answer to the staircase ``part`` (None when it gives none); without
    it, or for a day of more than ``max_runs`` steps, the step is not looked for; ``jobs`` calls go at once
    (threads: ``says`` runs a program), from the bottom, as many as ``jobs`` past the step found.  See the module
    docstring.  Cost: O(day * width), plus at most ``max_runs`` calls of ``says``.

    >>> from downwedig import Staircase
    >>> diagnose(Staircase.from_rows(["WW", "WW"]), "21") is None
    True
    >>> found = diagnose(Staircase.from_rows(["WW", "WW"]), "11", lambda part: "1" * len(part))
    >>> found.day, found.step, found.lines()[-1]
    (1, 1, 'But step 1 is the last step of day 1: no move, so step 1 is lost.')
    """
    expected = answer(staircase)
    if len(received) != len(expected) or received.strip("12"):
        raise ValueError(f"an answer of {len(expected)} digits 1/2 is needed, got {received[:20]!r}")
    day = next((k for k, (e, r) in enumerate(zip(expected, received, strict=True), 1) if e != r), None)
    if day is None:
        return None
    analysis, said = analyse(staircase, day), received[day - 1]
    if says is None or day > max_runs:
        return Diagnosis(analysis, said, "unchecked", runs=max_runs if says is not None else 0)
    runs = 0
    steps = list(range(day, 0, -1))  # from the bottom, as the step-through goes
    with ThreadPoolExecutor(max(1, jobs)) as pool:
        for start in range(0, day, max(1, jobs)):
            batch = steps[start : start + max(1, jobs)]
            for p, digits in zip(batch, pool.map(lambda p: says(staircase.steps(p, day)), batch), strict=True):
                runs += 1
                if digits is None or len(digits) != day - p + 1 or digits.strip("12"):
                    return Diagnosis(analysis, said, "untold", untold_at=p, runs=runs)
                said_won = digits[-1] == "1"
                if said_won != bool(analysis.won[p]):
                    return Diagnosis(analysis, said, "step", p, said_won, runs=runs)
    return Diagnosis(analysis, said, "below", runs=runs)
