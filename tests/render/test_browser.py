"""The HTML page in a real headless Chromium: it draws what Python draws, follows the game, and plays it.

The page is driven as a person would (clicks on digits and steps, the slider
dragged with the mouse, buttons) and through its scripting interface,
``window.downwedig``; everything it shows is compared with the Python
analysis: the picture element for element with :func:`svg_element`, the
computer's moves with :meth:`DayAnalysis.best_target`, the sentences with
:class:`downwedig.play.Game`'s.  See :mod:`tests.render.browser` for how
Chromium is found (the tests skip without it, and fail under CI's
``DOWNWEDIG_REQUIRE_TOOLS=1``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from downwedig import IllegalMove, Player, Staircase, answer, parse
from downwedig.contest.generating.registry import generate
from downwedig.explain import DayAnalysis, analyse
from downwedig.play import WORDS, Game
from downwedig.render import svg_element
from downwedig.render.layout import TEXTS
from downwedig.render.page import PAGE_WORDS

from ..conftest import EXPLAIN, SAMPLE, THOROUGH, with_class
from .browser import Opened, same_picture, scrambled, write


def window_name(a: DayAnalysis, first: int, last: int, **options: object) -> str:
    """The name of the window as Python's picture writes it in its header."""
    svg = svg_element(a, steps=(first, last), **options)  # type: ignore[arg-type]
    return "".join(with_class(svg, "window")[0].itertext())


def test_every_day_and_window_is_drawn_as_python_draws_it(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    for staircase in (parse(EXPLAIN.read_bytes()), scrambled(90), scrambled(60, width=12), scrambled(40, width=3)):
        page = opener(write(tmp_path, staircase, answers=True))  # (a coach's page: every answer shown)
        n, digits = len(staircase), answer(staircase)
        for i, day in enumerate(sorted({1, 2, 5, n // 2, n - 1, n})):
            state = page.js("k => window.downwedig.chooseDay(k)", day)
            winner = "Dina" if digits[day - 1] == "1" else "Dima"
            expected = {"day": day, "n": n, "winner": winner, "game": None, "revealed": 0, "autoplay": 0}
            assert state == expected | {"shown": True, "answers": True, "teaching": None}
            a = analyse(staircase, day)
            same_picture(page, a)
            assert page.text("#facts p") == a.reason()
            assert page.text("#strip .chosen") == digits[day - 1]
            windows = (2, day // 2 + 1, day)  # (every window under the thorough profile; otherwise one, in turn)
            for first in windows if THOROUGH else windows[i % 3 : i % 3 + 1]:
                assert page.js("f => window.downwedig.showSteps(f)", first)["first"] == max(1, min(first, day - 29))
                same_picture(page, a)
            page.js("window.downwedig.showSteps(1)")
        page.wait_for_hash(f"#day={n}&answers")
        with pytest.raises(Exception, match=re.escape(f"RangeError: day {n + 1} is not in 1..{n}")):
            page.js("k => window.downwedig.chooseDay(k)", n + 1)
        with pytest.raises(Exception, match="IllegalMove: there is no game"):
            page.js("window.downwedig.move(2)")


def test_clicking_a_digit_and_dragging_the_slider_choose_the_day(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = scrambled(3000)
    digits = answer(staircase)
    page = opener(write(tmp_path, staircase, day=1500, answers=True))
    assert page.state()["day"] == 1500
    where = """k => {
      for (const g of document.querySelectorAll('#strip .group')) {
        let d = Number(g.dataset.day);
        if (k < d || k >= d + 10) continue;
        const walk = document.createTreeWalker(g, NodeFilter.SHOW_TEXT), r = document.createRange();
        for (let t = walk.nextNode(); t; t = walk.nextNode()) for (let c = 0; c < t.length; c++, d++) if (d === k) {
          r.setStart(t, c); r.setEnd(t, c + 1);
          const b = r.getBoundingClientRect();
          return [b.left + b.width / 2, b.top + b.height / 2];
        }
      }
      return null;
    }"""
    for day in (1503, 1497, 1501):  # digits beside the chosen one, on its row
        x, y = page.js(where, day)
        page.page.mouse.click(x, y)
        assert page.state()["day"] == day
        assert page.text("#strip .chosen") == digits[day - 1]
        page.wait_for_hash(f"#day={day}&answers")
    # Scrolling the strip to the end brings the last days into the document; the rulers name each row's first day.
    page.js("(() => { const s = document.getElementById('strip'); s.scrollTop = s.scrollHeight; })()")
    page.page.wait_for_function("document.querySelector('#strip .group[data-day=\"2991\"]') !== null")
    rulers = [int(r) for r in page.js("[...document.querySelectorAll('#strip .ruler')].map(r => r.textContent)")]
    assert rulers == sorted(rulers) and rulers[-1] <= 3000 < rulers[-1] + (rulers[1] - rulers[0])
    x, y = page.js(where, 3000)
    page.page.mouse.click(x, y)
    assert page.state()["day"] == 3000
    # The slider, dragged with the mouse from its left end to the middle, passes through the days.
    box = page.page.locator("#day-slider").bounding_box()
    assert box is not None
    middle = box["y"] + box["height"] / 2
    page.page.mouse.click(box["x"] + 2, middle)
    assert page.state()["day"] < 50
    page.page.mouse.down()
    for step in range(1, 11):
        page.page.mouse.move(box["x"] + box["width"] * step / 20, middle)
    page.page.mouse.up()
    day = page.state()["day"]
    assert 1200 < day < 1800 and page.js("Number(document.getElementById('day-input').value)") == day
    assert page.text("#strip .chosen") == digits[day - 1]
    same_picture(page, analyse(staircase, day))


def play(page: Opened, a: DayAnalysis, person: Player, pick: Callable[[Game], int]) -> Game:
    """A whole game in the page and the same game in Python, compared move by move."""
    game = Game(a, person)

    def computer() -> None:
        while not game.over and not game.persons_turn:
            before = game.position
            assert game.reply().target == a.best_target(before)

    #: The game's state and the log's lines, asked at once (after the move given, if any).
    snapshot = """t => {
      if (t != null) window.downwedig.move(t);
      return [window.downwedig.state().game, [...document.querySelectorAll('#log li')].map(li => li.textContent)];
    }"""

    def compare(target: int | None = None) -> None:
        state, said = page.js(snapshot, target)
        assert state == {
            "you": str(person),
            "handkerchief": game.position,
            "toMove": str(game.to_move),
            "over": game.over,
            "winner": None if game.winner is None else str(game.winner),
        }
        # The log says each move in play's words: the computer's moves are DayAnalysis.best_target's.
        expected = []
        for turn in game.turns:
            m = turn.move
            values = {"source": m.source, "target": m.target, "why": m.why(), "player": turn.player}
            expected.append(WORDS["you_move" if turn.by_person else "computer_moves"].format(**values))
        assert said[: len(expected)] == expected

    page.js("p => window.downwedig.newGame(p)", str(person))
    computer()
    compare()
    same_picture(page, a, played=[1, *(t.move.target for t in game.turns)], statuses=False)
    while not game.over:
        target = pick(game)
        game.play(target)
        computer()
        compare(target)
    same_picture(page, a, played=[1, *(t.move.target for t in game.turns)], statuses=True)
    assert page.text("#game-verdict") == game.verdict()
    return game


def test_whole_games_as_winner_and_loser_against_the_python_analysis(
    tmp_path: Path, opener: Callable[..., Opened]
) -> None:
    rng = random.Random(12)
    sample = parse(SAMPLE.read_bytes())
    for staircase in (sample, scrambled(100, seed=3)) if THOROUGH else (sample,):  # (long games: in CI)
        page = opener(write(tmp_path, staircase))
        digits = answer(staircase)
        days = list(range(2, len(staircase) + 1))
        chosen = [d for w in "12" for d in [next((d for d in reversed(days) if digits[d - 1] == w), 0)] if d]
        chosen += rng.sample(days, 2)
        for day in chosen:
            page.js("k => window.downwedig.chooseDay(k)", day)
            a = analyse(staircase, day)

            def perfect(game: Game) -> int:
                return game.analysis.best_target(game.position) or 0

            def anything(game: Game) -> int:
                return rng.choice([m.target for m in game.analysis.moves(game.position)])

            for person in Player:
                best = play(page, a, person, perfect)
                assert best.winner is a.winner, "perfect play by both ends as the analysis says"
                assert [t.move for t in best.turns] == [p.move for p in a.line()]
                play(page, a, person, anything)


def test_illegal_moves_hints_and_undo_speak_as_play_does(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = parse(EXPLAIN.read_bytes())
    page = opener(write(tmp_path, staircase, day=9))
    a = analyse(staircase, 9)
    page.js("window.downwedig.newGame('Dina')")
    assert page.js("!document.getElementById('play').hidden"), "a game opens its tab"
    game = Game(a)
    for target in (5, 1, 10):  # too far, not below, not on the day
        with pytest.raises(IllegalMove) as refused:
            game.check(target)
        with pytest.raises(Exception, match="IllegalMove: " + re.escape(str(refused.value))):
            page.js("t => window.downwedig.move(t)", target)
    # A click on a step too far away is refused in the page, in play's words.
    page.page.click("#step-5")
    with pytest.raises(IllegalMove) as refused:
        game.check(5)
    assert page.js("[...document.querySelectorAll('#log li')].pop().textContent") == WORDS["illegal"].format(
        why=refused.value
    )
    assert page.state()["game"]["handkerchief"] == 1
    # The hint names the winning moves and the picture turns them green.
    assert page.js("window.downwedig.hint()") == game.hint()
    same_picture(page, a, played=[1], statuses=False, hint=True)
    # A click on a reachable step moves there, and the computer answers at once.
    page.page.click("#step-2")
    game.play(2)
    game.reply()
    assert page.state()["game"]["handkerchief"] == game.position
    # The keyboard works too: a step typed in the box is moved to.
    page.page.fill("#move-to", str(a.moves(game.position)[0].target))
    page.page.press("#move-to", "Enter")
    assert page.state()["game"]["handkerchief"] != game.position
    assert page.js("window.downwedig.undo()") is True
    assert page.state()["game"]["handkerchief"] == game.position
    assert page.js("window.downwedig.undo()") is True
    assert page.state()["game"] == {"you": "Dina", "handkerchief": 1, "toMove": "Dina", "over": False, "winner": None}
    assert page.js("window.downwedig.undo()") is False
    # Showing the statuses during a game draws them again.
    page.page.check("#show-statuses")
    same_picture(page, a, played=[1])
    assert page.text("#winner") == f"{a.winner} wins day 9", "asked, the page says who wins"


def test_the_picture_follows_a_long_line_of_play(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = scrambled(400, seed=7)
    a = analyse(staircase)
    line = a.line_steps()
    assert len(line) > 60, "a line longer than a window"
    page = opener(write(tmp_path, staircase, answers=True))
    seen: set[int] = set()
    for _ in range(len(line)):
        svg = page.picture()
        assert page.text("#window-name") == window_name(a, *page.view())
        labels = ["".join(e.itertext()) for e in with_class(svg, "line-label")]
        seen.update(int(label.split()[0]) for label in labels)
        if len(line) - 1 in seen:
            break
        before = page.view()
        page.page.click("#moves-next")
        assert page.view()[0] > before[0]
    assert seen == set(range(1, len(line))), "every move of the line was in view once"
    same_picture(page, a)
    first = page.view()[0]
    page.page.click("#moves-prev")
    assert page.view()[0] < first
    page.page.click("#win-top")
    assert page.view() == (1, 30)
    page.page.click("#win-down")
    assert page.view() == (23, 52), "pages overlap by 8 steps, so that each move is whole in one"
    page.wait_for_hash("#day=400&from=23&answers")


def test_a_window_from_the_command_line_or_the_address(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = scrambled(200)
    page = opener(write(tmp_path, staircase, day=150, steps=(100, 120), answers=True))
    assert page.view() == (100, 120) and page.state()["day"] == 150
    same_picture(page, analyse(staircase, 150))
    other = opener(write(tmp_path, staircase, "other.html"), "#day=80&from=40")
    assert other.view() == (40, 69) and other.state()["day"] == 80
    assert other.text("#window-name").startswith("Steps 40-69 of 80")
    assert TEXTS["window"] == "Steps {first}-{last} of {day}"


#: The size of the smallest text of the picture on screen, in pixels: each text's font size times the scale.
SMALLEST_TEXT = """() => {
  const svg = document.querySelector('#picture svg'), scale = svg.getScreenCTM().a;
  return Math.min(...[...svg.querySelectorAll('text')].map(t => Number(t.getAttribute('font-size')) * scale));
}"""


@pytest.mark.parametrize("width", [400, 1280])
def test_the_page_fits_the_window_and_the_picture_stays_readable(
    width: int, tmp_path: Path, opener: Callable[..., Opened]
) -> None:
    for staircase in (parse(EXPLAIN.read_bytes()), parse(SAMPLE.read_bytes()), scrambled(30000, width=16)):
        page = opener(write(tmp_path, staircase), width=width)
        for action in ("window.downwedig.state()", "window.downwedig.newGame('Dina')", "window.downwedig.teach(5)"):
            page.js(action)
            assert page.js("document.documentElement.scrollWidth") <= width, "the page never scrolls sideways"
            box = page.js("document.getElementById('picture').getBoundingClientRect().width")
            picture = page.js("document.querySelector('#picture svg').getBoundingClientRect().width")
            assert 0 < box <= width
            if staircase.width == 8:
                assert picture <= box, "steps of 8 pieces fit the picture's box, even at 400 px"
            assert page.js(SMALLEST_TEXT) >= 10, "every text of the picture is at least 10 px high"
        assert page.js("window.downwedig.view().layout") == ("narrow" if width == 400 else "wide") or (
            staircase.width == 16
        )


def test_pointing_at_a_move_outlines_the_columns_its_steps_share(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = parse(EXPLAIN.read_bytes())
    page = opener(write(tmp_path, staircase, day=7))
    a = analyse(staircase, 7)
    visible = """() => [...document.querySelectorAll('#picture .shared')]
        .filter(r => getComputedStyle(r).visibility === 'visible')
        .map(r => r.closest('g').querySelector('title').textContent)"""
    assert page.js(visible) == []
    for k, m in enumerate(a.moves(1)):
        page.page.hover(f"#picture .move-label >> nth={k}")
        shown = page.js(visible)
        assert shown == [TEXTS["move_title"].format(source=1, target=m.target, why=m.why())] * (2 * m.common)


#: A point of the screen 5 CSS pixels right of the middle of the k-th move's visible curve (its arc bulges right).
_BESIDE_A_MOVE = """k => {
  const arc = document.querySelectorAll('#picture .move .arc')[k], p = arc.getPointAtLength(arc.getTotalLength() / 2);
  const at = new DOMPoint(p.x, p.y).matrixTransform(arc.getScreenCTM());
  return [at.x + 5, at.y];
}"""


def test_a_move_is_easy_to_point_at(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    """Its curve is 2 pixels wide, but a wider invisible stroke takes the pointer (learner report 5, L13); and
    on a screen that cannot point the key does not ask to (the style sheet hides that entry there)."""
    staircase = parse(EXPLAIN.read_bytes())
    page = opener(write(tmp_path, staircase, day=7, answers=True))
    visible = """[...document.querySelectorAll('#picture .shared')]
        .filter(r => getComputedStyle(r).visibility === 'visible').length"""
    moves = analyse(staircase, 7).moves(1)
    x, y = page.js(_BESIDE_A_MOVE, len(moves) - 1)  # (the outermost curve: no other move's target is beside it)
    assert page.js(visible) == 0
    page.page.mouse.move(x, y)
    assert page.js(visible) == 2 * moves[-1].common, "5 px beside the curve"
    page.page.mouse.move(0, 0)
    (pointing,) = page.js("[...document.querySelectorAll('#legend .entry.wide')].map(e => e.textContent)")
    assert pointing == TEXTS["legend_shared"]
    rules = """[...document.styleSheets].flatMap(s => [...s.cssRules]).filter(r => r.media && r.conditionText ===
        '(hover: none)').flatMap(r => [...r.cssRules].map(c => c.cssText))"""
    assert "#legend .entry.wide { display: none; }" in page.js(rules)


def test_the_key_names_only_what_the_picture_draws(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = parse(SAMPLE.read_bytes())
    page = opener(write(tmp_path, staircase, answers=True))
    legend = "[...document.querySelectorAll('#legend .entry')].map(e => e.textContent)"
    key = {
        name: TEXTS[f"legend_{name}"]
        for name in ("won", "lost", "hidden", "win", "move", "line", "played", "reply", "window", "decides")
    }

    def named() -> set[str]:
        shown = " | ".join(page.js(legend))
        return {name for name, words in key.items() if words in shown}

    assert answer(staircase)[4] == "1" and answer(staircase)[11] == "2"
    page.js("window.downwedig.chooseDay(5)")  # Dina wins: no answers of Dima are drawn, and none is in the key
    assert named() == {"won", "lost", "win", "move", "line"}
    page.js("window.downwedig.chooseDay(12)")  # Dima wins: his answers, and no winning move from step 1
    assert named() == {"won", "lost", "move", "line", "reply"}
    page.js("window.downwedig.newGame('Dina')")
    assert named() == {"hidden", "move"}, "a game: statuses hidden, no line of play yet"
    page.js("window.downwedig.move(2)")
    assert named() == {"hidden", "move", "played"}
    page.js("window.downwedig.teach(12)")
    assert named() == {"hidden"}, "step 12 in question: nothing below it, no move"
    page.js("window.downwedig.guess(12, 'lost')")
    page.click("#teach-next")
    page.js("window.downwedig.guess(11, 'won')")
    assert named() == {"won", "lost", "hidden", "win", "window", "decides"}


def test_a_long_line_of_play_marks_the_moves_left_out(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = Staircase.from_ints(generate("stutter", 3000, 1))
    day = 2993
    a = analyse(staircase, day)
    count = a.remoteness[1]
    page = opener(write(tmp_path, staircase, day=day, answers=True))
    items = "[...document.querySelectorAll('#line li')].map(li => [li.className, li.textContent])"
    shown = page.js(items)
    listed = [int(text.split(":")[0].split()[1]) for cls, text in shown if cls != "gap"]
    assert (
        listed and listed[0] == 1 and shown[-1] == ["gap", PAGE_WORDS["line_below"].format(a=listed[-1] + 1, b=count)]
    )
    page.js("window.downwedig.showSteps(1500)")
    shown = page.js(items)
    listed = [int(text.split(":")[0].split()[1]) for cls, text in shown if cls != "gap"]
    assert shown[0] == ["gap", PAGE_WORDS["line_above"].format(a=1, b=listed[0] - 1)]
    assert shown[-1] == ["gap", PAGE_WORDS["line_below"].format(a=listed[-1] + 1, b=count)]
    assert listed == list(range(listed[0], listed[-1] + 1)), "the moves in view, in order, none left out between"
    assert page.text("#facts").endswith(f"is on step {a.line_steps()[-1]} and cannot move.")


def test_the_tabs_hold_one_task_at_a_time(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    page = opener(write(tmp_path, parse(SAMPLE.read_bytes()), answers=True))
    panels = "['teach', 'play', 'why', 'own'].filter(id => !document.getElementById(id).hidden)"
    assert page.js(panels) == ["teach"], "the step-through first"
    page.page.focus("#tab-teach")
    for key, shown in (("ArrowRight", "play"), ("ArrowRight", "why"), ("End", "own"), ("ArrowRight", "teach")):
        page.page.keyboard.press(key)
        assert page.js(panels) == [shown]
        assert page.js("document.activeElement.getAttribute('aria-controls')") == shown
        assert page.js("document.activeElement.getAttribute('aria-selected')") == "true"
    page.click("#tab-why")
    assert page.text("#facts").startswith("Day 12 of 12: Dima wins")
    page.click(".path [data-go=tab-play]")  # "play it", in the page's first lines
    assert page.js(panels) == ["play"]
    page.js("window.downwedig.teach(12)")
    assert page.js(panels) == ["teach"]
    page.click("#tab-why")
    assert page.text("#facts") == ""
    assert page.text("#facts-hidden") == "Who wins stays hidden until the step-through reaches step 1."
