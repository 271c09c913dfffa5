"""Shipping the problem: what goes to a judge.

- :mod:`~downwedig.contest.shipping.bundle`: one self-contained Python file made from
  the package's modules, for each program of :mod:`~downwedig.contest.shipping.programs`
  (the solution, the validators, a slow solution, the deliberate mistakes);
- :mod:`~downwedig.contest.shipping.package`: a Kattis / ICPC problem package
  (statement in ``problem/``, tests from a plan of :mod:`~downwedig.contest.generating.plan`).

Their parts: ``inline``, ``shake`` and ``stripped`` make the bundle's code;
``formats``, ``destination``, ``cases``, ``statement``, ``timing``, ``domjudge``
and ``polygon`` write and check the package, its zip and its Polygon files; the
``testlib`` programs are the problem's C++.  It stands on the other two rooms:
the programs carry the validator and the checker.
"""

__all__ = ["bundle", "package", "programs"]
