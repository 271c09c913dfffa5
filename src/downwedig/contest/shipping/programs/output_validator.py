"""The output validator of the problem package (Kattis protocol), with the format's default whitespace rules.

``validator INPUT ANSWER FEEDBACK_DIR [flags] < team_output``: exit 42 when the
output is the answer, 43 when it is not, with ``FEEDBACK_DIR/judgemessage.txt``
saying why as ``downwedig check --explain`` does (the first wrong day, and why
the other player wins it); any other exit is a judge error (INPUT or ANSWER
broken).

Whitespace is judged as the format's default output validator judges it: the
output is split into tokens at runs of whitespace (space, ``\\t``, ``\\n``,
``\\v``, ``\\f``, ``\\r``), which are otherwise ignored, leading and trailing
ones included; the answer is one token, so the output must be exactly one
token, the ``n`` digits.  With the flag ``space_change_sensitive`` (which
judges' tools pass when they check an ``.ans`` file) the whitespace must be
the answer file's own; ``case_sensitive`` changes nothing (digits have no
case).  The output is read as bytes, in blocks, and at most ``n + 1`` bytes of
it are kept, so binary junk or a huge output cannot crash it or use unbounded
memory.  Cost: O(n + size of the output).

>>> import io, pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "t.in").write_bytes(b"2\\nWWWWWWWW\\nWWWWWWWW\\n"), (folder / "t.ans").write_bytes(b"21\\n")
>>> args = [str(folder / "t.in"), str(folder / "t.ans"), str(folder)]
>>> main(args, io.BytesIO(b" 21\\r\\n"), io.BytesIO(), io.BytesIO())
42
>>> main([*args, "space_change_sensitive"], io.BytesIO(b" 21\\r\\n"), io.BytesIO(), io.BytesIO())
43
>>> main(args, io.BytesIO(b"22"), io.BytesIO(), io.BytesIO())
43
>>> print((folder / "judgemessage.txt").read_text(), end="")
wrong answer on day 2: expected 1 (Dina wins), received 2 (Dima wins); 1 of 2 days wrong
on day 2: Dina wins by moving to a step lost for Dima: 2.
"""

from __future__ import annotations

import os
import re

from ...judging.check import check
from ...judging.verdict import Verdict

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

__all__ = ["ACCEPTED", "JUDGE_ERROR", "WHITESPACE", "WRONG", "main", "read_token"]

#: Kattis' exit codes: accepted, wrong answer; anything else is a judge error.
ACCEPTED, WRONG, JUDGE_ERROR = 42, 43, 1
#: The whitespace of the format's default output validator.
WHITESPACE = b" \t\n\v\f\r"
_CHUNK = 1 << 20
_SPACE = re.compile(rb"[ \t\n\v\f\r]")


class Tokens:
    """What :func:`read_token` found: the first token (at most ``limit`` + 1 bytes of it), the whitespace
    before and after it (up to 64 bytes each), and whether another token follows."""

    def __init__(self, token: bytes, before: bytes, after: bytes, more: bool) -> None:
        self.token = token
        self.before = before
        self.after = after
        self.more = more


def read_token(stream: BinaryIO, limit: int) -> Tokens:
    """The first whitespace-separated token of ``stream`` and what surrounds it, in O(limit + 64) memory.

    >>> import io
    >>> found = read_token(io.BytesIO(b"  2112 \\n x"), 10)
    >>> found.token, found.before, found.after, found.more
    (b'2112', b'  ', b' \\n ', True)
    """
    token = bytearray()
    before = bytearray()
    after = bytearray()
    state = 0  # 0: before the token, 1: in it, 2: after it
    while True:
        block = stream.read(_CHUNK)
        if not block:
            return Tokens(bytes(token), bytes(before), bytes(after), False)
        start = 0
        if state == 0:
            stripped = block.lstrip(WHITESPACE)
            before += block[: min(64, len(block) - len(stripped))][: 64 - len(before)]
            if not stripped:
                continue
            start, state = len(block) - len(stripped), 1
        if state == 1:
            space = _SPACE.search(block, start)
            end = min(space.start() if space else len(block), start + limit + 1 - len(token))
            token += block[start:end]
            if len(token) > limit:
                return Tokens(bytes(token), bytes(before), b"", True)
            if end == len(block):
                continue
            start, state = end, 2
        rest = block[start:]
        stripped = rest.lstrip(WHITESPACE)
        after += rest[: len(rest) - len(stripped)][: 64 - len(after)]
        if stripped:
            return Tokens(bytes(token), bytes(before), bytes(after), True)


def _judge(input_data: bytes, answer_data: bytes, stdin: BinaryIO, flags: list[str]) -> tuple[int, str]:
    """The exit status and the message for the team output on ``stdin``."""
    n = len(answer_data.strip(WHITESPACE))
    found = read_token(stdin, n)
    if found.token and len(found.token) <= n and not found.more:
        checked = check(input_data, found.token, answer_data, explain=True)
        if checked.verdict is Verdict.FAIL:
            return JUDGE_ERROR, checked.message
        if checked.verdict is not Verdict.AC:
            return WRONG, checked.message
    else:
        checked = check(input_data, found.token[: n + 1], answer_data)
        if checked.verdict is Verdict.FAIL:
            return JUDGE_ERROR, checked.message
        if not found.token:
            return WRONG, f"{Verdict.PE.words}: no output (expected one line of {n} digits)"
        if len(found.token) > n:
            return WRONG, f"{Verdict.PE.words}: more than {n} characters in one token (expected {n} digits)"
        return WRONG, f"{Verdict.PE.words}: more than one token (expected only the {n} digits)"
    if "space_change_sensitive" in flags:
        leading = answer_data[: len(answer_data) - len(answer_data.lstrip(WHITESPACE))]
        trailing = answer_data[len(answer_data.rstrip(WHITESPACE)) :]
        if (found.before, found.after) != (leading, trailing):
            return WRONG, (
                f"{Verdict.PE.words}: the whitespace differs from the answer file's (space_change_sensitive): "
                f"{found.before!r} before and {found.after!r} after the digits, expected {leading!r} and {trailing!r}"
            )
    return ACCEPTED, ""


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
    status, message = _judge(input_data, answer_data, stdin, argv[3:])
    if status == JUDGE_ERROR:
        stderr.write(f"{message}\n".encode())
    elif status == WRONG:
        with open(os.path.join(argv[2], "judgemessage.txt"), "w", encoding="utf-8") as feedback:
            feedback.write(message + "\n")
    return status
