"""The step-through in the page: the bottom-up pass revealed a step at a time, predictions scored, then the
top-down tables G_p, all compared with the Python analysis (and the tables with the editorial's formula)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from downwedig import Staircase, answer, parse
from downwedig.contest.generating.registry import all_families, generate
from downwedig.explain import DayAnalysis, analyse
from downwedig.moves import move_masks
from downwedig.reference import reference_statuses
from downwedig.render.teaching import CODE, CODE_LINES, CODE_PARTS, teach_order, why
from downwedig.render.teaching import TEACH_WORDS as TW

from ..conftest import SAMPLE, THOROUGH
from .browser import Opened, same_picture, scrambled, write
from .test_teaching import agrees_with_the_reference


def said(a: DayAnalysis, i: int, guess: str | None) -> str:
    """What the page says once step ``i`` is revealed, from the Python analysis and the page's words."""
    status = "won" if a.won[i] else "lost"
    text = TW["is"].format(step=i, status=status, why=why(a, i)) + " "
    if guess is not None:
        text = (TW["right"] if guess == status else TW["wrong"].format(said=guess)) + text
    if not a.moves(i):
        text += TW["no_move_left"]
    else:
        text += TW["hurry" if a.won[i] else "hold_out"].format(remoteness=a.remoteness[i], left=a.remoteness[i] - 1)
    if i == 1:
        text += " " + TW["done"].format(status=status, winner=a.winner, day=a.day)
    return text


def lit(page: Opened) -> list[int]:
    """The lines of the code the page lights (``aria-current="step"``)."""
    lines: list[int] = page.js(
        "[...document.querySelectorAll('[data-code-line][aria-current=step]')].map(e => Number(e.dataset.codeLine))"
    )
    return lines


def g_tables(staircase: Staircase) -> list[bytes]:
    """G_1..G_n of docs/editorial.md section 5, index p - 1: a byte per window, 1 when Dina wins the day."""
    g, out = bytes(x & 1 for x in range(256)), []
    for m in move_masks(staircase):
        out.append(g)
        g = bytes(g[((x << 1) | (m & ~x & 0xFF != 0)) & 0xFF] for x in range(256))
    return out


def window_at(staircase: Staircase, day: int, p: int) -> int:
    """Day ``day``'s window at step ``p`` (docs/editorial.md section 4): bit d for step p + d, 1 when won."""
    won = reference_statuses(staircase, day)
    return sum(1 << d for d in range(8) if p + d > day or won[p + d - 1])


def spoiler_free(page: Opened, day: int) -> None:
    assert page.text("#winner") == TW_HIDDEN.format(day=day)
    assert page.text("#facts") == "" and page.text("#strip .chosen") == "?"


TW_HIDDEN = "Day {day}: who wins? Step through to step 1 to find out"


@pytest.mark.parametrize("source", ["sample", "scrambled"])
def test_the_step_through_reveals_each_step_as_the_analysis_decides_it(
    source: str, tmp_path: Path, opener: Callable[..., Opened]
) -> None:
    staircase = parse(SAMPLE.read_bytes()) if source == "sample" else scrambled(40, seed=5)
    page = opener(write(tmp_path, staircase))
    rng = random.Random(source)
    for day in ((12, 1) if THOROUGH else (12,)) if source == "sample" else (25 if THOROUGH else 12,):
        a = analyse(staircase, day)
        order = page.js("k => window.downwedig.teach(k)", day)
        assert order == teach_order(a)
        assert lit(page) == [CODE_LINES["ask"]], "the question lights the line that lists the moves"
        same_picture(page, a, revealed=day + 1, current=day)
        right = asked = 0
        for i in range(day, 0, -1):
            if i > 1:
                spoiler_free(page, day)
            guess = rng.choice(["won", "lost", None])
            if guess is None:
                page.click("#teach-next")  # revealed without a prediction
            else:
                result = page.js("([s, g]) => window.downwedig.guess(s, g)", [i, guess])
                status = "won" if a.won[i] else "lost"
                assert result == {"correct": guess == status, "status": status, "why": why(a, i)}
                right, asked = right + (guess == status), asked + 1
            same_picture(page, a, revealed=i, current=i)
            assert page.text("#teach-says") == said(a, i, guess)
            assert lit(page) == [order[day - i]["line"]], "the reveal lights the line that decides the step"
            assert page.text("#teach-score") == (TW["score"].format(right=right, asked=asked) if asked else "")
            if i > 1:
                page.click("#teach-next")  # the question on the next step up, with its window
                same_picture(page, a, revealed=i, current=i - 1)
                assert page.text("#teach-question") == TW["question"].format(step=i - 1)
        assert page.text("#winner") == f"{a.winner} wins day {day}", "step 1 revealed: the day is said"
        assert page.text("#strip .chosen") == answer(staircase)[day - 1]


def test_predictions_are_scored_once_and_checked(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = parse(SAMPLE.read_bytes())
    page = opener(write(tmp_path, staircase, day=12))
    a = analyse(staircase, 12)
    page.js("window.downwedig.teach(12)")
    # A guess on a hidden step further up is scored but reveals nothing; a second guess on it is not scored.
    first = page.js("window.downwedig.guess(5, 'lost')")
    assert first == {"correct": False, "status": "won", "why": why(a, 5)}
    assert page.js("window.downwedig.guess(5, 'won')") == {"correct": True, "status": "won", "why": why(a, 5)}
    assert page.text("#teach-score") == TW["score"].format(right=0, asked=1)
    assert page.js("window.downwedig.guess(12, 'lost')") == {"correct": True, "status": "lost", "why": why(a, 12)}
    assert page.text("#teach-score") == TW["score"].format(right=1, asked=2)
    same_picture(page, a, revealed=12, current=12)
    with pytest.raises(Exception, match=r"RangeError: step 13 is not in 1\.\.12"):
        page.js("window.downwedig.guess(13, 'won')")
    with pytest.raises(Exception, match='TypeError: guess takes "won" or "lost", not maybe'):
        page.js("window.downwedig.guess(3, 'maybe')")


def test_the_keyboard_and_buttons_drive_the_step_through(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = parse(SAMPLE.read_bytes())
    page = opener(write(tmp_path, staircase, day=7))
    a = analyse(staircase, 7)
    assert page.disabled("teach-back", "teach-next", "teach-all", "teach-stop", "guess-won", "guess-lost") == [True] * 6
    page.page.focus("#teach-start")
    page.page.keyboard.press("Enter")
    assert page.disabled("teach-back", "guess-won", "guess-lost") == [True, False, False]
    same_picture(page, a, revealed=8, current=7)
    page.page.keyboard.press("l")  # step 7 is lost: right
    assert page.text("#teach-says") == said(a, 7, "lost")
    page.page.keyboard.press("ArrowRight")
    page.page.keyboard.press("l")  # step 6 is won: a wrong prediction
    assert page.text("#teach-says") == said(a, 6, "lost")
    assert page.text("#teach-score") == TW["score"].format(right=1, asked=2)
    page.page.keyboard.press("ArrowLeft")  # back to the question on step 6
    same_picture(page, a, revealed=7, current=6)
    page.page.keyboard.press("End")  # reveal all
    same_picture(page, a, revealed=1, current=1)
    status = "won" if a.won[1] else "lost"
    assert page.text("#teach-says").endswith(TW["done"].format(status=status, winner=a.winner, day=7))
    page.page.keyboard.press("Home")  # restart
    same_picture(page, a, revealed=8, current=7)
    assert page.text("#teach-score") == ""
    # Without predictions, each Next reveals the next step up.
    page.page.uncheck("#predict")
    assert page.disabled("guess-won", "guess-lost") == [True, True]
    for i in range(7, 0, -1):
        page.click("#teach-next")
        same_picture(page, a, revealed=i, current=i)
    page.click("#teach-stop")
    same_picture(page, a)
    assert page.text("#winner") == f"{a.winner} wins day 7"


def test_the_top_down_tables_are_the_editorials(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    sample = parse(SAMPLE.read_bytes())
    for staircase in (sample, scrambled(20, seed=9)) if THOROUGH else (sample,):
        page = opener(write(tmp_path, staircase))
        n, digits, tables = len(staircase), answer(staircase), g_tables(staircase)
        page.js("k => window.downwedig.teach(k)", n)
        page.click("#teach-all")
        page.click("#teach-next")  # the top-down view, from G_1
        for p in range(1, n + 1):
            cells = page.js("[...document.querySelectorAll('#top-down .g-cell')].map(s => s.className)")
            g = tables[p - 1]
            assert [c.split()[1] for c in cells] == ["won" if g[x] else "lost" for x in range(256)]
            assert [k for k, c in enumerate(cells) if "day" in c.split()] == [0b11111110]
            mine = window_at(staircase, n, p)  # day n's window at step p, dashed in the grid and in the picture
            assert [k for k, c in enumerate(cells) if "mine" in c.split()] == [mine]
            assert g[mine] == (digits[n - 1] == "1"), "G_p at day n's own window at step p is day n's answer"
            assert page.js("document.querySelector('#picture .table-step .lit') !== null") == (p >= page.view()[0])
            assert ("1" if g[0b11111110] else "2") == digits[p - 1], "G_p at 11111110 is day p's answer"
            text = page.text("#top-down")
            assert f"digit {digits[p - 1]} of the answer" in text
            distinct = len(set(tables[:p]))
            assert TW["g_count"].format(distinct=distinct, p=p) in text
            if p < n:
                page.click("#teach-next")
        assert page.disabled("teach-next") == [True]
        assert page.js("document.activeElement.id") == "teach", "the keys still reach the step-through"
        page.page.keyboard.press("ArrowLeft")
        assert f"G_{n - 1}: who wins" in page.text("#top-down")


#: Every step of some days of a staircase loaded in the page: the day, the step, its line and the reason guess() gives.
_REASONS = """texts => texts.map(t => {
  const page = window.downwedig, n = page.load(t).n, out = [];
  for (const k of [...new Set([1, Math.ceil(n / 2), n])]) {
    for (const e of page.teach(k)) out.push([k, e.step, e.status, e.line, page.guess(e.step, "won").why]);
  }
  return out;
})"""


def test_the_reasons_agree_with_the_reference_solver(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    page = opener(write(tmp_path, parse(SAMPLE.read_bytes())))
    # Every family of the generator, at a few sizes (more under the thorough profile), and random rows.
    names = [name for name in all_families() if name != "max"]
    sizes = (1, 2, 9, 25, 40) if THOROUGH else (9, 30)
    staircases = [parse(SAMPLE.read_bytes()), *(scrambled(n, seed=n) for n in (1, 3, 17))]
    staircases += [Staircase.from_ints(generate(name, n, seed=5)) for name in names for n in sizes]
    said = [row for rows in page.js(_REASONS, [s.to_text() for s in staircases]) for row in rows]  # (one round trip)
    at = 0
    for staircase in staircases:
        n = len(staircase)
        for day in sorted({1, (n + 1) // 2, n}):
            a, won = analyse(staircase, day), reference_statuses(staircase, day)
            for i in range(day, 0, -1):
                k, step, status, line, reason = said[at]
                at += 1
                assert (k, step) == (day, i)
                assert status == ("won" if won[i - 1] else "lost") and reason == why(a, i) and line == lineof(a, i)
                agrees_with_the_reference(staircase, day, won, i, reason, line)
    assert at == len(said) and len(staircases) > 20


def lineof(a: DayAnalysis, i: int) -> int:
    return int(str(teach_order(a)[a.day - i]["line"]))


def test_the_code_is_shown_a_line_a_row_and_lit_as_the_step_through_goes(
    tmp_path: Path, opener: Callable[..., Opened]
) -> None:
    page = opener(write(tmp_path, parse(SAMPLE.read_bytes())))
    rows = page.js("""[...document.querySelectorAll('#code [data-code-line]')].map(e => [Number(e.dataset.codeLine),
        e.querySelector('code').textContent, (e.querySelector('.comment') || {}).textContent || ''])""")
    shown = [k for first, last, _ in CODE_PARTS for k in range(first, last + 1)]
    assert rows == [[k, CODE[k - 1][1], f"# {CODE[k - 1][2]}" if CODE[k - 1][2] else ""] for k in shown]
    assert shown == [k for k in range(1, len(CODE) + 1) if k != 16], "two programs: all the code but the blank between"
    parts = "[...document.querySelectorAll('.code-part')].map(p => [p.firstChild.textContent, p.className])"
    assert page.js(parts) == [[caption, "code-part"] for _, _, caption in CODE_PARTS]
    assert lit(page) == [], "nothing is lit before the step-through starts"
    page.js("window.downwedig.teach(12)")
    assert [c for _, c in page.js(parts)] == ["code-part", "code-part idle"], "bottom-up: the top-down program muted"
    assert page.text("#code-values") == TW["values_ask"].format(step=12, moves="")
    page.js("window.downwedig.guess(12, 'won')")
    assert lit(page) == [CODE_LINES["none"]]
    assert page.text("#code-values") == TW["values_step"].format(step=12, moves="", known="", won="False")
    page.click("#teach-all")
    page.click("#teach-next")  # the top-down tables: the line that reads the day's answer off G_p
    assert lit(page) == [CODE_LINES["g"]]
    assert [c for _, c in page.js(parts)] == ["code-part idle", "code-part"], "top-down: the bottom-up program muted"
    assert page.text("#code-values").startswith("p = 1    G[0b11111110] = 2")
    page.click("#teach-stop")
    assert lit(page) == []


def test_it_plays_by_itself(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    staircase = parse(SAMPLE.read_bytes())
    page = opener(write(tmp_path, staircase, day=7))
    page.page.uncheck("#predict")
    state = page.js("window.downwedig.autoplay(15)")
    assert state["autoplay"] == 15 and state["revealed"] == 0
    assert page.js("!document.getElementById('teach').hidden")
    # It reveals the day a step a tick, then goes through the tables G_1..G_7 and stops.
    page.page.wait_for_function("window.downwedig.state().revealed >= 4")
    page.page.wait_for_function("window.downwedig.state().autoplay === 0", timeout=10_000)
    assert page.state()["revealed"] == 7 and lit(page) == [CODE_LINES["g"]]
    assert "That is day 7" in page.text("#top-down") and page.disabled("teach-next") == [True]
    page.click("#teach-play")  # at the end, Play plays it again from the start
    assert page.state()["autoplay"] == 1000 and page.state()["revealed"] == 0
    page.click("#teach-play")
    assert page.state()["autoplay"] == 0
    # In predict mode a tick asks, the next reveals (a guess in between is scored); autoplay(0) stops it.
    page.page.check("#predict")
    page.js("window.downwedig.teach(7)")
    page.js("window.downwedig.autoplay(60000)")  # (a tick far away: the test acts in between)
    assert page.js("window.downwedig.guess(7, 'lost')")["correct"] is True
    assert page.state()["revealed"] == 1 and page.state()["autoplay"] == 60000
    assert page.js("window.downwedig.autoplay(0)")["autoplay"] == 0
    assert page.text("#teach-play") == TW["play"]
    # The keyboard: P plays and pauses, at the speed chosen; choosing a day stops it.
    page.page.select_option("#teach-speed", "2000")
    page.page.focus("#teach-play")
    page.page.keyboard.press("p")
    assert page.state()["autoplay"] == 2000 and page.text("#teach-play") == TW["pause"]
    page.page.select_option("#teach-speed", "200")
    assert page.state()["autoplay"] == 200
    page.page.keyboard.press("p")
    assert page.state()["autoplay"] == 0
    page.page.keyboard.press("p")
    page.js("window.downwedig.chooseDay(5)")
    assert page.state()["autoplay"] == 0 and page.state()["revealed"] == 0
    same_picture(page, analyse(staircase, 5), statuses=False)  # (day 5 not told yet: asked before told)
    with pytest.raises(Exception, match="TypeError: autoplay takes the milliseconds per step"):
        page.js("window.downwedig.autoplay('fast')")
