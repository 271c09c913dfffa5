"""A slice of the command-line fuzzer (:mod:`tests.fuzz_cli`): thousands of runs are for a person to start."""

from __future__ import annotations

import sys

import pytest

from .conftest import THOROUGH, missing_tool, only_thorough
from .fuzz_cli import COMMANDS, fuzz


def test_a_slice_of_the_fuzzer_finds_nothing() -> None:
    only_thorough("36 fuzzed runs of the twelve commands; the judging commands' slice below runs always")
    if not sys.platform.startswith("linux"):
        missing_tool("needs Linux: the fuzzer looks for processes left running in /proc")
    outcomes = fuzz(seed=20261201, count=len(COMMANDS) * 3, jobs=2)
    failed = [(o.index, o.argv, o.problems) for o in outcomes if o.problems]
    assert failed == []
    assert {o.argv[0] for o in outcomes} == set(COMMANDS)  # (every command had its turn)


@pytest.mark.parametrize("command", ["test", "stress"])
def test_the_judging_commands_under_the_fuzzer(command: str) -> None:
    if not sys.platform.startswith("linux"):
        missing_tool("needs Linux: the fuzzer looks for processes left running in /proc")
    outcomes = fuzz(seed=7, count=8 if THOROUGH else 4, jobs=2, commands=(command,))
    assert [(o.index, o.argv, o.problems) for o in outcomes if o.problems] == []
