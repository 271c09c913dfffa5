"""The input validator of the problem package (Kattis protocol): exit 42 valid, 43 invalid, the reason on stderr.

It is :func:`downwedig.contest.generating.validate.validate`, the strict validator of
``downwedig validate``: ``n`` in 1..300,000 without sign or leading zero, then
exactly ``n`` lines of 8 characters ``W``/``R``, each ending in ``\\n``, and
nothing else.  At most one byte more than the largest valid file is read, so
any input costs bounded memory.  With ``--constraints_file PATH`` (what
BAPCtools' ``bt constraints`` passes) it also writes which bounds the test
reaches, one line ``LOCATION NAME HAS_LOW HAS_HIGH MIN MAX LOW HIGH`` (the
format of BAPCtools' validation headers): ``n`` against 1 and 300,000.  Cost: O(size).

>>> import io
>>> main([], io.BytesIO(b"1\\nWWWWWWWW\\n"), io.BytesIO(), io.BytesIO())
42
>>> import pathlib, tempfile
>>> report = pathlib.Path(tempfile.mkdtemp()) / "input_constraints_"
>>> main(["--constraints_file", str(report)], io.BytesIO(b"1\\nWWWWWWWW\\n"), io.BytesIO(), io.BytesIO())
42
>>> report.read_text()
'validate.py:n n 1 0 1 1 1 300000\\n'
>>> err = io.BytesIO()
>>> main([], io.BytesIO(b"1\\nWWWWWWWW \\n"), io.BytesIO(), err), err.getvalue()
(43, b"<stdin>:2:9: expected a newline after step 1, found ' '\\n")
"""

from __future__ import annotations

from ....errors import InvalidStaircase
from ....staircase import MAX_N
from ...generating.validate import LARGEST, validate

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

__all__ = ["INVALID", "VALID", "main"]

#: Kattis' exit codes for a validator.
VALID, INVALID = 42, 43


def main(argv: list[str], stdin: BinaryIO, stdout: BinaryIO, stderr: BinaryIO) -> int:
    """Validate the test on ``stdin``: :data:`VALID` or :data:`INVALID`. O(size).

    >>> import io
    >>> main([], io.BytesIO(b"0\\n"), io.BytesIO(), io.BytesIO())
    43
    """
    data = stdin.read(LARGEST + 1)
    if len(data) > LARGEST:
        stderr.write(f"<stdin>: longer than the largest valid input ({LARGEST} bytes)\n".encode())
        return INVALID
    try:
        validate(data, source="<stdin>")
    except InvalidStaircase as exc:
        stderr.write(f"{exc}\n".encode())
        return INVALID
    report = _constraints_file(argv)
    if report is not None:
        n = int(data[: data.index(b"\n")])
        with open(report, "w", encoding="ascii") as file:
            file.write(f"validate.py:n n {int(n == 1)} {int(n == MAX_N)} {n} {n} 1 {MAX_N}\n")
    return VALID


def _constraints_file(argv: list[str]) -> str | None:
    """The PATH of ``--constraints_file PATH`` (or ``--constraints_file=PATH``) in ``argv``, or None. O(len(argv)).

    >>> _constraints_file(["--constraints_file", "c"]), _constraints_file(["x"])
    ('c', None)
    """
    for index, word in enumerate(argv):
        if word == "--constraints_file" and index + 1 < len(argv):
            return argv[index + 1]
        if word.startswith("--constraints_file="):
            return word.split("=", 1)[1]
    return None
