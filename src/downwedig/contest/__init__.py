"""Contest tooling, in five rooms by job; each imports only the rooms below it.

1. :mod:`~downwedig.contest.generating` -- making tests: the splitmix64 generator,
   the families of ``gen``, test plans, the strict validator, answer files.
2. :mod:`~downwedig.contest.running` -- running a solution: one run under its limits,
   isolated from the judge, measured and ended whole.
3. :mod:`~downwedig.contest.judging` -- judging solutions: the verdicts, the checker,
   the local judge, the stress tester and its shrinker (on 1 and 2).
4. :mod:`~downwedig.contest.bundling` -- one self-contained Python file made from the
   package's own modules (it reads their source and imports none of it).
5. :mod:`~downwedig.contest.shipping` -- shipping the problem: the programs a judge
   runs, the problem package in each judge's format and its zip, the statement (on
   all four).

The modules are imported on demand (``from downwedig.contest.judging import check``).

>>> from downwedig.contest.generating.registry import generate, to_text
>>> to_text(generate("equal", 2, seed=1, row=0))
'2\\nWWWWWWWW\\nWWWWWWWW\\n'
"""

__all__ = ["bundling", "generating", "judging", "running", "shipping"]
