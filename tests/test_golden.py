"""Golden files: tests/data/*.in with answers in *.ans, checked by the oracle and the engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from downwedig import answer, parse, reference_answer

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = sorted((ROOT / "tests" / "data").glob("*.in")) + sorted((ROOT / "examples").glob("sample*.in"))


def test_there_are_golden_files() -> None:
    assert len(GOLDEN) >= 7


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_answer(path: Path) -> None:
    staircase = parse(path.read_bytes(), source=str(path))
    expected = path.with_suffix(".ans").read_text()
    assert reference_answer(staircase) + "\n" == expected
    assert answer(staircase) + "\n" == expected
