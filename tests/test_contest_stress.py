"""Stress testing against deliberately wrong solutions, and shrinking."""

from __future__ import annotations

import os
import shlex
import sys
import time
from pathlib import Path

import pytest

from downwedig.cli import main
from downwedig.contest.families import generate
from downwedig.contest.shrink import ddmin, shrink
from downwedig.contest.stress import plan, run_solution, stress

# A brute-force solution with a hook where each wrong solution puts its bug.
SOLUTION = """\
import sys
data = sys.stdin.read().split()
n = int(data[0])
rows = data[1:1 + n]

def common(a, b):
    return sum(x == y for x, y in zip(a, b))

def legal(i, j):
    return j - i <= common(rows[i], rows[j])

{bug}
out = []
for k in range(1, n + 1):
    won = [False] * k
    for i in range(k - 2, -1, -1):
        won[i] = any(legal(i, j) and not won[j] for j in range(i + 1, min(k, i + 9)))
    out.append("1" if won[0] else "2")
{after}
print("".join(out))
"""

BUGS = {
    "correct": ("", ""),
    "off_by_one": ("def legal(i, j):\n    return j - i < common(rows[i], rows[j])\n", ""),
    "day_one": ("", "out[0] = '1'"),
    "crash": ("if any(r.count('R') >= 7 for r in rows):\n    raise IndexError('boom')\n", ""),
}


def command(tmp_path: Path, name: str, source: str | None = None) -> str:
    script = tmp_path / f"{name}.py"
    if source is None:
        bug, after = BUGS[name]
        source = SOLUTION.format(bug=bug, after=after)
    script.write_text(source)
    return f"{shlex.quote(sys.executable)} -I -S {shlex.quote(str(script))}"


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a zombie waiting for its parent to reap it is not running
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return True


def steps(path: Path) -> int:
    return int(path.read_text().split("\n", 1)[0])


def test_ddmin_finds_the_guilty_pair() -> None:
    calls: list[int] = []

    def test(xs: list[int]) -> list[int] | None:
        calls.append(len(xs))
        return xs if 13 in xs and 71 in xs else None

    assert ddmin(list(range(100)), test) == [13, 71]
    assert len(calls) < 100


def test_shrink_cuts_after_the_first_wrong_day() -> None:
    # "Wrong" from the first step that has a red piece in column 0 on.
    def fails(rows: list[int]) -> int | None:
        days = [k for k, r in enumerate(rows, 1) if r & 0x80]
        return days[0] if days else None

    result = shrink([0, 3, 0, 0x81, 0, 0xFF, 7], fails)
    assert result.rows == [0x80] and result.complete


def test_shrink_respects_its_budget() -> None:
    result = shrink(list(range(256)), lambda rows: len(rows) if len(rows) > 3 else None, max_runs=5)
    assert result.runs == 5 and not result.complete and len(result.rows) > 3


def test_plan_is_reproducible_and_matches_gen() -> None:
    first, again = plan(7, 40, 30), plan(7, 40, 30)
    assert first == again
    assert plan(8, 40, 30) != first
    assert {case.family for case in first} >= {"random", "chain", "palette"}
    assert all(1 <= case.n <= 30 for case in first)
    for case in first[::7]:
        assert case.rows == generate(case.family, case.n, case.seed, **case.options)


def test_a_correct_solution_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["stress", "--solution", command(tmp_path, "correct"), "--tests", "40", "--max-n", "25", "--seed", "3"]
    assert main([*argv, "--save", str(tmp_path / "f")]) == 0
    assert capsys.readouterr().out == "stress: all 40 tests passed (seed 3, n up to 25)\n"
    assert not (tmp_path / "f.in").exists()


@pytest.mark.parametrize("bug", ["off_by_one", "day_one"])
def test_wrong_answers_are_caught_and_shrunk(tmp_path: Path, capsys: pytest.CaptureFixture[str], bug: str) -> None:
    prefix = tmp_path / "fail"
    argv = ["stress", "--solution", command(tmp_path, bug), "--max-n", "30", "--seed", "1", "--save", str(prefix)]
    assert main(argv) == 1
    out = capsys.readouterr().out
    assert "failed: wrong answer" in out
    assert steps(prefix.with_suffix(".in")) <= 10
    if bug == "day_one":
        assert prefix.with_suffix(".in").read_text() == "1\nWWWWWWWW\n"
        assert prefix.with_suffix(".expected").read_text() == "2\n"
        assert prefix.with_suffix(".received").read_text() == "1\n"
    # The printed gen command reproduces the original failing test.
    gen = next(line for line in out.splitlines() if line.startswith("original test")).split(": ", 1)[1]
    assert main([*shlex.split(gen)[1:], "-o", str(tmp_path / "orig.in")]) == 0
    assert run_solution(command(tmp_path, bug), (tmp_path / "orig.in").read_bytes(), 10).stdout != b""
    # Reproducible from the seed: the same report again.
    assert main(argv) == 1
    assert capsys.readouterr().out == out


def test_a_crash_is_caught_and_shrunk(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    prefix = tmp_path / "crash"
    argv = ["stress", "--solution", command(tmp_path, "crash"), "--max-n", "30", "-j", "2", "--save", str(prefix)]
    assert main(argv) == 1
    out = capsys.readouterr().out
    assert "failed: crash (exit status 1)" in out
    assert "IndexError: boom" in out
    minimal = prefix.with_suffix(".in").read_text().split()
    assert minimal[0] == "1" and minimal[1].count("R") == 7


HANG = """\
import os, subprocess, sys, time
child = subprocess.Popen([sys.executable, "-I", "-S", "-c", "import time; time.sleep(600)"])
with open({pids!r}, "a") as f:
    f.write(f"{{os.getpid()}} {{child.pid}}\\n")
while True:
    time.sleep(0.05)
"""


def test_a_hang_is_killed_with_everything_it_started(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pids_file = tmp_path / "pids"
    solution = command(tmp_path, "hang", HANG.format(pids=str(pids_file)))
    start = time.monotonic()
    argv = ["stress", "--solution", solution, "--timeout", "0.5", "--tests", "3", "--save", str(tmp_path / "h")]
    assert main(argv) == 1
    assert time.monotonic() - start < 30
    assert "failed: time-out (killed after 0.5 s)" in capsys.readouterr().out
    pids = [int(p) for p in pids_file.read_text().split()]
    assert len(pids) >= 2
    deadline = time.monotonic() + 5
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in pids if alive(pid)]


def test_background_processes_of_a_finished_run_are_killed(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    script = (
        "import subprocess, sys\n"
        "child = subprocess.Popen([sys.executable, '-I', '-S', '-c', 'import time; time.sleep(600)'],"
        " stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        f"open({str(pid_file)!r}, 'w').write(str(child.pid))\n"
        "print('2')\n"
    )
    run = run_solution(command(tmp_path, "leaver", script), b"1\nWWWWWWWW\n", 10)
    assert run.returncode == 0 and run.stdout == b"2\n"
    pid = int(pid_file.read_text())
    deadline = time.monotonic() + 5
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(pid)


def test_stress_library_report(tmp_path: Path) -> None:
    report = stress(command(tmp_path, "day_one"), tests=10, max_n=10, seed=2, jobs=2)
    assert report.failure is not None and report.failure.kind == "wrong answer"
    assert report.case is not None and report.case.index == 0
    assert report.minimal == [0] and report.minimal_failure is not None
    assert report.minimal_failure.expected == "2"


def test_stress_usage_errors() -> None:
    for argv in (
        ["stress"],
        ["stress", "--solution", "x", "--max-n", "300001"],
        ["stress", "--solution", "x", "--tests", "0"],
    ):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2
