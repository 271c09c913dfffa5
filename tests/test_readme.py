"""Every ``console`` block of the README (and of the pages in :data:`PAGES`) is run, and its output compared,
so that none can go stale.

A block runs as one bash script in a fresh temporary folder holding a copy of
``examples/``, with this interpreter's ``downwedig`` and ``python3`` first on
PATH.  Each ``$ command`` line (continued by lines ending in ``\\``) is a
command; the lines after it, up to the next command, are what it prints (its
standard output and error together).  In the expected text ``...`` stands for
anything (timings, paths, random parts).

An HTML comment just before a block says more about it:
``<!-- readme: needs oj: pip install online-judge-tools -->`` skips the block
when ``oj`` is missing, as other tool tests do; ``<!-- readme: slow -->`` runs
it only under the thorough profile (CI).
"""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import EXAMPLES, ROOT, need_tool

README = ROOT / "README.md"
#: The pages whose console blocks are run: the README, and the judges' walk-through.
PAGES = [README, ROOT / "docs" / "judges-walkthrough.md"]
_THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
_BLOCK = re.compile(r"(?:<!-- readme: (?P<note>[^>]*) -->\n)?```console\n(?P<body>.*?)```", re.S)
_MARK = "\x1e@@readme-next@@\x1e"


@dataclasses.dataclass(frozen=True)
class Step:
    command: str
    expected: str


@dataclasses.dataclass(frozen=True)
class Block:
    line: int
    note: str
    steps: list[Step]
    page: str = "README.md"


def blocks(page: Path = README) -> list[Block]:
    text = page.read_text(encoding="utf-8")
    found = []
    for match in _BLOCK.finditer(text):
        steps: list[Step] = []
        command: list[str] = []
        output: list[str] = []
        for raw in match["body"].splitlines():
            if command and command[-1].endswith("\\"):
                command.append(raw)
            elif raw.startswith("$ "):
                if command:
                    steps.append(Step("\n".join(command), "\n".join(output)))
                command, output = [raw[2:]], []
            else:
                output.append(raw)
        if command:
            steps.append(Step("\n".join(command), "\n".join(output)))
        line = text.count("\n", 0, match.start("body")) + 1
        found.append(Block(line, match["note"] or "", steps, page.relative_to(ROOT).as_posix()))
    return found


def matches(expected: str, actual: str) -> bool:
    """Whether ``actual`` is ``expected`` with each ``...`` standing for any text."""
    pattern = ".*?".join(re.escape(part) for part in expected.split("..."))
    return re.fullmatch(pattern, actual, re.S) is not None


def run_block(block: Block, folder: Path) -> list[str]:
    shutil.copytree(EXAMPLES, folder / "examples")
    script = ["set +e"]
    for step in block.steps:
        script += [step.command, "__status=$?", f"printf '{_MARK}'", "(exit $__status)"]
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ["PATH"], "NO_COLOR": "1", "COLUMNS": "100"}
    env["XDG_CONFIG_HOME"] = str(folder / ".config")  # (BAPCtools remembers every problem uuid it saw there)
    env.pop("DOWNWEDIG_REQUIRE_TOOLS", None)
    result = subprocess.run(
        ["bash", "-c", "exec 2>&1\n" + "\n".join(script)],
        cwd=folder,
        env=env,
        capture_output=True,
        timeout=900,
    )
    return result.stdout.decode("utf-8", "replace").split(_MARK)[: len(block.steps)]


ALL = [block for page in PAGES for block in blocks(page)]


def test_the_readme_has_console_blocks() -> None:
    assert len(blocks(README)) >= 10 and len(ALL) > len(blocks(README))


def _id(block: Block) -> str:
    page = "" if block.page == "README.md" else Path(block.page).stem + "-"
    return f"{page}line-{block.line}"


@pytest.mark.parametrize("block", ALL, ids=[_id(b) for b in ALL])
def test_console_block(block: Block, tmp_path: Path) -> None:
    note = block.note
    if note.startswith("needs "):
        tool, _, how = note[len("needs ") :].partition(": ")
        need_tool([tool], how or f"install {tool}")
    if "slow" in note.split() and not _THOROUGH:
        pytest.skip(f"a slow block of {block.page}: it runs under HYPOTHESIS_PROFILE=thorough (CI)")
    outputs = run_block(block, tmp_path)
    assert len(outputs) == len(block.steps), f"{block.page} line {block.line}: the block stopped early"
    for step, actual in zip(block.steps, outputs, strict=True):
        expected = step.expected.rstrip("\n")
        assert matches(expected, actual.rstrip("\n")), (
            f"{block.page} line {block.line}: $ {step.command}\n--- expected\n{expected}\n--- got\n{actual}"
        )
