"""docs/editorial.md stays true: its pictures are what downwedig draws now, and its code computes the answer."""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from collections.abc import Callable
from types import ModuleType

import pytest

from downwedig import Staircase, answer, parse

from ..conftest import ROOT, SAMPLE

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


@pytest.mark.parametrize("name", ["slow", "windows", "top_down", "composing", "partners"])
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
