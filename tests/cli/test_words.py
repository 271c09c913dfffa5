"""Words a learner reads right: a byte-order mark named, an answer file recognised, gen's warning and progress."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
import time
from pathlib import Path

from downwedig import InvalidStaircase, parse
from downwedig.contest.generating.plan import read_plan
from downwedig.contest.generating.validate import validate
from downwedig.errors import InvalidPlan
from downwedig.reader import BOM_REASON

from ..conftest import SAMPLE, Cli, only_thorough

BOM = b"\xef\xbb\xbf"
STAIRCASE = b"2\nWWWWWWWW\nRRRRRRRR\n"


def test_a_byte_order_mark_is_named_by_solve_validate_and_plans(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "bom.in"
    path.write_bytes(BOM + STAIRCASE)
    expected = f"{path}:1:1: error: {BOM_REASON}\n"
    for command in ("solve", "validate", "explain"):
        result = cli(command, path)
        assert (result.status, result.stderr) == (3 if command == "validate" else 1, expected), command
    assert "byte-order mark" in BOM_REASON and "0xef 0xbb 0xbf" in BOM_REASON
    plan = tmp_path / "bom.plan"
    plan.write_bytes(BOM + b"one random --n 3\n")
    result = cli("package", tmp_path / "pkg", "--tests", plan)
    assert result.status == 1 and result.stderr == f"{plan}:1:1: error: {BOM_REASON}\n"
    # The library says it too, and a BOM anywhere but at the start is just a bad character.
    for read in (parse, validate):
        try:
            read(BOM + STAIRCASE)
        except InvalidStaircase as exc:
            assert (exc.line, exc.column, exc.reason) == (1, 1, BOM_REASON)
        else:
            raise AssertionError(f"{read.__name__} accepted a byte-order mark")
    try:
        read_plan("\ufeffone random --n 3\n", source="p")
    except InvalidPlan as exc:
        assert str(exc) == f"p:1:1: {BOM_REASON}"
    assert "byte-order" not in cli("solve", "-", stdin=b"2\nWWWWWWWW\n" + BOM + b"RRRRRRR\n").stderr


def test_solve_on_an_answer_file_says_it_looks_like_an_answer(cli: Cli, tmp_path: Path) -> None:
    answer = tmp_path / "sample.ans"
    answer.write_text(cli("solve", SAMPLE).out)
    result = cli("solve", answer)
    assert result.status == 1
    assert result.stderr == (
        f"{answer}:2:1: error: expected 211112222212 steps, found only 0; "
        "this looks like an answer (a digit 1 or 2 per day), not a staircase\n"
    )
    # A staircase cut short is not called an answer (and no answer starts with 1: day 1 is always 2).
    assert "answer" not in cli("solve", "-", stdin=b"12\n").stderr
    assert "answer" in cli("solve", "-", stdin=b"21\n").stderr
    assert "answer" not in cli("solve", "-", stdin=b"21\nWWWWWWWW\n").stderr


def test_gen_max_warns_that_n_is_ignored(cli: Cli) -> None:
    result = cli("gen", "max", "--kind", "equal", "--n", "5")
    assert result.status == 0 and result.out.startswith("300000\n")
    assert result.stderr == "downwedig: warning: max always makes the judge's largest test; --n 5 is ignored\n"
    assert cli("gen", "max", "--kind", "equal").stderr == ""
    assert cli("gen", "random", "--n", "5").stderr == ""
    assert cli("gen", "random").out.startswith("10\n"), "the default n is still 10"


def test_a_long_gen_shows_progress_on_a_terminal_only(tmp_path: Path) -> None:
    only_thorough("the progress shows after a second of generating")
    main, child = pty.openpty()
    command = [sys.executable, "-m", "downwedig", "gen", "max", "--kind", "novelty", "-o", str(tmp_path / "x.in")]
    proc = subprocess.Popen(command, stdin=child, stdout=child, stderr=child)
    os.close(child)
    seen = b""
    start = time.monotonic()
    try:
        while b"s so far" not in seen and time.monotonic() - start < 60:
            seen += os.read(main, 4096)
    finally:
        proc.kill()
        proc.wait()
        os.close(main)
    assert b"\rgen: making max --kind novelty: 1 s so far\x1b[K" in seen
    quiet = subprocess.run([*command[:3], "gen", "max", "--kind", "equal"], capture_output=True, timeout=120)
    assert quiet.returncode == 0 and quiet.stderr == b"", "no progress when stderr is not a terminal"
