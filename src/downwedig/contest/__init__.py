"""Contest tooling: generate tests, validate them, check answers, stress-test solutions.

The modules are imported on demand (``from downwedig.contest import check``):

- :mod:`~downwedig.contest.prng`: the splitmix64 generator behind every test;
- :mod:`~downwedig.contest.family`, :mod:`~downwedig.contest.families`,
  :mod:`~downwedig.contest.adversarial`: the test families of ``gen``;
- :mod:`~downwedig.contest.validate`: the strict validator;
- :mod:`~downwedig.contest.check`: the testlib-style checker;
- :mod:`~downwedig.contest.answers`: answer files for many inputs in parallel;
- :mod:`~downwedig.contest.stress` and :mod:`~downwedig.contest.shrink`:
  stress testing and shrinking a failing input.

>>> from downwedig.contest.families import generate, to_text
>>> to_text(generate("equal", 2, seed=1, row=0))
'2\\nWWWWWWWW\\nWWWWWWWW\\n'
"""

__all__: list[str] = []
