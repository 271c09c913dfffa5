"""The answer validator of the problem package (BAPCtools' ``answer_validators/``): exit 42 valid, 43 invalid.

Called as ``validate.py INPUT [--constraints_file PATH] < ANSWER``: the answer
must be one line of exactly ``n`` digits ``1``/``2`` (``n`` the input's first
line) and its newline, nothing else -- what the engine writes.  It takes
``--constraints_file`` (what ``bt constraints`` passes) and writes nothing
there: an answer has no bound of its own beyond ``n``, which the input
validator reports.  Cost: O(n).

>>> import io, pathlib, tempfile
>>> test = pathlib.Path(tempfile.mkdtemp()) / "t.in"
>>> _ = test.write_bytes(b"2\\nWWWWWWWW\\nWWWWWWWW\\n")
>>> main([str(test)], io.BytesIO(b"12\\n"), io.BytesIO(), io.BytesIO())
42
>>> err = io.BytesIO()
>>> main([str(test)], io.BytesIO(b"1\\n"), io.BytesIO(), err), err.getvalue()
(43, b'<stdin>: expected one line of 2 digits 1 or 2, got 2 bytes\\n')
"""

from __future__ import annotations

from ....staircase import MAX_N

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

__all__ = ["INVALID", "VALID", "main"]

#: Kattis' exit codes for a validator.
VALID, INVALID = 42, 43


def main(argv: list[str], stdin: BinaryIO, stdout: BinaryIO, stderr: BinaryIO) -> int:
    """Validate the answer on ``stdin`` for the input file ``argv[0]``: :data:`VALID` or :data:`INVALID`. O(n)."""
    words = [word for word in argv if not word.startswith("--constraints_file")]
    if "--constraints_file" in argv:
        words.remove(argv[argv.index("--constraints_file") + 1])
    if not words:
        stderr.write(b"usage: validate.py INPUT [--constraints_file PATH] < ANSWER\n")
        return INVALID
    with open(words[0], "rb") as file:
        first = file.readline(16)
    n = int(first) if first.strip().isdigit() else -1
    data = stdin.read(MAX_N + 2)
    body = data[:-1]
    if n < 1 or len(data) != n + 1 or not data.endswith(b"\n") or body.strip(b"12"):
        stderr.write(f"<stdin>: expected one line of {n} digits 1 or 2, got {len(data)} bytes\n".encode())
        return INVALID
    return VALID
