"""``downwedig answers``: a folder with a bad file, answers beside the inputs, and the summary."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

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


def test_an_input_is_never_overwritten_through_a_linked_folder(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / "t.ans").write_bytes(INPUT)  # an input named like an answer
    (tmp_path / "L").symlink_to(folder)
    result = cli("answers", folder / "t.ans", "--out-dir", tmp_path / "L")
    assert result.status == 1 and "its answer would overwrite it" in result.out
    assert (folder / "t.ans").read_bytes() == INPUT


def test_a_file_in_an_answer_s_place_is_kept_unless_it_is_an_answer(cli: Cli, tmp_path: Path) -> None:
    (tmp_path / "keep.in").write_bytes(INPUT)
    (tmp_path / "keep.txt").write_bytes(b"1\nWWWWWWWW\n")
    refused = cli("answers", tmp_path / "keep.txt", "--suffix", ".in")
    assert refused.status == 1 and "keep.in exists and is not an answer file" in refused.out
    assert (tmp_path / "keep.in").read_bytes() == INPUT
    (tmp_path / "a.in").write_bytes(INPUT)
    (tmp_path / "a.ans").write_bytes(b"2222\r\n")  # an old answer (another tool's line ending): replaced
    assert cli("answers", tmp_path / "a.in").status == 0 and (tmp_path / "a.ans").read_text() == "211\n"
    os.mkfifo(tmp_path / "b.ans")
    (tmp_path / "b.in").write_bytes(INPUT)
    fifo = cli("answers", tmp_path / "b.in")
    assert fifo.status == 1 and "b.ans exists and is not a regular file" in fifo.out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--out-dir", ""], "an empty name is no folder"),
        (["--out-dir", "{sample}"], "cannot make the folder"),
        (["--out-dir", "a" * 300], "File name too long"),
        (["--out-dir", "/proc/x"], "cannot make the folder '/proc/x'"),
        (["--suffix", ".a\nb"], "a suffix is a dot and a name"),
    ],
)
def test_a_bad_folder_or_suffix_is_a_usage_error(cli: Cli, tmp_path: Path, argv: list[str], words: str) -> None:
    (tmp_path / "t.in").write_bytes(INPUT)
    argv = [word.format(sample=tmp_path / "t.in") for word in argv]
    result = cli("answers", tmp_path / "t.in", *argv)
    assert result.status == 2 and words in result.stderr and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 3  # the usage (two lines) and one line of error


def test_an_empty_input_name_is_a_usage_error(cli: Cli) -> None:
    result = cli("answers", "")
    assert result.status == 2 and "an INPUT is an empty name" in result.stderr


def test_file_names_are_printed_escaped(cli: Cli, tmp_path: Path) -> None:
    odd = tmp_path / "a\nb.in"
    odd.write_bytes(INPUT)
    result = cli("answers", odd)
    assert result.status == 0 and "a\\nb.in -> " in result.out and result.out.count("\n") == 2
