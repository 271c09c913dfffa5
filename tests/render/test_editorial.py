"""docs/editorial.md stays true: its pictures are what downwedig draws now, and its code computes the answer."""

from __future__ import annotations

import importlib.util
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from downwedig import Staircase, answer, parse
from downwedig.contest.generating.registry import all_families, generate, to_text

from ..conftest import ROOT, SAMPLE, need_tool

DOCS = ROOT / "docs"
EDITORIAL = DOCS / "editorial.md"


def pictures_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_pictures", DOCS / "pictures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_pictures_are_not_stale() -> None:
    made: dict[str, str] = pictures_script().pictures()
    committed = {path.name for path in (DOCS / "pictures").iterdir()}
    assert committed == set(made), "docs/pictures holds exactly the pictures docs/pictures.py makes"
    for name, text in made.items():
        assert (DOCS / "pictures" / name).read_text(encoding="utf-8") == text, (
            f"docs/pictures/{name} is stale: run python docs/pictures.py"
        )
    shown = set(re.findall(r"!\[[^\]]*\]\(pictures/([^)]+)\)", EDITORIAL.read_text(encoding="utf-8")))
    assert shown == set(made), "the editorial shows every picture, and only those"


def editorial_code() -> dict[str, object]:
    """The editorial's Python blocks, run in order in one namespace."""
    namespace: dict[str, object] = {"__name__": "editorial"}
    for block in re.findall(r"```python\n(.*?)```", EDITORIAL.read_text(encoding="utf-8"), re.S):
        exec(compile(block, str(EDITORIAL), "exec"), namespace)
    return namespace


@pytest.mark.parametrize("name", ["slow", "windows", "top_down", "composing", "memoised", "partners"])
def test_each_solution_of_the_editorial_answers_as_the_library(name: str) -> None:
    solve = editorial_code()[name]
    assert callable(solve)
    function: Callable[[list[str]], str] = solve
    sample = parse(SAMPLE.read_bytes())
    assert function(sample.rows()) == answer(sample) == "211112222212"
    rng = random.Random(name)
    for n in (1, 2, 9, 60, 200):
        palette = [rng.getrandbits(8) for _ in range(rng.randint(1, 4))]
        staircase = Staircase.from_ints([rng.choice(palette) for _ in range(n)])
        assert function(staircase.rows()) == answer(staircase), staircase


def test_the_contest_solution_in_cpp_answers_as_the_library(tmp_path: Path) -> None:
    compiler = need_tool(["g++"], "apt-get install g++")
    (block,) = re.findall(r"```cpp\n(.*?)```", EDITORIAL.read_text(encoding="utf-8"), re.S)
    (tmp_path / "editorial.cpp").write_text(block)
    binary = tmp_path / "editorial"
    built = subprocess.run([compiler, "-O2", "-o", str(binary), str(tmp_path / "editorial.cpp")], capture_output=True)
    assert built.returncode == 0, built.stderr.decode()
    families = sorted(set(all_families()) - {"max"})
    inputs = [SAMPLE.read_bytes(), *(to_text(generate(f, 300, seed=2)).encode() for f in families)]
    for data in inputs:
        run = subprocess.run([str(binary)], input=data, capture_output=True, timeout=60)
        assert run.stdout.decode() == answer(parse(data)) + "\n"


def test_part_one_ends_with_what_to_write_in_the_contest_and_part_two_is_marked() -> None:
    text = EDITORIAL.read_text(encoding="utf-8")
    headings = re.findall(r"^## (\d+)\. (.+)$", text, re.M)
    assert [int(n) for n, _ in headings] == list(range(1, len(headings) + 1))
    titles = dict(headings)
    assert titles["6"] == "What to write in the contest"
    assert all(title.startswith("Part II") for n, title in headings if 7 <= int(n) <= 9), "the engineering is marked"
    assert "Sprague-Grundy values\nare not needed" in text, "the vocabulary note"
    assert text.index("*Remoteness*") > text.index("## 3."), "remoteness where it is used, not in the rules"


def test_the_editorial_quotes_the_sample_masks() -> None:
    masks = editorial_code()["masks"]
    assert callable(masks)
    quoted = ", ".join(bin(m) for m in masks(parse(SAMPLE.read_bytes()).rows()))
    assert quoted.replace(" ", "") in re.sub(r"\s+", "", EDITORIAL.read_text(encoding="utf-8"))


def test_the_readme_and_the_page_point_to_the_editorial() -> None:
    assert "(docs/editorial.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
    from downwedig.render import render_html

    assert "docs/editorial.md" in render_html(Staircase.from_rows(["WW"]))


def test_the_docs_show_every_screenshot_of_the_page() -> None:
    spec = importlib.util.spec_from_file_location("docs_screenshots", DOCS / "screenshots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclass looks its module up)
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    shots = {shot.name: shot.width for shot in module.SHOTS}
    assert {path.name for path in (DOCS / "screenshots").iterdir()} == set(shots), "run python docs/screenshots.py"
    understanding = (DOCS / "understanding.md").read_text(encoding="utf-8")
    assert set(re.findall(r"!\[[^\]]*\]\(screenshots/([^)]+)\)", understanding)) == set(shots)
    assert {400, 1280} <= set(shots.values()), "the page on a desktop and at 400 pixels"
    for name, width in shots.items():
        head = (DOCS / "screenshots" / name).read_bytes()[:24]
        assert head[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(head[16:20], "big") == width, name
