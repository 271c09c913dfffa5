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
from .browser import Opened, scrambled, write

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


#: Each line of the answer strip in sight: its top and bottom, and the strip's inner top and bottom.
_STRIP = """() => {
  const strip = document.getElementById('strip'), box = strip.getBoundingClientRect(), top = box.top + strip.clientTop;
  const lines = [...strip.querySelectorAll('.strip-row')].map(r => r.getBoundingClientRect())
    .filter(r => r.bottom > top && r.top < top + strip.clientHeight).map(r => [r.top, r.bottom]);
  return {lines, top, bottom: top + strip.clientHeight};
}"""


@pytest.mark.parametrize("width", [1280, 400])
def test_the_answer_strip_shows_whole_lines(width: int, tmp_path: Path, opener: Callable[..., Opened]) -> None:
    """The strip opens on the last day, scrolled to its end, and jumps to a day far up: no line is cut in half
    (learner report 5, L12: a half line showed at the strip's top)."""
    page = opener(write(tmp_path, scrambled(5000), answers=True), width=width)
    for day in (5000, 2500, 1):
        page.js("k => window.downwedig.chooseDay(k)", day)
        found = page.js(_STRIP)
        assert len(found["lines"]) == 6, f"day {day}, {width} px: {found}"
        for top, bottom in found["lines"]:
            assert found["top"] <= top and bottom <= found["bottom"], f"day {day}, {width} px: a line is cut"


#: Where the step-through's buttons stand, each relative to the first of its row (the question and the text
#: above a row change height).
_BUTTONS = """() => {
  const at = id => document.getElementById(id).getBoundingClientRect();
  const row = (first, ids) => ids.map(id => [id, Math.round(at(id).left), Math.round(at(id).top - at(first).top)]);
  return [...row('teach-start', ['teach-play', 'predict']),
    ...row('teach-back', ['teach-next', 'teach-all', 'teach-stop'])];
}"""


@pytest.mark.parametrize("width", [1280, 1100, 400])
def test_the_step_through_buttons_stay_in_place(width: int, tmp_path: Path, opener: Callable[..., Opened]) -> None:
    """ "Start on this day" becoming "Start again", "Reveal" becoming "Next step" or "Top-down", and Play becoming
    Pause move no button and no box to another place (learner report 5, L12: the row reflowed)."""
    page = opener(write(tmp_path, parse(SAMPLE.read_bytes())), width=width)
    before = page.js(_BUTTONS)
    page.js("window.downwedig.teach(12)")
    assert page.js(_BUTTONS) == before, "after starting"
    page.js("window.downwedig.guess(12, 'lost')")
    assert page.text("#teach-next") != "Reveal" and page.js(_BUTTONS) == before, "after a guess"
    page.js("window.downwedig.autoplay(100000)")
    assert page.js(_BUTTONS)[1:] == before[1:], "while it plays by itself"
    page.js("window.downwedig.autoplay(0)")
