"""Measuring tests: how strong a set of tests is against plausible wrong solutions (``downwedig strength``).

- :mod:`.games`: the game with a mistake in it (a move rule, a recurrence), solved fast;
- :mod:`.catalogue`: the mutants, each a plausible wrong solution, the project's own trusted code;
- :mod:`.kill`: every mutant on every test, in forked workers, each run under a CPU deadline;
- :mod:`.seed`: the slow and the deep mutants (the recomputation, the seed's recursion and memo);
- :mod:`.workers`: other work in forked processes (a survivor's search);
- :mod:`.witness`: a survivor's witness, or what it agrees with the judge on;
- :mod:`.cover`: the tests' side: what each catches alone, the smallest set that keeps every catch;
- :mod:`.report`: the report, solutions given beside the mutants judged by :mod:`~downwedig.contest.judging`.

This room uses the generating, running (a :class:`~downwedig.contest.running.runner.Runner`) and judging rooms,
and nothing above them.
"""
