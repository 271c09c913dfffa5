"""A picture of a day as SVG, built with :mod:`xml.etree.ElementTree` (no drawing library).

Above the rows: the verdict (``text.verdict``), the name of the window of
steps shown with the moves in view (``text.window``) and a legend
(``g.legend``) of only what the picture draws (``render/_legend.py``);
``header=False`` leaves them out (the HTML page writes them in HTML).  The
rows are drawn layer by layer (``render/_layers.py``).  Each step is a row (``<g class="step won|lost">`` with a
``<title>`` for hover text) of its number, its pieces (``rect.piece``, white
or red) and a status badge (``g.status``: won/lost and remoteness).  The
handkerchief (``.handkerchief``) stands beside the pieces of its step.  The
line of play -- or the moves of a game, ``played`` -- is drawn as arcs on the
left (``g.line``), each labelled with its number and player, its steps shaded
(``rect.on-line``); the legal moves from the *current* step as arrows on the
right (``g.move``, labelled ``distance/common``, green when they win); and on
a day Dina loses, Dima's winning answer to each of her moves (``g.reply``):
dashed brackets nested in columns of their own, so that none crosses another,
each labelled with his step.  Every move carries outlines of the columns its
two steps share (``rect.shared``), which the picture's style sheet shows while
the move is pointed at.  ``statuses=False`` hides who wins (for a game in
progress): no badge says won or lost, no line of play is drawn, and arrows
are green only with ``hint=True``.  ``revealed=R`` is the step-through of the
page: the statuses of steps ``R..day`` are shown and those above hidden, and
the *window* of the current step, the 8 steps below it that decide it, is
outlined (``rect.window-box``); once that step is revealed, the moves that decide it are ``g.move.decides``
(drawn bold: a won step's moves to lost steps, every move of a lost step) and its other moves ``g.move.aside``
(faint).

A long staircase is windowed: ``steps=(A, B)``, by default the top
:attr:`Layout.window` steps, where the line of play starts; notes say what
lies above and below.  The ``viewBox`` lets the picture scale to any width.
Every size, colour and word comes from :mod:`downwedig.render.layout`; the
HTML page draws the same picture from the same data (mirrored in
``render/draw.js``, element for element: the browser tests compare the two).

>>> from downwedig import Staircase
>>> from downwedig.explain import analyse
>>> svg = svg_element(analyse(Staircase.from_rows(["WW", "WW", "WW"])))
>>> len(svg.findall(".//*[@class='piece']")), len(svg.findall(".//*[@class='move']"))
(6, 2)
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from itertools import pairwise

from ..errors import IllegalMove, InvalidSteps
from ..explain import DayAnalysis
from ._layers import Drawing, frame
from ._legend import draw_header, header_height, legend_rows
from .layout import DEFAULT_COLORS, LAYOUT, TEXTS, Layout

__all__ = ["default_window", "render_svg", "svg_element"]


def default_window(analysis: DayAnalysis, layout: Layout = LAYOUT) -> tuple[int, int]:
    """The steps drawn by default: from step 1, where the line starts, ``layout.window`` steps down. O(1).

    >>> from downwedig import Staircase
    >>> from downwedig.explain import analyse
    >>> default_window(analyse(Staircase.from_rows(["WW"] * 40)))
    (1, 30)
    """
    return 1, min(analysis.day, layout.window)


def _checked_path(analysis: DayAnalysis, played: Sequence[int]) -> list[int]:
    path = list(played)
    if not path or path[0] != 1:
        raise IllegalMove("a game starts on step 1")
    for i, j in pairwise(path):
        if not (i < j <= analysis.day and analysis.masks[i] >> (j - i - 1) & 1):
            raise IllegalMove(f"{i} -> {j} is not a move on day {analysis.day}")
    return path


def _moves_word(count: int) -> str:
    return TEXTS["move_count" if count == 1 else "moves_count"].format(count=count)


def svg_element(
    analysis: DayAnalysis,
    *,
    steps: tuple[int, int] | None = None,
    current: int | None = None,
    played: Sequence[int] | None = None,
    statuses: bool = True,
    hint: bool = False,
    revealed: int | None = None,
    header: bool = True,
    layout: Layout = LAYOUT,
    colors: Mapping[str, str] | None = None,
) -> ET.Element:
    """The picture of a day as an ``<svg>`` element (see the module docstring); mirrored in ``render/draw.js``.

    ``played`` is a game's steps from step 1 (each a legal move from the one
    before): its moves are drawn instead of the line of play, and the
    handkerchief stands on its last step.  ``current`` is the step whose moves
    are drawn (default: the handkerchief's step in a game; in the step-through,
    the step above ``revealed``; else step 1 when shown, else the first step of
    the line in the window, else the window's first); ``colors`` overrides some
    of :data:`~downwedig.render.layout.DEFAULT_COLORS`.  Cost: O(day) for the
    line of play, plus O(shown steps * width).

    >>> from downwedig import Staircase
    >>> from downwedig.explain import analyse
    >>> svg = svg_element(analyse(Staircase.from_rows(["WW"] * 40)), steps=(5, 9))
    >>> [g.get("id") for g in svg.iter() if g.get("id", "").startswith("step-")]
    ['step-5', 'step-6', 'step-7', 'step-8', 'step-9']
    """
    a, lay = analysis, layout.fitted(analysis.n)  # (room for the numbers of n steps)
    color = {**DEFAULT_COLORS, **(colors or {})}
    first, last = steps or default_window(a, lay)
    if not 1 <= first <= last <= a.day:
        raise InvalidSteps(first, last, a.day)
    teaching = revealed is not None
    reveal_from = revealed if revealed is not None else (1 if statuses else a.day + 1)
    statuses = statuses and not teaching
    line = a.line_steps() if statuses and played is None else [1]
    path = _checked_path(a, played) if played is not None else line
    if current is None:
        if played is not None:
            current = path[-1]
        elif revealed is not None:
            current = min(a.day, max(1, revealed - 1))
        else:
            current = 1 if first == 1 else next((s for s in path if first <= s <= last), first)
    draw = Drawing(a, first, last, lay, color)
    decided, replies = current >= reveal_from or hint, statuses and played is None
    draw.plan(path, current, reveal_from, teaching=teaching, decided=decided, replies=replies)
    rows = legend_rows(draw.drawn(played is not None)) if header else []
    draw.top = header_height(lay, rows) if header else lay.bare_top
    total_w = lay.total_width(draw.width, legend=header)
    total_h = draw.top + (last - first + 1) * lay.row + lay.bottom
    svg = frame(total_w, total_h, lay, color)
    if header:
        if teaching:
            verdict = TEXTS["verdict_teach"].format(day=a.day, n=a.n, revealed=min(reveal_from, a.day + 1))
        elif statuses:
            verdict = TEXTS["verdict"].format(day=a.day, n=a.n, winner=a.winner, moves=_moves_word(a.remoteness[1]))
        else:
            verdict = TEXTS["verdict_hidden"].format(day=a.day, n=a.n)
        window = TEXTS["window"].format(first=first, last=last, day=a.day)
        if draw.in_view:
            in_view = draw.in_view
            window += TEXTS["window_moves"].format(a=in_view[0][0], b=in_view[-1][0], count=len(path) - 1)
        elif len(path) > 1:
            window += TEXTS["window_no_move"].format(count=len(path) - 1)
        draw_header(svg, lay, color, verdict, window, rows)
    more = {"class": "more"}
    if first > 1:
        draw.text(svg, lay.left, draw.top - lay.above_rise, lay.font, TEXTS["above"].format(last=first - 1), **more)
    if last < a.day:
        below = TEXTS["below"].format(first=last + 1, day=a.day)
        draw.text(svg, lay.left, total_h - lay.below_rise, lay.font, below, **more)
    draw.steps(svg, total_w)
    draw.window_box(svg)
    draw.kerchief(svg, path[-1] if played is not None else 1)
    draw.line(svg, "played" if played is not None else "line")
    draw.arrows(svg)
    draw.replies(svg)
    return svg


def render_svg(
    analysis: DayAnalysis,
    *,
    steps: tuple[int, int] | None = None,
    current: int | None = None,
    played: Sequence[int] | None = None,
    statuses: bool = True,
    hint: bool = False,
    revealed: int | None = None,
    header: bool = True,
    layout: Layout = LAYOUT,
    colors: Mapping[str, str] | None = None,
) -> str:
    """The picture of a day as SVG text (see :func:`svg_element`). O(day + shown * width).

    >>> from downwedig import Staircase
    >>> from downwedig.explain import analyse
    >>> render_svg(analyse(Staircase.from_rows(["WW"]))).startswith("<svg")
    True
    """
    element = svg_element(
        analysis,
        steps=steps,
        current=current,
        played=played,
        statuses=statuses,
        hint=hint,
        revealed=revealed,
        header=header,
        layout=layout,
        colors=colors,
    )
    return ET.tostring(element, encoding="unicode") + "\n"
