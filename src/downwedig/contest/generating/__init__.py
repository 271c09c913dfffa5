"""Making tests: every test ``gen`` makes, the plans of a package, and the validator that checks a test.

- :mod:`~downwedig.contest.generating.prng`: the splitmix64 generator behind every test;
- :mod:`~downwedig.contest.generating.family`: what a test family is;
- :mod:`~downwedig.contest.generating.standard`, :mod:`~downwedig.contest.generating.adversarial`:
  the families, gathered by :mod:`~downwedig.contest.generating.registry`, which also
  defines :class:`~downwedig.contest.generating.registry.GeneratedTest`;
- :mod:`~downwedig.contest.generating.plan`: test plans (``secret.plan`` is the built-in one);
- :mod:`~downwedig.contest.generating.validate`: the strict input validator;
- :mod:`~downwedig.contest.generating.answers`: answer files for many inputs in parallel, and reading
  a test no larger than any valid one could be.

Nothing here runs a solution or writes a package.
"""

__all__ = ["adversarial", "answers", "family", "plan", "prng", "registry", "standard", "validate"]
