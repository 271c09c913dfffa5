"""The page plays fair and works for everyone: no spoilers during a game, buttons that can do nothing are
disabled, the keyboard does everything, and axe-core finds no accessibility violation."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from downwedig import Staircase, answer, parse
from downwedig.diagnosis import diagnose
from downwedig.explain import analyse

from ..conftest import EXPLAIN, SAMPLE, THOROUGH, missing_tool
from .browser import Opened, scrambled, write


def axe_violations(page: Opened) -> list[dict[str, Any]]:
    """What axe-core (through axe-playwright-python) finds wrong with the page as it is now."""
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        missing_tool("needs axe-playwright-python: pip install axe-playwright-python (or pip install -e '.[test]')")
    violations: list[dict[str, Any]] = Axe().run(page.page).response["violations"]
    return violations


def no_violations(page: Opened, when: str) -> None:
    found = axe_violations(page)
    assert found == [], when + ": " + "; ".join(f"{v['id']} on {[n['target'] for n in v['nodes']]}" for v in found)


def test_axe_finds_nothing_on_the_sample_page_whatever_it_shows(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    path = write(tmp_path, parse(SAMPLE.read_bytes()))
    for width in (1100, 400) if THOROUGH else (400,):  # (the narrow layout; the wide one in CI too)
        page = opener(path, width=width)
        no_violations(page, f"the sample page at {width} px, nothing told")
        page.click("#predict-dina")
        page.click("#show-answers")
        no_violations(page, "a prediction answered, every answer shown")
        page.js("window.downwedig.newGame('Dina')")
        page.js("window.downwedig.hint()")
        no_violations(page, "during a game")
        page.js("window.downwedig.teach(12)")
        page.js("window.downwedig.guess(12, 'won')")
        no_violations(page, "a wrong guess answered, the code's line lit")
        page.js("window.downwedig.autoplay(60000)")
        no_violations(page, "the step-through playing by itself")
        page.js("window.downwedig.autoplay(0)")
        page.click("#teach-all")
        page.click("#teach-next")
        no_violations(page, "in the step-through's top-down view")
        page.click("#tab-why")
        no_violations(page, "with the facts shown")
        page.click("#tab-own")
        page.page.fill("#own-text", "2\nWWWWxWWW\n")
        page.click("#own-load")
        no_violations(page, "with a staircase refused")
        page.page.click("#learn summary")
        no_violations(page, "with the explanation open")


def test_axe_finds_nothing_on_the_page_of_a_learner_s_mistake(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = Staircase.from_rows(["WWWWWWWW", "WWWWWWWW", "WRWRRRRR"])
    strict = {"WRWRRRRR": "2", "WWWWWWWW WRWRRRRR": "21", "WWWWWWWW WWWWWWWW WRWRRRRR": "212"}
    found = diagnose(staircase, "212", lambda part: strict[" ".join(part.rows())])
    page = opener(write(tmp_path, staircase, day=3, teach=True, diagnosis=found), width=400)
    no_violations(page, "the page of stress --page, the step-through ready")
    page.click("#mistake summary")
    page.js("window.downwedig.guess(3, 'lost')")
    no_violations(page, "the mistake explained, a step answered")


def test_axe_finds_nothing_on_a_300000_step_page(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    page = opener(write(tmp_path, scrambled(300_000, seed=11)))
    no_violations(page, "the 300,000-step page")
    page.js("window.downwedig.chooseDay(123456)")
    page.click("#tab-why")
    no_violations(page, "why day 123456 is won or lost, its long line cut")
    page.js("window.downwedig.newGame('Dima')")
    no_violations(page, "a game on day 123456")
    page.js("window.downwedig.teach(299999).length")  # (its 299,999 entries stay in the browser)
    page.js("window.downwedig.guess(299999, 'won')")
    no_violations(page, "the step-through of day 299999")


def test_a_whole_game_says_nothing_of_who_wins_until_it_ends(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = parse(SAMPLE.read_bytes())
    page = opener(write(tmp_path, staircase, day=12))
    a = analyse(staircase, 12)
    page.js("window.downwedig.newGame('Dina')")
    while not page.state()["game"]["over"]:
        shown = page.js("document.body.innerText")
        said = re.findall(r"D(?:in|im)a wins.{0,8}", shown)
        assert said == ["Dina wins day k, "], "no sentence but the strip's caption says who wins"
        assert page.text("#winner") == "Day 12: who wins stays hidden until the game ends"
        assert page.text("#strip .chosen") == "?" and page.text("#facts") == ""
        badges = page.js("[...document.querySelectorAll('#picture .status')].map(b => b.textContent)")
        assert set(badges) == {"?"}, "no step's status either"
        assert page.js("document.querySelectorAll('#picture .step.won, #picture .step.lost').length") == 0
        at = page.state()["game"]["handkerchief"]
        page.js("t => window.downwedig.move(t)", a.moves(at)[-1].target)
    assert page.text("#winner") == "Dima wins day 12", "the game over, the page says it"
    assert page.text("#strip .chosen") == "2" and page.text("#facts").startswith("Day 12 of 12: Dima wins")


def test_a_game_can_be_played_with_the_keyboard_alone(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = parse(EXPLAIN.read_bytes())
    page = opener(write(tmp_path, staircase, day=7))
    a = analyse(staircase, 7)
    keys = page.page.keyboard
    page.page.focus("#tab-teach")
    keys.press("ArrowRight")  # the tabs take the arrow keys: the next one is the game's
    assert page.js("document.activeElement.id") == "tab-play" and page.js("!document.getElementById('play').hidden")
    for _ in range(3):  # Tab into the game's panel, as a keyboard user would
        keys.press("Tab")
        if page.js("document.activeElement.id") == "as-dina":
            break
    assert page.js("document.activeElement.id") == "as-dina"
    keys.press("Enter")
    assert page.js("document.activeElement.id") == "move-to", "the move box has the focus once the game starts"
    while not page.state()["game"]["over"]:
        best = a.best_target(page.state()["game"]["handkerchief"])
        keys.type(str(best))
        keys.press("Enter")
        page.page.fill("#move-to", "") if not page.state()["game"]["over"] else None
    assert page.text("#game-verdict").startswith("Congratulations, you won!")
    assert page.js("document.getElementById('announce').textContent").endswith(page.text("#game-verdict"))


def test_buttons_that_can_do_nothing_are_disabled(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    page = opener(write(tmp_path, parse(SAMPLE.read_bytes()), day=7))
    window = ("win-top", "win-up", "win-down", "moves-prev", "moves-next")
    assert page.disabled(*window) == [True] * 5, "day 7 is all in view"
    assert page.disabled("day-prev", "day-next", "hint", "undo", "stop") == [False, False, True, True, True]
    page.js("window.downwedig.chooseDay(1)")
    assert page.disabled("day-prev", "day-next") == [True, False]
    page.js("window.downwedig.chooseDay(12)")
    assert page.disabled("day-prev", "day-next") == [False, True]
    long = opener(write(tmp_path, scrambled(400, seed=7), "long.html"))
    assert long.disabled(*window) == [True, True, False, True, False]
    long.js("window.downwedig.showSteps(400)")
    assert long.disabled(*window) == [False, False, True, False, True]
    long.js("window.downwedig.newGame('Dina')")
    assert long.disabled("hint", "undo", "stop") == [False, True, False]


def test_home_and_end_work_where_the_arrows_do(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    page = opener(write(tmp_path, scrambled(400, seed=7), day=300))
    page.page.focus("#picture")
    page.page.keyboard.press("End")
    assert page.view() == (271, 300)
    page.page.keyboard.press("Home")
    assert page.view() == (1, 30)
    page.page.keyboard.press("ArrowDown")
    assert page.view() == (2, 31)
    page.page.focus("#strip")
    page.page.keyboard.press("Home")
    assert page.state()["day"] == 1
    page.page.keyboard.press("End")
    assert page.state()["day"] == 400
    page.page.keyboard.press("ArrowLeft")
    assert page.state()["day"] == 399


@pytest.mark.parametrize("n", [12, 23])
def test_the_strip_reads_as_groups_of_days(n: int, tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = parse(SAMPLE.read_bytes()) if n == 12 else scrambled(n)
    page = opener(write(tmp_path, staircase, day=1, answers=True))
    groups = page.js("""[...document.querySelectorAll('#strip .group')].map(g => [g.dataset.day, g.title,
        g.textContent, [...g.querySelectorAll('.w2')].map(s => s.textContent).join('')])""")
    digits = answer(staircase)
    assert [int(day) for day, *_ in groups] == list(range(1, n + 1, 10))
    for day, title, text, twos in groups:
        first = int(day)
        last = min(n, first + 9)
        assert title == f"days {first}-{last}", "each group says which days it holds"
        assert text == digits[first - 1 : last]
        assert twos == "".join(d for d in digits[first:last] if d == "2"), "Dima's days are in his colour"
    assert page.js("getComputedStyle(document.querySelector('#strip .group')).borderLeftStyle") == "solid"


def test_every_control_has_a_name(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    page = opener(write(tmp_path, Staircase.from_rows(["WWWWWWWW"] * 3)))
    names = page.js("""[...document.querySelectorAll('button, input, textarea, [tabindex="0"]')].map(e => [e.id,
        (e.getAttribute('aria-label') || e.labels?.[0]?.textContent || e.textContent || '').trim()])""")
    assert names and all(name for _, name in names), [i for i, name in names if not name]


def test_a_control_that_can_do_nothing_now_hands_the_focus_on(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    page = opener(write(tmp_path, scrambled(40, seed=7), day=40))
    page.page.focus("#win-down")
    page.page.keyboard.press("Enter")  # the last page of steps: Later steps can do nothing more
    assert page.disabled("win-down") == [True]
    assert page.js("document.activeElement.id") == "picture", "the arrow keys still move the steps"
    page.page.keyboard.press("Home")
    assert page.view() == (1, 30)
    page.js("window.downwedig.chooseDay(39)")
    page.page.focus("#day-next")
    page.page.keyboard.press("Enter")
    assert page.state()["day"] == 40 and page.js("document.activeElement.id") == "day-slider"
