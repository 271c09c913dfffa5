"""``generators/generators.yaml``: how BAPCtools' ``bt generate`` makes the package's data again, byte for byte.

Every generated test is a line of ``gen.cpp`` (the C++ port of ``downwedig
gen``, :mod:`~downwedig.contest.shipping.testlib`), with the arguments of its
plan line; every other file of ``data/`` (the sample, a plan's hand-made
tests, the validators' own cases) is copied from ``generators/manual/``; the
answers are the C++ solution's.  So ``bt generate`` on an unchanged package
changes nothing, and a setter who edits ``generators.yaml`` regenerates in
place.  O(size of the hand-made tests).

>>> text = generators_yaml({"secret/a": "random --n 3 --seed 1"}, ["secret/a"], [], {}).decode()
>>> print(text.splitlines()[-1])
      "a": "gen.cpp random --n 3 --seed 1"
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from .base import header

__all__ = ["MANUAL", "generators_yaml"]

#: Where the hand-made files are copied from, under ``generators/``.
MANUAL = "manual"
#: The version of BAPCtools' generators framework the file is written for.
VERSION = "2025-12"


def _quote(text: str) -> str:
    """A YAML scalar: JSON's double-quoted string, which YAML reads as it is (``"1"`` stays a name, not a number)."""
    return json.dumps(text)


def generators_yaml(
    generated: Mapping[str, str],
    tests: Sequence[str],
    cases: Sequence[str],
    groups: Mapping[str, Mapping[str, list[str]]],
) -> bytes:
    """The file: ``tests`` (``sample/1``, ``secret/NAME``: by ``gen.cpp`` when in ``generated``, else copied from
    ``manual/``), ``cases`` (the validators' own, ``invalid_input/NAME``..., copied), and the ``test_group.yaml``
    keys of the folders in ``groups`` (``invalid_output/space_change_sensitive``). O(tests).
    """
    tree: dict[str, dict[str, str]] = {}
    for name in [*tests, *cases]:
        folder, _, test = name.rpartition("/")
        rule = _quote(f"gen.cpp {generated[name]}") if name in generated else f"{{copy: {_quote(f'{MANUAL}/{name}')}}}"
        tree.setdefault(folder, {})[test] = rule
    lines = [
        header().rstrip("\n"),
        "# BAPCtools' `bt generate` makes data/ again from this: gen.cpp is `downwedig gen` in C++ (the same bytes),",
        "# the hand-made files are copied from manual/, the answers are the C++ solution's.",
        "solution: /submissions/accepted/solution.cpp",
        f"version: {VERSION}",
        "data:",
    ]
    written: set[str] = set()
    for folder in tree:
        parts = folder.split("/")
        for depth in range(len(parts)):
            path = "/".join(parts[: depth + 1])
            if path in written:
                continue
            written.add(path)
            indent = "  " * (2 * depth + 1)
            lines.append(f"{indent}{_quote(parts[depth])}:")
            for key, values in groups.get(path, {}).items():
                lines.append(f"{indent}  test_group.yaml:")
                lines.append(f"{indent}    {key}: [{', '.join(values)}]")
            lines.append(f"{indent}  data:")
        indent = "  " * (2 * len(parts) + 1)
        lines += [f"{indent}{_quote(test)}: {rule}" for test, rule in tree[folder].items()]
    return ("\n".join(lines) + "\n").encode()
