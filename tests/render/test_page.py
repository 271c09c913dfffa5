"""The HTML page: self-contained, with the staircase, its masks, the answer and the drawing numbers as data."""

from __future__ import annotations

import base64
import json
import re

from downwedig import Staircase, answer
from downwedig.explain import REASONS
from downwedig.moves import packed_move_masks
from downwedig.render import DEFAULT_COLORS, LAYOUT, render_html


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
    assert data["answer"] == answer(s) and data["day"] == 5 and data["n"] == 20_000
    assert len(page) < 3 * len(s) + 30_000
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "") and "https://" not in page


def test_page_gets_the_drawing_numbers_and_the_words_as_data() -> None:
    data = embedded(render_html(Staircase.from_rows(["WW", "RR"])))
    assert data["layout"] == LAYOUT.as_data()
    assert data["colors"] == DEFAULT_COLORS
    assert data["reasons"] == REASONS


def test_nothing_in_the_data_can_end_the_script() -> None:
    page = render_html(Staircase.from_rows(["WW"] * 3))
    data_block = page.split('id="data">', 1)[1].split("</script>", 1)[0]
    assert "</" not in data_block
    assert page.count("<script") == 2 and "%DATA%" not in page and "%SCRIPT%" not in page
