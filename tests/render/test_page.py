"""The HTML page: self-contained, with the staircase, its masks, the answer and the drawing numbers as data."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest

from downwedig import InvalidDay, InvalidSteps, Staircase, answer
from downwedig.explain import REASONS
from downwedig.moves import packed_move_masks
from downwedig.play import WORDS as GAME_WORDS
from downwedig.reader import ANSWER_HINT, BOM_REASON
from downwedig.render import DEFAULT_COLORS, LAYOUT, render_html
from downwedig.render.layout import NARROW_LAYOUT, SVG_STYLE, TEXTS
from downwedig.render.page import INPUT_WORDS, PAGE_SIZES, PAGE_WORDS, TEACH_WORDS, fits
from downwedig.render.text import WORDS as REPORT_WORDS
from downwedig.staircase import MAX_N

from ..conftest import EXPLAIN, Cli


def embedded(page: str) -> dict[str, object]:
    match = re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S)
    assert match is not None
    data: dict[str, object] = json.loads(match[1])
    return data


def test_page_embeds_rows_masks_and_answer_compactly() -> None:
    s = Staircase.from_ints([(i * 2654435761 >> 9) % 256 for i in range(20_000)])
    page = render_html(s, day=5)
    data = embedded(page)
    assert base64.b64decode(str(data["rows"])) == s.packed
    assert base64.b64decode(str(data["masks"])) == packed_move_masks(s.packed, 8)
    bits = base64.b64decode(str(data["answer"]))
    assert "".join("1" if bits[k // 8] >> (k % 8) & 1 else "2" for k in range(len(s))) == answer(s)
    assert data["day"] == 5 and data["n"] == 20_000 and data["first"] == 1 and data["window"] == LAYOUT.window
    assert len(page) < 2.9 * len(s) + 120_000, "about 2.9 bytes a step, and under 120 kB of scripts, words and style"
    # Nothing is loaded from a network: the only addresses are the links to further reading, which a reader follows.
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "")
    links = re.findall(r'<a href="(https://[^"]+)">', page)
    assert page.count("https://") == len(links) == 4 and all(
        "cp-algorithms" in u or "usaco" in u or "cses" in u for u in links
    )


def test_page_gets_the_drawing_numbers_and_the_words_as_data() -> None:
    data = embedded(render_html(Staircase.from_rows(["WW", "RR"])))
    assert data["layout"] == LAYOUT.as_data(2)
    assert data["colors"] == DEFAULT_COLORS and data["texts"] == TEXTS and data["style"] == SVG_STYLE
    assert data["reasons"] == REASONS and data["words"] == GAME_WORDS and data["report"] == REPORT_WORDS
    assert data["page"] == PAGE_WORDS
    assert data["narrow"] == NARROW_LAYOUT.as_data(2) and data["sizes"] == PAGE_SIZES
    assert data["fits"] == fits(2, 2) and fits(2, 2)["2"] == {"wide": {}, "narrow": {}}
    assert data["teach"] == TEACH_WORDS and data["input"] == INPUT_WORDS
    assert INPUT_WORDS["bom"] == BOM_REASON and INPUT_WORDS["too_few_answer"].endswith(ANSWER_HINT)
    assert PAGE_SIZES["max_n"] == MAX_N
    assert PAGE_WORDS["bad_day"].format(day=9, n=5) == str(InvalidDay(9, 5)), "the page refuses a day as Python does"


def test_nothing_in_the_data_can_end_the_script() -> None:
    page = render_html(Staircase.from_rows(["WW"] * 3))
    data_block = page.split('id="data">', 1)[1].split("</script>", 1)[0]
    assert "</" not in data_block
    assert page.count("<script") == 2 and "%DATA%" not in page and "%SCRIPT%" not in page
    script = page.split("<script>", 1)[1].rsplit("</script>", 1)[0]
    assert "</script" not in script.lower() and "<!--" not in script, "nothing in the scripts ends them early"


def test_the_command_opens_the_page_on_steps(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    assert cli("render", EXPLAIN, "--day", "9", "--steps", "3..8", "-o", out).status == 0
    data = embedded(out.read_text())
    assert (data["day"], data["first"], data["window"]) == (9, 3, 6)
    with pytest.raises(InvalidSteps):
        render_html(Staircase.from_rows(["WW"] * 5), 3, steps=(2, 4))
    assert data["answers"] is False, "the page asks before it tells"
    assert cli("render", EXPLAIN, "--answers", "-o", out).status == 0 and embedded(out.read_text())["answers"] is True
    refused = cli("render", EXPLAIN, "--answers", "-o", tmp_path / "day.svg")
    assert refused.status == 2 and "--answers is for the page (.html)" in refused.stderr


def test_the_page_scripts_start_chromium_as_the_tests_do() -> None:
    import ast

    from .browser import CHROMIUM_ARGS

    root = Path(__file__).parents[2]
    for script in (root / "benchmarks" / "page.py", root / "docs" / "screenshots.py"):
        assigned = [
            node.value
            for node in ast.walk(ast.parse(script.read_text()))
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "ARGS" for t in node.targets)
        ]
        assert len(assigned) == 1 and ast.literal_eval(assigned[0]) == CHROMIUM_ARGS, script.name
