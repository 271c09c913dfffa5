"""Contest tooling, in three rooms by job; each imports only the rooms before it.

1. :mod:`~downwedig.contest.generating` -- making tests: the splitmix64 generator,
   the families of ``gen``, test plans, the strict validator.
2. :mod:`~downwedig.contest.judging` -- judging solutions: running one under limits,
   the checker, the local judge, the stress tester and its shrinker, answer files.
3. :mod:`~downwedig.contest.shipping` -- shipping the problem: the one-file bundle,
   the problem package, the programs they carry and the statement.

The modules are imported on demand (``from downwedig.contest.judging import check``).

>>> from downwedig.contest.generating.registry import generate, to_text
>>> to_text(generate("equal", 2, seed=1, row=0))
'2\\nWWWWWWWW\\nWWWWWWWW\\n'
"""

__all__ = ["generating", "judging", "shipping"]
