"""Contest tooling: generate tests, validate them, check answers, stress-test and judge solutions, package the problem.

The modules are imported on demand (``from downwedig.contest import check``):

- :mod:`~downwedig.contest.prng`: the splitmix64 generator behind every test;
- :mod:`~downwedig.contest.family`: what a test family is;
- :mod:`~downwedig.contest.standard`, :mod:`~downwedig.contest.adversarial`:
  the families of ``gen``, gathered by :mod:`~downwedig.contest.registry`;
- :mod:`~downwedig.contest.validate`: the strict validator;
- :mod:`~downwedig.contest.check`: the testlib-style checker;
- :mod:`~downwedig.contest.answers`: answer files for many inputs in parallel;
- :mod:`~downwedig.contest.run`: running a solution in its own process group;
- :mod:`~downwedig.contest.stress` and :mod:`~downwedig.contest.shrink`:
  stress testing and shrinking a failing input;
- :mod:`~downwedig.contest.judge`: a local judge (verdicts, time and memory per test);
- :mod:`~downwedig.contest.bundle`: one self-contained file made from the package's
  modules, for the programs of :mod:`~downwedig.contest.programs`;
- :mod:`~downwedig.contest.plan` and :mod:`~downwedig.contest.package`: a Kattis /
  ICPC problem package (statement and test plan in ``problem/``).

>>> from downwedig.contest.registry import generate, to_text
>>> to_text(generate("equal", 2, seed=1, row=0))
'2\\nWWWWWWWW\\nWWWWWWWW\\n'
"""

__all__ = [
    "adversarial",
    "answers",
    "bundle",
    "check",
    "family",
    "judge",
    "package",
    "plan",
    "prng",
    "programs",
    "registry",
    "run",
    "shrink",
    "standard",
    "stress",
    "validate",
]
