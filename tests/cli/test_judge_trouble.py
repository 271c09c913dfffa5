"""The judge's own trouble is the judge's (``FAIL``, the other tests still run), and no input or stream makes
a traceback: a deleted or full ``TMPDIR``, a 3 GB test, an answer that is a FIFO or a device, full or closed
standard streams."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import SAMPLE, Cli, process

ANSWER = SAMPLE.with_suffix(".ans").read_bytes()


def _two_tests(folder: Path) -> Path:
    folder.mkdir()
    for name in ("a", "b"):
        (folder / f"{name}.in").write_bytes(SAMPLE.read_bytes())
        (folder / f"{name}.ans").write_bytes(ANSWER)
    return folder


def _judge(tests: Path, solution: str, temporary: Path) -> dict:  # type: ignore[type-arg]
    done = subprocess.run(
        [sys.executable, "-m", "downwedig", "test", str(tests), "--solution", solution, "--format", "json"],
        capture_output=True,
        timeout=120,
        env={**os.environ, "TMPDIR": str(temporary)},
    )
    assert done.returncode == 1 and b"Traceback" not in done.stderr, done.stderr
    report: dict = json.loads(done.stdout)  # type: ignore[type-arg]
    return report


@pytest.mark.usefixtures("unboxed")  # (in the sandbox the run cannot reach the judge's TMPDIR at all)
def test_a_deleted_tmpdir_is_the_judge_s_failure(tmp_path: Path) -> None:
    tests, temporary = _two_tests(tmp_path / "t"), tmp_path / "tmp"
    temporary.mkdir()
    solve = f"{sys.executable} -m downwedig solve"
    report = _judge(tests, f'rm -rf "$(dirname "$(dirname "$PWD")")"; {solve}', temporary)
    first, second = report["tests"]
    assert first["verdict"] == "AC", first
    assert second["verdict"] == "FAIL" and "the judge's own failure" in second["message"], second


@pytest.mark.parametrize("box", ["boxed", "unboxed"])
def test_a_full_tmpdir_is_the_judge_s_failure_not_the_solution_s(
    box: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    # Without the sandbox a run's folder is on the judge's disk, which the judge checks first (FAIL, the judge's
    # trouble); in the sandbox nothing of a run is on it (its folder is memory, its output a pipe): AC.
    if os.geteuid() != 0:
        pytest.skip("mounts a 2 MiB tmpfs as the judge's TMPDIR, which needs root")
    request.getfixturevalue(box)
    tests, full = _two_tests(tmp_path / "t"), tmp_path / "full"
    full.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(full)], check=True)
    try:
        solution = f"{sys.executable} -m downwedig solve"
        command = [sys.executable, "-m", "downwedig", "test", str(tests), "--solution", solution, "--format", "json"]
        done = subprocess.run(
            command,
            capture_output=True,
            timeout=120,
            env={**os.environ, "TMPDIR": str(full)},
        )
    finally:
        subprocess.run(["umount", str(full)], check=True)
    assert b"Traceback" not in done.stderr, done.stderr
    report = json.loads(done.stdout)
    if box == "boxed":
        assert done.returncode == 0 and [row["verdict"] for row in report["tests"]] == ["AC", "AC"], report
    else:
        assert done.returncode == 1 and [row["verdict"] for row in report["tests"]] == ["FAIL", "FAIL"], report
        assert "free; a run without the sandbox needs" in report["tests"][0]["message"]


@pytest.mark.parametrize("box", ["boxed", "unboxed"])
def test_a_solution_that_fills_the_disk_gets_its_own_verdict(
    box: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    if os.geteuid() != 0:
        pytest.skip("mounts a 24 MiB tmpfs as the judge's TMPDIR, which needs root")
    request.getfixturevalue(box)
    tests, small = _two_tests(tmp_path / "t"), tmp_path / "small"
    small.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=24m", "tmpfs", str(small)], check=True)
    fill = "i=0; while [ $i -lt 40 ] && head -c 4M /dev/zero > f$i; do i=$((i+1)); done 2>/dev/null; exit 1"
    try:
        report = _judge(tests, fill, small)
    finally:
        subprocess.run(["umount", str(small)], check=True)
    # Its own files filled the room (unboxed) or its memory (boxed): the run's failure, and the next test runs.
    assert [row["verdict"] for row in report["tests"]] in (["RE", "RE"], ["MLE", "MLE"]), report


def test_a_test_larger_than_any_valid_one_is_refused_unread(cli: Cli, tmp_path: Path) -> None:
    huge = tmp_path / "huge"
    huge.mkdir()
    with open(huge / "h.in", "wb") as file:
        file.truncate(3 << 30)  # (sparse: 3 GB that take no disk)
    (huge / "h.ans").write_bytes(b"2\n")
    command = [
        sys.executable,
        "-c",
        "import resource, runpy, sys; resource.setrlimit(resource.RLIMIT_AS, "
        "(1 << 30, 1 << 30)); sys.argv = ['downwedig', *sys.argv[1:]]; runpy.run_module('downwedig', "
        "run_name='__main__')",
    ]
    for args in (["test", str(huge), "--solution", "true"], ["answers", str(huge / "h.in"), "-j", "1"]):
        done = subprocess.run([*command, *args], capture_output=True, timeout=60)
        assert done.returncode in (1, 2) and b"larger than any valid test" in done.stdout + done.stderr, done
        assert b"Traceback" not in done.stderr and b"MemoryError" not in done.stderr


@pytest.mark.parametrize("kind", ["FIFO", "device"])
def test_an_answer_that_is_not_a_regular_file_is_named_as_such(cli: Cli, tmp_path: Path, kind: str) -> None:
    (tmp_path / "q.in").write_bytes(SAMPLE.read_bytes())
    if kind == "FIFO":
        os.mkfifo(tmp_path / "q.ans")
    else:
        (tmp_path / "q.ans").symlink_to("/dev/zero")
    found = cli("test", tmp_path / "q.in", "--solution", "true")
    assert found.status == 2 and f"q.ans: the answer of q.in is not a regular file (a {kind})" in found.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["solve", str(SAMPLE)],
        ["solve", "--stream", str(SAMPLE)],
        ["explain", str(SAMPLE)],
        ["gen", "max"],
        ["--version"],
        ["bundle"],
        ["--help"],
        ["test", "--help"],
    ],
)
def test_a_full_standard_output_is_a_one_line_error(args: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "downwedig", *args], stdout=full, stderr=subprocess.PIPE, timeout=60
        )
    assert done.returncode == 1 and done.stderr == b"downwedig: error: write error: No space left on device\n"


@pytest.mark.parametrize(
    ("args", "status"),
    [
        (["validate", "-"], 1),
        (["explain", "-"], 1),
        (["render", "-", "-o", "-"], 1),
        (["solve", "--stream", "-"], 1),
        (["check", "-", str(SAMPLE.with_suffix(".ans")), str(SAMPLE.with_suffix(".ans"))], 3),  # (testlib's)
        (["check", str(SAMPLE), "-", str(SAMPLE.with_suffix(".ans"))], 3),
    ],
)
def test_a_closed_standard_input_is_a_one_line_error_for_every_command(args: list[str], status: int) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "downwedig", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=60,
        preexec_fn=lambda: os.close(0),
    )
    assert done.returncode == status and done.stdout == b""
    last = done.stderr.decode().splitlines()[-1]
    assert last.endswith("-: Bad file descriptor") or last.endswith("'-': Bad file descriptor"), done.stderr
    assert "Traceback" not in done.stderr.decode()


def test_closed_standard_streams_are_one_line_errors() -> None:
    closed_in = subprocess.run(
        [sys.executable, "-m", "downwedig", "solve"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=60,
        preexec_fn=lambda: os.close(0),
    )
    assert closed_in.returncode == 1 and closed_in.stderr == b"downwedig: error: -: Bad file descriptor\n"
    closed_out = subprocess.run(
        [sys.executable, "-m", "downwedig", "solve", str(SAMPLE)],
        stderr=subprocess.PIPE,
        timeout=60,
        preexec_fn=lambda: os.close(1),
    )
    assert closed_out.returncode == 1 and closed_out.stderr == b"downwedig: error: write error: Bad file descriptor\n"
    assert process("solve", SAMPLE).returncode == 0
