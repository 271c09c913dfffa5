"""The solution a contestant submits: the judge's input on stdin, one digit per day on stdout.

Reads with the package's tolerant reader and answers with the engine; on input
that is not a staircase it prints the reader's message on stderr and exits 1.
Cost: that of :func:`downwedig.engine.answer`.

>>> import io
>>> out = io.BytesIO()
>>> main([], io.BytesIO(b"3\\nWWWWWWWW\\nWWWWWWWR\\nWWWWWWRR\\n"), out, io.BytesIO())
0
>>> out.getvalue()
b'211\\n'
"""

from __future__ import annotations

from ....engine.solver import answer
from ....errors import InvalidStaircase
from ....reader import parse

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

__all__ = ["main"]


def main(argv: list[str], stdin: BinaryIO, stdout: BinaryIO, stderr: BinaryIO) -> int:
    """Answer the staircase on ``stdin``; 0, or 1 with the reason on ``stderr`` for a bad input. O(n).

    >>> import io
    >>> main([], io.BytesIO(b"1\\nWWWWWWWW\\n"), io.BytesIO(), io.BytesIO())
    0
    """
    try:
        staircase = parse(stdin.read(), source="<stdin>")
    except InvalidStaircase as exc:
        stderr.write(f"error: {exc}\n".encode())
        return 1
    stdout.write(answer(staircase).encode("ascii") + b"\n")
    stdout.flush()
    return 0
