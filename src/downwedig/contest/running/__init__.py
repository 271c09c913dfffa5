"""Running a solution: one run under its limits, isolated from the judge, measured and ended as a whole.

- :mod:`~downwedig.contest.running.limits`: a run's :class:`~downwedig.contest.running.limits.Limits`;
- :mod:`~downwedig.contest.running.run`: :func:`~downwedig.contest.running.run.run_solution`, a runner of one
  run, and :mod:`~downwedig.contest.running.record`, the :class:`~downwedig.contest.running.record.Run` it gives;
- :mod:`~downwedig.contest.running.runner`: the :class:`~downwedig.contest.running.runner.Runner` of many
  runs of one command, each made ready while the run before it goes on;
- :mod:`~downwedig.contest.running.launch`: a run's life, launched (so that it can be made ready ahead), let
  go, waited for and recorded, and :func:`~downwedig.contest.running.launch.stop_all`;
- :mod:`~downwedig.contest.running.streams`: its pipes (input fed, output and errors drained up to a cap);
- :mod:`~downwedig.contest.running.command`: what ``--solution`` means, and the words and the script of
  limits that run a command (no shell outside the sandbox parses it);
- :mod:`~downwedig.contest.running.isolation`: what accounts for the run (its cgroup, or a process group),
  and what runs get here in all;
- :mod:`~downwedig.contest.running.sandbox`: the run's own namespaces through bubblewrap (or a box that gives
  nothing), failing closed; :mod:`~downwedig.contest.running.shown`, what it is shown of the judge's files;
  :mod:`~downwedig.contest.running.shims`, the program behind a version manager's shim (pyenv...);
- :mod:`~downwedig.contest.running.kernel`: its own keyrings (a session keyring, a seccomp filter);
- :mod:`~downwedig.contest.running.uids`: its uid, leased machine-wide;
- :mod:`~downwedig.contest.running.cgroup`: its cgroup (v2 or v1), where the machine allows one;
- :mod:`~downwedig.contest.running.cgroupfs`: where this process's cgroups are, read from ``/proc``;
- :mod:`~downwedig.contest.running.sweep`: without cgroups, the process group and the sweep;
- :mod:`~downwedig.contest.running.workspace`: the run's folder without the sandbox, and what killed judges
  left (whose is whose: :mod:`~downwedig.owner`).

It imports nothing of :mod:`~downwedig.contest.judging`, which gives the verdicts.
"""

__all__ = [
    "cgroup",
    "cgroupfs",
    "command",
    "isolation",
    "kernel",
    "launch",
    "limits",
    "record",
    "run",
    "runner",
    "sandbox",
    "shims",
    "shown",
    "streams",
    "sweep",
    "uids",
    "workspace",
]
