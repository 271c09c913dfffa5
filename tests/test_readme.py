"""The README and ``docs/*.md`` stay true: every ``console`` block is run and its output compared.

A block runs as one bash script in a fresh temporary folder holding a copy of
``examples/``, with this interpreter's ``downwedig`` and ``python3`` first on
PATH.  Each ``$ command`` line (continued by lines ending in ``\\``) is a
command; the lines after it, up to the next command, are what it prints (its
standard output and error together).  In the expected text ``...`` stands for
anything (timings, paths, random parts).  A test's id names the file and the
line of its block (``docs/judges.md:40``).

An HTML comment just before a block says more about it:
``<!-- readme: needs oj: pip install online-judge-tools -->`` skips the block
when ``oj`` is missing, as other tool tests do; ``<!-- readme: slow -->`` runs
it only under the thorough profile (CI).

The Python (``>>>``) examples of the same files are doctests (``pyproject.toml``'s
``--doctest-glob``).
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
DOCUMENTS = [README, *sorted((ROOT / "docs").glob("*.md"))]
_THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
_BLOCK = re.compile(r"(?:<!-- readme: (?P<note>[^>]*) -->\n)?```console\n(?P<body>.*?)```", re.S)
_MARK = "\x1e@@readme-next@@\x1e"


def name(path: Path) -> str:
    """``path`` as the repository names it: ``README.md``, ``docs/judges.md``."""
    return path.relative_to(ROOT).as_posix()


@dataclasses.dataclass(frozen=True)
class Step:
    command: str
    expected: str


@dataclasses.dataclass(frozen=True)
class Block:
    document: str
    line: int
    note: str
    steps: list[Step]

    @property
    def where(self) -> str:
        return f"{self.document}:{self.line}"


def blocks(path: Path) -> list[Block]:
    text = path.read_text(encoding="utf-8")
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
        found.append(Block(name(path), text.count("\n", 0, match.start("body")) + 1, match["note"] or "", steps))
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
    env.pop("DOWNWEDIG_REQUIRE_TOOLS", None)
    result = subprocess.run(
        ["bash", "-c", "exec 2>&1\n" + "\n".join(script)],
        cwd=folder,
        env=env,
        capture_output=True,
        timeout=900,
    )
    return result.stdout.decode("utf-8", "replace").split(_MARK)[: len(block.steps)]


ALL = [block for path in DOCUMENTS for block in blocks(path)]


def test_the_readme_and_the_docs_have_console_blocks() -> None:
    assert len(ALL) >= 10


@pytest.mark.parametrize("block", ALL, ids=[block.where for block in ALL])
def test_console_block(block: Block, tmp_path: Path) -> None:
    note = block.note
    if note.startswith("needs "):
        tool, _, how = note[len("needs ") :].partition(": ")
        need_tool([tool], how or f"install {tool}")
    if "slow" in note.split() and not _THOROUGH:
        pytest.skip(f"a slow block ({block.where}): it runs under HYPOTHESIS_PROFILE=thorough (CI)")
    outputs = run_block(block, tmp_path)
    assert len(outputs) == len(block.steps), f"{block.where}: the block stopped early"
    for step, actual in zip(block.steps, outputs, strict=True):
        expected = step.expected.rstrip("\n")
        assert matches(expected, actual.rstrip("\n")), (
            f"{block.where}: $ {step.command}\n--- expected\n{expected}\n--- got\n{actual}"
        )
