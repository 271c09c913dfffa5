"""The judges' own tools on the full package: BAPCtools on 2025-09 and Kattis' verifyproblem on legacy.

Each package gets, beside its own submissions, solutions it has never seen
(a reviewer's: right, wrong in several ways, crashing, too slow), dropped into
``submissions/`` as a setter would: every one must get its folder's verdict.
These run for minutes: only under ``HYPOTHESIS_PROFILE=thorough`` (CI).
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from downwedig.contest.generating.plan import load_plan
from downwedig.contest.shipping.package import Built, write_package
from downwedig.contest.shipping.programs.mistakes import MISTAKES

from ...conftest import REQUIRE_TOOLS, THOROUGH, need_tool
from ...solutions import BUGS, FAST, FAST_BUGS, SOLUTION

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
#: The reviewer's solutions and the folder each goes to.
HIDDEN = {
    "accepted/reviewer.py": FAST.format(bug="", before=FAST_BUGS["correct"][1], after="pass"),
    **{
        f"wrong_answer/reviewer_{name}.py": FAST.format(bug=bug, before=before, after=after)
        for name, (bug, before, after) in FAST_BUGS.items()
        if name != "correct"
    },
    "run_time_error/reviewer_crash.py": SOLUTION.format(bug=BUGS["crash"][0], after=""),
    "time_limit_exceeded/reviewer_brute.py": SOLUTION.format(bug="", after=""),
}


def slow() -> None:
    if not (THOROUGH or REQUIRE_TOOLS):
        pytest.skip(
            "slow (the full package, then minutes of the judges' tools): runs under HYPOTHESIS_PROFILE=thorough"
        )


def with_hidden_solutions(built: Built) -> None:
    for name, source in HIDDEN.items():
        target = built.path / "submissions" / name
        target.parent.mkdir(exist_ok=True)
        target.write_text(source)


def test_bapctools_validates_runs_and_builds_the_2025_09_package(tmp_path: Path) -> None:
    slow()
    bt = need_tool(["bt"], "pip install -e '.[judge]'")
    need_tool(["pypy3"], "apt-get install pypy3")
    need_tool(["g++"], "apt-get install g++")
    need_tool(["lualatex"], "apt-get install texlive-luatex texlive-latex-extra texlive-fonts-recommended")
    need_tool(["latexmk"], "apt-get install latexmk texlive-science")
    built = write_package(tmp_path / "downwedig", "2025-09", load_plan("full"))
    with_hidden_solutions(built)
    # Its own bin first on PATH; a fresh config folder (bt remembers every uuid it saw, and warns on a second copy).
    env = {
        **os.environ,
        "PATH": str(Path(bt).parent) + os.pathsep + os.environ["PATH"],
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    logs = {}
    for command in ("validate", "run", "pdf"):
        result = subprocess.run([bt, command, "-B"], cwd=built.path, capture_output=True, env=env, timeout=3600)
        log = _ANSI.sub("", (result.stdout + result.stderr).decode("utf-8", "replace")).replace("\r", "\n")
        logs[command] = log
        assert result.returncode == 0, f"bt {command}:\n{log}"
        assert not [line for line in log.splitlines() if re.match(r"\s*(WARNING|ERROR|FATAL)", line)], log
    run = logs["run"]
    for name in ["accepted/solution.cpp", "accepted/solution.py", *HIDDEN]:
        verdict = {"accepted": "AC", "wrong_answer": "WA", "run_time_error": "RTE", "time_limit_exceeded": "TLE"}
        assert re.search(rf"{re.escape(name)}:\s+{verdict[name.split('/')[0]]}\b", run), (name, run)
    for mistake in MISTAKES:
        assert re.search(rf"wrong_answer/{mistake}\.py:\s+WA\b", run), run
    assert re.search(r"time_limit_exceeded/slow\.py:\s+TLE\b", run), run
    assert (built.path / "problem.en.pdf").exists()


def test_kattis_verifyproblem_passes_the_legacy_package(tmp_path: Path) -> None:
    slow()
    tool = need_tool(["verifyproblem"], "pip install -e '.[judge]'")
    need_tool(["pypy3"], "apt-get install pypy3")
    need_tool(["lualatex"], "apt-get install texlive-luatex texlive-latex-extra texlive-fonts-recommended")
    need_tool(["tidy"], "apt-get install tidy")
    built = write_package(tmp_path / "downwedig", "legacy", load_plan("full"))
    with_hidden_solutions(built)
    # Its own bin first on PATH: Python submissions and the grader must not run under a slow shim.
    env = {**os.environ, "PATH": str(Path(tool).parent) + os.pathsep + os.environ["PATH"]}
    result = subprocess.run([tool, str(built.path)], capture_output=True, text=True, env=env, timeout=3600)
    log = result.stdout + result.stderr
    assert result.returncode == 0, log
    assert "downwedig tested: 0 errors, 0 warnings" in log, log
    assert [line for line in log.splitlines() if line.startswith(("WARNING", "ERROR"))] == []
    for mistake in MISTAKES:
        assert re.search(rf"wrong_answer/{mistake}\.py \(.*\) OK: WA", log), log
    for name in ("accepted/solution.py", "accepted/solution.cpp", "accepted/reviewer.py"):
        assert re.search(rf"{re.escape(name)} \(.*\) OK: AC", log), log
    for name in HIDDEN:
        assert re.search(rf"{re.escape(name)} \(.*\) OK: ", log), (name, log)
    assert re.search(r"time_limit_exceeded/slow\.py \(.*\) OK: TLE", log)
