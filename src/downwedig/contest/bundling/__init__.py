"""Bundling: one self-contained Python file made from the package's own modules, what a judge runs.

- :mod:`~downwedig.contest.bundling.bundle`: the file, for a :class:`~downwedig.contest.bundling.bundle.Program`
  (a module and its ``main``), with every module of the package it imports, found by reading their imports;
- :mod:`~downwedig.contest.bundling.stripped`: each module parsed once, without its docstrings, comments and
  annotations;
- :mod:`~downwedig.contest.bundling.shake`: only the top-level definitions the program can reach;
- :mod:`~downwedig.contest.bundling.inline`: the modules as one namespace of plain Python.

It reads the package's source and imports none of it: a compiler, under the room that ships the problem
(:mod:`downwedig.contest.shipping`, whose ``programs`` are what it bundles).
"""

__all__ = ["bundle", "inline", "shake", "stripped"]
