"""Every BAPCtools command a setter runs, on a package ``package`` wrote: ``bt validate``, ``generate``,
``constraints``, ``pdf``, ``solutions``, ``zip`` (and ``bt run``, in test_judges.py), then a rebuild that keeps
what they wrote.  Minutes of the judges' tools: only under ``HYPOTHESIS_PROFILE=thorough`` (CI).
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from downwedig.contest.generating.plan import load_plan
from downwedig.contest.shipping.manifest import MARKER
from downwedig.contest.shipping.package import write_package

from ...conftest import need_tool, only_thorough

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def _tools() -> tuple[str, dict[str, str]]:
    bt = need_tool(["bt"], "pip install -e '.[judge]'")
    need_tool(["g++"], "apt-get install g++")
    need_tool(["lualatex"], "apt-get install texlive-luatex texlive-latex-extra texlive-fonts-recommended")
    need_tool(["latexmk"], "apt-get install latexmk texlive-science")
    return bt, {}


def bt(package: Path, command: str, *args: str) -> tuple[int, str, list[str]]:
    """``bt COMMAND`` in the package: its status, its log, and its WARNING / ERROR / FATAL lines."""
    tool, _ = _tools()
    env = {
        **os.environ,
        "PATH": str(Path(tool).parent) + os.pathsep + os.environ["PATH"],
        "XDG_CONFIG_HOME": str(package.parent / "config"),  # (bt remembers every uuid it saw)
    }
    done = subprocess.run([tool, command, *args], cwd=package, capture_output=True, env=env, timeout=3600)
    log = _ANSI.sub("", (done.stdout + done.stderr).decode("utf-8", "replace")).replace("\r", "\n")
    return done.returncode, log, [line for line in log.splitlines() if re.match(r"\s*(WARNING|ERROR|FATAL)", line)]


def unchanged(package: Path) -> list[str]:
    """The package's own files that are not as it wrote them (``sha256sum -c`` of its manifest)."""
    done = subprocess.run(["sha256sum", "--quiet", "-c", MARKER], cwd=package, capture_output=True, text=True)
    return done.stdout.splitlines()


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    only_thorough("a package, then the judges' tools for minutes")
    _tools()
    package = tmp_path_factory.mktemp("bt") / "downwedig"
    write_package(package, "2025-09", load_plan("small"), time_limit=5)
    return package


@pytest.mark.parametrize("command", ["generate", "pdf", "solutions"])  # (and validate after the rebuild, below)
def test_each_bt_command_passes_on_the_small_package_and_changes_none_of_its_files(small: Path, command: str) -> None:
    status, log, warnings = bt(small, command, "-B") if command != "generate" else bt(small, command)
    assert status == 0, log
    assert warnings == [], log
    assert unchanged(small) == []  # (bt generate makes every file of data/ again, byte for byte)


def test_bt_constraints_sees_the_validator_s_bounds_and_that_the_small_plan_never_reaches_300000(
    small: Path,
) -> None:
    status, log, warnings = bt(small, "constraints")
    assert re.search(r"^\s*1 <=\s+n\s+<= 300_000\s+\|\s+1 <= n <= 300_000", log, re.M), log
    # (What bt constraints is for: the small plan stops at n = 50000, and it says so; the full plan passes.)
    assert warnings == ["WARNING: BOUND NOT REACHED: `n` never equals upper bound 300000. Max value found: 12"], log
    assert status == 1 and "Values in some statement but not in input validators" not in log


def test_a_rebuild_after_bt_keeps_what_bt_and_the_setter_wrote(small: Path) -> None:
    bt(small, "pdf", "-B")
    (small / "submissions/accepted/mine.py").write_text("print('mine')\n")
    made = sorted(str(p.relative_to(small)) for p in small.rglob("*") if p.is_file())
    identity = re.search(r"(?m)^uuid: (\S+)$", (small / "problem.yaml").read_text())
    built = write_package(small, "2025-09", load_plan("small"), force=True, time_limit=5)
    assert "problem.en.pdf" in built.kept and "submissions/accepted/mine.py" in built.kept
    assert sorted(str(p.relative_to(small)) for p in small.rglob("*") if p.is_file()) == made
    assert identity is not None and built.uuid == identity[1]
    status, log, warnings = bt(small, "validate", "-B")  # (once: the rebuilt package is the package)
    assert status == 0 and warnings == [], log
    assert unchanged(small) == []


def test_every_bt_command_passes_on_the_full_package(tmp_path: Path) -> None:
    only_thorough("the full package, then the judges' tools for minutes")
    _tools()
    package = tmp_path / "downwedig"
    write_package(package, "2025-09", load_plan("full"), time_limit=5)
    status, log, warnings = bt(package, "constraints")
    assert status == 0 and warnings == [], log
    assert re.search(r"^\s*1 <=\s+n\s+<= 300_000\s+\|", log, re.M), log
    for command, args in (("generate", ()), ("zip", ())):
        status, log, warnings = bt(package, command, *args)
        assert status == 0 and warnings == [], (command, log)
    assert unchanged(package) == []
    assert (package / "downwedig.zip").exists()
