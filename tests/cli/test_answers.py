"""``downwedig answers``: a folder with a bad file, answers beside the inputs, and the summary."""

from __future__ import annotations

from pathlib import Path

from ..conftest import Cli

INPUT = b"3\nWWWWWWWW\nWWWWWWWW\nRRRRRRRR\n"  # answer 211


def test_answers_on_a_folder_with_one_bad_file(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "tests"
    folder.mkdir()
    (folder / "01.in").write_bytes(INPUT)
    (folder / "02.in").write_bytes(b"2\nWWWWWWWW\nWWWWWWWx\n")
    (folder / "03.in").write_bytes(b"2\nWWWWWWWW\nWWWWWWWW\n")
    (folder / "notes.txt").write_text("not a test")
    out = tmp_path / "answers"
    result = cli("answers", folder, "--out-dir", out, "-j", "2")
    assert result.status == 1
    assert (out / "01.ans").read_text() == "211\n"
    assert (out / "03.ans").read_text() == "21\n"
    assert not (out / "02.ans").exists()
    lines = result.out.splitlines()
    assert [line.split()[0] for line in lines[:3]] == ["ok", "FAILED", "ok"]
    assert "02.in:3:8: unexpected character 'x'" in lines[1]
    assert lines[3] == "answers: 2 written, 1 failed, of 3 inputs"


def test_answers_beside_the_inputs(cli: Cli, tmp_path: Path) -> None:
    (tmp_path / "a.in").write_bytes(INPUT)
    (tmp_path / "b").write_bytes(b"1\nWWWWWWWW\n")
    result = cli("answers", tmp_path / "a.in", tmp_path / "b", "-j", "1")
    assert result.status == 0
    assert (tmp_path / "a.ans").read_text() == "211\n"
    assert (tmp_path / "b.ans").read_text() == "2\n"
    assert result.out.endswith("answers: 2 written, 0 failed, of 2 inputs\n")


def test_an_empty_folder_is_a_usage_error(cli: Cli, tmp_path: Path) -> None:
    result = cli("answers", tmp_path)
    assert result.status == 2 and "no inputs" in result.stderr
