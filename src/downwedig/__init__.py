"""downwedig: the staircase game "Down We Dig" (NERC 2020, problem D), solved fast.

>>> import downwedig
>>> staircase = downwedig.parse("3\\nWWWWWWWW\\nWWWWWWWW\\nRRRRRRRR\\n")
>>> downwedig.answer(staircase)
'211'
>>> downwedig.winners(staircase)[1]
<Player.DINA: 1>

A map of the package.  Data flows one way, from text to answers and pictures;
each layer imports only the layers above it in this list:

1. :mod:`~downwedig.errors` -- every failure a user can cause, one ``Invalid...`` class each;
   :mod:`~downwedig.staircase` -- the model (:class:`Staircase`, :class:`Player`), the judge's
   constants and *the* move rule (:func:`~downwedig.staircase.allows_move`).
2. :mod:`~downwedig.reader` -- the judge's text to a :class:`Staircase` (whole or streamed);
   :mod:`~downwedig.moves` -- the rule applied to every step at once (move masks);
   :mod:`~downwedig.reference` -- the slow, obviously right oracle the tests trust.
3. :mod:`~downwedig.engine` -- the fast solver (with its private tables, ``_tables``);
   :mod:`~downwedig.explain` -- one day solved in full: statuses, remoteness, best moves, the reason.
4. Views and uses of those: :mod:`~downwedig.render` (text, JSON, SVG, the HTML page),
   :mod:`~downwedig.play` (a game against the perfect player), :mod:`~downwedig.contest`
   (generator, validator, checker, answers, stress tester).
5. :mod:`~downwedig.cli` -- the ``downwedig`` command, a thin layer over all of it.

Where a change belongs: a rule of the game goes in ``staircase`` (and its fast form in
``moves``); how fast the answer comes, in ``engine``; what is said about a day, in
``explain``; how it looks, in ``render``; a new test shape, in ``contest``; a new
option, in ``cli``.
"""

from .engine import MemoLimits, Solver, answer, answer_chunks, winners
from .errors import (
    IllegalMove,
    InvalidDay,
    InvalidMask,
    InvalidOption,
    InvalidStaircase,
    InvalidSteps,
    InvalidWidth,
    UnknownFamily,
)
from .moves import move_masks
from .reader import parse, read_chunks
from .reference import reference_answer, reference_statuses
from .staircase import MAX_N, MAX_WIDTH, WIDTH, Player, Staircase

__version__ = "0.2.0"

__all__ = [
    "MAX_N",
    "MAX_WIDTH",
    "WIDTH",
    "IllegalMove",
    "InvalidDay",
    "InvalidMask",
    "InvalidOption",
    "InvalidStaircase",
    "InvalidSteps",
    "InvalidWidth",
    "MemoLimits",
    "Player",
    "Solver",
    "Staircase",
    "UnknownFamily",
    "__version__",
    "answer",
    "answer_chunks",
    "move_masks",
    "parse",
    "read_chunks",
    "reference_answer",
    "reference_statuses",
    "winners",
]
