"""The strict validator, the checker and the answers command."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given

from downwedig import Staircase, answer, reference_statuses
from downwedig.cli import main
from downwedig.contest.check import FAIL, OK, PE, WA, check, day_statuses, explain_day, read_digits
from downwedig.contest.validate import validate
from downwedig.staircase import InvalidStaircase

from .strategies import staircases

CORPUS = Path(__file__).parent / "data" / "validate"
GOOD = sorted((CORPUS / "good").glob("*.in"))
BAD = sorted((CORPUS / "bad").glob("*.in"))


def test_corpus_is_there() -> None:
    assert len(GOOD) >= 2 and len(BAD) >= 15


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.stem)
def test_good_files_are_valid(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    validate(path.read_bytes())
    assert main(["validate", str(path)]) == 0
    assert "valid" in capsys.readouterr().err


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_bad_files_are_refused_at_their_fault(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    where = path.with_suffix(".pos").read_text().strip()
    with pytest.raises(InvalidStaircase) as exc:
        validate(path.read_bytes())
    assert f"{exc.value.line}:{exc.value.column}" == where
    assert main(["validate", str(path)]) == 3
    err = capsys.readouterr().err
    assert err.startswith(f"{where}: ") and err.count("\n") == 1


def test_validate_reads_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"1\nRRRRRRRR\n")))
    assert main(["validate", "-q"]) == 0


@given(staircases(max_n=40, width=8))
def test_solve_format_is_valid(staircase: Staircase) -> None:
    assert validate(staircase.to_text()) == staircase


@given(staircases(max_n=30, width=8))
def test_day_statuses_match_the_oracle(staircase: Staircase) -> None:
    for day in range(1, len(staircase) + 1):
        assert day_statuses(staircase, day) == reference_statuses(staircase, day)


@given(staircases(max_n=30, width=8))
def test_explanations_agree_with_the_answer(staircase: Staircase) -> None:
    digits = answer(staircase)
    for day in range(1, len(staircase) + 1):
        text = explain_day(staircase, day)
        assert ("Dina wins" in text) == (digits[day - 1] == "1"), text


INPUT = b"3\nWWWWWWWW\nWWWWWWWW\nRRRRRRRR\n"  # answer 211


@pytest.mark.parametrize(
    ("output", "answer_file", "status"),
    [
        (b"211\n", b"211\n", OK),
        (b"211", None, OK),
        (b"211 \t\r\n\n", b"211\n", OK),
        (b"212\n", b"211\n", WA),
        (b"122\n", None, WA),
        (b"21\n", b"211\n", PE),
        (b"2111\n", b"211\n", PE),
        (b"2 1 1\n", b"211\n", PE),
        (b"21\n1\n", b"211\n", PE),
        (b" 211\n", b"211\n", PE),
        (b"", b"211\n", PE),
        (b"213\n", b"211\n", PE),
        (b"211\n", b"21\n", FAIL),
        (b"211\n", b"abc\n", FAIL),
    ],
)
def test_check_verdicts(output: bytes, answer_file: bytes | None, status: int) -> None:
    assert check(INPUT, output, answer_file).status == status


def test_check_fails_on_an_invalid_input() -> None:
    assert check(b"2\nWWWWWWWW\n", b"21\n", None).status == FAIL


def test_wrong_answer_message_names_the_first_wrong_day() -> None:
    verdict = check(INPUT, b"122\n", None, explain=True)
    first, why = verdict.message.splitlines()
    assert first == "wrong answer on day 1: expected 2 (Dima wins), received 1 (Dina wins); 3 of 3 days wrong"
    assert why == "on day 1 there is only step 1: Dina cannot move"
    verdict = check(INPUT, b"212\n", None, explain=True)
    assert "day 3: expected 1" in verdict.message
    assert "moving from step 1 to step 2" in verdict.message


def test_read_digits_messages() -> None:
    with pytest.raises(ValueError, match="column 2: expected a digit 1 or 2, found '3'"):
        read_digits(b"13", 2)


def _files(tmp_path: Path, output: bytes, answer_text: bytes | None = b"211\n") -> list[str]:
    (tmp_path / "t.in").write_bytes(INPUT)
    (tmp_path / "t.out").write_bytes(output)
    names = [str(tmp_path / "t.in"), str(tmp_path / "t.out")]
    if answer_text is None:
        return [*names, "-"]
    (tmp_path / "t.ans").write_bytes(answer_text)
    return [*names, str(tmp_path / "t.ans")]


@pytest.mark.parametrize(
    ("output", "answer_text", "status", "start"),
    [
        (b"211\n", b"211\n", 0, "ok 3 days"),
        (b"211\n", None, 0, "ok 3 days"),
        (b"221\n", b"211\n", 1, "wrong answer on day 2"),
        (b"2\n", b"211\n", 2, "wrong output format"),
        (b"211\n", b"2\n", 3, "FAIL invalid answer file"),
    ],
)
def test_check_command_exit_codes(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    output: bytes,
    answer_text: bytes | None,
    status: int,
    start: str,
) -> None:
    assert main(["check", *_files(tmp_path, output, answer_text)]) == status
    assert capsys.readouterr().err.startswith(start)


def test_check_command_explains(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--explain", *_files(tmp_path, b"221\n", None)]) == 1
    assert "Dina wins by moving from step 1 to step 2" in capsys.readouterr().err


def test_check_usage_errors_are_failures_not_presentation_errors(tmp_path: Path) -> None:
    for argv in (["check"], ["check", "a", "b"], ["check", str(tmp_path / "none"), "x", "-"]):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 3


def test_check_invalid_input_is_a_failure(tmp_path: Path) -> None:
    names = _files(tmp_path, b"211\n")
    Path(names[0]).write_bytes(b"5\nWWWWWWWW\n")
    assert main(["check", *names]) == 3


def test_answers_on_a_folder_with_one_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "tests"
    folder.mkdir()
    (folder / "01.in").write_bytes(INPUT)
    (folder / "02.in").write_bytes(b"2\nWWWWWWWW\nWWWWWWWx\n")
    (folder / "03.in").write_bytes(b"2\nWWWWWWWW\nWWWWWWWW\n")
    (folder / "notes.txt").write_text("not a test")
    out = tmp_path / "answers"
    assert main(["answers", str(folder), "--out-dir", str(out), "-j", "2"]) == 1
    assert (out / "01.ans").read_text() == "211\n"
    assert (out / "03.ans").read_text() == "21\n"
    assert not (out / "02.ans").exists()
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines[:3]] == ["ok", "FAILED", "ok"]
    assert "02.in:3:8: unexpected character 'x'" in lines[1]
    assert lines[3] == "answers: 2 written, 1 failed, of 3 inputs"


def test_answers_beside_the_inputs_in_process(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.in").write_bytes(INPUT)
    (tmp_path / "b").write_bytes(b"1\nWWWWWWWW\n")
    assert main(["answers", str(tmp_path / "a.in"), str(tmp_path / "b"), "-j", "1"]) == 0
    assert (tmp_path / "a.ans").read_text() == "211\n"
    assert (tmp_path / "b.ans").read_text() == "2\n"
    assert capsys.readouterr().out.endswith("answers: 2 written, 0 failed, of 2 inputs\n")
