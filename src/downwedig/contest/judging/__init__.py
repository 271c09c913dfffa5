"""Judging solutions: check what a run printed and give a verdict; stress and shrink.

- :mod:`~downwedig.contest.judging.verdict`: the one vocabulary of verdicts
  (:class:`~downwedig.contest.judging.verdict.Verdict`) and of the judge's limits
  (:class:`~downwedig.contest.running.limits.Limits`, from the running room);
- :mod:`~downwedig.contest.judging.check`: the testlib-style checker;
- :mod:`~downwedig.contest.judging.judge`: the local judge (a verdict, time and memory per test);
- :mod:`~downwedig.contest.judging.stress` and :mod:`~downwedig.contest.judging.shrink`:
  stress testing against the engine, and shrinking a failing test.

Every run goes through :mod:`~downwedig.contest.running`.  It uses
:mod:`~downwedig.contest.generating` (stress makes its tests there), never
:mod:`~downwedig.contest.shipping`.
"""

__all__ = ["check", "judge", "shrink", "stress", "verdict"]
