"""The programs of a problem package, each a ``main(argv, stdin, stdout, stderr) -> exit status``, and their
catalogue: :data:`PROGRAMS`, by the name ``downwedig bundle --program`` takes, and :func:`mistake_program`.

:func:`~downwedig.contest.bundling.bundle.bundle` turns each into one
self-contained file that a judge runs; here they are ordinary modules,
tested in process.  They must run on Python 3.9 (the judges' PyPy), like
every module they import, and import each name from the module that defines
it, never from a package: a bundle gives a package an empty module (so
nothing a program carries imports this catalogue).

- :mod:`~downwedig.contest.shipping.programs.solution`: the judge's input to the answer (the accepted submission);
- :mod:`~downwedig.contest.shipping.programs.input_validator`,
  :mod:`~downwedig.contest.shipping.programs.answer_validator`,
  :mod:`~downwedig.contest.shipping.programs.output_validator`: the validators of the Kattis problem package
  format (and BAPCtools' answer validator);
- :mod:`~downwedig.contest.shipping.programs.slow`: the rules applied day by day, O(n^2) (time limit exceeded);
- :mod:`~downwedig.contest.shipping.programs.editorial`: the editorial's short solution, shipped as written
  (one file of its own, its comments kept: a learner reads it);
- :mod:`~downwedig.contest.shipping.programs.mistakes`: the solution with one plausible mistake each (wrong answer).

A new program is a module here with a ``main`` and one entry in :data:`PROGRAMS`.  O(1).

>>> sorted(PROGRAMS)
['answer-validator', 'editorial', 'input-validator', 'output-validator', 'slow', 'solution']
"""

from __future__ import annotations

from ...bundling.bundle import Program

__all__ = ["PROGRAMS", "Program", "mistake_program"]

#: This package's name: each program is one of its modules.
_HERE = __name__

#: The programs of a problem package, by the name ``downwedig bundle`` knows them by.
PROGRAMS = {
    "solution": Program(f"{_HERE}.solution", "the solution: the judge's input on stdin, one digit per day on stdout"),
    "input-validator": Program(
        f"{_HERE}.input_validator", "the input validator (Kattis: exit 42 valid, 43 invalid, why on stderr)"
    ),
    "answer-validator": Program(
        f"{_HERE}.answer_validator",
        "the answer validator (BAPCtools: INPUT < answer; exit 42 valid, 43 invalid, why on stderr)",
    ),
    "output-validator": Program(
        f"{_HERE}.output_validator",
        "the output validator (Kattis: INPUT ANSWER FEEDBACK_DIR < output; exit 42 accepted, 43 wrong)",
    ),
    "slow": Program(
        f"{_HERE}.slow",
        "a correct but slow solution: every day recomputed from the rules, O(n^2)",
        note="Most of this file is the reader (downwedig.reader), not the algorithm: the oracle reads its input\n"
        "by the same rules as the solution (tolerant of layout, strict about content, in the same words), so\n"
        "that the two answer, and refuse, exactly the same inputs.  The algorithm is the few lines of\n"
        "downwedig.reference near the end: each day solved again from its last step up.\n",
    ),
    "editorial": Program(
        f"{_HERE}.editorial",
        "the editorial's short solution (docs/editorial.md, section 6), commented section by section: O(256 n)",
        as_written=True,
    ),
}


def mistake_program(name: str) -> Program:
    """The program of the solution with mistake ``name`` (see :mod:`~.mistakes`). O(1).

    >>> mistake_program("first_day").arguments
    ('first_day',)
    """
    from .mistakes import MISTAKES  # (the engine it imports, only when a mistake is asked for)

    return Program(f"{_HERE}.mistakes", f"a wrong solution: {MISTAKES[name].description}", arguments=(name,))
