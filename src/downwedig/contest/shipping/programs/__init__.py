"""The programs of a problem package, each a ``main(argv, stdin, stdout, stderr) -> exit status``.

:mod:`downwedig.contest.shipping.bundle` turns each into one self-contained file that a
judge runs; here they are ordinary modules, tested in process.  They must run
on Python 3.9 (the judges' PyPy), like every module they import.

- :mod:`~downwedig.contest.shipping.programs.solution`: the judge's input to the answer (the accepted submission);
- :mod:`~downwedig.contest.shipping.programs.input_validator`,
  :mod:`~downwedig.contest.shipping.programs.output_validator`: the validators of the Kattis problem package format;
- :mod:`~downwedig.contest.shipping.programs.slow`: the rules applied day by day, O(n^2) (time limit exceeded);
- :mod:`~downwedig.contest.shipping.programs.mistakes`: the solution with one plausible mistake each (wrong answer).
"""

__all__ = ["input_validator", "mistakes", "output_validator", "slow", "solution"]
