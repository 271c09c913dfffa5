"""Test plans: which tests a problem package gets, one ``NAME gen-arguments`` line each.

A plan is text: each line names a test and gives the arguments of
``downwedig gen`` that make it (``FAMILY``, then ``--n``, ``--seed`` and the
family's options, with gen's defaults); ``#`` starts a comment.  Two plans
are built in: ``full`` (the file ``problem/secret.plan`` of this package: edge
cases, every family, six tests at n = 300,000) and ``small`` (the same
without the tests of family ``max``: quick to build and to judge).  A plan
that cannot be read raises :class:`~downwedig.errors.InvalidPlan` at its line and column.

>>> [t.name for t in read_plan("a-1 equal --n 2  # two equal rows\\nb random --n 3 --seed 4\\n")]
['a-1', 'b']
>>> len(load_plan("small")) < len(load_plan("full"))
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from importlib import resources
from pathlib import Path

from ...errors import InvalidPlan, UnknownFamily
from ...reader import BOM_REASON
from ...staircase import MAX_N
from .registry import GeneratedTest, all_families, get_family

__all__ = ["BUILT_IN", "load_plan", "read_plan"]

#: The plans known by name.
BUILT_IN = ("full", "small")
#: A test's name: what Kattis allows in a file name, without the ``.in``.
_NAME = re.compile(r"[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,100}")


def _integer(text: str, flag: str, low: int | None = None) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{flag} takes an integer, got {text!r}") from None
    if low is not None and not low <= value <= MAX_N:
        raise ValueError(f"{flag} must be between {low} and {MAX_N}, got {value}")
    return value


def _test(words: list[tuple[int, str]], fail: Callable[[str, int], InvalidPlan]) -> GeneratedTest:
    """A test from the (column, word) pairs of its line; ``fail(reason, column)`` makes the error to raise."""
    (_, name), (column, family_name) = words[0], words[1]
    try:
        family = get_family(family_name)
    except UnknownFamily as exc:
        raise fail(str(exc), column) from None
    flags = {option.flag: option for option in family.options}
    n, seed, options = 10, 0, {}
    rest = words[2:]
    while rest:
        (column, flag), rest = rest[0], rest[1:]
        flag, equals, value = flag.partition("=")
        if not equals:
            if not rest:
                raise fail(f"{flag} needs a value", column)
            (_, value), rest = rest[0], rest[1:]
        try:
            if flag == "--n":
                n = _integer(value, flag, 1)
            elif flag == "--seed":
                seed = _integer(value, flag)
            elif flag in flags:
                try:
                    options[flags[flag].name] = flags[flag].parse(value)
                except ValueError as exc:
                    raise ValueError(f"{flag} {value}: {exc}") from None
            else:
                known = ", ".join(["--n", "--seed", *flags])
                raise ValueError(f"family {family.name!r} has no option {flag} (it takes {known})")
        except ValueError as exc:  # InvalidOption too
            raise fail(str(exc), column) from None
    if family.name == "max" and options.get("kind", "random") not in set(all_families()) - {"max"}:
        raise fail(f"max --kind takes another family, got {options['kind']!r}", words[1][0])
    return GeneratedTest(name, family.name, n, seed, options)


def read_plan(text: str, source: str = "<plan>") -> list[GeneratedTest]:
    """The tests of a plan's text, in order; :class:`InvalidPlan` at the first fault. O(len(text)).

    >>> read_plan("x random --n 0\\n", source="p")
    Traceback (most recent call last):
    ...
    downwedig.errors.InvalidPlan: p:1:10: --n must be between 1 and 300000, got 0
    """
    if text.startswith("\ufeff"):
        raise InvalidPlan(BOM_REASON, line=1, column=1, source=source)
    tests: list[GeneratedTest] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):

        def fail(reason: str, column: int, number: int = number) -> InvalidPlan:
            return InvalidPlan(reason, line=number, column=column, source=source)

        words = [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", line.split("#", 1)[0])]
        if not words:
            continue
        column, name = words[0]
        if not _NAME.fullmatch(name):
            raise fail(f"a test's name is letters, digits and _ . - (not starting with . or -), got {name!r}", column)
        if name in seen:
            raise fail(f"test {name!r} is already the test of line {seen[name]}", column)
        if len(words) < 2:
            raise fail(f"test {name!r} needs a family", len(line) + 1)
        tests.append(_test(words, fail))
        seen[name] = number
    if not tests:
        raise InvalidPlan("the plan has no tests", line=1, column=1, source=source)
    return tests


def load_plan(spec: str) -> list[GeneratedTest]:
    """The plan ``spec``: a built-in one by name (:data:`BUILT_IN`), or a file of ``NAME gen-arguments`` lines.

    A file that cannot be read raises ``OSError``.  Cost: O(size of the plan).

    >>> [(t.name, t.steps) for t in load_plan("full")[-2:]]
    [('45-max-novglitched', 300000), ('46-max-seesaw', 300000)]
    """
    if spec in BUILT_IN:
        text = resources.files(__package__).joinpath("secret.plan").read_text(encoding="utf-8")
        tests = read_plan(text, source="secret.plan")
        return tests if spec == "full" else [test for test in tests if test.family != "max"]
    return read_plan(Path(spec).read_text(encoding="utf-8"), source=spec)
