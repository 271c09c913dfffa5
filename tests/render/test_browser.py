"""The HTML page in a real headless Chromium: it draws what Python draws, and follows the chosen day.

Chromium comes from Debian's ``chromium`` package; without it these tests skip
(and fail when ``DOWNWEDIG_REQUIRE_TOOLS=1``, as in CI).  The page honours
``#day=K`` by calling the same function as its slider and number input, so
loading ``page.html#day=K`` is choosing day K; ``--dump-dom`` prints the DOM
after the page's script has run, and the tests read the picture from it and
compare it with :func:`downwedig.render.svg_element`.
"""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path

import pytest

from downwedig import Staircase, answer, parse
from downwedig.explain import analyse
from downwedig.render import DEFAULT_COLORS, LAYOUT, render_html, svg_element

from ..conftest import EXPLAIN, need_tool, with_class

WINDOW = LAYOUT.window


def chromium() -> str:
    return need_tool(["chromium", "chromium-browser"], "apt-get install chromium")


def dump_dom(page: Path, fragment: str, profile: Path) -> str:
    result = subprocess.run(
        [
            chromium(),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={profile}",
            "--dump-dom",
            page.as_uri() + fragment,
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def picture(dom: str) -> ET.Element:
    match = re.search(r"<svg\b.*?</svg>", dom, re.S)
    assert match is not None, "the page drew a picture"
    return ET.fromstring(match[0])


def span(dom: str, name: str) -> str:
    match = re.search(rf'<span id="{name}"[^>]*>([^<]*)</span>', dom)
    assert match is not None, name
    return match[1]


def check_day(dom: str, staircase: Staircase, day: int) -> ET.Element:
    """The DOM shows day ``day``: the highlighted digit, and a picture equal to the Python analysis."""
    digits = answer(staircase)
    assert span(dom, "before") == digits[: day - 1]
    assert span(dom, "chosen") == digits[day - 1]
    assert span(dom, "after") == digits[day:]
    assert re.search(rf'<span id="chosen"[^>]*data-day="{day}"', dom)
    svg = picture(dom)
    a = analyse(staircase, day)
    shown = range(1, min(day, WINDOW) + 1)
    rows = with_class(svg, "step")
    assert [r.get("id") for r in rows] == [f"step-{i}" for i in shown]
    for row, i in zip(rows, shown, strict=True):
        status = "won" if a.won[i] else "lost"
        assert row.get("class") == f"step {status}"
        (mark,) = with_class(row, "status")
        assert "".join(mark.itertext()) == f"{status} {a.remoteness[i]}", f"step {i} of day {day}"
        fills = [p.get("fill") for p in with_class(row, "piece")]
        assert fills == [DEFAULT_COLORS["red" if c == "R" else "white"] for c in staircase.row(i)]
    assert len(with_class(svg, "handkerchief")) == 1
    assert len(with_class(svg, "move")) == sum(1 for m in a.moves(1) if m.target <= WINDOW)
    line = a.line_steps()
    assert len(with_class(svg, "line")) == sum(1 for _, j in pairwise(line) if j <= WINDOW)
    verdict = "".join(with_class(svg, "verdict")[0].itertext())
    assert verdict.startswith(f"Day {day} of {len(staircase)}: {a.winner} wins")
    # The page draws exactly what Python draws: the same elements, attributes and text.
    assert canonical(svg) == canonical(svg_element(a))
    return svg


def canonical(element: ET.Element) -> list[tuple[str, dict[str, str], str]]:
    """Every element in document order: its tag without namespace, its attributes and its text."""
    return [
        (e.tag.rsplit("}", 1)[-1], {k: v for k, v in e.attrib.items() if k != "xmlns"}, (e.text or "").strip())
        for e in element.iter()
    ]


@pytest.fixture(scope="module")
def profile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("chromium-profile")


def test_choosing_a_day_changes_picture_and_highlighted_digit(tmp_path: Path, profile: Path) -> None:
    staircase = parse(EXPLAIN.read_bytes())
    page = tmp_path / "page.html"
    page.write_text(render_html(staircase), encoding="utf-8")
    pictures = {}
    for day in (3, 9, 12):
        dom = dump_dom(page, f"#day={day}", profile)
        pictures[day] = ET.tostring(check_day(dom, staircase, day))
    assert len(set(pictures.values())) == 3, "each day has its own picture"
    # Without a fragment the page shows the day it was rendered for.
    check_day(dump_dom(page, "", profile), staircase, len(staircase))


def test_page_of_a_long_staircase_shows_a_window(tmp_path: Path, profile: Path) -> None:
    staircase = Staircase.from_ints([(i * 2654435761 >> 9) % 256 for i in range(3000)])
    page = tmp_path / "long.html"
    page.write_text(render_html(staircase, day=1), encoding="utf-8")
    check_day(dump_dom(page, "", profile), staircase, 1)
    check_day(dump_dom(page, "#day=2500", profile), staircase, 2500)
