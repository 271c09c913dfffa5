"""A self-contained HTML page to browse every day of a staircase, be taught how it is solved, and play.

:func:`render_html` fills the page template (``page.html``, ``page.css`` and
the scripts of :data:`SCRIPTS`, package data files beside this module) with
the staircase in compact form: the packed rows and move masks in base64 and
the answer as one bit per day (about 2.8 bytes per step in all), plus
everything the page says or draws, as data: the picture's two layouts, colours,
words and style sheet (:mod:`downwedig.render.layout`), the reasons of
:data:`downwedig.explain.REASONS`, the sentences of a game
(:data:`downwedig.play.WORDS`), of the text report
(:data:`downwedig.render.text.WORDS`), of the reader
(:data:`INPUT_WORDS`), of the step-through and its code
(:mod:`downwedig.render.teaching`) and the page's own (:data:`PAGE_WORDS`), and the sizes of the page's parts
(:data:`PAGE_SIZES`): its scripts write no sentence, colour or length of
their own.  The page analyses the chosen day as :func:`downwedig.explain.analyse`
does and draws it as :func:`downwedig.render.svg_element` does (``header=False``:
the page writes the verdict, the window's name and the key in HTML).  It
needs no network.

What the page offers: the day (slider, buttons, the answer strip); the
picture, paged through long staircases, and beside it, one task at a time in
tabs, a step-through of the solution, bottom-up then top-down, beside its code
(the line that decides each step lit), where the learner predicts each step
before it is revealed and is told why when wrong, and which can play by
itself; a game against the perfect player that hides who wins until it ends;
the facts (who wins and why); and a staircase of the learner's own, typed,
pasted (a long paste is read at once, never laid out in the text box) or
opened from a file in the judge's format, read with the reader's rules and
words (``reader.js``) and kept in the address when it is small
(``#rows=WWWWWWWW,WWWWWWWR&day=2``).  It honours ``#day=K&from=A``.

The page's scripting interface, ``window.downwedig``: ``chooseDay(k)``,
``newGame("Dina" | "Dima")``, ``move(step)`` (throws on an illegal move; the
computer has answered when it returns), ``state()`` (``{day, n, winner,
game, revealed, autoplay}``, ``game`` being ``null`` or ``{you, handkerchief,
toMove, over, winner}``), ``hint()``, ``undo()``, ``showSteps(first)``, ``view()``,
``answer()`` (the digits), ``teach(day)`` (starts the step-through and returns
the reveal order, ``[{step, status, remoteness, line}]`` from the last step up,
``line`` the line of the code shown that decides the step),
``guess(step, "won" | "lost")`` (``{correct, status, why}``),
``autoplay(msPerStep)`` (plays the step-through by itself, ``0`` stops it;
``revealed`` counts the steps it has shown, ``autoplay`` is its pace) and
``load(text)`` (returns ``state()``, or throws the reader's message).
"""

from __future__ import annotations

import base64
import html
import json
import re
from importlib import resources

from ..engine.solver import answer
from ..errors import EXCERPT, InvalidDay, InvalidSteps
from ..explain import REASONS
from ..moves import packed_move_masks
from ..play import WORDS as GAME_WORDS
from ..reader import ANSWER_HINT, BOM_REASON, N_ALONE
from ..staircase import MAX_N, Staircase
from .layout import DEFAULT_COLORS, LAYOUT, NARROW_LAYOUT, SVG_STYLE, TEXTS, Layout
from .teaching import CODE, CODE_LINES, CODE_PARTS, TEACH_WORDS
from .text import WORDS as REPORT_WORDS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..diagnosis import Diagnosis

__all__ = [
    "INPUT_WORDS",
    "PAGE_SIZES",
    "PAGE_WORDS",
    "SCRIPTS",
    "TEACH_WORDS",
    "answer_bits",
    "fits",
    "page_data",
    "render_html",
]

_PLACEHOLDER = re.compile(r"%(TITLE|STYLE|SCRIPT|N|DATA|MAX_N|WIDTH)%")

#: The page's scripts, in the order they run (one ``<script>``, one scope).
SCRIPTS = ("model.js", "reader.js", "draw.js", "strip.js", "teach.js", "code.js", "page.js", "own.js")

#: What only the page says (its other sentences are the library's): templates like the rest.
PAGE_WORDS = {
    "title": "Down We Dig \u2014 {n} steps",
    "document_title": "Down We Dig: {n} steps",
    "winner": "{winner} wins day {day}",
    "winner_hidden": "Day {day}: who wins stays hidden until the game ends",
    "winner_hidden_teach": "Day {day}: who wins? Step through to step 1 to find out",
    "winner_ask": "Day {day}: who wins? Predict:",
    "predicted_right": "Right! {words}.",
    "predicted_wrong": "Not quite: you said {said}. {words}.",
    "show_answers": "Show the answers",
    "hide_answers": "Hide the answers",
    "digit_hidden": "?",
    "group": "days {first}-{last}",
    "bad_day": "day {day} is not in 1..{n}",  # as downwedig.errors.InvalidDay says it
    "bad_step": "step {step} is not in 1..{n}",  # as InvalidDay(step, day, "step") says it
    "bad_player": 'newGame takes "Dina" or "Dima", not {player}',
    "bad_status": 'guess takes "won" or "lost", not {status}',
    "bad_autoplay": "autoplay takes the milliseconds per step (0 stops it), not {ms}",
    "no_game": "there is no game: start one with newGame",
    "loaded": "Showing your staircase of {n} steps. The address holds it: a link to this page shares it.",
    "loaded_long": "Showing your staircase of {n} steps. It is too long for the address (at most {most} steps) "
    "or for the box above, which is ready for another.",
    "original": "Showing the page's own staircase again.",
    "pasted": "The {chars} characters pasted were read at once, not put in the box (a box of so many lines is slow).",
    "opened": "Read from {name}.",
    "facts_hidden_game": "Who wins stays hidden while you play (tick \u201cshow who wins\u201d to see it).",
    "facts_hidden_teach": "Who wins stays hidden until the step-through reaches step 1.",
    "facts_hidden_ask": "Who wins stays hidden until you predict it (beside the day) or show the answers.",
    "line_above": "\u2026 moves {a}-{b}, above the steps shown",
    "line_below": "\u2026 moves {a}-{b}, below the steps shown (Later moves \u25b6)",
    "line_none": "\u2026 none of the {count} moves is in the steps shown",
    "day_chosen": "Day {day} of {n}.",
    "bad_address": "the address's rows= cannot be read: {shown} is not percent-encoded text (a % must start "
    "two hexadecimal digits of UTF-8)",
}

#: The reader's refusals, as :func:`downwedig.reader.parse` words them (the browser tests compare the two),
#: for a staircase typed into the page; ``n_over`` is ``downwedig validate``'s, the page's limit.
INPUT_WORDS = {
    "source": "<input>",
    "where": "{source}:{line}:{column}: {reason}",
    "bom": BOM_REASON,
    "bom_char": "\ufeff",
    "empty": "empty input: expected the number of steps n, then n steps",
    "n_empty": "expected the number of steps n on the first line, found an empty line",
    "n_not_integer": "the number of steps n must be a positive integer, got {shown}",
    "n_alone": N_ALONE,
    "n_too_large": "the number of steps n = {shown} is too large for any input",
    "n_too_large_answer": "the number of steps n = {shown} is too large for any input" + ANSWER_HINT,
    "n_zero": "the number of steps n must be at least 1, got {shown}",
    "n_over": "n = {n} is not in [1, {max}]",
    "bad_piece": "unexpected character {char} in step {step} (a piece is 'W' or 'R')",
    "bad_length": "step {step} has {count} pieces, expected {width}",
    "after_end": "unexpected content after the {steps}: {shown}",
    "step": "{n} step",
    "steps": "{n} steps",
    "too_few": "expected {n} steps, found only {found}",
    "too_few_answer": "expected {n} steps, found only {found}" + ANSWER_HINT,
    "cut": "...",
}

#: The lengths and counts of the page's own parts, in CSS pixels unless named otherwise.
PAGE_SIZES = {
    "strip_line": 20,  # height of a line of the answer strip
    "strip_group": 10,  # days per group of digits
    "strip_lines": 6,  # lines of the strip shown at most: whole lines, so that none shows cut in half
    "strip_margin": 24,  # room the strip keeps beside its digits
    "strip_group_extra": 0.9,  # the room between groups, in digits
    "hash_interval_ms": 200,  # the address is rewritten at most this often (a dragged slider)
    "min_text": 10,  # the picture's smallest text, in pixels: the narrow layout (or a scroll bar) keeps it so
    "quote": EXCERPT,  # the reader quotes this many characters of a bad line, from its first 80 bytes
    "quote_bytes": 80,
    "longest_n": 18,  # more digits than this in n is too large for any input
    "max_n": MAX_N,
    "address_steps": 300,  # a staircase of at most this many steps is kept in the address
    "paste_box": 100_000,  # a longer paste (or file) is read at once, not put in the text box
    "legend_sample": LAYOUT.legend_sample,
    "grid_width": 8,  # the step-through draws G_p as a grid of its 2^width windows up to this width
    "narrow_page": 700,  # a page this wide or less keeps the picture on top during the step-through (page.css)
    "ask_gap": 8,  # and keeps this much room between it and the question under it
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


def fits(width: int, n: int, layout: Layout = LAYOUT) -> dict[str, dict[str, dict[str, object]]]:
    """What :meth:`Layout.fitted` changes, by the digits of n (up to those of ``n`` and of the page's largest
    staircase), for the wide and the narrow layout: the page merges them into its layouts. O(width).

    >>> fits(8, 12)["2"], sorted(fits(8, 12)) == ["1", "2", "3", "4", "5", "6"]
    ({'wide': {}, 'narrow': {}}, True)
    >>> fits(8, 300_000)["6"]["wide"]["badge_width"]
    92
    """
    out = {}
    for digits in range(1, max(len(str(n)), len(str(MAX_N))) + 1):
        fitted = {}
        for name, base in (("wide", layout), ("narrow", NARROW_LAYOUT)):
            plain, data = base.as_data(width), base.fitted(10 ** (digits - 1)).as_data(width)
            fitted[name] = {key: value for key, value in data.items() if plain[key] != value}
        out[str(digits)] = fitted
    return out


def page_data(
    staircase: Staircase,
    day: int | None = None,
    *,
    steps: tuple[int, int] | None = None,
    layout: Layout = LAYOUT,
    answers: bool = False,
    teach: bool = False,
    diagnosis: Diagnosis | None = None,
) -> dict[str, object]:
    """What the page embeds: the staircase, its answer, and how to draw and word it. O(n).

    ``steps=(A, B)`` opens the picture on those steps (and shows ``B - A + 1`` at a time); ``answers`` opens it
    with every answer shown, ``teach`` with the step-through started on ``day``, and ``diagnosis`` (of an answer
    to this staircase) says where a program went wrong (see :func:`render_html`).

    >>> sorted(page_data(Staircase.from_rows(["WW", "RR"])))  # doctest: +NORMALIZE_WHITESPACE
    ['answer', 'answers', 'code', 'code_lines', 'code_parts', 'colors', 'day', 'first', 'fits', 'input', 'layout',
     'masks', 'mistake', 'n', 'narrow', 'page', 'reasons', 'report', 'rows', 'sizes', 'start_teaching', 'style',
     'teach', 'texts', 'width', 'window', 'words']
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
        "narrow": NARROW_LAYOUT.as_data(staircase.width),
        "fits": fits(staircase.width, n, layout),
        "colors": DEFAULT_COLORS,
        "texts": TEXTS,
        "style": SVG_STYLE,
        "reasons": REASONS,
        "words": GAME_WORDS,
        "report": REPORT_WORDS,
        "page": PAGE_WORDS,
        "teach": TEACH_WORDS,
        "code": CODE,
        "code_lines": CODE_LINES,
        "code_parts": CODE_PARTS,
        "answers": answers,
        "start_teaching": teach,
        "mistake": None if diagnosis is None else _mistake(diagnosis),
        "input": INPUT_WORDS,
        "sizes": PAGE_SIZES,
    }


def _mistake(found: Diagnosis) -> dict[str, object]:
    """A diagnosis as the page shows it: the day, the program's digit, the step it first gets wrong, the words."""
    return {
        "day": found.day,
        "said": found.said,
        "step": found.step,
        "said_won": found.step_said_won,
        "lines": found.lines(),
    }


def render_html(
    staircase: Staircase,
    day: int | None = None,
    *,
    steps: tuple[int, int] | None = None,
    answers: bool = False,
    teach: bool = False,
    diagnosis: Diagnosis | None = None,
) -> str:
    """A self-contained page to browse the days of ``staircase`` (see the module docstring).

    ``day`` is the day shown first (default ``n``) and ``steps`` the window of
    steps (default: the top :attr:`~downwedig.render.layout.Layout.window`);
    ``#day=K&from=A`` in the address overrides them.  The page asks before it
    tells: who wins a day, its digit and its steps' statuses are hidden until
    the learner predicts them or shows them; ``answers`` (or ``#answers`` in
    the address) opens it with every answer shown, for a coach.  ``teach``
    opens it with the step-through of ``day`` started, and ``diagnosis`` (of
    a program's answer to this staircase, :func:`downwedig.diagnosis.diagnose`)
    adds where that program went wrong, asked before told: what ``downwedig
    stress --page`` writes.  O(n) in Python; the page analyses a day in O(day)
    JavaScript and draws only the steps in view.

    >>> page = render_html(Staircase.from_rows(["WW", "RR"]))
    >>> page.startswith("<!DOCTYPE html>"), '"n": 2' in page
    (True, True)
    """
    data = page_data(staircase, day, steps=steps, answers=answers, teach=teach, diagnosis=diagnosis)
    text = json.dumps(data).replace("</", "<\\/")
    n = str(len(staircase))
    title = html.escape(f"Down We Dig: {n} steps")
    script = '(() => {\n"use strict";\n' + "".join(_asset(name) for name in SCRIPTS) + "})();"
    parts = {"TITLE": title, "STYLE": _asset("page.css"), "SCRIPT": script, "N": n, "DATA": text}
    parts.update(MAX_N=str(MAX_N), WIDTH=str(staircase.width))
    # One pass over the template: what is put in is never searched for placeholders.
    return _PLACEHOLDER.sub(lambda match: parts[match[1]], _asset("page.html"))
