"""The command as a whole: version, help, exit statuses, the console script, broken pipes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from downwedig import __version__
from downwedig.cli import COMMANDS

from ..conftest import SAMPLE, Cli, process


def test_version_and_help(cli: Cli) -> None:
    version = cli("--version")
    assert version.status == 0 and version.out == f"downwedig {__version__}\n"
    helped = cli("--help")
    assert helped.status == 0 and "usage: downwedig" in helped.out
    words = " ".join(helped.out.split())  # argparse wraps the summaries
    for name, summary in COMMANDS.items():
        assert f"{name} {summary}" in words
        sub = cli(name, "--help")
        assert sub.status == 0 and f"usage: downwedig {name}" in sub.out


@pytest.mark.parametrize(("argv", "words"), [([], "required: COMMAND"), (["nonsense"], "invalid choice")])
def test_usage_errors_exit_2(cli: Cli, argv: list[str], words: str) -> None:
    result = cli(*argv)
    assert result.status == 2 and words in result.stderr and "usage: downwedig" in result.stderr


def test_the_console_script_and_python_m(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "downwedig"
    assert script.exists(), "the console script is installed beside the interpreter"
    result = subprocess.run([str(script), "solve", str(SAMPLE)], capture_output=True, timeout=60)
    assert result.returncode == 0 and result.stderr == b""
    assert result.stdout.decode() == SAMPLE.with_suffix(".ans").read_text()
    assert process("--version").stdout.decode() == f"downwedig {__version__}\n"


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
