"""The page asks before it tells, keeps the picture and the question together on a phone, and makes its top-down
phase readable: nothing of who wins at load, a prediction or one button tells, a coach's link shows all; at
400 px the step in question and the question stay on screen through the step-through and autoplay; the tables'
grid is labelled by its bits and tied to the picture."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from downwedig import Staircase, answer, parse
from downwedig.contest.generating.registry import generate
from downwedig.explain import analyse
from downwedig.render.page import PAGE_WORDS
from downwedig.render.teaching import TEACH_WORDS as TW

from ..conftest import SAMPLE, THOROUGH
from .browser import Opened, same_picture, write

#: Everything on screen that could tell who wins the chosen day: the words, the digits, the badges, the drawing.
_TOLD = """() => {
  const svg = document.querySelector('#picture svg');
  return {
    text: document.body.innerText,
    digits: [...document.querySelectorAll('#strip .group')].map(g => g.textContent).join(''),
    badges: [...svg.querySelectorAll('.status')].map(b => b.textContent),
    statuses: svg.querySelectorAll('.step.won, .step.lost').length,
    drawn: svg.querySelectorAll('.line, .reply, [marker-end="url(#head-win)"]').length,
    facts: document.getElementById('facts').textContent,
  };
}"""


def nothing_told(page: Opened) -> None:
    found: dict[str, Any] = page.js(_TOLD)
    assert re.findall(r"D(?:in|im)a wins day \d", found["text"]) == [], "no sentence says who wins a day"
    assert re.findall(r"\b(?:won|lost) \d", found["text"]) == []
    assert set(found["digits"]) == {"?"}, "no digit of the answer"
    assert set(found["badges"]) == {"?"} and found["statuses"] == 0, "no status of a step"
    assert found["drawn"] == 0 and found["facts"] == "", "no line of play, answer or winning move, no facts"


@pytest.mark.parametrize("width", [1280, 400])
def test_at_load_nothing_says_who_wins(width: int, tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = parse(SAMPLE.read_bytes())
    page = opener(write(tmp_path, staircase), width=width)
    nothing_told(page)
    assert page.text("#winner") == PAGE_WORDS["winner_ask"].format(day=12)
    assert page.state()["shown"] is False and page.state()["answers"] is False
    same_picture(page, analyse(staircase, 12), statuses=False)
    page.js("window.downwedig.chooseDay(5)")  # another day: as untold
    nothing_told(page)
    page.click("#tab-why")
    assert page.text("#facts-hidden") == PAGE_WORDS["facts_hidden_ask"]


def test_a_prediction_tells_that_day_only(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = parse(SAMPLE.read_bytes())
    digits = answer(staircase)
    page = opener(write(tmp_path, staircase))
    page.click("#predict-dima")  # day 12 is Dima's
    a = analyse(staircase, 12)
    assert page.text("#winner") == PAGE_WORDS["predicted_right"].format(words="Dima wins day 12")
    same_picture(page, a)
    assert page.text("#facts").startswith("Day 12 of 12: Dima wins")
    strip = page.js("[...document.querySelectorAll('#strip .group')].map(g => g.textContent).join('')")
    assert strip == "?" * 11 + digits[11], "the strip tells day 12 only"
    assert page.js("getComputedStyle(document.getElementById('predict-day')).display") == "none"
    page.js("window.downwedig.chooseDay(11)")
    assert page.js("window.downwedig.predict('Dima')") == {"correct": False, "winner": "Dina"}
    assert page.text("#winner") == PAGE_WORDS["predicted_wrong"].format(words="Dina wins day 11", said="Dima")
    page.js("window.downwedig.chooseDay(12)")  # told once, told for good
    assert page.state()["shown"] is True and page.text("#winner") == "Dima wins day 12"


def test_one_button_or_a_coach_s_link_shows_every_answer(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = parse(SAMPLE.read_bytes())
    digits = answer(staircase)
    path = write(tmp_path, staircase)
    page = opener(path)
    strip = "[...document.querySelectorAll('#strip .group')].map(g => g.textContent).join('')"
    page.click("#show-answers")
    assert page.js("document.getElementById('show-answers').getAttribute('aria-pressed')") == "true"
    assert page.js(strip) == digits and page.text("#winner") == "Dima wins day 12"
    same_picture(page, analyse(staircase, 12))
    page.wait_for_hash("#day=12&answers")
    page.click("#show-answers")  # and hides them again
    nothing_told(page)
    coach = opener(path, "#day=7&answers")  # the link a coach sends
    assert coach.state()["day"] == 7 and coach.state()["answers"] is True
    assert coach.js(strip) == digits
    same_picture(coach, analyse(staircase, 7))
    made = opener(write(tmp_path, staircase, "coach.html", answers=True))  # downwedig render --answers
    assert made.state()["shown"] is True and made.js(strip) == digits


def test_a_day_is_told_once_stepped_through_or_played(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = parse(SAMPLE.read_bytes())
    page = opener(write(tmp_path, staircase, day=7))
    page.js("window.downwedig.teach(7)")
    page.click("#teach-all")  # step 1 revealed
    page.click("#teach-stop")
    assert page.state()["shown"] is True and page.text("#winner") == f"{analyse(staircase, 7).winner} wins day 7"
    page.js("window.downwedig.chooseDay(4)")
    assert page.state()["shown"] is False
    page.js("window.downwedig.newGame('Dina')")
    while not page.state()["game"]["over"]:
        at = page.state()["game"]["handkerchief"]
        page.js("t => window.downwedig.move(t)", analyse(staircase, 4).moves(at)[0].target)
    page.click("#stop")
    assert page.state()["shown"] is True, "a game that ended told its day"


#: The boxes that must be on screen together at 400 px: the step in question in the picture, the question (or the
#: answer and why), the buttons to answer and to go on.
_BOXES = """() => {
  const box = e => { if (!e) return null; const b = e.getBoundingClientRect(); return [b.top, b.bottom, b.height]; };
  const state = window.downwedig.state(), step = state.teaching.step;
  return {step, phase: state.teaching.phase, autoplay: state.autoplay,
    picture: box(document.querySelector('#step-' + step)), view: box(document.getElementById('view')),
    ask: box(document.getElementById('ask')), buttons: box(document.getElementById('steps-buttons')),
    height: innerHeight};
}"""


def together(page: Opened, where: str, found: dict[str, Any] | None = None) -> int:
    found = found or page.js(_BOXES)
    assert found is not None
    height = found["height"]
    picture, view, ask, buttons = found["picture"], found["view"], found["ask"], found["buttons"]
    assert picture is not None, f"{where}: step {found['step']} is not drawn"
    assert picture[0] >= 0 and picture[1] <= height, f"{where}: step {found['step']} is off screen: {picture}"
    assert view[1] <= ask[0] + 1, f"{where}: the question is under the picture"
    assert ask[2] > 0 and ask[0] >= 0 and buttons[1] <= height, f"{where}: the question off screen: {ask} {buttons}"
    return int(found["step"])


@pytest.mark.parametrize("source", ["sample", "stutter"])
def test_at_400_px_the_picture_and_the_question_stay_together(
    source: str, tmp_path: Path, opener: Callable[..., Opened]
) -> None:
    if source == "stutter":  # the judge's largest staircase, a day deep in it
        staircase, day = Staircase.from_ints(generate("max", 300_000, 1, kind="stutter")), 299_993
    else:
        staircase, day = parse(SAMPLE.read_bytes()), 12
    page = opener(write(tmp_path, staircase, day=day), width=400)
    page.click("#teach-start")
    a = analyse(staircase, day)
    steps = range(day, day - 12, -1) if source == "stutter" else range(day, 0, -1)
    for i in steps:  # a person's taps: answer, then next
        assert together(page, f"step {i} asked") == i
        page.click("#guess-won" if a.won[i] else "#guess-lost")
        assert together(page, f"step {i} answered") == i
        if i > 1:
            page.click("#teach-next")
    page.page.uncheck("#predict")
    page.js(f"window.downwedig.teach({day}).length")  # (its entries stay in the browser)
    page.js("window.downwedig.autoplay(25)")  # fast: each moment checked as it is drawn
    seen = set()
    for _ in range(40 if THOROUGH else 12):
        page.page.wait_for_timeout(10)
        found = page.js(_BOXES)  # (the state and the boxes of one moment)
        if not found["autoplay"] or found["phase"] != "up":
            break
        seen.add(together(page, "autoplay", found))
    page.js("window.downwedig.autoplay(0)")
    assert len(seen) > 1, "autoplay went on while checked"


def test_the_tables_grid_is_labelled_by_its_bits(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = parse(SAMPLE.read_bytes())
    page = opener(write(tmp_path, staircase))
    page.js("window.downwedig.teach(12)")
    page.click("#teach-all")
    for _ in range(4):
        page.click("#teach-next")  # G_4
    labels = page.js("""[...document.querySelectorAll('#top-down .g-label')].map(e => [e.className, e.textContent])""")
    nibbles = [f"{v:04b}" for v in range(16)]
    assert [t for c, t in labels if "g-col" in c] == nibbles and [t for c, t in labels if "g-row" in c] == nibbles
    assert page.text("#top-down .g-columns") == TW["grid_columns"].format(bits=4, first=4, last=7)
    assert page.text("#top-down .g-rows") == TW["grid_rows"].format(bits=4, first=8, last=11)
    # Day 12's window at step 4 (steps 4-11) is dashed in the grid, where G_4 gives day 12's winner, and in the
    # picture, with step 4 lit.
    a = analyse(staircase, 12)
    mine = sum(1 << d for d in range(8) if a.won[4 + d])
    assert page.js("document.querySelector('#top-down .g-cell.mine').dataset.window") == f"{mine:x}"
    assert page.text("#top-down .lookup") == TW["g_lookup"].format(
        p=4, day=12, bits=f"{mine:08b}", last=11, winner=a.winner
    )
    box = page.js("document.querySelector('#picture .table-step title').textContent")
    assert box == TW["table_step"].format(step=4, last=11)
    assert page.text("#teach-read") == TW["read_down"] and page.js("document.getElementById('learn').open") is False
    page.click("#teach-read")  # the editorial's section for the phase, in the page
    assert page.js("document.getElementById('learn').open") is True
    assert page.js("document.getElementById('learn-top-down').getBoundingClientRect().top") < 900
    assert page.js("location.hash").startswith("#day="), "the address still holds the page's state"


def test_the_window_is_written_in_the_order_of_its_chips(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = parse(SAMPLE.read_bytes())
    page = opener(write(tmp_path, staircase))
    page.js("window.downwedig.teach(12)")
    for step in range(12, 7, -1):
        page.js(f"window.downwedig.guess({step}, 'won')")
        page.click("#teach-next")  # step 7 in question: the window at step 8
    chips = page.js("[...document.querySelectorAll('#teach-window .cell')].map(c => [c.className, c.textContent])")
    a = analyse(staircase, 12)
    assert [text.split("step ")[1] for _, text in chips] == [str(s) for s in range(15, 7, -1)], "bit 7 first"
    bits = "".join("1" if "lost" not in cls else "0" for cls, _ in chips)
    assert bits == "".join("1" if s > 12 or a.won[s] else "0" for s in range(15, 7, -1)) == "11101111"
    assert page.text("#teach-window p") == TW["window"].format(step=7, first=8, last=15, bits=bits)
    rows = page.js("[...new Set([...document.querySelectorAll('#teach-window .cell')].map(c => c.offsetTop))].length")
    assert rows == 1, "the chips on one row"
