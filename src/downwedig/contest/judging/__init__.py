"""Judging solutions: run one under limits, check its output, give a verdict; stress and shrink.

- :mod:`~downwedig.contest.judging.verdict`: the one vocabulary of verdicts
  (:class:`~downwedig.contest.judging.verdict.Verdict`) and of the judge's limits
  (:class:`~downwedig.contest.judging.verdict.Limits`);
- :mod:`~downwedig.contest.judging.run`: running a solution as a judge does, in its own
  :mod:`~downwedig.contest.judging.cgroup` where the machine allows it, else in a process group
  swept by :mod:`~downwedig.contest.judging.sweep`; :mod:`~downwedig.contest.judging.command`
  is the shell script of a run;
- :mod:`~downwedig.contest.judging.check`: the testlib-style checker;
- :mod:`~downwedig.contest.judging.judge`: the local judge (a verdict, time and memory per test);
- :mod:`~downwedig.contest.judging.stress` and :mod:`~downwedig.contest.judging.shrink`:
  stress testing against the engine, and shrinking a failing test;
- :mod:`~downwedig.contest.judging.answers`: answer files for many inputs in parallel.

It uses :mod:`~downwedig.contest.generating` (stress makes its tests there), never
:mod:`~downwedig.contest.shipping`.
"""

__all__ = ["answers", "cgroup", "check", "command", "judge", "run", "shrink", "stress", "sweep", "verdict"]
