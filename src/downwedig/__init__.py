"""downwedig: the staircase game "Down We Dig" (NERC 2020, problem D), solved fast.

>>> import downwedig
>>> staircase = downwedig.parse("3\\nWWWWWWWW\\nWWWWWWWW\\nRRRRRRRR\\n")
>>> downwedig.answer(staircase)
'211'
>>> downwedig.winners(staircase)[1]
<Player.DINA: 1>
"""

from .engine import Solver, answer, answer_chunks, winners
from .moves import move_masks
from .reader import parse, read_chunks
from .reference import reference_answer, reference_statuses
from .staircase import MAX_WIDTH, InvalidStaircase, Player, Staircase

__version__ = "0.1.0"

__all__ = [
    "MAX_WIDTH",
    "InvalidStaircase",
    "Player",
    "Solver",
    "Staircase",
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
