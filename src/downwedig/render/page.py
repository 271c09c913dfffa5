"""A self-contained HTML page to browse every day of a staircase and play any of them.

:func:`render_html` fills the page template (``page.html``, ``page.css`` and
the scripts ``model.js``, ``draw.js`` and ``page.js``, package data files
beside this module) with the staircase in compact form: the packed rows and
move masks in base64 and the answer as one bit per day (about 2.8 bytes per
step in all), plus everything the page says or draws, as data: the picture's
layout, colours, words and style sheet (:mod:`downwedig.render.layout`), the
reasons of :data:`downwedig.explain.REASONS`, the sentences of a game
(:data:`downwedig.play.WORDS`), of the text report
(:data:`downwedig.render.text.WORDS`) and the page's own (:data:`PAGE_WORDS`).  The page's script analyses the chosen
day as :func:`downwedig.explain.analyse` does and draws it as
:func:`downwedig.render.svg_element` does, from those numbers and words; it
never applies the move rule itself (it reads the masks).  It honours
``#day=K&from=A`` in the address and needs no network.

The page's scripting interface, ``window.downwedig``: ``chooseDay(k)``,
``newGame("Dina" | "Dima")``, ``move(step)`` (throws on an illegal move; the
computer has answered when it returns), ``state()`` (``{day, n, winner,
game}``, ``game`` being ``null`` or ``{you, handkerchief, toMove, over,
winner}``), and ``hint()``, ``undo()``, ``showSteps(first)``, ``view()``.
"""

from __future__ import annotations

import base64
import html
import json
import re
from importlib import resources

from ..engine.solver import answer
from ..errors import InvalidDay, InvalidSteps
from ..explain import REASONS
from ..moves import packed_move_masks
from ..play import WORDS as GAME_WORDS
from ..staircase import Staircase
from .layout import DEFAULT_COLORS, LAYOUT, SVG_STYLE, TEXTS, Layout
from .text import WORDS as REPORT_WORDS

__all__ = ["PAGE_WORDS", "SCRIPTS", "answer_bits", "page_data", "render_html"]

_PLACEHOLDER = re.compile(r"%(TITLE|STYLE|SCRIPT|N|DATA)%")

#: The page's scripts, in the order they run (one ``<script>``, one scope).
SCRIPTS = ("model.js", "draw.js", "page.js")

#: What only the page says (its other sentences are the library's): templates like the rest.
PAGE_WORDS = {
    "winner": "{winner} wins day {day}",
    "bad_day": "day {day} is not in 1..{n}",  # as downwedig.errors.InvalidDay says it
    "bad_player": 'newGame takes "Dina" or "Dima", not {player}',
    "no_game": "there is no game: start one with newGame",
}


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def answer_bits(digits: str) -> bytes:
    """The answer as one bit per day, day ``k`` at bit ``(k-1) % 8`` of byte ``(k-1) // 8``: set when Dina wins. O(n).

    >>> answer_bits("2111122222121")
    b'\\x1e\\x14'
    """
    bits = digits.translate(str.maketrans("12", "10"))[::-1]
    return int(bits or "0", 2).to_bytes((len(digits) + 7) // 8, "little")


def page_data(
    staircase: Staircase,
    day: int | None = None,
    *,
    steps: tuple[int, int] | None = None,
    layout: Layout = LAYOUT,
) -> dict[str, object]:
    """What the page embeds: the staircase, its answer, and how to draw and word it. O(n).

    ``steps=(A, B)`` opens the picture on those steps (and shows ``B - A + 1`` at a time).

    >>> sorted(page_data(Staircase.from_rows(["WW", "RR"])))  # doctest: +NORMALIZE_WHITESPACE
    ['answer', 'colors', 'day', 'first', 'layout', 'masks', 'n', 'page', 'reasons', 'report', 'rows',
     'style', 'texts', 'width', 'window', 'words']
    """
    n = len(staircase)
    day = n if day is None else day
    if not 1 <= day <= n:
        raise InvalidDay(day, n)
    first, last = steps or (1, layout.window)
    if steps is not None and not 1 <= first <= last <= day:
        raise InvalidSteps(first, last, day)
    return {
        "n": n,
        "width": staircase.width,
        "day": day,
        "first": first,
        "window": last - first + 1,
        "rows": base64.b64encode(staircase.packed).decode("ascii"),
        "masks": base64.b64encode(packed_move_masks(staircase.packed, staircase.width)).decode("ascii"),
        "answer": base64.b64encode(answer_bits(answer(staircase))).decode("ascii"),
        "layout": layout.as_data(staircase.width),
        "colors": DEFAULT_COLORS,
        "texts": TEXTS,
        "style": SVG_STYLE,
        "reasons": REASONS,
        "words": GAME_WORDS,
        "report": REPORT_WORDS,
        "page": PAGE_WORDS,
    }


def render_html(staircase: Staircase, day: int | None = None, *, steps: tuple[int, int] | None = None) -> str:
    """A self-contained page to browse the days of ``staircase`` (see the module docstring).

    ``day`` is the day shown first (default ``n``) and ``steps`` the window of
    steps (default: the top :attr:`~downwedig.render.layout.Layout.window`);
    ``#day=K&from=A`` in the address overrides them.  O(n) in Python; the page
    analyses a day in O(day) JavaScript and draws only the steps in view.

    >>> page = render_html(Staircase.from_rows(["WW", "RR"]))
    >>> page.startswith("<!DOCTYPE html>"), '"n": 2' in page
    (True, True)
    """
    data = json.dumps(page_data(staircase, day, steps=steps)).replace("</", "<\\/")
    n = str(len(staircase))
    title = html.escape(f"Down We Dig: {n} steps")
    script = '(() => {\n"use strict";\n' + "".join(_asset(name) for name in SCRIPTS) + "})();"
    parts = {"TITLE": title, "STYLE": _asset("page.css"), "SCRIPT": script, "N": n, "DATA": data}
    # One pass over the template: what is put in is never searched for placeholders.
    return _PLACEHOLDER.sub(lambda match: parts[match[1]], _asset("page.html"))
