"""``test`` against solutions that attack the judge: the files compared, the verdicts of other runs, the judge's time.

Each attack runs in both isolation modes (see :mod:`tests.isolation`), as a real
process with a time limit, so a hang fails the test instead of holding it up.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from ..conftest import SAMPLE, THOROUGH, Cli, process
from ..solutions import solution_command

# The solution knows where the tests are (the worst case: here it is told), and attacks every test's files
# after its input has been read; then it prints a wrong answer.
ATTACKER = """\
import glob, os, sys
data = sys.stdin.read()
assert os.readlink("/proc/self/fd/0").startswith("pipe:")  # (its input is a pipe: no path to find there)
for inp in sorted(glob.glob({folder!r} + "/*.in")):
    ans = inp[:-3] + ".ans"
    {attack}
print({answer})
"""

ATTACKS = {
    "overwrites the answer with its own": "open(ans, 'w').write('1' * 12 + '\\n')",
    "deletes the answer": "os.remove(ans)",
    "writes junk into the answer": "open(ans, 'w').write('xyz')",
    "puts a FIFO in the answer's place": "os.remove(ans); os.mkfifo(ans)",
    "links the answer to /dev/zero": "os.remove(ans); os.symlink('/dev/zero', ans)",
    "rewrites the input and the answer": "open(inp, 'w').write('1\\nWWWWWWWW\\n'); open(ans, 'w').write('2\\n')",
}


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_a_solution_cannot_change_what_is_compared(tmp_path: Path, mode: str, attack: str) -> None:
    folder = tmp_path / "tests"
    folder.mkdir()
    for name in ("a", "b"):
        (folder / f"{name}.in").write_bytes(SAMPLE.read_bytes())
        (folder / f"{name}.ans").write_bytes(SAMPLE.with_suffix(".ans").read_bytes())
    answer = "'2'" if attack.startswith("rewrites") else "'1' * 12"
    source = ATTACKER.format(folder=str(folder), attack=ATTACKS[attack], answer=answer)
    solution = solution_command(tmp_path, "attacker", source)
    done = process("test", folder, "--solution", solution, "--format", "json", timeout=120)
    assert done.returncode == 1 and b"Traceback" not in done.stderr, done.stderr
    report = json.loads(done.stdout)
    first, second = report["tests"]
    assert report["isolation"].split("+")[0] == mode
    # Its own test was read before it ran: judged on the real answer.
    assert first["verdict"] in ("WA", "PE"), first
    if "+namespaces" in report["isolation"]:  # (in the sandbox, it finds no test: every file stays as it was)
        assert second["verdict"] in ("WA", "PE"), second
        assert all((folder / f"{name}.ans").read_bytes() == SAMPLE.with_suffix(".ans").read_bytes() for name in "ab")
        return
    # The test after it changed after the check: not run, FAIL, whatever is there now (no hang, no crash).
    assert second["verdict"] == "FAIL" and second["message"].startswith("not run: "), second


def one_step_tests(tmp_path: Path, count: int) -> Path:
    """A folder of ``count`` tests of one step (answer 2), which ``echo 2`` passes."""
    folder = tmp_path / "tests"
    folder.mkdir()
    for k in range(count):
        (folder / f"{k}.in").write_bytes(b"1\nWWWWWWWW\n")
        (folder / f"{k}.ans").write_bytes(b"2\n")
    return folder


def test_parallel_runs_are_exact(cli: Cli, tmp_path: Path, mode: str) -> None:
    # (R5: a sweep took a run that had just started for a leftover: RE, or a ChildProcessError.)
    folder = one_step_tests(tmp_path, 100)
    for _ in range(2 if THOROUGH else 1):
        result = cli("test", folder, "--solution", "echo 2", "-j", "4", "--format", "json")
        assert result.status == 0, result.stderr
        assert json.loads(result.out)["summary"]["counts"]["AC"] == 100


def test_runs_that_remove_the_folders_of_others_break_nothing(cli: Cli, tmp_path: Path, mode: str) -> None:
    # (found by the fuzzer: rm -rf ../* removed the folders of the runs beside it, and the next run crashed)
    # What it can write, only: in the sandbox "$TMPDIR"/.. is its root, where a walk of /usr took seconds.
    folder = one_step_tests(tmp_path, 8)
    solution = 'for f in "$TMPDIR"/../* "$TMPDIR"/../../downwedig-run-*; do [ -w "$f" ] && rm -rf "$f"; done; echo 2'
    result = cli("test", folder, "--solution", solution, "-j", "3", "--format", "json")
    assert result.status == 0, result.stderr
    assert json.loads(result.out)["summary"]["counts"]["AC"] == 8


def test_a_search_through_folders_that_cannot_be_read_is_no_crash(cli: Cli, tmp_path: Path) -> None:
    # (found by the fuzzer: test / met /proc/N/task/N/net)
    folder = tmp_path / "tests"
    (folder / "locked").mkdir(parents=True)
    (folder / "one.in").write_bytes(b"1\nWWWWWWWW\n")
    (folder / "one.ans").write_bytes(b"2\n")
    (folder / "loop").symlink_to(folder, target_is_directory=True)
    os.chmod(folder / "locked", 0)
    try:
        result = cli("test", folder, "--solution", "echo 2")
    finally:
        os.chmod(folder / "locked", 0o755)
    assert result.status == 0 and "test: 1 of 1 tests AC" in result.out
    proc = cli("test", "/proc/self/task", "--solution", "echo 2")
    assert proc.status == 2 and "no tests" in proc.stderr


def test_what_a_run_writes_to_its_errors_cannot_drive_or_turn_the_report(cli: Cli, tmp_path: Path) -> None:
    # (P9: a right-to-left override turned the rest of the report's line around; escapes and controls did not
    # reach the terminal before either.)
    folder = one_step_tests(tmp_path, 1)
    hostile = "before\u2028x\b\b\b\bAC \a\x1b[2J\u202e reversed \u2066isolated\u2069 \u200bzero-width"
    solution = solution_command(tmp_path, "hostile", f"import sys\nsys.stderr.write({hostile!r})\nsys.exit(1)\n")
    table = cli("test", folder, "--solution", solution)
    row = table.out.splitlines()[1]
    assert " RE " in row and "\\u202e reversed \\u2066isolated\\u2069 \\u200bzero-width" in row, row
    assert not any(char in table.out for char in "\b\a\x1b\u202e\u2066\u2069\u200b\u2028"), table.out
    report = json.loads(cli("test", folder, "--solution", solution, "--format", "json").out)
    message = report["tests"][0]["message"]  # (escaped in the message itself: a JSON viewer shows it as it is)
    assert "\\u202e reversed" in message and not any(char in message for char in "\b\a\x1b\u202e\u2066\u200b"), message
