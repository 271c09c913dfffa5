"""The solution a contestant submits: the judge's input on stdin, one digit per day on stdout.

An input in the judge's exact format (:func:`~downwedig.exact.canonical_shape`) goes straight to
the engine's move masks and solver: under CPython the columns are read with a few C-level byte
operations (:func:`~downwedig.exact.canonical_columns`, which checks the pieces too) for the
engine's :func:`~downwedig.moves.column_move_masks` and :class:`~downwedig.engine.solver.Solver`;
under PyPy, whose JIT runs plain loops several times faster than those byte and big-integer
operations, the masks are computed in loops (:func:`~downwedig.moves.canonical_masks`) and the days
answered by the engine's loop route, :func:`~downwedig.engine.sweep.sweep` (the solver if it gives
up).  Any other input is read by the package's tolerant reader, and one that is not a staircase
gets the reader's message on stderr and exit status 1.  Cost: that of
:func:`downwedig.engine.answer`, or of the sweep.

>>> import io
>>> out = io.BytesIO()
>>> main([], io.BytesIO(b"3\\nWWWWWWWW\\nWWWWWWWR\\nWWWWWWRR\\n"), out, io.BytesIO())
0
>>> out.getvalue()
b'211\\n'
"""

from __future__ import annotations

import sys

from ....exact import canonical_columns, canonical_shape
from ....staircase import WIDTH

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

__all__ = ["LOOPS", "main"]

#: Whether the days are answered in loops (:func:`~downwedig.moves.canonical_masks`, the sweep: PyPy) or by
#: the engine's byte operations and solver.
LOOPS = sys.implementation.name == "pypy"


def main(argv: list[str], stdin: BinaryIO, stdout: BinaryIO, stderr: BinaryIO) -> int:
    """Answer the staircase on ``stdin``; 0, or 1 with the reason on ``stderr`` for a bad input. O(n).

    >>> import io
    >>> main([], io.BytesIO(b"1\\nWWWWWWWW\\n"), io.BytesIO(), io.BytesIO())
    0
    """
    # (Each path imports what it needs when it needs it: in a bundle's full form, under PyPy, the sweep loads no
    # other engine module.)
    data = stdin.read()
    shape = canonical_shape(data)
    if shape is None:
        return _read(data, stdout, stderr)
    digits = None
    if LOOPS:
        from ....engine.sweep import sweep
        from ....moves import canonical_masks

        rows = data[shape[1] :]
        if rows.translate(None, b"WR\n"):
            return _read(data, stdout, stderr)
        masks = canonical_masks(shape[0], rows)
        digits = sweep(masks)
    else:
        from ....moves import column_move_masks

        columns = canonical_columns(shape[0], data, shape[1])
        if columns is None:
            return _read(data, stdout, stderr)
        masks = column_move_masks(columns, shape[0], WIDTH)
    if digits is None:
        from ....engine.solver import Solver

        digits = Solver(WIDTH).feed(masks)
    stdout.write(digits + b"\n")
    stdout.flush()
    return 0


def _read(data: bytes, stdout: BinaryIO, stderr: BinaryIO) -> int:
    """:func:`main` for an input not in the judge's exact format: the package's reader and engine. O(n)."""
    from ....engine.solver import answer
    from ....errors import InvalidStaircase
    from ....reader import parse

    try:
        staircase = parse(data, source="<stdin>")
    except InvalidStaircase as exc:
        stderr.write(f"error: {exc}\n".encode())
        return 1
    stdout.write(answer(staircase).encode("ascii") + b"\n")
    stdout.flush()
    return 0
