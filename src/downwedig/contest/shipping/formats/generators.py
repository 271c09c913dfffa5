"""``generators/generators.yaml``: how BAPCtools' ``bt generate`` makes the package's data again, byte for byte.

Every generated test is a line of ``gen.cpp`` (the C++ port of ``downwedig
gen``, :mod:`~downwedig.contest.shipping.testlib`), with the arguments of its
plan line; every other file of ``data/`` (the sample, a plan's hand-made
tests, the validators' own cases) is copied from ``generators/manual/``; the
answers are the C++ solution's.  So ``bt generate`` on an unchanged package
changes nothing, and a setter who edits ``generators.yaml`` regenerates in
place.  The group ``fuzz`` holds the rules with ``{seed:N}`` (:data:`FUZZ`)
that ``bt fuzz`` draws again with seeds of its own; ``bt generate`` gives each
the seed it derives from the rule (:func:`rule_seed`), and so does the package,
so they too are made again byte for byte.  O(size of the hand-made tests).

>>> text = generators_yaml({"secret/a": "random --n 3 --seed 1"}, ["secret/a"], [], {}).decode()
>>> print(text.splitlines()[-1])
      "a": "gen.cpp random --n 3 --seed 1"
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence

from .base import header

__all__ = ["FUZZ", "MANUAL", "fuzz_arguments", "generators_yaml", "rule_seed"]

#: Where the hand-made files are copied from, under ``generators/``.
MANUAL = "manual"
#: The version of BAPCtools' generators framework the file is written for.
VERSION = "2025-12"
#: The tests of ``data/fuzz``, each a ``gen.cpp`` rule whose seed ``bt fuzz`` draws anew (``bt run``, ``bt zip``
#: and DOMjudge read only ``sample`` and ``secret``: these are fuzzing's, not the judges').
FUZZ = {"random-10": "random --n 10 --seed {seed:1}", "sparse-100": "random --n 100 --red 1/10 --seed {seed:2}"}
_SEED = re.compile(r"\{seed(:[0-9]+)?\}")


def rule_seed(rule: str, salt: str = "") -> int:
    """The seed ``bt generate`` gives the rule ``rule`` (``gen.cpp ... {seed:N}``) of a ``generators.yaml`` whose
    ``random_salt`` is ``salt``: the SHA-512 of the two, as hex, modulo 2**31 (BAPCtools' ``generate.py``). O(len).

    >>> rule_seed("gen.cpp random --n 10 --seed {seed:1}")
    126612205
    """
    return int(hashlib.sha512((salt + rule.strip()).encode()).hexdigest(), 16) % 2**31


def fuzz_arguments() -> dict[str, str]:
    """Each test of :data:`FUZZ` by its name under ``data/`` (``fuzz/random-10``), as the ``downwedig gen``
    arguments that make what ``bt generate`` makes of its rule. O(1).

    >>> fuzz_arguments()["fuzz/random-10"]
    'random --n 10 --seed 126612205'
    """
    return {f"fuzz/{name}": _SEED.sub(str(rule_seed(f"gen.cpp {rule}")), rule) for name, rule in FUZZ.items()}


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
