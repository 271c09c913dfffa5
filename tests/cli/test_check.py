"""``downwedig check``: testlib's exit codes, the verdict on stderr, and usage errors as failures."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import Cli

INPUT = b"3\nWWWWWWWW\nWWWWWWWW\nRRRRRRRR\n"  # answer 211


def files(tmp_path: Path, output: bytes, answer_text: bytes | None = b"211\n") -> list[str]:
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
    cli: Cli, tmp_path: Path, output: bytes, answer_text: bytes | None, status: int, start: str
) -> None:
    result = cli("check", *files(tmp_path, output, answer_text))
    assert result.status == status and result.stderr.startswith(start)


def test_check_command_explains(cli: Cli, tmp_path: Path) -> None:
    result = cli("check", "--explain", *files(tmp_path, b"221\n", None))
    assert result.status == 1
    assert "on day 2: Dina wins by moving to a step lost for Dima: 2." in result.stderr


def test_usage_errors_are_failures_not_presentation_errors(cli: Cli, tmp_path: Path) -> None:
    for argv in (["check"], ["check", "a", "b"], ["check", str(tmp_path / "none"), "x", "-"], ["check", "-", "-", "-"]):
        result = cli(*argv)
        assert result.status == 3 and "usage: downwedig check" in result.stderr


def test_an_invalid_input_is_a_failure(cli: Cli, tmp_path: Path) -> None:
    names = files(tmp_path, b"211\n")
    Path(names[0]).write_bytes(b"5\nWWWWWWWW\n")
    assert cli("check", *names).status == 3
