"""``downwedig solve``: the judge's answer for the judge's input.

The common forms (``solve [--stream] [FILE|-]``) are also recognised by
:func:`quick` without argparse, which is most of this command's start-up time;
anything else goes through :func:`configure` and :func:`run`.
"""

from __future__ import annotations

import sys

from ._base import open_input, source_name, write_all

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

__all__ = ["configure", "quick", "run", "solve"]


def configure(parser: argparse.ArgumentParser) -> None:
    from ._common import width_type

    parser.description = (
        "Read a staircase in the judge's format and print one digit per day: "
        "1 if Dina (the first player) wins that day, 2 if Dima does."
    )
    parser.add_argument("file", nargs="?", default="-", metavar="FILE", help="input file; '-' or none for stdin")
    parser.add_argument(
        "--stream",
        action="store_true",
        help="read the input as it arrives and print each day's digit as soon as it is known (day k once "
        "step k + 8 is read), in constant memory; on a bad line the digits already printed stay printed",
    )
    parser.add_argument("--width", type=width_type, default=8, metavar="W", help="pieces per step (1-16, default 8)")


def run(args: argparse.Namespace) -> int:
    return solve(args.file, stream=args.stream, width=args.width)


def quick(words: list[str]) -> int | None:
    """Run ``solve [--stream] [FILE]`` at once when ``words`` say just that and FILE opens; else None.

    None sends the command line to argparse, which then reports any problem
    as usual (so this is only a shortcut, never a second set of rules).
    """
    if not words or words[0] != "solve" or len(words) > 3:
        return None
    rest = words[1:]
    stream = "--stream" in rest
    if stream:
        rest.remove("--stream")
    if len(rest) > 1 or (rest and rest[0] != "-" and rest[0].startswith("-")):
        return None
    path = rest[0] if rest else "-"
    if path != "-" and not os_readable(path):
        return None
    return solve(path, stream=stream, width=8)


def os_readable(path: str) -> bool:
    """Whether ``path`` is a file that can be opened for reading (argparse's path reports why not)."""
    import os

    return os.path.isfile(path) and os.access(path, os.R_OK)


def solve(path: str, *, stream: bool = False, width: int = 8) -> int:
    """Read ``path`` (``-``: stdin), write every day's digit and a newline; returns the exit status.

    With ``stream`` each digit is written as soon as it is known; without,
    nothing is written unless the whole input is good.
    """
    from ..engine.solver import answer, answer_chunks
    from ..reader import read_chunks
    from ..staircase import Staircase

    out = sys.stdout.buffer
    with open_input(path) as source:
        chunks = read_chunks(source, width=width, source=source_name(path))
        if stream:
            for digits in answer_chunks(chunks, width):
                write_all(out, digits)
                out.flush()
            out.write(b"\n")
        else:  # all or nothing: the whole staircase first (n bytes, however the input is laid out)
            staircase = Staircase(b"".join(chunks), width)
            write_all(out, answer(staircase).encode("ascii") + b"\n")
    out.flush()
    return 0
