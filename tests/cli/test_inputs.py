"""Odd arguments and endless inputs: one line of error in the usual form, the documented status, no traceback."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ..conftest import SAMPLE, Cli


@pytest.mark.parametrize(
    ("argv", "status", "words"),
    [
        (["explain", "/dev/zero"], 1, "1:1: error: the number of steps n must be a positive integer"),
        (["render", "/dev/zero", "-o", "-"], 1, "1:1: error: the number of steps n must be a positive integer"),
        (["play", "/dev/zero"], 1, "1:1: error: the number of steps n must be a positive integer"),
        (["solve", "/dev/zero"], 1, "1:1: error: the number of steps n must be a positive integer"),
        (["validate", "/dev/zero"], 3, "/dev/zero:1:1: error: expected the number of steps n (a digit)"),
        (["check", "/dev/zero", str(SAMPLE.with_suffix(".ans")), "-"], 3, "FAIL invalid input: INPUT:1:1: "),
        (["check", str(SAMPLE), str(SAMPLE.with_suffix(".ans")), "/dev/zero"], 3, "FAIL invalid answer file: "),
    ],
)
def test_an_endless_input_fails_at_its_first_byte(cli: Cli, argv: list[str], status: int, words: str) -> None:
    result = cli(*argv)
    assert result.status == status and words in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("value", ["1e10", "inf", "1e308", "nan", "0", "-1"])
def test_a_time_limit_out_of_range_is_a_usage_error(cli: Cli, value: str) -> None:
    # (R11: 1e10 reached select() and overflowed)
    for command in (["stress", "--solution", "true", "--tests", "1"], ["test", "--solution", "true", str(SAMPLE)]):
        result = cli(*command, "--time-limit", value)
        assert result.status == 2 and "--time-limit" in result.stderr and "Traceback" not in result.stderr


def test_a_test_name_the_system_refuses_or_a_fifo_is_one_line(cli: Cli, tmp_path: Path) -> None:
    long = cli("test", "--solution", "false", "9" * 300)
    assert long.status == 2 and long.stderr.endswith(": File name too long\n")
    os.mkfifo(tmp_path / "f.in")
    fifo = cli("test", "--solution", "false", tmp_path / "f.in")
    assert fifo.status == 2 and "f.in: not a regular file or a folder" in fifo.stderr


def test_validate_quotes_an_n_too_large_on_one_line(cli: Cli) -> None:
    result = cli("validate", stdin=b"1000000\nWRWWRRWR\n")
    assert result.status == 3 and result.stderr == "<stdin>:1:1: error: n = 1000000 is not in [1, 300000]\n"
