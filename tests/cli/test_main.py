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


def imported_by(*argv: str) -> set[str]:
    """The modules a fresh interpreter has loaded after running ``downwedig ARGV``."""
    code = (
        "import sys\n"
        "from downwedig.cli import main\n"
        f"main({list(argv)!r})\n"
        "sys.stderr.write(' '.join(sorted(sys.modules)))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return set(result.stderr.split())


def test_each_command_loads_only_what_it_needs() -> None:
    quick = imported_by("solve", str(SAMPLE))
    assert "argparse" not in quick and "downwedig.render" not in quick and "downwedig.contest" not in quick
    assert "argparse" not in imported_by("--version")
    explain = imported_by("explain", str(SAMPLE))
    assert "downwedig.render.text" in explain and "downwedig.contest" not in explain
    assert "downwedig.render.svg" not in imported_by("validate", str(SAMPLE))


def test_the_quick_solve_is_the_full_one(cli: Cli, tmp_path: Path) -> None:
    for argv in (["solve", SAMPLE], ["solve", "--stream", SAMPLE], ["solve", SAMPLE, "--stream"]):
        quick = cli(*argv)
        full = cli(*argv, "--width", "8")  # --width sends it through argparse
        assert quick == full and quick.status == 0
    bad = tmp_path / "bad.in"
    bad.write_bytes(b"2\nWWWWWWWW\nWWWW\n")
    assert cli("solve", bad) == cli("solve", bad, "--width", "8")
