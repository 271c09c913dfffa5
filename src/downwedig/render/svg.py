"""A picture of a day as SVG, built with :mod:`xml.etree.ElementTree` (no drawing library).

Above the rows: the verdict (``text.verdict``), the name of the window of
steps shown with the moves in view (``text.window``) and a legend
(``g.legend``).  Each step is a row (``<g class="step won|lost">`` with a
``<title>`` for hover text) of its number, its pieces (``rect.piece``, white
or red) and a status badge (``g.status``: won/lost and remoteness).  The
handkerchief (``.handkerchief``) stands beside the pieces of its step.  The
line of play -- or the moves of a game, ``played`` -- is drawn as arcs on the
left (``g.line``), each labelled with its number and player, its steps shaded
(``rect.on-line``); the legal moves from the *current* step as arrows on the
right (``g.move``, labelled ``distance/common``, green when they win); and on
a day Dina loses, Dima's winning answer to each of her moves, dashed
(``g.reply``).  Every move carries outlines of the columns its two steps share
(``rect.shared``), which the picture's style sheet shows while the move is
pointed at.  ``statuses=False`` hides who wins (for a game in progress): no
badge says won or lost, no line of play is drawn, and arrows are green only
with ``hint=True``.

A long staircase is windowed: ``steps=(A, B)``, by default the top
:attr:`Layout.window` steps, where the line of play starts; notes say what
lies above and below.  The ``viewBox`` lets the picture scale to any width.
Sizes, colours and words come from :mod:`downwedig.render.layout`; the HTML
page draws the same picture from the same data.

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

    def __init__(self, a: DayAnalysis, first: int, last: int, lay: Layout, color: Mapping[str, str]) -> None:
        self.a, self.first, self.last, self.lay, self.color = a, first, last, lay, color
        self.width = a.staircase.width

    def y(self, step: int) -> int:
        return self.lay.top + (step - self.first) * self.lay.row + self.lay.row // 2

    def shown(self, step: int) -> bool:
        return self.first <= step <= self.last

    def shared(self, parent: ET.Element, i: int, j: int) -> None:
        """Outlines of the columns steps ``i`` and ``j`` share, on each of them that is shown."""
        lay, s = self.lay, self.a.staircase
        row_i, row_j = s.row(i), s.row(j)
        for c in range(self.width):
            if row_i[c] != row_j[c]:
                continue
            for step in (i, j):
                if self.shown(step):
                    attrs: dict[str, object] = {
                        "x": lay.left + c * (lay.piece + lay.gap) - 2,
                        "y": self.y(step) - lay.piece // 2 - 2,
                    }
                    attrs.update({"width": lay.piece + 4, "height": lay.piece + 4, "rx": 4, "fill": "none"})
                    attrs.update({"stroke": self.color["shared"], "stroke-width": 3, "class": "shared"})
                    _sub(parent, "rect", attrs)

    def curve(self, g: ET.Element, d: str, stroke: str, width: int, head: str, dashed: bool = False) -> None:
        """A move's curve: a wide invisible stroke to point at, then the visible one."""
        _sub(g, "path", {"d": d, "fill": "none", "stroke": stroke, "stroke-opacity": 0, "stroke-width": 12})
        attrs: dict[str, object] = {"d": d, "fill": "none", "stroke": stroke, "stroke-width": width, "class": "arc"}
        if dashed:
            attrs["stroke-dasharray"] = "5,3"
        _sub(g, "path", {**attrs, "marker-end": f"url(#head-{head})"})

    def legend(self, svg: ET.Element, played: bool) -> None:
        lay, color = self.lay, self.color
        g = _sub(svg, "g", {"class": "legend", "font-size": 11})
        text = {"fill": color["note"]}
        for row, status in enumerate(("won", "lost")):
            y = lay.legend_y + row * lay.legend_row
            attrs: dict[str, object] = {"x": 10, "y": y - 14, "width": lay.badge_width, "height": lay.badge_height}
            _sub(g, "rect", {**attrs, "rx": lay.badge_height // 2, "fill": color[status]})
            attrs = {"x": 10 + lay.badge_width // 2, "y": y, "fill": color["badge_text"], "text-anchor": "middle"}
            _sub(g, "text", attrs, TEXTS[f"sample_{status}"])
            _sub(g, "text", {"x": 18 + lay.badge_width, "y": y, **text}, TEXTS[f"legend_{status}"])
        line = ("played", "legend_played") if played else ("line", "legend_line")
        samples = [
            [("winning_move", "win", 2, False, "legend_win"), ("move", "move", 2, False, "legend_move")],
            [(line[0], line[0], 3, False, line[1]), ("reply", "reply", 2, True, "legend_reply")],
        ]
        for row, pair in enumerate(samples, 2):
            y = lay.legend_y + row * lay.legend_row
            for x, (role, head, stroke_width, dashed, words) in zip((10, lay.legend_column), pair, strict=True):
                attrs = {"d": f"M{x},{y - 4} L{x + 30},{y - 4}", "fill": "none", "stroke": color[role]}
                attrs.update({"stroke-width": stroke_width, "marker-end": f"url(#head-{head})"})
                if dashed:
                    attrs["stroke-dasharray"] = "5,3"
                _sub(g, "path", attrs)
                _sub(g, "text", {"x": x + 36, "y": y, **text}, TEXTS[words])
        _sub(g, "text", {"x": 10, "y": lay.legend_y + 4 * lay.legend_row, **text}, TEXTS["legend_shared"])


def svg_element(
    analysis: DayAnalysis,
    *,
    steps: tuple[int, int] | None = None,
    current: int | None = None,
    played: Sequence[int] | None = None,
    statuses: bool = True,
    hint: bool = False,
    layout: Layout = LAYOUT,
    colors: Mapping[str, str] | None = None,
) -> ET.Element:
    """The picture of a day as an ``<svg>`` element (see the module docstring).

    ``played`` is a game's steps from step 1 (each a legal move from the one
    before): its moves are drawn instead of the line of play, and the
    handkerchief stands on its last step.  ``current`` is the step whose moves
    are drawn (default: the handkerchief's step in a game; else step 1 when
    shown, else the first step of the line in the window, else the window's
    first); ``colors`` overrides some of
    :data:`~downwedig.render.layout.DEFAULT_COLORS`.  Cost: O(day) for the
    line of play, plus O(shown steps * width).

    >>> from downwedig import Staircase
    >>> from downwedig.explain import analyse
    >>> svg = svg_element(analyse(Staircase.from_rows(["WW"] * 40)), steps=(5, 9))
    >>> [g.get("id") for g in svg.iter() if g.get("id", "").startswith("step-")]
    ['step-5', 'step-6', 'step-7', 'step-8', 'step-9']
    """
    a, lay = analysis, layout
    color = {**DEFAULT_COLORS, **(colors or {})}
    first, last = steps or default_window(a, lay)
    if not 1 <= first <= last <= a.day:
        raise InvalidSteps(first, last, a.day)
    draw = _Drawing(a, first, last, lay, color)
    width, y = draw.width, draw.y
    line = a.line_steps() if statuses and played is None else [1]
    path = _checked_path(a, played) if played is not None else line
    if current is None:
        if played is not None:
            current = path[-1]
        else:
            current = 1 if first == 1 else next((s for s in path if first <= s <= last), first)
    right, arrows_x = lay.right(width), lay.arrows_x(width)
    total_w, total_h = lay.total_width(width), lay.total_height(last - first + 1)

    svg = ET.Element("svg", {"xmlns": SVG_NAMESPACE, "width": str(total_w), "height": str(total_h)})
    svg.set("viewBox", f"0 0 {total_w} {total_h}")
    svg.set("font-family", "sans-serif")
    svg.set("class", "downwedig")
    svg.set("style", "max-width:100%;height:auto")
    _sub(svg, "style", {}, SVG_STYLE)
    defs = _sub(svg, "defs", {})
    for name in ("line", "played", "move", "win", "reply"):
        marker = _sub(
            defs,
            "marker",
            {
                "id": f"head-{name}",
                "viewBox": "0 0 10 10",
                "refX": 9,
                "refY": 5,
                "markerWidth": 10,
                "markerHeight": 10,
                "markerUnits": "userSpaceOnUse",
                "orient": "auto",
            },
        )
        role = {"win": "winning_move"}.get(name, name)
        _sub(marker, "path", {"d": "M0,0 L10,5 L0,10 z", "fill": color[role]})
    _sub(svg, "rect", {"x": 0, "y": 0, "width": total_w, "height": total_h, "fill": color["background"]})
    if statuses:
        best = a.remoteness[1]
        moves = TEXTS["move_count" if best == 1 else "moves_count"].format(count=best)
        verdict = TEXTS["verdict"].format(day=a.day, n=a.n, winner=a.winner, moves=moves)
    else:
        verdict = TEXTS["verdict_hidden"].format(day=a.day, n=a.n)
    attrs = {"x": 10, "y": lay.verdict_y, "font-size": 16, "font-weight": "bold", "class": "verdict"}
    _sub(svg, "text", attrs, verdict)
    in_view = [(k, i, j) for k, (i, j) in enumerate(pairwise(path), 1) if first <= i and j <= last]
    window = TEXTS["window"].format(first=first, last=last, day=a.day)
    if len(path) > 1:
        if in_view:
            window += TEXTS["window_moves"].format(a=in_view[0][0], b=in_view[-1][0], count=len(path) - 1)
        else:
            window += TEXTS["window_no_move"].format(count=len(path) - 1)
    attrs = {"x": 10, "y": lay.window_y, "font-size": 13, "fill": color["text"], "class": "window"}
    _sub(svg, "text", attrs, window)
    draw.legend(svg, played is not None)
    if first > 1:
        attrs = {"x": lay.left, "y": lay.top - 6, "font-size": 11, "class": "more"}
        _sub(svg, "text", attrs, TEXTS["above"].format(last=first - 1))
    if last < a.day:
        attrs = {"x": lay.left, "y": total_h - 24, "font-size": 11, "class": "more"}
        _sub(svg, "text", attrs, TEXTS["below"].format(first=last + 1, day=a.day))

    on_path = {step for step in path if first <= step <= last}  # (the window's only: a line can be 10^6 long)
    for i in range(first, last + 1):
        info, yi = a.step(i), y(i)
        status = info.status if statuses else "unknown"
        g = _sub(svg, "g", {"class": f"step {status}", "id": f"step-{i}"})
        listed = TEXTS["step_moves_separator"].join(
            TEXTS["step_move"].format(target=m.target, distance=m.distance, common=m.common) for m in info.moves
        )
        values = {"step": i, "pieces": info.pieces, "moves": listed or TEXTS["no_moves"]}
        if statuses:
            title = TEXTS["step_title"].format(status=status, remoteness=info.remoteness, **values)
        else:
            title = TEXTS["step_title_hidden"].format(**values)
        _sub(g, "title", {}, title)
        if i in on_path:
            attrs = {"x": 4, "y": yi - lay.row // 2 + 1, "width": total_w - 8, "height": lay.row - 2}
            _sub(g, "rect", {**attrs, "fill": color["on_line"], "class": "on-line"})
        attrs = {"x": lay.number_x, "y": yi + 4, "font-size": 12, "text-anchor": "end"}
        _sub(g, "text", attrs, str(i))
        for c, piece in enumerate(info.pieces):
            attrs = {"x": lay.left + c * (lay.piece + lay.gap), "y": yi - lay.piece // 2}
            attrs.update({"width": lay.piece, "height": lay.piece, "rx": 3})
            fill = color["red" if piece == "R" else "white"]
            _sub(g, "rect", {**attrs, "fill": fill, "stroke": color["outline"], "class": "piece"})
        badge = _sub(g, "g", {"class": f"status {status}"})
        attrs = {"x": right + lay.badge_gap, "y": yi - lay.badge_height // 2}
        attrs.update({"width": lay.badge_width, "height": lay.badge_height, "rx": lay.badge_height // 2})
        _sub(badge, "rect", {**attrs, "fill": color[status]})
        attrs = {"x": right + lay.badge_gap + lay.badge_width // 2, "y": yi + 4, "font-size": 11}
        attrs.update({"fill": color["badge_text"], "text-anchor": "middle"})
        mark = TEXTS["badge"].format(status=status, remoteness=info.remoteness) if statuses else TEXTS["badge_hidden"]
        _sub(badge, "text", attrs, mark)

    kerchief = path[-1] if played is not None else 1
    if draw.shown(kerchief):
        x, cy = lay.kerchief_x, y(kerchief)
        g = _sub(svg, "g", {"class": "handkerchief"})
        _sub(g, "title", {}, TEXTS["kerchief"].format(step=kerchief))
        points = f"{x},{cy - 8} {x + lay.kerchief},{cy} {x},{cy + 8}"
        attrs = {"points": points, "fill": color["handkerchief"], "stroke": color["handkerchief_edge"]}
        _sub(g, "polygon", {**attrs, "stroke-width": 2})

    role = "played" if played is not None else "line"
    for number, i, j in in_view:
        player = PLAYERS[(number - 1) % 2]
        g = _sub(svg, "g", {"class": "line"})
        why = a.move(i, j).why()
        _sub(g, "title", {}, TEXTS["line_title"].format(number=number, player=player, source=i, target=j, why=why))
        draw.shared(g, i, j)
        bend = lay.line_bend(j - i)
        draw.curve(g, _arc(lay.line_x, y(i) + lay.line_gap, y(j) - lay.line_gap, -bend), color[role], 3, role)
        attrs = {"x": lay.line_x - lay.reach(bend) - 4, "y": (y(i) + y(j)) // 2 + 4, "font-size": 11}
        attrs.update({"fill": color[role], "text-anchor": "end", "class": "line-label"})
        _sub(g, "text", attrs, TEXTS["line_label"].format(number=number, player=player))

    if draw.shown(current):
        shown = [m for m in a.moves(current) if m.target <= last]
        label_x = arrows_x + lay.reach(lay.arrow_bend(max((m.distance for m in shown), default=0))) + lay.label_gap
        for m in shown:
            winning = not a.won[m.target] and (statuses or hint)
            g = _sub(svg, "g", {"class": "move"})
            _sub(g, "title", {}, TEXTS["move_title"].format(source=current, target=m.target, why=m.why()))
            draw.shared(g, current, m.target)
            fill = color["winning_move" if winning else "move"]
            path_d = _arc(arrows_x, y(current), y(m.target), lay.arrow_bend(m.distance))
            draw.curve(g, path_d, fill, 2, "win" if winning else "move")
            attrs = {"x": label_x, "y": y(m.target) + 4, "font-size": 11, "fill": fill, "class": "move-label"}
            _sub(g, "text", attrs, TEXTS["move_label"].format(distance=m.distance, common=m.common))

    if statuses and played is None and current == 1 and first == 1 and not a.won[1]:
        replies_x = lay.replies_x(width)
        for move, reply in a.replies():
            if reply.target > last:
                continue
            g = _sub(svg, "g", {"class": "reply"})
            values = {"source": 1, "target": move.target, "reply": reply.target, "why": reply.why()}
            _sub(g, "title", {}, TEXTS["reply_title"].format(**values))
            draw.shared(g, reply.source, reply.target)
            path_d = _arc(replies_x, y(reply.source), y(reply.target), lay.reply_bend(reply.distance))
            draw.curve(g, path_d, color["reply"], 2, "reply", dashed=True)
    return svg


def render_svg(
    analysis: DayAnalysis,
    *,
    steps: tuple[int, int] | None = None,
    current: int | None = None,
    played: Sequence[int] | None = None,
    statuses: bool = True,
    hint: bool = False,
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
        layout=layout,
        colors=colors,
    )
    return ET.tostring(element, encoding="unicode") + "\n"
