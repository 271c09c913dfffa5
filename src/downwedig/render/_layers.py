"""The layers of the picture of a day (:func:`downwedig.render.svg_element` puts them together).

:class:`Drawing` knows the day, the window of steps, the step whose moves are drawn and what is told, and
draws each layer in the order the page's ``draw.js`` draws it (the browser tests compare the two element for
element): the steps, the window of the step in question, the handkerchief, the line of play (or the game's
moves), the moves from the current step, and Dima's answers.  :func:`frame` is the ``<svg>`` element they go
in, and :meth:`Drawing.drawn` says what they draw, for the legend (:mod:`downwedig.render._legend`).

>>> sub(ET.Element("g"), "rect", {"x": 1}).attrib
{'x': '1'}
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from itertools import pairwise

from ..explain import DayAnalysis, Move
from .layout import SVG_STYLE, TEXTS, Layout

__all__ = ["PLAYERS", "SVG_NAMESPACE", "Drawing", "frame", "sub"]

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
PLAYERS = ("Dina", "Dima")


def sub(parent: ET.Element, tag: str, attrs: Mapping[str, object], text: str | None = None) -> ET.Element:
    element = ET.SubElement(parent, tag, {name: str(value) for name, value in attrs.items()})
    if text is not None:
        element.text = text
    return element


def _arc(x: int, y1: int, y2: int, bend: int) -> str:
    return f"M{x},{y1} C{x + bend},{y1} {x + bend},{y2} {x},{y2}"


class Drawing:
    """One picture being drawn: the day, the window of steps, what it shows, and a method for each layer.

    The layers are drawn in the order the page's ``draw.js`` draws them (the browser tests compare the two
    element for element): the steps, the window of the step in question, the handkerchief, the line of play
    (or the game's moves), the moves from the current step, and Dima's answers.
    """

    def __init__(self, a: DayAnalysis, first: int, last: int, lay: Layout, color: Mapping[str, str]) -> None:
        self.a, self.first, self.last, self.lay, self.color = a, first, last, lay, color
        self.width = a.staircase.width
        self.top = lay.bare_top  # (taller with a header: svg_element sets it once the legend is laid out)

    def plan(
        self, path: Sequence[int], current: int, reveal_from: int, *, teaching: bool, decided: bool, replies: bool
    ) -> None:
        """What is drawn: the moves of ``path`` (the line of play or a game) in view, the moves from ``current``
        (green when ``decided``: they may say who wins), the statuses from step ``reveal_from`` on, the window of
        ``current`` when ``teaching``, and, when ``replies`` and Dina loses, Dima's answers seen from step 1."""
        a, first, last = self.a, self.first, self.last
        self.path, self.current, self.reveal_from, self.teaching = path, current, reveal_from, teaching
        self.in_view = [(k, i, j) for k, (i, j) in enumerate(pairwise(path), 1) if first <= i and j <= last]
        self.moves = [m for m in a.moves(current) if m.target <= last] if self.shown(current) else []
        self.decided = decided
        self.deciding = teaching and current >= reveal_from  # the step in question, revealed: what decides it
        self.answers: list[tuple[Move, Move]] = []
        if replies and current == 1 and first == 1 and not a.won[1]:
            self.answers = [(move, reply) for move, reply in a.replies() if reply.target <= last]

    def y(self, step: int) -> int:
        return self.top + (step - self.first) * self.lay.row + self.lay.row // 2

    def shown(self, step: int) -> bool:
        return self.first <= step <= self.last

    def text(self, parent: ET.Element, x: int, y: int, size: int, words: str, **attrs: object) -> None:
        sub(parent, "text", {"x": x, "y": y, "font-size": size, **attrs}, words)

    def outline(self, parent: ET.Element, x: int, y: int, width: int, height: int, role: str, cls: str) -> None:
        """A rounded outline around a box, ``outline_margin`` outside it."""
        lay, m = self.lay, self.lay.outline_margin
        attrs = {"x": x - m, "y": y - m, "width": width + 2 * m, "height": height + 2 * m, "rx": lay.outline_radius}
        sub(parent, "rect", {**attrs, "fill": "none", "stroke": self.color[role], "stroke-width": lay.outline_stroke})
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
        """A move's curve: a wide invisible stroke to point at (a 2-pixel curve is hard to hit), then the visible
        one."""
        lay = self.lay
        sub(g, "path", {"d": d, "fill": "none", "stroke": stroke, "stroke-opacity": 0, "stroke-width": lay.hit_width})
        attrs: dict[str, object] = {"d": d, "fill": "none", "stroke": stroke, "stroke-width": width, "class": "arc"}
        if dashed:
            attrs["stroke-dasharray"] = f"{lay.dash},{lay.dash_gap}"
        sub(g, "path", {**attrs, "marker-end": f"url(#head-{head})"})

    def winning(self, m: Move) -> bool:
        """Whether the arrow of move ``m`` is drawn green: it reaches a lost step, and that may be said."""
        return not self.a.won[m.target] and self.decided

    def role(self, m: Move) -> str:
        """The class of the arrow of ``m``: in the step-through, whether it decides the step in question."""
        if not self.deciding:
            return "move"
        return "move aside" if self.a.won[self.current] and self.a.won[m.target] else "move decides"

    def window_shown(self) -> bool:
        """Whether the window of the step in question (the steps below it that decide it) is outlined."""
        return self.teaching and self.shown(self.current) and self.current < min(self.a.day, self.last)

    def drawn(self, played: bool) -> dict[str, bool]:
        """What the picture draws, by the name of its legend's entry (:mod:`._legend`). O(shown steps)."""
        a, shown = self.a, range(self.first, self.last + 1)
        told = [i for i in shown if i >= self.reveal_from]
        winning = [self.winning(m) for m in self.moves]
        return {
            "won": any(a.won[i] for i in told),
            "lost": any(not a.won[i] for i in told),
            "hidden": len(told) < len(shown),
            "win": any(winning),
            "move": not all(winning),
            "decides": any(self.role(m) == "move decides" for m in self.moves),
            "window": self.window_shown(),
            "line": bool(self.in_view) and not played,
            "played": bool(self.in_view) and played,
            "reply": bool(self.answers),
        }

    def steps(self, svg: ET.Element, total_w: int) -> None:
        """Each step's row: its shading on the line, its number, its pieces and its status badge."""
        a, lay, color = self.a, self.lay, self.color
        on_path = {step for step in self.path if self.shown(step)}  # (the window's only: a line can be 10^6 long)
        right = lay.right(self.width)
        for i in range(self.first, self.last + 1):
            info, yi = a.step(i), self.y(i)
            status = info.status if i >= self.reveal_from else "unknown"
            g = sub(svg, "g", {"class": f"step {status}", "id": f"step-{i}"})
            listed = TEXTS["step_moves_separator"].join(
                TEXTS["step_move"].format(target=m.target, distance=m.distance, common=m.common) for m in info.moves
            )
            values = {"step": i, "pieces": info.pieces, "moves": listed or TEXTS["no_moves"]}
            if status != "unknown":
                title = TEXTS["step_title"].format(status=status, remoteness=info.remoteness, **values)
            else:
                title = TEXTS["step_title_hidden"].format(**values)
            sub(g, "title", {}, title)
            if i in on_path:
                attrs: dict[str, object] = {"x": lay.shade_inset, "y": yi - lay.row // 2 + lay.shade_gap}
                attrs.update({"width": total_w - 2 * lay.shade_inset, "height": lay.row - 2 * lay.shade_gap})
                sub(g, "rect", {**attrs, "fill": color["on_line"], "class": "on-line"})
            self.text(g, lay.number_x, yi + lay.baseline, lay.font_number, str(i), **{"text-anchor": "end"})
            for c, piece in enumerate(info.pieces):
                attrs = {"x": lay.piece_x(c), "y": yi - lay.piece // 2, "width": lay.piece, "height": lay.piece}
                attrs.update({"rx": lay.piece_radius, "fill": color["red" if piece == "R" else "white"]})
                sub(g, "rect", {**attrs, "stroke": color["outline"], "class": "piece"})
            badge = sub(g, "g", {"class": f"status {status}"})
            attrs = {"x": right + lay.badge_gap, "y": yi - lay.badge_height // 2}
            attrs.update({"width": lay.badge_width, "height": lay.badge_height, "rx": lay.badge_height // 2})
            sub(badge, "rect", {**attrs, "fill": color[status]})
            shown = TEXTS["badge"].format(status=status, remoteness=info.remoteness)
            mark = shown if status != "unknown" else TEXTS["badge_hidden"]
            attrs = {"fill": color["badge_text"], "text-anchor": "middle"}
            self.text(badge, right + lay.badge_gap + lay.badge_width // 2, yi + lay.baseline, lay.font, mark, **attrs)

    def window_box(self, svg: ET.Element) -> None:
        """In the step-through, the dashed outline of the steps below the step in question, which decide it."""
        if not self.window_shown():
            return
        a, lay, current = self.a, self.lay, self.current
        below_first, below_last = current + 1, min(current + self.width, a.day, self.last)
        box = sub(svg, "g", {"class": "window-box"})
        title = TEXTS["window_box"].format(step=current, first=below_first, last=min(current + self.width, a.day))
        sub(box, "title", {}, title)
        top = self.y(below_first) - lay.row // 2
        height = (below_last - below_first + 1) * lay.row
        width = lay.right(self.width) + lay.badge_gap + lay.badge_width - lay.left
        self.outline(box, lay.left, top, width, height, "window", "box")
        box[-1].set("stroke-dasharray", f"{lay.dash},{lay.dash_gap}")

    def kerchief(self, svg: ET.Element, step: int) -> None:
        """The handkerchief beside the pieces of ``step``, when that step is shown."""
        if not self.shown(step):
            return
        lay = self.lay
        x, cy, half = lay.kerchief_x, self.y(step), lay.kerchief_half
        g = sub(svg, "g", {"class": "handkerchief"})
        sub(g, "title", {}, TEXTS["kerchief"].format(step=step))
        points = f"{x},{cy - half} {x + lay.kerchief},{cy} {x},{cy + half}"
        attrs = {"points": points, "fill": self.color["handkerchief"], "stroke": self.color["handkerchief_edge"]}
        sub(g, "polygon", {**attrs, "stroke-width": lay.kerchief_stroke})

    def line(self, svg: ET.Element, role: str) -> None:
        """The moves of the line of play (``role`` "line") or of a game ("played") in view, as arcs on the left."""
        a, lay, y = self.a, self.lay, self.y
        for number, i, j in self.in_view:
            player = PLAYERS[(number - 1) % 2]
            g = sub(svg, "g", {"class": "line"})
            why = a.move(i, j).why()
            sub(g, "title", {}, TEXTS["line_title"].format(number=number, player=player, source=i, target=j, why=why))
            self.shared(g, i, j)
            bend = lay.line_bend(j - i)
            d = _arc(lay.line_x, y(i) + lay.line_gap, y(j) - lay.line_gap, -bend)
            self.curve(g, d, self.color[role], lay.line_stroke, role)
            x = lay.line_x - lay.reach(bend) - lay.line_label_gap
            attrs = {"fill": self.color[role], "text-anchor": "end", "class": "line-label"}
            words = TEXTS["line_label"].format(number=number, player=player)
            self.text(g, x, (y(i) + y(j)) // 2 + lay.baseline, lay.font, words, **attrs)

    def arrows(self, svg: ET.Element) -> None:
        """The moves from the current step, as arrows on the right labelled distance/common."""
        lay, y, current = self.lay, self.y, self.current
        arrows_x = lay.arrows_x(self.width)
        furthest = max((m.distance for m in self.moves), default=0)
        label_x = arrows_x + lay.reach(lay.arrow_bend(furthest)) + lay.label_gap
        for m in self.moves:
            winning = self.winning(m)
            g = sub(svg, "g", {"class": self.role(m)})
            sub(g, "title", {}, TEXTS["move_title"].format(source=current, target=m.target, why=m.why()))
            self.shared(g, current, m.target)
            fill = self.color["winning_move" if winning else "move"]
            path_d = _arc(arrows_x, y(current), y(m.target), lay.arrow_bend(m.distance))
            self.curve(g, path_d, fill, lay.arrow_stroke, "win" if winning else "move")
            words = TEXTS["move_label"].format(distance=m.distance, common=m.common)
            self.text(g, label_x, y(m.target) + lay.baseline, lay.font, words, fill=fill, **{"class": "move-label"})

    def replies(self, svg: ET.Element) -> None:
        """Dima's answers, as dashed brackets nested in columns of their own, each labelled with his step."""
        lay, width, color = self.lay, self.width, self.color
        for k, (move, reply) in enumerate(self.answers):
            g = sub(svg, "g", {"class": "reply"})
            values = {"source": 1, "target": move.target, "reply": reply.target, "why": reply.why()}
            sub(g, "title", {}, TEXTS["reply_title"].format(**values))
            self.shared(g, reply.source, reply.target)
            x, start, end = lay.reply_x(width, len(self.answers) - 1 - k), self.y(reply.source), self.y(reply.target)
            path_d = f"M{lay.replies_x(width)},{start} H{x} V{end} H{x - lay.reply_stub}"
            self.curve(g, path_d, color["reply"], lay.arrow_stroke, "reply", dashed=True)
            attrs = {"fill": color["reply"], "class": "reply-label"}
            words = TEXTS["reply_label"].format(reply=reply.target)
            self.text(g, lay.replies_x(width) + lay.replies_gap, start - lay.baseline, lay.font, words, **attrs)


def frame(total_w: int, total_h: int, lay: Layout, color: Mapping[str, str]) -> ET.Element:
    """The ``<svg>`` element, its style sheet, the arrowheads and the background."""
    svg = ET.Element("svg", {"xmlns": SVG_NAMESPACE, "width": str(total_w), "height": str(total_h)})
    svg.set("viewBox", f"0 0 {total_w} {total_h}")
    svg.set("font-family", "sans-serif")
    svg.set("class", "downwedig")
    svg.set("style", "max-width:100%;height:auto")
    sub(svg, "style", {}, SVG_STYLE)
    defs = sub(svg, "defs", {})
    head = lay.head
    for name in ("line", "played", "move", "win", "reply"):
        attrs: dict[str, object] = {"id": f"head-{name}", "viewBox": f"0 0 {head} {head}", "refX": head - 1}
        attrs.update({"refY": head // 2, "markerWidth": head, "markerHeight": head})
        marker = sub(defs, "marker", {**attrs, "markerUnits": "userSpaceOnUse", "orient": "auto"})
        role = {"win": "winning_move"}.get(name, name)
        sub(marker, "path", {"d": f"M0,0 L{head},{head // 2} L0,{head} z", "fill": color[role]})
    sub(svg, "rect", {"x": 0, "y": 0, "width": total_w, "height": total_h, "fill": color["background"]})
    return svg
