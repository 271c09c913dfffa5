"""The solution with one plausible mistake each: the package's ``submissions/wrong_answer``.

Each mistake is one a contestant could make, and the package's secret tests
must catch every one (each gets a wrong answer on some test).  The programs
compute the move masks the way a contestant might -- one table per distance,
applied to the XOR of the staircase with itself shifted -- with the mistake
in the rule, the window or the output, then answer with the engine's
:class:`~downwedig.engine.Solver`.  With no mistake, :func:`move_masks_by`
gives exactly :func:`downwedig.moves.packed_move_masks`.

>>> import io
>>> out = io.BytesIO()
>>> main("first_day", [], io.BytesIO(b"2\\nWWWWWWWW\\nWWWWWWWW\\n"), out, io.BytesIO()), out.getvalue()
(0, b'11\\n')
"""

from __future__ import annotations

from ....engine.solver import Solver
from ....reader import parse
from ....staircase import WIDTH, allows_move, popcount

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import BinaryIO

__all__ = ["MISTAKES", "Mistake", "main", "move_masks_by", "wrong_answer"]


class Mistake:
    """A mistake: the move rule used, the longest move looked at, and whether day 1 is printed as Dina's."""

    def __init__(
        self,
        description: str,
        rule: Callable[[int, int], bool] = allows_move,
        window: int = WIDTH,
        first_day_dina: bool = False,
    ) -> None:
        self.description = description
        self.rule = rule
        self.window = window
        self.first_day_dina = first_day_dina


def _strict(distance: int, common: int) -> bool:
    return 0 < distance < common


def _differences(distance: int, common: int) -> bool:
    return 0 < distance <= WIDTH - common


#: The mistakes by name (the name of the submission file).
MISTAKES = {
    "strict_rule": Mistake("a move needs distance < common pieces (the rule is <=): off by one", rule=_strict),
    "short_window": Mistake("moves of at most 7 steps are looked at: the window is one step too short", window=7),
    "first_day": Mistake("day 1 is printed as Dina's (she cannot move on day 1, so Dima wins it)", first_day_dina=True),
    "counts_differences": Mistake("common counts the pieces that differ, not those that agree", rule=_differences),
}


def move_masks_by(rule: Callable[[int, int], bool], values: bytes, window: int = WIDTH) -> bytes:
    """Each step's move mask under ``rule(distance, common)``, looking ``window`` steps down. O(n * window) in C.

    >>> list(move_masks_by(allows_move, bytes([0, 0, 255])))
    [1, 0, 0]
    """
    n = len(values)
    whole = int.from_bytes(values, "little")  # step i + 1 in byte i
    masks = 0
    for d in range(1, min(window, n - 1) + 1):
        table = bytes(1 << (d - 1) if rule(d, WIDTH - popcount(x)) else 0 for x in range(256))
        pairs = (whole ^ (whole >> (8 * d))).to_bytes(n, "little")[: n - d]
        masks |= int.from_bytes(pairs.translate(table), "little")
    return masks.to_bytes(n, "little")


def wrong_answer(name: str, data: bytes) -> str:
    """The answer of the solution with mistake ``name`` for the judge's input ``data``. O(n * width).

    >>> wrong_answer("strict_rule", b"3\\nWWWWWWWW\\nWWWWWWWR\\nWWWWWWRR\\n")
    '211'
    """
    mistake = MISTAKES[name]
    staircase = parse(data, source="<stdin>")
    masks = move_masks_by(mistake.rule, staircase.packed, mistake.window)
    digits = Solver(WIDTH).feed(masks).decode("ascii")
    return "1" + digits[1:] if mistake.first_day_dina else digits


def main(name: str, argv: list[str], stdin: BinaryIO, stdout: BinaryIO, stderr: BinaryIO) -> int:
    """Answer the staircase on ``stdin`` with mistake ``name``. O(n * width).

    >>> import io
    >>> main("short_window", [], io.BytesIO(b"1\\nWWWWWWWW\\n"), io.BytesIO(), io.BytesIO())
    0
    """
    stdout.write(wrong_answer(name, stdin.read()).encode("ascii") + b"\n")
    stdout.flush()
    return 0
