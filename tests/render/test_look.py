"""What the page looks like, measured in Chromium: nothing the picture writes runs out of its place.

The boxes are the browser's own (``getBBox`` of the drawn elements, in the picture's units), on the
judge's largest staircase, where the numbers are longest, and on the sample, in both layouts.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from downwedig import Staircase, parse
from downwedig.contest.generating.registry import generate

from ..conftest import SAMPLE, THOROUGH
from .browser import Opened, write

#: Every badge's text and pill, every step number and the handkerchief, and the labels of the line of play.
_BOXES = """() => {
  const box = e => { const b = e.getBBox(); return [b.x, b.y, b.x + b.width, b.y + b.height]; };
  const svg = document.querySelector('#picture svg');
  return {
    badges: [...svg.querySelectorAll('.status')].map(g => [g.textContent, box(g.querySelector('rect')),
      box(g.querySelector('text'))]),
    numbers: [...svg.querySelectorAll('.step')].map(g => box(g.querySelector(':scope > text'))),
    kerchief: [...svg.querySelectorAll('.handkerchief polygon')].map(box),
    labels: [...svg.querySelectorAll('.line-label')].map(box),
    arcs: [...svg.querySelectorAll('.line .arc')].map(box),
    width: svg.viewBox.baseVal.width,
  };
}"""


def boxes(page: Opened) -> dict[str, Any]:
    found: dict[str, Any] = page.js(_BOXES)
    return found


def nothing_overlaps(found: dict[str, Any], where: str) -> None:
    for text, pill, words in found["badges"]:
        assert pill[0] + 2 <= words[0] and words[2] <= pill[2] - 2, f"{where}: {text!r} runs out of its badge"
    for kerchief in found["kerchief"]:
        (number,) = [b for b in found["numbers"] if b[1] < (kerchief[1] + kerchief[3]) / 2 < b[3]]
        assert number[2] + 3.5 <= kerchief[0], f"{where}: the handkerchief (and its stroke) touches its step's number"
    right_of_arcs = max((arc[2] for arc in found["arcs"]), default=0)
    for number in found["numbers"]:
        assert right_of_arcs + 2 <= number[0], f"{where}: a step number runs into the line of play"
    for label in found["labels"]:
        assert label[0] >= 0, f"{where}: a label of the line of play is cut at the left"


@pytest.mark.parametrize("width", [1100, 400])
def test_the_longest_numbers_stay_in_their_places(width: int, tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = Staircase.from_ints(generate("max", 300_000, 1, kind="stutter"))
    page = opener(write(tmp_path, staircase, day=299_993, answers=True), width=width)
    found = boxes(page)
    assert [text for text, *_ in found["badges"][:3]] == ["won 59999", "won 59999", "lost 59998"]
    nothing_overlaps(found, f"day 299993, steps 1-30, {width} px")
    for first in (299_964, 150_000) if THOROUGH else (299_964,):  # six-digit steps, five-digit moves
        page.js("f => window.downwedig.showSteps(f)", first)
        nothing_overlaps(boxes(page), f"day 299993 from step {first}, {width} px")


@pytest.mark.parametrize("width", [1100, 400])
def test_the_sample_is_drawn_clear(width: int, tmp_path: Path, opener: Callable[..., Opened]) -> None:
    page = opener(write(tmp_path, parse(SAMPLE.read_bytes()), answers=True), width=width)
    for day in (1, 7, 12):
        page.js("k => window.downwedig.chooseDay(k)", day)
        nothing_overlaps(boxes(page), f"sample day {day}, {width} px")
    page.js("window.downwedig.newGame('Dina')")
    page.js("window.downwedig.move(3)")
    nothing_overlaps(boxes(page), f"a game on the sample, {width} px")
