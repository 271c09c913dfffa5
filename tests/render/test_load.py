"""A staircase of the learner's own, in the page: read with the reader's rules and words, solved, kept in the address.

The page reads what is typed with ``render/reader.js``, which mirrors
:func:`downwedig.parse`; here the two read the same texts -- hand-made
mistakes and random mutations of good inputs -- and must refuse them with the
same message at the same line and column (the message ``downwedig solve``
prints), or accept them and find the same answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from downwedig import InvalidStaircase, Staircase, answer, parse
from downwedig.explain import analyse
from downwedig.render.page import PAGE_WORDS
from downwedig.staircase import MAX_N

from ..conftest import SAMPLE, Cli
from .browser import Opened, same_picture, scrambled, write

#: Texts the reader refuses, one of each kind of mistake (and some it accepts).
HAND_MADE = [
    "",
    "   \n\n",
    "\n2\nWWWWWWWW\nRRRRRRRR\n",
    "abc\n",
    " 2\nWWWWWWWW\nRRRRRRRR\n",
    "2x\nWWWWWWWW\n",
    "0\n",
    "000\n",
    "9999999999999999999\n",
    "2\nWWWWWWWW\n",
    "2\nWWWWWWWW\n\n\n  \n",
    "2\n\nWWWWWWWW\n",
    "2\nWWWWwWWW\nRRRRRRRR\n",
    "2\nWWWW WWW\nRRRRRRRR\n",
    "2\nWWWW\tWWW\n",
    "2\nWWWW\u00e9WWW\n",
    "2\nWWWW\x00WWW\n",
    "2\nWWWW'WWW\n",
    "2\nWWWW\x7fWWW\n",
    "2\nWWWW\u00a0WWW\n",
    "2\nWWWW\u200bWWW\n",
    "2\nWWWW\U0001f600WWW\n",
    "2\nWWWWWWW\nRRRRRRRR\n",
    "2\nWWWWWWWWW\nRRRRRRRR\n",
    "1\nWWWWWWWW\nRRRRRRRR\n",
    "1\nWWWWWWWW\n\n  some extra text that is longer than twenty characters\n",
    "1\nWWWWWWWW\n   x\t \n",
    "1\nWWWWWWWW\n \"quoted\" and 'single'\n",
    "211112222212\n",
    "21\n",
    "12\n",
    "\ufeff2\nWWWWWWWW\nRRRRRRRR\n",
    "2\r\nWWWWWWWW\r\nRRRRRRR \r\n",
    "x" + "\U0001f600" * 30 + "\n",
    "2\nWWWWWWWW\r\nRRRRRRRR  \n\n\n",
    "3\nWWWWWWWW\nRRRRRRRR\nWRWRWRWR",
    "1\nRRRRRRRR",
    "  2\nWWWWWWWW\nRRRRRRRR\n",
    "2 WWWWWWWW RRRRRRRR\n",
    "\t\t1\nWWWWWWWW\n",
]

READ_ALL = """texts => texts.map(t => {
  try { window.downwedig.load(t); return [null, window.downwedig.answer()]; }
  catch (e) { return [e.name, e.message]; }
})"""


def python_reads(text: str) -> tuple[str | None, str]:
    """What the library says of ``text``: ``(None, answer)`` or ``("InvalidStaircase", message)``."""
    try:
        staircase = parse(text)
    except InvalidStaircase as exc:
        return "InvalidStaircase", str(exc)
    if len(staircase) > MAX_N:  # the page's limit, in validate's words
        return "InvalidStaircase", f"<input>:1:1: n = {len(staircase)} is not in [1, {MAX_N}]"
    return None, answer(staircase)


def mutated(rng: random.Random, count: int) -> list[str]:
    """Good inputs with a few random characters inserted, deleted or replaced."""
    pool = ["W", "R", " ", "\t", "\r", "\n", "\n\n", "x", "w", "0", "1", "2", "9", "\u00e9", "-"]
    out = []
    for _ in range(count):
        text = scrambled(rng.randint(1, 12), seed=rng.randrange(1 << 30)).to_text()
        chars = list(text)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(chars) + 1)
            kind = rng.randrange(3)
            if kind == 0 or not chars:
                chars.insert(at, rng.choice(pool))
            elif kind == 1:
                del chars[min(at, len(chars) - 1)]
            else:
                chars[min(at, len(chars) - 1)] = rng.choice(pool)
        out.append("".join(chars))
    return out


def test_the_page_reads_as_the_library_reads(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    page = opener(write(tmp_path, parse(SAMPLE.read_bytes())))
    texts = HAND_MADE + mutated(random.Random(19), 400) + [f"{MAX_N + 1}\n", f"{MAX_N}\nWWWWWWWW\n"]
    said = page.js(READ_ALL, texts)
    refused = 0
    for text, (name, words) in zip(texts, said, strict=True):
        assert (name, words) == python_reads(text), f"{text!r}"
        refused += name is not None
    assert refused > 150, "the random mutations give many refusals"
    assert sum(name is None for name, _ in said) > 5, "and some good inputs"


def test_the_page_says_what_solve_says(tmp_path: Path, opener: Callable[..., Opened], cli: Cli) -> None:
    page = opener(write(tmp_path, parse(SAMPLE.read_bytes())))
    for text in ("2\nWWWWwWWW\n", "\ufeff2\n", "211112222212\n", "1\nWWWWWWWW\nRR\n", "2\nWWWWWWW\n", "2" + "1" * 30):
        ((_, message),) = page.js(READ_ALL, [text])
        solve = cli("solve", "-", stdin=text.encode()).stderr
        solve = solve.replace("; for a staircase 7 pieces wide, give --width 7", "")  # (the command line's option)
        where, reason = message.split(": ", 1)
        assert solve == f"{where.replace('<input>', '<stdin>')}: error: {reason}\n"


#: What state() says besides on a coach's page (every answer shown), no step-through on.
SHOWN = {"shown": True, "answers": True, "teaching": None}


def test_a_loaded_staircase_is_solved_drawn_and_played_as_the_library_does(
    tmp_path: Path, opener: Callable[..., Opened]
) -> None:
    page = opener(write(tmp_path, parse(SAMPLE.read_bytes()), answers=True))
    rng = random.Random(7)
    for staircase in (scrambled(1), scrambled(9, seed=2), scrambled(700, seed=3), scrambled(3000, seed=4)):
        n = len(staircase)
        state = page.js("t => window.downwedig.load(t)", staircase.to_text())
        winner = analyse(staircase).winner.name.title()
        assert state == {"day": n, "n": n, "winner": winner, "game": None, "revealed": 0, "autoplay": 0} | SHOWN
        assert page.js("window.downwedig.answer()") == answer(staircase)
        assert page.text("#title") == f"Down We Dig \u2014 {n} steps"
        for day in sorted({1, n, rng.randint(1, n)}):
            page.js("k => window.downwedig.chooseDay(k)", day)
            same_picture(page, analyse(staircase, day))
        if n > 100:
            continue
        page.js("window.downwedig.newGame('Dima')")  # a game is played with the loaded masks
        while not page.state()["game"]["over"]:
            at = page.state()["game"]["handkerchief"]
            page.js("t => window.downwedig.move(t)", analyse(staircase, day).moves(at)[0].target)
    # Every family of rows at the judge's size: the page's answer of all the days is the engine's.
    big = scrambled(MAX_N, seed=5)
    assert page.js("t => window.downwedig.load(t).n", big.to_text()) == MAX_N
    assert page.js("window.downwedig.answer()") == answer(big)
    assert page.text("#own-note").startswith(f"Showing your staircase of {MAX_N} steps. It is too long for the address")


def test_a_small_staircase_is_kept_in_the_address(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    path = write(tmp_path, parse(SAMPLE.read_bytes()))
    page = opener(path)
    page.click("#tab-own")
    mine = Staircase.from_rows(["WWWWWWWW", "WWWWWWWR", "RRRRRRRR", "WRWRWRWR", "WWWWWWWW"])
    page.page.fill("#own-text", mine.to_text().replace("\n", "\r\n"))
    page.click("#own-load")
    assert page.state()["n"] == 5 and page.js("window.downwedig.answer()") == answer(mine)
    page.js("window.downwedig.chooseDay(3)")
    fragment = "#rows=" + ",".join(mine.rows()) + "&day=3"
    page.wait_for_hash(fragment)
    shared = opener(path, fragment)  # the link, opened elsewhere
    assert shared.state() == {
        "day": 3,
        "n": 5,
        "winner": analyse(mine, 3).winner.name.title(),
        "game": None,
        "revealed": 0,
        "autoplay": 0,
        "shown": False,
        "answers": False,
        "teaching": None,
    }
    assert shared.js("document.getElementById('own-text').value") == mine.to_text()
    shared.click("#tab-own")
    shared.click("#own-original")
    assert shared.state()["n"] == 12 and shared.js("window.downwedig.answer()") == answer(parse(SAMPLE.read_bytes()))
    shared.wait_for_hash("#day=12")
    bad = opener(path, "#rows=WWWWWWWW,WWWW&day=2")  # a bad link: the page says why and shows its own staircase
    assert bad.state()["n"] == 12
    assert bad.text("#own-error") == "<input>:3:5: step 2 has 4 pieces, expected 8"


def test_a_refusal_points_at_its_line_and_column(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    page = opener(write(tmp_path, parse(SAMPLE.read_bytes())))
    text = "3\nWWWWWWWW\nWWRWxWWW\nRRRRRRRR\n"
    page.click("#tab-own")
    page.page.fill("#own-text", text)
    page.click("#own-load")
    message = page.text("#own-error")
    with_error = page.js("document.getElementById('own-error').getAttribute('role')")
    assert (
        message == "<input>:3:5: unexpected character 'x' in step 2 (a piece is 'W' or 'R')" and with_error == "alert"
    )
    assert page.js("document.getElementById('own-text').getAttribute('aria-invalid')") == "true"
    start, end = page.js(
        "[document.getElementById('own-text').selectionStart, document.getElementById('own-text').selectionEnd]"
    )
    assert text[start:end] == "x", "the bad character is selected"
    assert page.js("document.activeElement.id") == "own-text"
    assert page.state()["n"] == 12, "a refused staircase changes nothing"
    page.page.fill("#own-text", "2\nWWWWWWWW\nRRRRRRRR\n")
    page.click("#own-load")
    assert page.state()["n"] == 2 and page.text("#own-note").startswith("Showing your staircase of 2 steps")
    page.page.fill("#own-text", text)
    page.click("#own-load")
    assert page.text("#own-error") == message and page.text("#own-note") == "", (
        "no note left from the staircase before (learner report 5, L12)"
    )


def test_a_malformed_link_is_refused_in_words(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    path = write(tmp_path, parse(SAMPLE.read_bytes()))
    for fragment, rows in (("#rows=%", "%"), ("#rows=%E0%A4%A&day=2", "%E0%A4%A")):
        page = opener(path, fragment)  # (the tab's check at the end: no uncaught URIError)
        assert page.text("#own-error") == PAGE_WORDS["bad_address"].format(shown=repr(rows))
        assert page.state()["n"] == 12, "the page keeps its own staircase"
        assert page.js("!document.getElementById('own').hidden"), "and shows the tab that says why"
    page.js("location.hash = '#rows=WWWWWWWW,RRRRRRRR&day=2'")
    page.page.wait_for_function("window.downwedig.state().n === 2")
    page.js("location.hash = '#rows=%ZZ'")  # a malformed link followed later, by a change of the address
    page.page.wait_for_function("document.getElementById('own-error').textContent !== ''")
    assert page.text("#own-error") == PAGE_WORDS["bad_address"].format(shown="'%ZZ'")
    assert page.state()["n"] == 2


#: A paste into the text box, as the browser would send it; whether the page kept the text out of the box.
PASTE = """t => {
  const box = document.getElementById('own-text'), data = new DataTransfer();
  data.setData('text/plain', t);
  const paste = new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true});
  box.dispatchEvent(paste);
  return paste.defaultPrevented;
}"""


def test_a_pasted_staircase_of_the_judges_size_is_shown_at_once(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    from downwedig.contest.generating.registry import generate

    page = opener(write(tmp_path, parse(SAMPLE.read_bytes())))
    page.click("#tab-own")
    assert page.js(PASTE, "2\nWWWWWWWW\nRRRRRRRR\n") is False, "a small paste goes into the box, to be edited"
    assert page.state()["n"] == 12
    big = Staircase.from_ints(generate("max", MAX_N, 1, kind="stutter"))
    text = big.to_text()
    assert page.js(PASTE, text) is True, "a long one is read at once, never laid out in the box"
    assert page.state()["n"] == MAX_N and page.js("window.downwedig.answer()") == answer(big)
    assert page.js("document.getElementById('own-text').value") == ""
    assert page.text("#own-note").endswith(PAGE_WORDS["pasted"].format(chars=len(text)))
    top = page.js("document.getElementById('view').getBoundingClientRect().top")
    assert -1 < top < 20, "the new picture is scrolled into view"
    bad = text.replace("RRRRWWWW", "RRRRWWxW", 1)
    assert page.js(PASTE, bad) is True
    assert page.text("#own-error") == "<input>:3:7: unexpected character 'x' in step 2 (a piece is 'W' or 'R')"
    assert page.state()["n"] == MAX_N, "a refused paste changes nothing"


def test_a_staircase_can_be_opened_from_a_file(tmp_path: Path, opener: Callable[..., Opened]) -> None:
    page = opener(write(tmp_path, parse(SAMPLE.read_bytes())))
    page.click("#tab-own")
    mine = scrambled(40, seed=3)
    (tmp_path / "mine.in").write_text(mine.to_text())
    page.page.set_input_files("#own-file", tmp_path / "mine.in")
    page.page.wait_for_function("window.downwedig.state().n === 40")
    assert page.js("window.downwedig.answer()") == answer(mine)
    assert page.text("#own-note").endswith("Read from mine.in.")
    (tmp_path / "bad.in").write_text("2\nWWWWWWWW\nRRR\n")
    page.page.set_input_files("#own-file", tmp_path / "bad.in")
    page.page.wait_for_function("document.getElementById('own-error').textContent !== ''")
    assert page.text("#own-error") == "<input>:3:4: step 2 has 3 pieces, expected 8"
    assert page.js("document.getElementById('own-text').value") == "2\nWWWWWWWW\nRRR\n", "in the box, to be mended"
    assert page.js("document.activeElement.id") == "own-text"
