"""The README and ``docs/*.md`` stay true: every ``console`` block is run and its output compared, and every link leads
somewhere.

A block runs as one bash script in a fresh temporary folder holding a copy of
``examples/``, with this interpreter's ``downwedig`` and ``python3`` first on
PATH.  Each ``$ command`` line (continued by lines ending in ``\\``) is a
command; the lines after it, up to the next command, are what it prints (its
standard output and error together).  In the expected text ``...`` stands for
anything (timings, paths, random parts).  A test's id names the file and the
line of its block (``docs/judges.md:40``).

An HTML comment just before a block says more about it:
``<!-- readme: needs oj: pip install online-judge-tools -->`` skips the block
when ``oj`` is missing, as other tool tests do (``needs p2d,lualatex: ...``: when
either is); ``<!-- readme: slow -->`` runs it only under the thorough profile
(CI); ``continued`` runs it in the same shell after the block before it (and
that one's own predecessors), as a reader who types one after the other does:
only its own commands' outputs are compared.

The Python (``>>>``) examples of the same files are doctests (``pyproject.toml``'s
``--doctest-glob``).  Every relative link (``[text](path#anchor)``) must lead to a
file or folder of the repository and its anchor to a heading of the Markdown file
it names, as GitHub makes anchors; and every ``../`` path in the text, link or
code, must name a file of the repository (none may lead to a folder beside the clone).
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

from .conftest import EXAMPLES, ROOT, THOROUGH, need_tool

README = ROOT / "README.md"
DOCUMENTS = [README, *sorted((ROOT / "docs").glob("*.md"))]
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


def chain(block: Block) -> list[Step]:
    """The steps to run for ``block``: its own, after those of the blocks it continues (see the docstring)."""
    if "continued" not in block.note.split():
        return block.steps
    same = [b for b in ALL if b.document == block.document]
    before = same[same.index(block) - 1]
    return [*chain(before), *block.steps]


def run_block(block: Block, folder: Path) -> list[str]:
    shutil.copytree(EXAMPLES, folder / "examples")
    script = ["set +e"]
    steps = chain(block)
    for step in steps:
        script += [step.command, "__status=$?", f"printf '{_MARK}'", "(exit $__status)"]
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ["PATH"], "NO_COLOR": "1", "COLUMNS": "100"}
    env["XDG_CONFIG_HOME"] = str(folder / ".config")  # (BAPCtools remembers every problem uuid it saw there)
    env.pop("DOWNWEDIG_REQUIRE_TOOLS", None)
    # BAPCtools skips colorama's stripping of colour on a pipe when CI or GITLAB_CI is set, and ignores
    # NO_COLOR: the pages show what a reader sees, so the block runs as on a reader's machine.
    env.pop("CI", None)
    env.pop("GITLAB_CI", None)
    result = subprocess.run(
        ["bash", "-c", "exec 2>&1\n" + "\n".join(script)],
        cwd=folder,
        env=env,
        capture_output=True,
        timeout=900,
    )
    return result.stdout.decode("utf-8", "replace").split(_MARK)[len(steps) - len(block.steps) : len(steps)]


ALL = [block for path in DOCUMENTS for block in blocks(path)]


def test_the_readme_and_the_docs_have_console_blocks() -> None:
    assert len(ALL) >= 20
    assert len([block for block in ALL if block.document == "README.md"]) >= 3


@pytest.mark.parametrize("block", ALL, ids=[block.where for block in ALL])
def test_console_block(block: Block, tmp_path: Path) -> None:
    note = block.note
    if note.startswith("needs "):
        tools, _, how = note[len("needs ") :].partition(": ")
        for tool in tools.split(","):  # (each is needed)
            need_tool([tool], how.split(";")[0].strip() or f"install {tool}")  # (without "; slow")
    if "slow" in note.split() and not THOROUGH:
        pytest.skip(f"a slow block ({block.where}): it runs under HYPOTHESIS_PROFILE=thorough (CI)")
    outputs = run_block(block, tmp_path)
    assert len(outputs) == len(block.steps), f"{block.where}: the block stopped early"
    for step, actual in zip(block.steps, outputs, strict=True):
        expected = step.expected.rstrip("\n")
        assert matches(expected, actual.rstrip("\n")), (
            f"{block.where}: $ {step.command}\n--- expected\n{expected}\n--- got\n{actual}"
        )


def test_the_readme_shows_the_test_command_ci_runs() -> None:
    """``.ci/run`` runs the README's test command word for word, so the README must show it."""
    command = re.search(r"^\((.*)\)$", (ROOT / ".ci" / "run").read_text(encoding="utf-8"), re.M)
    assert command is not None, ".ci/run runs the README's test command in a subshell"
    assert command[1] in README.read_text(encoding="utf-8").splitlines()


_FENCE = re.compile(r"^```.*?^```", re.S | re.M)
_CODE = re.compile(r"(`+).*?\1", re.S)
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_HEADING = re.compile(r"^#{1,6} +(.*?) *#*$", re.M)


def prose(text: str) -> str:
    """``text`` without its code: fenced blocks and inline code spans are blanked (keeping line numbers)."""

    def blank(match: re.Match[str]) -> str:
        return re.sub(r"[^\n]", " ", match[0])

    return _CODE.sub(blank, _FENCE.sub(blank, text))


def anchors(path: Path) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown file: lower case, punctuation dropped, spaces as
    hyphens, ``-1``, ``-2``, ... after repeats."""
    found: set[str] = set()
    for heading in _HEADING.findall(_FENCE.sub("", path.read_text(encoding="utf-8"))):
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
        slug = re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")
        anchor, repeat = slug, 0
        while anchor in found:
            repeat += 1
            anchor = f"{slug}-{repeat}"
        found.add(anchor)
    return found


def links(path: Path) -> list[tuple[int, str]]:
    text = prose(path.read_text(encoding="utf-8"))
    return [(text.count("\n", 0, match.start()) + 1, match[1]) for match in _LINK.finditer(text)]


@pytest.mark.parametrize("path", DOCUMENTS, ids=name)
def test_every_relative_link_leads_somewhere(path: Path) -> None:
    broken = []
    for line, target in links(path):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
            continue
        file, _, anchor = target.partition("#")
        destination = (path.parent / file).resolve() if file else path
        if not destination.is_relative_to(ROOT) or not destination.exists():
            broken.append(f"{name(path)}:{line}: {target}: no such file in the repository")
        elif anchor and destination.suffix == ".md" and anchor not in anchors(destination):
            broken.append(f"{name(path)}:{line}: {target}: no heading of {name(destination)} has that anchor")
    assert not broken, "\n".join(broken)


@pytest.mark.parametrize("path", DOCUMENTS, ids=name)
def test_every_parent_path_names_a_file_of_the_repository(path: Path) -> None:
    """A ``../`` path, in a link or in code, leads to a file of the repository: none to a folder beside the clone."""
    text = path.read_text(encoding="utf-8")
    outside = []
    for match in re.finditer(r"(?<![\w./])(?:\.\./)+[\w.-][\w./-]*", text):
        destination = (path.parent / match[0]).resolve()
        if not destination.is_relative_to(ROOT) or not destination.exists():
            outside.append(f"{name(path)}:{text.count(chr(10), 0, match.start()) + 1}: {match[0]}")
    assert not outside, "paths that are not in the repository:\n" + "\n".join(outside)


def test_the_link_checker_sees_broken_links(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# A `code` title: here\n\n[x](page.md#a-code-title-here) `[y](nowhere.md)`\n", encoding="utf-8")
    assert anchors(page) == {"a-code-title-here"}
    assert links(page) == [(3, "page.md#a-code-title-here")]
