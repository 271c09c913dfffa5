"""A picture of a day as SVG, built with :mod:`xml.etree.ElementTree` (no drawing library).

Above the rows: the verdict (``text.verdict``), the name of the window of
steps shown with the moves in view (``text.window``) and a legend
(``g.legend``); ``header=False`` leaves them out (the HTML page writes them
in HTML).  Each step is a row (``<g class="step won|lost">`` with a
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
from ..explain import DayAnalysis, Move
from .layout import DEFAULT_COLORS, LAYOUT, SVG_STYLE, TEXTS, Layout

__all__ = ["default_window", "render_svg", "svg_element"]

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
PLAYERS = ("Dina", "Dima")


def default_window(analysis: DayAnalysis, layout: Layout = LAYOUT) -> tuple[int, int]:
    """The steps drawn by default: from step 1, where the line starts, ``layout.window`` steps down. O(1).

    >>> from downwedig import Staircase
    >>> from downwedig.explain import analyse
    >>> default_window(analyse(Staircase.from_rows(["WW"] * 40)))
    (1, 30)
    """
    return 1, min(analysis.day, layout.window)


def _sub(parent: ET.Element, tag: str, attrs: Mapping[str, object], text: str | None = None) -> ET.Element:
    element = ET.SubElement(parent, tag, {name: str(value) for name, value in attrs.items()})
    if text is not None:
        element.text = text
    return element


def _arc(x: int, y1: int, y2: int, bend: int) -> str:
    return f"M{x},{y1} C{x + bend},{y1} {x + bend},{y2} {x},{y2}"


def _checked_path(analysis: DayAnalysis, played: Sequence[int]) -> list[int]:
    path = list(played)
    if not path or path[0] != 1:
        raise IllegalMove("a game starts on step 1")
    for i, j in pairwise(path):
        if not (i < j <= analysis.day and analysis.masks[i] >> (j - i - 1) & 1):
            raise IllegalMove(f"{i} -> {j} is not a move on day {analysis.day}")
    return path


class _Drawing:
    """One picture being drawn: the day, the window, and helpers that place things on rows."""

    def __init__(self, a: DayAnalysis, first: int, last: int, lay: Layout, color: Mapping[str, str], top: int) -> None:
        self.a, self.first, self.last, self.lay, self.color, self.top = a, first, last, lay, color, top
        self.width = a.staircase.width

    def y(self, step: int) -> int:
        return self.top + (step - self.first) * self.lay.row + self.lay.row // 2

    def shown(self, step: int) -> bool:
        return self.first <= step <= self.last

    def text(self, parent: ET.Element, x: int, y: int, size: int, words: str, **attrs: object) -> None:
        _sub(parent, "text", {"x": x, "y": y, "font-size": size, **attrs}, words)

    def outline(self, parent: ET.Element, x: int, y: int, width: int, height: int, role: str, cls: str) -> None:
        """A rounded outline around a box, ``outline_margin`` outside it."""
        lay, m = self.lay, self.lay.outline_margin
        attrs = {"x": x - m, "y": y - m, "width": width + 2 * m, "height": height + 2 * m, "rx": lay.outline_radius}
        _sub(parent, "rect", {**attrs, "fill": "none", "stroke": self.color[role], "stroke-width": lay.outline_stroke})
        parent[-1].set("class", cls)

    def shared(self, parent: ET.Element, i: int, j: int) -> None:
        """Outlines of the columns steps ``i`` and ``j`` share, on each of them that is shown."""
        lay, s = self.lay, self.a.staircase
        row_i, row_j = s.row(i), s.row(j)
        for c in range(self.width):
            if row_i[c] != row_j[c]:
                continue
            for step in (i, j):
                if self.shown(step):
                    top = self.y(step) - lay.piece // 2
                    self.outline(parent, lay.piece_x(c), top, lay.piece, lay.piece, "shared", "shared")

    def curve(self, g: ET.Element, d: str, stroke: str, width: int, head: str, dashed: bool = False) -> None:
        """A move's curve: a wide invisible stroke to point at, then the visible one."""
        lay = self.lay
        _sub(g, "path", {"d": d, "fill": "none", "stroke": stroke, "stroke-opacity": 0, "stroke-width": lay.hit_width})
        attrs: dict[str, object] = {"d": d, "fill": "none", "stroke": stroke, "stroke-width": width, "class": "arc"}
        if dashed:
            attrs["stroke-dasharray"] = f"{lay.dash},{lay.dash_gap}"
        _sub(g, "path", {**attrs, "marker-end": f"url(#head-{head})"})

    def legend(self, svg: ET.Element, played: bool, replies: bool) -> None:
        lay, color, x0 = self.lay, self.color, self.lay.text_x
        g = _sub(svg, "g", {"class": "legend", "font-size": lay.font})
        note = {"fill": color["note"]}
        for row, status in enumerate(("won", "lost")):
            y = lay.legend_y + row * lay.legend_row
            attrs: dict[str, object] = {"x": x0, "y": y - lay.legend_badge_rise, "width": lay.badge_width}
            _sub(g, "rect", {**attrs, "height": lay.badge_height, "rx": lay.badge_height // 2, "fill": color[status]})
            attrs = {"x": x0 + lay.badge_width // 2, "y": y, "fill": color["badge_text"], "text-anchor": "middle"}
            _sub(g, "text", attrs, TEXTS[f"sample_{status}"])
            x = x0 + lay.badge_width + lay.legend_text_gap
            _sub(g, "text", {"x": x, "y": y, **note}, TEXTS[f"legend_{status}"])
        line = "played" if played else "line"
        samples = [("winning_move", "win"), ("move", "move"), (line, line), ("reply", "reply")][: 3 + replies]
        words = ["legend_win", "legend_move", f"legend_{line}", "legend_reply"]  # (Dima's answers when drawn)
        for k, (role, head) in enumerate(samples):  # two a row, from the third row
            x, y = (x0, lay.legend_column)[k % 2], lay.legend_y + (2 + k // 2) * lay.legend_row
            attrs = {"d": f"M{x},{y - lay.baseline} L{x + lay.legend_sample},{y - lay.baseline}", "fill": "none"}
            attrs.update({"stroke": color[role], "stroke-width": lay.line_stroke if role == line else lay.arrow_stroke})
            attrs["marker-end"] = f"url(#head-{head})"
            if role == "reply":
                attrs["stroke-dasharray"] = f"{lay.dash},{lay.dash_gap}"
            _sub(g, "path", attrs)
            _sub(g, "text", {"x": x + lay.legend_sample + lay.legend_sample_gap, "y": y, **note}, TEXTS[words[k]])
        _sub(g, "text", {"x": x0, "y": lay.legend_y + 4 * lay.legend_row, **note}, TEXTS["legend_shared"])

    def header(self, svg: ET.Element, verdict: str, window: str, played: bool, replies: bool) -> None:
        lay, x0 = self.lay, self.lay.text_x
        attrs = {"font-weight": "bold", "class": "verdict"}
        self.text(svg, x0, lay.verdict_y, lay.font_verdict, verdict, **attrs)
        self.text(svg, x0, lay.window_y, lay.font_window, window, fill=self.color["text"], **{"class": "window"})
        self.legend(svg, played, replies)


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
    draw = _Drawing(a, first, last, lay, color, lay.top if header else lay.bare_top)
    width, y = draw.width, draw.y
    line = a.line_steps() if statuses and played is None else [1]
    path = _checked_path(a, played) if played is not None else line
    if current is None:
        if played is not None:
            current = path[-1]
        elif revealed is not None:
            current = min(a.day, max(1, revealed - 1))
        else:
            current = 1 if first == 1 else next((s for s in path if first <= s <= last), first)
    right, arrows_x = lay.right(width), lay.arrows_x(width)
    total_w, total_h = lay.total_width(width, legend=header), lay.total_height(last - first + 1, header=header)

    svg = ET.Element("svg", {"xmlns": SVG_NAMESPACE, "width": str(total_w), "height": str(total_h)})
    svg.set("viewBox", f"0 0 {total_w} {total_h}")
    svg.set("font-family", "sans-serif")
    svg.set("class", "downwedig")
    svg.set("style", "max-width:100%;height:auto")
    _sub(svg, "style", {}, SVG_STYLE)
    defs = _sub(svg, "defs", {})
    head = lay.head
    for name in ("line", "played", "move", "win", "reply"):
        attrs: dict[str, object] = {"id": f"head-{name}", "viewBox": f"0 0 {head} {head}", "refX": head - 1}
        attrs.update({"refY": head // 2, "markerWidth": head, "markerHeight": head})
        marker = _sub(defs, "marker", {**attrs, "markerUnits": "userSpaceOnUse", "orient": "auto"})
        role = {"win": "winning_move"}.get(name, name)
        _sub(marker, "path", {"d": f"M0,0 L{head},{head // 2} L0,{head} z", "fill": color[role]})
    _sub(svg, "rect", {"x": 0, "y": 0, "width": total_w, "height": total_h, "fill": color["background"]})
    in_view = [(k, i, j) for k, (i, j) in enumerate(pairwise(path), 1) if first <= i and j <= last]
    answers: list[tuple[Move, Move]] = []  # Dima's answers, on a day Dina loses, seen from step 1
    if statuses and played is None and current == 1 and first == 1 and not a.won[1]:
        answers = [(move, reply) for move, reply in a.replies() if reply.target <= last]
    if header:
        if teaching:
            verdict = TEXTS["verdict_teach"].format(day=a.day, n=a.n, revealed=min(reveal_from, a.day + 1))
        elif statuses:
            verdict = TEXTS["verdict"].format(day=a.day, n=a.n, winner=a.winner, moves=_moves_word(a.remoteness[1]))
        else:
            verdict = TEXTS["verdict_hidden"].format(day=a.day, n=a.n)
        window = TEXTS["window"].format(first=first, last=last, day=a.day)
        if in_view:
            window += TEXTS["window_moves"].format(a=in_view[0][0], b=in_view[-1][0], count=len(path) - 1)
        elif len(path) > 1:
            window += TEXTS["window_no_move"].format(count=len(path) - 1)
        draw.header(svg, verdict, window, played is not None, bool(answers))
    more = {"class": "more"}
    if first > 1:
        draw.text(svg, lay.left, draw.top - lay.above_rise, lay.font, TEXTS["above"].format(last=first - 1), **more)
    if last < a.day:
        below = TEXTS["below"].format(first=last + 1, day=a.day)
        draw.text(svg, lay.left, total_h - lay.below_rise, lay.font, below, **more)

    on_path = {step for step in path if first <= step <= last}  # (the window's only: a line can be 10^6 long)
    for i in range(first, last + 1):
        info, yi = a.step(i), y(i)
        status = info.status if i >= reveal_from else "unknown"
        g = _sub(svg, "g", {"class": f"step {status}", "id": f"step-{i}"})
        listed = TEXTS["step_moves_separator"].join(
            TEXTS["step_move"].format(target=m.target, distance=m.distance, common=m.common) for m in info.moves
        )
        values = {"step": i, "pieces": info.pieces, "moves": listed or TEXTS["no_moves"]}
        if status != "unknown":
            title = TEXTS["step_title"].format(status=status, remoteness=info.remoteness, **values)
        else:
            title = TEXTS["step_title_hidden"].format(**values)
        _sub(g, "title", {}, title)
        if i in on_path:
            attrs = {
                "x": lay.shade_inset,
                "y": yi - lay.row // 2 + lay.shade_gap,
                "width": total_w - 2 * lay.shade_inset,
            }
            attrs.update({"height": lay.row - 2 * lay.shade_gap, "fill": color["on_line"], "class": "on-line"})
            _sub(g, "rect", attrs)
        draw.text(g, lay.number_x, yi + lay.baseline, lay.font_number, str(i), **{"text-anchor": "end"})
        for c, piece in enumerate(info.pieces):
            attrs = {"x": lay.piece_x(c), "y": yi - lay.piece // 2, "width": lay.piece, "height": lay.piece}
            attrs.update({"rx": lay.piece_radius, "fill": color["red" if piece == "R" else "white"]})
            _sub(g, "rect", {**attrs, "stroke": color["outline"], "class": "piece"})
        badge = _sub(g, "g", {"class": f"status {status}"})
        attrs = {"x": right + lay.badge_gap, "y": yi - lay.badge_height // 2}
        attrs.update({"width": lay.badge_width, "height": lay.badge_height, "rx": lay.badge_height // 2})
        _sub(badge, "rect", {**attrs, "fill": color[status]})
        shown = TEXTS["badge"].format(status=status, remoteness=info.remoteness)
        mark = shown if status != "unknown" else TEXTS["badge_hidden"]
        attrs = {"fill": color["badge_text"], "text-anchor": "middle"}
        draw.text(badge, right + lay.badge_gap + lay.badge_width // 2, yi + lay.baseline, lay.font, mark, **attrs)

    if teaching and draw.shown(current) and current < min(a.day, last):
        below_first, below_last = current + 1, min(current + width, a.day, last)
        box = _sub(svg, "g", {"class": "window-box"})
        title = TEXTS["window_box"].format(step=current, first=below_first, last=min(current + width, a.day))
        _sub(box, "title", {}, title)
        top = y(below_first) - lay.row // 2
        height = (below_last - below_first + 1) * lay.row
        draw.outline(box, lay.left, top, right + lay.badge_gap + lay.badge_width - lay.left, height, "window", "box")
        box[-1].set("stroke-dasharray", f"{lay.dash},{lay.dash_gap}")

    kerchief = path[-1] if played is not None else 1
    if draw.shown(kerchief):
        x, cy, half = lay.kerchief_x, y(kerchief), lay.kerchief_half
        g = _sub(svg, "g", {"class": "handkerchief"})
        _sub(g, "title", {}, TEXTS["kerchief"].format(step=kerchief))
        points = f"{x},{cy - half} {x + lay.kerchief},{cy} {x},{cy + half}"
        attrs = {"points": points, "fill": color["handkerchief"], "stroke": color["handkerchief_edge"]}
        _sub(g, "polygon", {**attrs, "stroke-width": lay.kerchief_stroke})

    role = "played" if played is not None else "line"
    for number, i, j in in_view:
        player = PLAYERS[(number - 1) % 2]
        g = _sub(svg, "g", {"class": "line"})
        why = a.move(i, j).why()
        _sub(g, "title", {}, TEXTS["line_title"].format(number=number, player=player, source=i, target=j, why=why))
        draw.shared(g, i, j)
        bend = lay.line_bend(j - i)
        d = _arc(lay.line_x, y(i) + lay.line_gap, y(j) - lay.line_gap, -bend)
        draw.curve(g, d, color[role], lay.line_stroke, role)
        x = lay.line_x - lay.reach(bend) - lay.line_label_gap
        attrs = {"fill": color[role], "text-anchor": "end", "class": "line-label"}
        words = TEXTS["line_label"].format(number=number, player=player)
        draw.text(g, x, (y(i) + y(j)) // 2 + lay.baseline, lay.font, words, **attrs)

    if draw.shown(current):
        shown_moves = [m for m in a.moves(current) if m.target <= last]
        decided = current >= reveal_from or hint
        deciding = teaching and current >= reveal_from  # the step in question, revealed: what decides it
        furthest = max((m.distance for m in shown_moves), default=0)
        label_x = arrows_x + lay.reach(lay.arrow_bend(furthest)) + lay.label_gap
        for m in shown_moves:
            winning = not a.won[m.target] and decided
            role = "move" if not deciding else "move aside" if a.won[current] and a.won[m.target] else "move decides"
            g = _sub(svg, "g", {"class": role})
            _sub(g, "title", {}, TEXTS["move_title"].format(source=current, target=m.target, why=m.why()))
            draw.shared(g, current, m.target)
            fill = color["winning_move" if winning else "move"]
            path_d = _arc(arrows_x, y(current), y(m.target), lay.arrow_bend(m.distance))
            draw.curve(g, path_d, fill, lay.arrow_stroke, "win" if winning else "move")
            words = TEXTS["move_label"].format(distance=m.distance, common=m.common)
            draw.text(g, label_x, y(m.target) + lay.baseline, lay.font, words, fill=fill, **{"class": "move-label"})

    if answers:
        for k, (move, reply) in enumerate(answers):
            g = _sub(svg, "g", {"class": "reply"})
            values = {"source": 1, "target": move.target, "reply": reply.target, "why": reply.why()}
            _sub(g, "title", {}, TEXTS["reply_title"].format(**values))
            draw.shared(g, reply.source, reply.target)
            x, start, end = lay.reply_x(width, len(answers) - 1 - k), y(reply.source), y(reply.target)
            path_d = f"M{lay.replies_x(width)},{start} H{x} V{end} H{x - lay.reply_stub}"
            draw.curve(g, path_d, color["reply"], lay.arrow_stroke, "reply", dashed=True)
            attrs = {"fill": color["reply"], "class": "reply-label"}
            words = TEXTS["reply_label"].format(reply=reply.target)
            draw.text(g, lay.replies_x(width) + lay.replies_gap, start - lay.baseline, lay.font, words, **attrs)
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
