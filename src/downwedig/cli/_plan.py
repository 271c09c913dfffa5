"""Plans on the command line: ``gen --plan`` (print a plan, or write its tests to a folder) and the plan loader.

``package --tests PLAN`` and ``gen --plan PLAN`` read a plan the same way
(:func:`load`): a built-in one by name, or a file, whose faults are reported as
``PLAN:LINE:COLUMN: error: ...`` (exit status 1) and which, unreadable, is a
usage error.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ._common import CommandError, UsageError, printable

if TYPE_CHECKING:
    from ..contest.generating.plan import PlanTest

if TYPE_CHECKING:
    from ..errors import InvalidPlan

__all__ = ["add_to_plan", "load", "plan_names", "reported", "run_plan", "source_of"]


def source_of(spec: str) -> str:
    """The name a plan's errors give it: the file's, or ``secret.plan`` for a built-in plan."""
    from ..contest.generating.plan import BUILT_IN

    return "secret.plan" if spec in BUILT_IN else spec


def reported(exc: InvalidPlan, spec: str) -> InvalidPlan:
    """Every error of a plan but the last written to stderr as ``PLAN:LINE:COLUMN: error: ...``, in order; the
    last one, to raise (the command line reports it the same way, and exits 1). O(errors)."""
    from ._base import diagnostic

    errors = exc.named(source_of(spec)).errors
    for error in errors[:-1]:
        sys.stderr.write(diagnostic(error) + "\n")
    last = errors[-1]
    last.also = ()
    return last


def load(spec: str) -> list[PlanTest]:
    """The plan ``spec`` (see :func:`~downwedig.contest.generating.plan.load_plan`); unreadable: a usage error;
    faulty: every fault reported (:func:`reported`)."""
    from ..contest.generating.plan import load_plan
    from ..errors import InvalidPlan

    try:
        return load_plan(spec)
    except OSError as exc:
        raise UsageError(f"cannot read the plan {spec!r}: {exc.strerror or exc}") from None
    except InvalidPlan as exc:
        raise reported(exc, spec) from None


def run_plan(args: argparse.Namespace) -> int:
    """``gen --plan PLAN [-o DIR]``: print the plan's text, or write its tests and answers into DIR."""
    from ..contest.generating.plan import plan_inputs, plan_text
    from ..engine.solver import answer
    from ..errors import InvalidPlan
    from ..reader import parse

    if args.family is not None or args.options:
        raise UsageError("--plan takes no FAMILY or family options (the plan names them)")
    plan = load(args.plan)
    if args.output == "-":
        sys.stdout.write(plan_text(args.plan))
        return 0
    folder = Path(args.output)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{args.output} is not a folder (with --plan, -o names the folder the tests go to)")
    names = (f"{test.name}{suffix}" for test in plan for suffix in (".in", ".ans"))
    taken = [name for name in names if os.path.lexists(folder / name)]
    if taken:
        more = f" (and {len(taken) - 1} more)" if len(taken) > 1 else ""
        raise CommandError(
            f"{printable(args.output)} already holds {printable(taken[0])}{more}; a plan's tests are never written "
            "over files: give an empty or new folder"
        )
    tty = sys.stderr.isatty()

    def progress(name: str) -> None:
        sys.stderr.write(f"\rgen: making test {printable(name)}\033[K")
        sys.stderr.flush()

    try:
        inputs = plan_inputs(plan, progress if tty else None)
        files = []
        for name, data in inputs:
            digits = answer(parse(data, source=name))
            files += [(folder / f"{name}.in", data), (folder / f"{name}.ans", digits.encode("ascii") + b"\n")]
    except InvalidPlan as exc:
        raise reported(exc, args.plan) from None
    finally:
        if tty:
            sys.stderr.write("\r\033[K")
    _write_all(folder, files, args.output)
    written = len(inputs)
    sys.stdout.write(f"gen: wrote {written} tests of the plan {printable(args.plan)} to {printable(args.output)}/ ")
    sys.stdout.write("(NAME.in and NAME.ans each)\n")
    return 0


def _write_all(folder: Path, files: list[tuple[Path, bytes]], shown: str) -> None:
    """Write ``files`` (new files of ``folder``) all or none: on a failure, the ones written are removed, and
    ``folder`` too if this made it. O(total size)."""
    made = not folder.exists()
    written: list[Path] = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for path, data in files:
            _write(path, data)
            written.append(path)
    except BaseException as exc:
        for path in written:
            with contextlib.suppress(OSError):
                path.unlink()
        if made:
            with contextlib.suppress(OSError):
                folder.rmdir()
        if isinstance(exc, OSError):
            raise CommandError(
                f"cannot write into {printable(shown)}: {exc.strerror or exc}; nothing was written"
            ) from None
        raise


def _write(path: Path, data: bytes) -> None:
    """Write a new file whole: under a temporary name first, then linked to its name, which must still be free
    (a failure leaves no half file, and a file that appeared meanwhile is not replaced)."""
    from ..files import whole_file

    try:
        with whole_file(path) as file:
            file.write(data)
    except FileExistsError:
        raise CommandError(f"{printable(str(path))} appeared meanwhile; it is left as it is") from None


def plan_names(plan: str) -> set[str]:
    """The names of the tests of the plan file ``plan`` (``--add-to``'s: a built-in plan is refused); its faults
    reported as ``package`` reports them."""
    if plan in ("full", "small") or not os.path.isfile(plan):
        raise UsageError(f"--add-to {plan}: not a plan file (make one with 'downwedig gen --plan full > my.plan')")
    return {test.name for test in load(plan)}


def add_to_plan(plan: str, names: set[str], stem: str, data: bytes, comment: str) -> str:
    """Save the test ``data`` beside the plan file ``plan`` as ``NAME.in`` and append ``NAME file NAME.in  #
    comment`` to it; the name (``stem``, or ``stem-2``... when taken by a test of the plan or a file). O(size).

    Nothing is left half-done: the line is appended only once the file is whole, and the file is removed if
    the line cannot be.  A failure is a :class:`CommandError` naming what could not be written.
    """
    from ..files import whole_file

    folder = Path(plan).parent
    name, number = stem, 1
    while name in names or os.path.lexists(folder / f"{name}.in"):
        number += 1
        name = f"{stem}-{number}"
    test = folder / f"{name}.in"
    try:
        with whole_file(test) as file:
            file.write(data)
    except OSError as exc:
        raise CommandError(f"cannot write {printable(str(test))!r}: {exc.strerror or exc}") from None
    try:
        with open(plan, "rb+") as file:
            file.seek(0, os.SEEK_END)
            ends = file.tell() == 0 or (file.seek(-1, os.SEEK_END) >= 0 and file.read(1) == b"\n")
            file.write((b"" if ends else b"\n") + f"{name} file {name}.in  # {comment}\n".encode())
    except OSError as exc:
        test.unlink(missing_ok=True)
        raise CommandError(f"cannot append to the plan {printable(plan)!r}: {exc.strerror or exc}") from None
    return name
