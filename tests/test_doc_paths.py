"""The paths the docs name are the real ones (issue 27, F9): every `src/...`, `tests/...` path in backticks exists."""

from __future__ import annotations

import re

from .conftest import ROOT

#: A path of the repository as the docs quote it, in backticks: `src/downwedig/reader.py`, `tests/data`.
SOURCES = sorted((ROOT / "src").rglob("*.py"))
_PATH = re.compile(r"`((?:src|tests|benchmarks|docs|examples|seeds)/[A-Za-z0-9_./-]*)")


def test_every_path_the_docs_name_exists() -> None:
    named = 0
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            for match in _PATH.finditer(line):
                path = match[1].rstrip(".")
                if path.startswith("benchmarks/inputs"):  # (made by the benchmarks, not kept)
                    continue
                named += 1
                assert (ROOT / path).exists(), f"{doc.name}:{number}: {path} does not exist"
    assert named > 30, "the docs name many of the repository's files"


def test_every_install_hint_quotes_the_extras() -> None:
    """F21: an unquoted .[judge] after pip install fails in zsh ("no matches found"); every hint quotes it."""
    unquoted = re.compile(r"pip install (?:-e )?\.\[")
    found = 0
    for path in [ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "tests").rglob("*.py"), *SOURCES]:
        text = path.read_text(encoding="utf-8")
        found += text.count("'.[judge]'")
        bad = [n for n, line in enumerate(text.splitlines(), 1) if unquoted.search(line)]
        assert not bad, f"{path.relative_to(ROOT)}:{bad[0]}: quote the extras: '.[judge]'"
    assert found >= 3
