"""Test plans: which tests a problem package gets, one line each, in a text a setter owns and edits.

A plan is text, one test a line, ``#`` starting a comment:

- ``NAME FAMILY [options]``: the test that ``downwedig gen FAMILY [options]``
  prints (``--n``, ``--seed`` and the family's options, with gen's defaults);
- ``NAME file PATH``: a hand-made test, the file PATH (relative to the plan's
  folder), checked by the strict validator when the plan is read.

Two plans are built in: ``full`` (the file ``secret.plan`` of this package:
edge cases, every family, eight tests at n = 300,000) and ``small`` (the same
without the tests of family ``max``: quick to build and to judge);
:func:`plan_text` gives a plan's text, so ``downwedig gen --plan full > my.plan``
is an editable copy.  A plan that cannot be read raises
:class:`~downwedig.errors.InvalidPlan` at its line and column; :func:`plan_inputs`
makes its tests' inputs, each checked strict and distinct.

>>> [t.name for t in read_plan("a-1 equal --n 2  # two equal rows\\nb random --n 3 --seed 4\\n")]
['a-1', 'b']
>>> len(load_plan("small")) < len(load_plan("full"))
True
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path

from ...errors import InvalidGenWords, InvalidPlan, InvalidStaircase, UnknownFamily, excerpt
from ...reader import BOM_REASON
from .registry import GeneratedTest, all_families, parse_gen_words, to_text
from .validate import LARGEST, validate

__all__ = ["BUILT_IN", "FileTest", "PlanTest", "input_of", "load_plan", "plan_inputs", "plan_text", "read_plan"]

#: The plans known by name.
BUILT_IN = ("full", "small")
#: A test's name: what Kattis allows in a file name, without the ``.in``.
_NAME = re.compile(r"[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,100}")
_FILE = "file"


@dataclasses.dataclass(frozen=True)
class FileTest:
    """A hand-made test of a plan (``NAME file PATH``): its name, the path as written, and its bytes.

    >>> test = FileTest("mine", "mine.in", b"1\\nWWWWWWWW\\n")
    >>> test.steps, test.family, test.command
    (1, 'file', 'file mine.in')
    """

    name: str
    path: str
    data: bytes
    family: str = _FILE
    #: Where the test's name stands in its plan, ``(line, column)`` (``(0, 0)``: not from a plan).
    at: tuple[int, int] = dataclasses.field(default=(0, 0), compare=False)

    @property
    def steps(self) -> int:
        """How many steps the test has. O(1)."""
        return int(self.data[: self.data.index(b"\n")])

    @property
    def command(self) -> str:
        """The test as its plan line writes it, after the name. O(1)."""
        return f"{_FILE} {self.path}"


#: A test of a plan: generated, or hand-made.
PlanTest = GeneratedTest | FileTest


def input_of(test: PlanTest) -> bytes:
    """The judge's input of a plan's test: the generated rows as text, or the hand-made file. O(n) + generation.

    >>> input_of(GeneratedTest("two", "equal", 2, 0, {"row": 1}))
    b'2\\nWWWWWWWR\\nWWWWWWWR\\n'
    """
    if isinstance(test, FileTest):
        return test.data
    return to_text(test.rows()).encode("ascii")


#: A plan longer than this is not a plan (the built-in one is 4 kB); ``/dev/zero`` is not read to its end.
PLAN_LIMIT = 1 << 20


def _read_at_most(path: Path, limit: int) -> bytes:
    """The first ``limit`` + 1 bytes of ``path`` at most: enough to tell that it is too long. O(limit)."""
    with open(path, "rb") as file:
        return file.read(limit + 1)


def _file_test(
    words: list[tuple[int, str]], base: Path, fail: Callable[[str, int], InvalidPlan], line: int
) -> FileTest:
    """A hand-made test from its line's words (``NAME file PATH``): the file read and validated."""
    (_, name), (column, _) = words[0], words[1]
    if len(words) != 3:
        where = words[3][0] if len(words) > 3 else column + len(_FILE) + 1
        raise fail(f"test {name!r}: 'file' takes one PATH (no spaces), relative to the plan's folder", where)
    column, path = words[2]
    try:
        data = _read_at_most(base / path, LARGEST)  # (a longer file is not valid: validate says why)
    except OSError as exc:
        raise fail(f"cannot read {path!r}: {exc.strerror or exc}", column) from None
    try:
        validate(data, source=path)
    except InvalidStaircase as exc:
        raise fail(f"{path} is not a valid test: {exc}", column) from None
    return FileTest(name, path, data, at=(line, words[0][0]))


def _test(words: list[tuple[int, str]], fail: Callable[[str, int], InvalidPlan], line: int) -> GeneratedTest:
    """A test from the (column, word) pairs of its line (read as ``gen`` reads its words:
    :func:`~.registry.parse_gen_words`); ``fail(reason, column)`` makes the error to raise."""
    (column, name), rest = words[0], words[1:]
    try:
        test, _ = parse_gen_words([word for _, word in rest], name)
    except UnknownFamily as exc:
        raise fail(f"{exc} (or 'file PATH' for a hand-made test)", rest[0][0]) from None
    except InvalidGenWords as exc:
        raise fail(str(exc), rest[exc.index][0]) from None
    return dataclasses.replace(test, at=(line, column))


def _words(line: str) -> list[tuple[int, str]]:
    """The (column from 1, word) pairs of a plan line, its comment left out."""
    return [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", line.split("#", 1)[0])]


def read_plan(text: str, source: str = "<plan>", base: Path | None = None) -> list[PlanTest]:
    """The tests of a plan's text, in order, each knowing its line; :class:`InvalidPlan` at the first fault of
    each faulty line, all of them in one error (its ``also``). O(len(text)) + hand-made files.

    ``base`` is the folder a ``file`` line's PATH is relative to (default: the current one).

    >>> read_plan("x random --n 0\\n", source="p")
    Traceback (most recent call last):
    ...
    downwedig.errors.InvalidPlan: p:1:10: --n must be between 1 and 300000, got 0
    >>> try:
    ...     read_plan("x random --n 0\\nx equal --n 2\\n", source="p")
    ... except InvalidPlan as exc:
    ...     [str(one) for one in exc.errors]
    ['p:1:10: --n must be between 1 and 300000, got 0', "p:2:1: test 'x' is already the test of line 1"]
    """
    if text.startswith("\ufeff"):
        raise InvalidPlan(BOM_REASON, line=1, column=1, source=source)
    tests: list[PlanTest] = []
    errors: list[InvalidPlan] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):

        def fail(reason: str, column: int, number: int = number) -> InvalidPlan:
            return InvalidPlan(reason, line=number, column=column, source=source)

        words = _words(line)
        if not words:
            continue
        column, name = words[0]
        try:
            if not _NAME.fullmatch(name):
                raise fail(
                    f"a test's name is letters, digits and _ . - (not starting with . or -), got {excerpt(name)}",
                    column,
                )
            if name in seen:
                raise fail(f"test {excerpt(name)} is already the test of line {seen[name]}", column)
            seen[name] = number
            if len(words) < 2:
                raise fail(f"test {excerpt(name)} needs a family (or 'file PATH')", len(line) + 1)
            if words[1][1] == _FILE:
                tests.append(_file_test(words, base or Path(), fail, number))
            else:
                tests.append(_test(words, fail, number))
        except InvalidPlan as exc:
            errors.append(exc)
    if not tests and not errors:
        errors.append(InvalidPlan("the plan has no tests", line=1, column=1, source=source))
    if errors:
        raise InvalidPlan.of(errors)
    return tests


def _built_in_text() -> str:
    return resources.files(__package__).joinpath("secret.plan").read_text(encoding="utf-8")


def _small_text(full: str) -> str:
    """The built-in plan's text without its tests of a largest family, ``max`` (and the comments that introduce
    only them)."""
    families = all_families()
    kept: list[str] = []
    comments: list[str] = []  # comment lines waiting for the test line they introduce
    for line in full.splitlines(keepends=True):
        words = _words(line)
        if not words:
            comments.append(line)
        elif len(words) < 2 or words[1][1] not in families or not families[words[1][1]].largest:
            kept += [*comments, line]
            comments = []
        else:
            comments = [c for c in comments if not c.strip()]  # a dropped test takes its comments with it
    return "".join(kept).rstrip("\n") + "\n"


def plan_text(spec: str) -> str:
    """The text of the plan ``spec`` (a built-in name, or a file, read as it is). O(size of the plan).

    A file that cannot be read raises ``OSError``; one that is too long
    (:data:`PLAN_LIMIT`) or not UTF-8, :class:`~downwedig.errors.InvalidPlan`.

    >>> plan_text("small").count("max --kind"), plan_text("full").count("max --kind")
    (0, 8)
    """
    if spec in BUILT_IN:
        text = _built_in_text()
        return text if spec == "full" else _small_text(text)
    data = _read_at_most(Path(spec), PLAN_LIMIT)
    if len(data) > PLAN_LIMIT:
        raise InvalidPlan(f"a plan is a short text file; this one is over {PLAN_LIMIT} bytes", line=1, column=1)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - data.rfind(b"\n", 0, exc.start)
        raise InvalidPlan(f"byte {data[exc.start]:#04x} is not UTF-8 text", line=line, column=column) from None


def load_plan(spec: str) -> list[PlanTest]:
    """The plan ``spec``: a built-in one by name (:data:`BUILT_IN`), or a file of plan lines.

    A file that cannot be read raises ``OSError``; its ``file`` lines are
    relative to its folder.  Cost: O(size of the plan) plus the hand-made files.

    >>> [(t.name, t.steps) for t in load_plan("full")[-2:]]
    [('45-max-novglitched', 300000), ('46-max-seesaw', 300000)]
    """
    if spec in BUILT_IN:
        return read_plan(plan_text(spec), source="secret.plan")
    try:
        text = plan_text(spec)
    except InvalidPlan as exc:
        exc.source = spec
        raise
    return read_plan(text, source=spec, base=Path(spec).parent)


def plan_inputs(
    plan: Sequence[PlanTest],
    progress: Callable[[str], None] | None = None,
    seen: dict[bytes, str] | None = None,
    errors: list[InvalidPlan] | None = None,
) -> list[tuple[str, bytes]]:
    """``(name, input)`` for every test of the plan, in order, each checked strict and distinct from the others.

    All are made before any is returned, so nothing need be written until the
    whole plan is known to be good.  ``seen`` maps inputs already taken (a
    package's sample) to their names.  A test with the same input as another
    is an :class:`~downwedig.errors.InvalidPlan` at its own line: all of them
    are raised together, or appended to ``errors`` when it is given (and the
    test left out).  A generator that made a bad input raises
    :class:`~downwedig.errors.InvalidStaircase`.  Cost: the tests' generation
    (about 12 s for a ``novelty`` test of n = 300,000), O(n) more each, and
    their total size in memory (about 25 MB for the full plan).

    >>> [name for name, _ in plan_inputs(read_plan("a equal --n 2\\nb random --n 3"))]
    ['a', 'b']
    """
    taken = dict(seen or {})
    found: list[InvalidPlan] = []
    inputs = []
    for test in plan:
        if progress is not None:
            progress(test.name)
        data = input_of(test)
        validate(data, source=test.name)  # a generator fault must not reach a judge
        if data in taken:
            line, column = test.at if test.at != (0, 0) else (1, 1)
            found.append(
                InvalidPlan(f"test {test.name!r} is the same input as {taken[data]!r}", line=line, column=column)
            )
            continue
        taken[data] = test.name
        inputs.append((test.name, data))
    if errors is not None:
        errors += found
    elif found:
        raise InvalidPlan.of(found)
    return inputs
