"""Contest tooling, in six rooms by job; each imports only rooms listed before it.

1. :mod:`~downwedig.contest.generating` -- making tests: the splitmix64 generator,
   the families of ``gen``, test plans, the strict validator, answer files.
2. :mod:`~downwedig.contest.running` -- running a solution: one run under its limits,
   isolated from the judge, measured and ended whole.
3. :mod:`~downwedig.contest.judging` -- judging solutions: the verdicts, the checker,
   the local judge, the stress tester and its shrinker (on 1 and 2).
4. :mod:`~downwedig.contest.strength` -- measuring tests: plausible wrong solutions run
   on every test, what each test catches, a witness for what they miss (on 1 to 3).
5. :mod:`~downwedig.contest.bundling` -- one self-contained Python file made from the
   package's own modules (it reads their source and imports none of it, nor any room).
6. :mod:`~downwedig.contest.shipping` -- shipping the problem: the programs a judge
   runs, the problem package in each judge's format and its zip, the statement (on
   1, 2, 3 and 5, never ``strength``).

The modules are imported on demand (``from downwedig.contest.judging import check``).

>>> from downwedig.contest.generating.registry import generate, to_text
>>> to_text(generate("equal", 2, seed=1, row=0))
'2\\nWWWWWWWW\\nWWWWWWWW\\n'
"""

__all__ = ["bundling", "generating", "judging", "running", "shipping", "strength"]
