"""The validators' own cases that a 2025-09 package ships, and the output validator's whitespace rules."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from downwedig.contest.generating.validate import validate
from downwedig.contest.shipping.cases import (
    INVALID_INPUTS,
    INVALID_OUTPUTS,
    STRICT_FLAGS,
    STRICT_INVALID_OUTPUTS,
    VALID_OUTPUTS,
)
from downwedig.contest.shipping.programs import output_validator
from downwedig.errors import InvalidStaircase

from ...conftest import ROOT, SAMPLE

BAD = ROOT / "tests" / "data" / "validate" / "bad"


def test_the_invalid_inputs_are_the_validator_s_own_cases() -> None:
    assert {path.stem: path.read_bytes() for path in sorted(BAD.glob("*.in"))} == INVALID_INPUTS
    for name, data in INVALID_INPUTS.items():
        with pytest.raises(InvalidStaircase):
            validate(data, source=name)


def judge(output: bytes, folder: Path, *flags: str, answer: bytes | None = None) -> int:
    (folder / "t.in").write_bytes(SAMPLE.read_bytes())
    (folder / "t.ans").write_bytes(SAMPLE.with_suffix(".ans").read_bytes() if answer is None else answer)
    args = [str(folder / "t.in"), str(folder / "t.ans"), str(folder), *flags]
    return output_validator.main(args, io.BytesIO(output), io.BytesIO(), io.BytesIO())


def test_the_output_cases_are_judged_by_the_format_s_default_rules(tmp_path: Path) -> None:
    for name, output in VALID_OUTPUTS.items():
        assert judge(output, tmp_path) == 42, name
        assert judge(output, tmp_path, "case_sensitive") == 42, name
    for name, output in INVALID_OUTPUTS.items():
        assert judge(output, tmp_path) == 43, name
    for name, output in STRICT_INVALID_OUTPUTS.items():
        assert judge(output, tmp_path, *STRICT_FLAGS) == 43, name
    # With the flag, only the answer file's own whitespace is right.
    assert judge(VALID_OUTPUTS["exact"], tmp_path, *STRICT_FLAGS) == 42


@pytest.mark.parametrize(
    ("output", "words"),
    [
        (b"", "no output (expected one line of 12 digits)"),
        (b"2111122222121\n", "more than 12 characters in one token"),
        (b"211112222212 x\n", "more than one token (expected only the 12 digits)"),
        (b"21111222221x\n", "wrong output format: column 12: expected a digit 1 or 2, found 'x'"),
        (b"\t211112222222\n", "wrong answer on day 11: expected 1 (Dina wins), received 2 (Dima wins)"),
    ],
)
def test_a_wrong_output_is_told_why(tmp_path: Path, output: bytes, words: str) -> None:
    assert judge(output, tmp_path) == 43
    assert words in (tmp_path / "judgemessage.txt").read_text()


def test_a_huge_output_is_read_in_bounded_memory(tmp_path: Path) -> None:
    spaces = b" " * (3 << 20)
    assert judge(spaces + SAMPLE.with_suffix(".ans").read_bytes() + spaces, tmp_path) == 42
    assert judge(b"1" * (5 << 20), tmp_path) == 43


def test_a_broken_answer_file_is_the_judge_s_error(tmp_path: Path) -> None:
    assert judge(b"211112222212\n", tmp_path, answer=b"2111\n") == output_validator.JUDGE_ERROR
