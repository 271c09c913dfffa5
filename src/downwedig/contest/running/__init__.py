"""Running a solution: one run under its limits, isolated from the judge, measured and ended as a whole.

- :mod:`~downwedig.contest.running.limits`: a run's :class:`~downwedig.contest.running.limits.Limits`;
- :mod:`~downwedig.contest.running.run`: :func:`~downwedig.contest.running.run.run_solution`, one straight
  flow over the isolation of :mod:`~downwedig.contest.running.isolation`;
- :mod:`~downwedig.contest.running.runner`: the :class:`~downwedig.contest.running.runner.Runner` of many
  runs of one command, each made ready while the run before it goes on;
- :mod:`~downwedig.contest.running.launch`: everything before a run's command runs (so that a run can be
  made ready ahead), and :func:`~downwedig.contest.running.launch.stop_all`;
- :mod:`~downwedig.contest.running.isolation`: the one interface over the modes (what accounts for the run
  and what keeps it from the judge), and what each mode does not give;
- :mod:`~downwedig.contest.running.sandbox`: the run's own namespaces and uid, through bubblewrap;
- :mod:`~downwedig.contest.running.shims`: the program behind a version manager's shim (pyenv...);
- :mod:`~downwedig.contest.running.cgroup`: its cgroup (v2 or v1), where the machine allows one;
- :mod:`~downwedig.contest.running.cgroupfs`: where this process's cgroups are, read from ``/proc``;
- :mod:`~downwedig.contest.running.sweep`: without cgroups, the process group and the sweep;
- :mod:`~downwedig.contest.running.command`: the shell script of a run, and what ``--solution`` means;
- :mod:`~downwedig.contest.running.workspace`: the run's folder, and what killed judges left.

It imports nothing of :mod:`~downwedig.contest.judging`, which gives the verdicts.
"""

__all__ = [
    "cgroup",
    "cgroupfs",
    "command",
    "isolation",
    "launch",
    "limits",
    "run",
    "runner",
    "sandbox",
    "shims",
    "sweep",
    "workspace",
]
