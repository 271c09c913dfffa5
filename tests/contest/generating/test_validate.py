"""The strict validator: a corpus of good and bad files (each with the position of its fault)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given

from downwedig import InvalidStaircase, Staircase
from downwedig.contest.generating.validate import validate

from ...conftest import ROOT
from ...strategies import examples, staircases

CORPUS = ROOT / "tests" / "data" / "validate"
GOOD = sorted((CORPUS / "good").glob("*.in"))
BAD = sorted((CORPUS / "bad").glob("*.in"))


def test_corpus_is_there() -> None:
    assert len(GOOD) >= 2 and len(BAD) >= 15


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.stem)
def test_good_files_are_valid(path: Path) -> None:
    assert len(validate(path.read_bytes())) == int(path.read_text().split()[0])


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_bad_files_are_refused_at_their_fault(path: Path) -> None:
    where = path.with_suffix(".pos").read_text().strip()
    with pytest.raises(InvalidStaircase) as exc:
        validate(path.read_bytes(), source=path.name)
    assert f"{exc.value.line}:{exc.value.column}" == where
    assert str(exc.value).startswith(f"{path.name}:{where}: ")


@examples(100)
@given(staircases(max_n=40, width=8))
def test_solve_format_is_valid(staircase: Staircase) -> None:
    assert validate(staircase.to_text()) == staircase


def test_a_huge_n_is_refused_quickly() -> None:
    with pytest.raises(InvalidStaircase, match=r"n = 111111111111\.\.\. \(5000 digits\) is not in \[1, 300000\]"):
        validate(b"1" * 5000 + b"\nWWWWWWWW\n")


@pytest.mark.parametrize("digits", ["1000000", "300001", "123456789012"])
def test_an_n_too_large_is_quoted_alone_not_with_the_next_line(digits: str) -> None:
    # (The first 12 bytes used to be quoted: "n = 1000000\nWRWW..." split the one-line error.)
    with pytest.raises(InvalidStaircase) as caught:
        validate(f"{digits}\nWRWWRRWR\n".encode())
    assert caught.value.reason == f"n = {int(digits)} is not in [1, 300000]"
