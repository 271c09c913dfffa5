"""The output validator of the problem package (Kattis protocol).

``validator INPUT ANSWER FEEDBACK_DIR [flags] < team_output``: exit 42 when the
output is the answer, 43 when it is not, with ``FEEDBACK_DIR/judgemessage.txt``
saying why as ``downwedig check --explain`` does (the first wrong day, and why
the other player wins it); any other exit is a judge error (INPUT or ANSWER
broken).  It is :func:`downwedig.contest.judging.check.check`: the team's output is read
as bytes, in blocks, so binary junk or a huge output cannot crash it or use
unbounded memory.  Cost: O(n + size of the output).

>>> import io, pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "t.in").write_bytes(b"2\\nWWWWWWWW\\nWWWWWWWW\\n"), (folder / "t.ans").write_bytes(b"21\\n")
>>> args = [str(folder / "t.in"), str(folder / "t.ans"), str(folder)]
>>> main(args, io.BytesIO(b"21\\n"), io.BytesIO(), io.BytesIO())
42
>>> main(args, io.BytesIO(b"22"), io.BytesIO(), io.BytesIO())
43
>>> print((folder / "judgemessage.txt").read_text(), end="")
wrong answer on day 2: expected 1 (Dina wins), received 2 (Dima wins); 1 of 2 days wrong
on day 2: Dina wins by moving to a step lost for Dima: 2.
"""

from __future__ import annotations

import os

from ...judging.check import check
from ...judging.verdict import Verdict

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

__all__ = ["ACCEPTED", "JUDGE_ERROR", "WRONG", "main"]

#: Kattis' exit codes: accepted, wrong answer; anything else is a judge error.
ACCEPTED, WRONG, JUDGE_ERROR = 42, 43, 1


def main(argv: list[str], stdin: BinaryIO, stdout: BinaryIO, stderr: BinaryIO) -> int:
    """Judge the team's output on ``stdin``: :data:`ACCEPTED`, :data:`WRONG` or :data:`JUDGE_ERROR`. O(n + output).

    >>> import io
    >>> main([], io.BytesIO(b""), io.BytesIO(), io.BytesIO())  # no INPUT ANSWER FEEDBACK_DIR
    1
    """
    if len(argv) < 3:
        stderr.write(b"usage: output_validator INPUT ANSWER FEEDBACK_DIR [flags] < team_output\n")
        return JUDGE_ERROR
    try:
        with open(argv[0], "rb") as file:
            input_data = file.read()
        with open(argv[1], "rb") as file:
            answer_data = file.read()
    except OSError as exc:
        stderr.write(f"cannot read {exc.filename}: {exc.strerror}\n".encode())
        return JUDGE_ERROR
    found = check(input_data, stdin, answer_data, explain=True)
    if found.verdict is Verdict.AC:
        return ACCEPTED
    if found.verdict is Verdict.FAIL:
        stderr.write(f"{found.message}\n".encode())
        return JUDGE_ERROR
    with open(os.path.join(argv[2], "judgemessage.txt"), "w", encoding="utf-8") as feedback:
        feedback.write(found.message + "\n")
    return WRONG
