"""A correct but slow solution: every day solved again from the rules, O(n^2) in all.

The package's ``submissions/time_limit_exceeded``: it is the oracle the tests
trust (:func:`downwedig.reference.reference_answer`), so it answers right, but
n = 300,000 steps would take days.

>>> import io
>>> out = io.BytesIO()
>>> main([], io.BytesIO(b"2\\nWWWWWWWW\\nWWWWWWWW\\n"), out, io.BytesIO()), out.getvalue()
(0, b'21\\n')
"""

from __future__ import annotations

from ....reader import parse
from ....reference import reference_answer

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

__all__ = ["main"]


def main(argv: list[str], stdin: BinaryIO, stdout: BinaryIO, stderr: BinaryIO) -> int:
    """Answer the staircase on ``stdin`` day by day. O(n^2 * width).

    >>> import io
    >>> main([], io.BytesIO(b"1\\nWWWWWWWW\\n"), io.BytesIO(), io.BytesIO())
    0
    """
    stdout.write(reference_answer(parse(stdin.read(), source="<stdin>")).encode("ascii") + b"\n")
    stdout.flush()
    return 0
