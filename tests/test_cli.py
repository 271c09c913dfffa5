"""The command as a user runs it: a real process, real files, real exit statuses."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from downwedig import __version__

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "examples" / "sample.in"
SAMPLE_ANSWER = (ROOT / "examples" / "sample.ans").read_text()


def run(*args: str, stdin: bytes = b"", cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "downwedig", *args], input=stdin, capture_output=True, cwd=cwd, timeout=120
    )


def console_script() -> str:
    script = Path(sys.executable).parent / "downwedig"
    assert script.exists(), "the console script is installed beside the interpreter"
    return str(script)


def test_solve_a_file_with_the_console_script() -> None:
    result = subprocess.run([console_script(), "solve", str(SAMPLE)], capture_output=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode() == SAMPLE_ANSWER
    assert result.stderr == b""


@pytest.mark.parametrize("args", [("solve",), ("solve", "-"), ("solve", "--stream"), ("solve", "--stream", "-")])
def test_solve_from_stdin(args: tuple[str, ...]) -> None:
    result = run(*args, stdin=SAMPLE.read_bytes())
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode() == SAMPLE_ANSWER


def test_stream_output_equals_whole_output() -> None:
    data = b"20000\n" + b"".join(b"WWRRWRWR\n" if i % 3 else b"RWRRWWWR\n" for i in range(20000))
    whole = run("solve", stdin=data)
    streamed = run("solve", "--stream", stdin=data)
    assert whole.returncode == streamed.returncode == 0
    assert whole.stdout == streamed.stdout and len(whole.stdout) == 20001


def test_width_option() -> None:
    result = run("solve", "--width", "3", stdin=b"3\nWWW\nWWR\nRRR\n")
    assert result.returncode == 0 and result.stdout == b"212\n"
    wrong = run("solve", "--width", "3", stdin=b"1\nWWWWWWWW\n")
    assert wrong.returncode == 1 and b"<stdin>:2:4: step 1 has 8 pieces, expected 3" in wrong.stderr
    assert run("solve", "--width", "17").returncode == 2


def test_version_and_help() -> None:
    version = run("--version")
    assert version.returncode == 0 and version.stdout.decode().strip() == f"downwedig {__version__}"
    for args in (("--help",), ("solve", "--help")):
        helped = run(*args)
        assert helped.returncode == 0 and b"usage: downwedig" in helped.stdout


BAD = [
    (b"", "<stdin>:1:1: empty input: expected the number of steps n, then n steps"),
    (b"abc\n", "<stdin>:1:1: the number of steps n must be a positive integer, got 'abc'"),
    (b"0\n", "<stdin>:1:1: the number of steps n must be at least 1, got '0'"),
    (b"3\nWWWWWWWW\nRRRRRRRR\n", "<stdin>:4:1: expected 3 steps, found only 2"),
    (b"1\nWWWWWWWW\nRRRRRRRR\n", "<stdin>:3:1: unexpected content after the 1 steps: 'RRRRRRRR'"),
    (b"2\nWWWWWWWW\nWWWWWW\n", "<stdin>:3:7: step 2 has 6 pieces, expected 8"),
    (b"2\nWWWWWWWW\nWWWWWWwW\n", "<stdin>:3:7: unexpected character 'w' in step 2 (a piece is 'W' or 'R')"),
    (b"1\nWXWWWWWW\n", "<stdin>:2:2: unexpected character 'X' in step 1 (a piece is 'W' or 'R')"),
    (b"1\nWW\xffWWWWW\n", "<stdin>:2:3: byte 0xff is not text (the input must be UTF-8)"),
]


@pytest.mark.parametrize(("data", "message"), BAD, ids=[m.split(": ", 1)[1][:30] for _, m in BAD])
@pytest.mark.parametrize("stream", [False, True], ids=["whole", "stream"])
def test_invalid_input_is_refused_in_one_line(data: bytes, message: str, stream: bool) -> None:
    result = run("solve", *(["--stream"] if stream else []), stdin=data)
    assert result.returncode == 1
    assert result.stderr.decode() == f"downwedig: error: {message}\n"
    assert result.stdout == b""


def test_invalid_file_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"2\nWWWWWWWW\nWWWW\n")
    result = run("solve", str(bad))
    assert result.returncode == 1 and result.stdout == b""
    assert result.stderr.decode() == f"downwedig: error: {bad}:3:5: step 2 has 4 pieces, expected 8\n"


def test_stream_keeps_digits_written_before_a_bad_line() -> None:
    n = 300_000
    data = b"%d\n" % n + b"WWRRWWRR\n" * (n - 1) + b"WWRRWWRX\n"
    result = run("solve", "--stream", stdin=data)
    assert result.returncode == 1
    assert result.stderr.decode() == (
        f"downwedig: error: <stdin>:{n + 1}:8: unexpected character 'X' in step {n} (a piece is 'W' or 'R')\n"
    )
    # Digits already known were written; the line is left without its newline.
    assert len(result.stdout) > 100_000 and not result.stdout.endswith(b"\n")
    assert set(result.stdout) <= set(b"12")
    assert run("solve", stdin=data).stdout == b""  # without --stream: all or nothing


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    missing = run("solve", str(tmp_path / "nope.txt"))
    assert missing.returncode == 2 and missing.stdout == b""
    assert f"cannot open '{tmp_path / 'nope.txt'}': No such file or directory" in missing.stderr.decode()
    assert b"usage:" in missing.stderr
    folder = run("solve", str(tmp_path))
    assert folder.returncode == 2 and b"Is a directory" in folder.stderr
    unknown = run("solve", "--frobnicate")
    assert unknown.returncode == 2 and b"unrecognized arguments: --frobnicate" in unknown.stderr
    assert run().returncode == 2
    assert run("nonsense").returncode == 2


def test_broken_pipe_ends_quietly(tmp_path: Path) -> None:
    big = tmp_path / "big.in"
    n = 2_000_000  # 2 MB of digits: more than any pipe buffer holds, so writing must fail
    big.write_bytes(b"%d\n" % n + b"WRWRWRWR\n" * n)
    for stream in ([], ["--stream"]):
        with subprocess.Popen(
            [sys.executable, "-m", "downwedig", "solve", *stream, str(big)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        ) as proc:
            assert proc.stdout is not None and proc.stderr is not None
            assert len(proc.stdout.read(10)) == 10
            proc.stdout.close()  # like `| head -c 10`
            err = proc.stderr.read()
            status = proc.wait(timeout=60)
        assert err == b"", err
        assert status == 141
