"""A picture of a day as SVG, built with :mod:`xml.etree.ElementTree` (no drawing library).

Each step is a row (``<g class="step won|lost">`` with a ``<title>`` for hover
text) of its pieces (``rect.piece``, white or red), a status badge
(``g.status``: won/lost and remoteness), the handkerchief (``.handkerchief``)
on step 1, the legal moves from the *current* step (step 1 by default) as
arrows on the right (``g.move``, labelled ``distance/common``), and the
optimal line of play as arcs on the left (``g.line``), its steps shaded
(``rect.on-line``).  A long staircase is windowed: ``steps=(A, B)``, by
default the top :attr:`Layout.window` steps, where the line of play starts;
notes say what lies above and below.  Sizes and colours come from
:mod:`downwedig.render.layout`; the HTML page draws the same picture from the
same numbers.

>>> from downwedig import Staircase
>>> from downwedig.explain import analyse
>>> svg = svg_element(analyse(Staircase.from_rows(["WW", "WW", "WW"])))
>>> len(svg.findall(".//*[@class='piece']")), len(svg.findall(".//*[@class='move']"))
(6, 2)
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from itertools import pairwise

from ..errors import InvalidSteps
from ..explain import DayAnalysis
from .layout import DEFAULT_COLORS, LAYOUT, Layout

__all__ = ["default_window", "render_svg", "svg_element"]

SVG_NAMESPACE = "http://www.w3.org/2000/svg"


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


def _arc(x: float, y1: float, y2: float, bulge: float) -> str:
    return f"M{x},{y1} C{x + bulge},{y1} {x + bulge},{y2} {x},{y2}"


def _moves_word(count: int) -> str:
    return f"{count} move{'s' * (count != 1)}"


def svg_element(
    analysis: DayAnalysis,
    *,
    steps: tuple[int, int] | None = None,
    current: int | None = None,
    layout: Layout = LAYOUT,
    colors: Mapping[str, str] | None = None,
) -> ET.Element:
    """The picture of a day as an ``<svg>`` element (see the module docstring).

    ``current`` is the step whose moves are drawn (default: step 1 when shown,
    else the first step of the line in the window, else the window's first);
    ``colors`` overrides some of :data:`~downwedig.render.layout.DEFAULT_COLORS`.
    Cost: O(day) for the line of play, plus O(shown steps * width).
    """
    a, lay = analysis, layout
    color = {**DEFAULT_COLORS, **(colors or {})}
    width = a.staircase.width
    first, last = steps or default_window(a, lay)
    if not 1 <= first <= last <= a.day:
        raise InvalidSteps(first, last, a.day)
    line_steps = a.line_steps()
    on_line = set(line_steps)
    if current is None:
        current = 1 if first == 1 else next((s for s in line_steps if first <= s <= last), first)
    right, arrows_x = lay.right(width), lay.arrows_x(width)
    total_w, total_h = lay.total_width(width), lay.total_height(last - first + 1)

    def y_of(step: int) -> int:
        return lay.top + (step - first) * lay.row + lay.row // 2

    svg = ET.Element("svg", {"xmlns": SVG_NAMESPACE, "width": str(total_w), "height": str(total_h)})
    svg.set("viewBox", f"0 0 {total_w} {total_h}")
    svg.set("font-family", "sans-serif")
    defs = _sub(svg, "defs", {})
    for name, role in (("line", "line"), ("move", "move"), ("win", "winning_move")):
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
        _sub(marker, "path", {"d": "M0,0 L10,5 L0,10 z", "fill": color[role]})
    _sub(svg, "rect", {"x": 0, "y": 0, "width": total_w, "height": total_h, "fill": color["background"]})
    verdict = f"Day {a.day} of {a.n}: {a.winner} wins ({_moves_word(len(line_steps) - 1)} with best play)"
    attrs = {"x": 10, "y": lay.verdict_y, "font-size": 16, "font-weight": "bold", "class": "verdict"}
    _sub(svg, "text", attrs, verdict)
    legend = f"steps {first}-{last}; arrows: moves from step {current} (distance/common); orange: optimal line"
    _sub(svg, "text", {"x": 10, "y": lay.legend_y, "font-size": 11, "fill": color["note"]}, legend)
    if first > 1:
        attrs = {"x": lay.left, "y": lay.top - 6, "font-size": 11, "class": "more"}
        _sub(svg, "text", attrs, f"\u22ee steps 1-{first - 1} above")
    if last < a.day:
        attrs = {"x": lay.left, "y": total_h - 24, "font-size": 11, "class": "more"}
        _sub(svg, "text", attrs, f"\u22ee steps {last + 1}-{a.day} below")
    for i in range(first, last + 1):
        info, y = a.step(i), y_of(i)
        g = _sub(svg, "g", {"class": f"step {info.status}", "id": f"step-{i}"})
        listed = ", ".join(f"{m.target} (distance {m.distance}, {m.common} common)" for m in info.moves) or "none"
        hover = f"Step {i}: {info.pieces}, {info.status} for the player to move, remoteness {info.remoteness}"
        _sub(g, "title", {}, f"{hover}; moves to {listed}")
        if i in on_line:
            attrs = {"x": 4, "y": y - lay.row // 2 + 1, "width": total_w - 8, "height": lay.row - 2}
            _sub(g, "rect", {**attrs, "fill": color["on_line"], "class": "on-line"})
        attrs = {"x": lay.left - lay.number_gap, "y": y + 4, "font-size": 12, "text-anchor": "end"}
        _sub(g, "text", attrs, str(i))
        for c, piece in enumerate(info.pieces):
            attrs = {"x": lay.left + c * (lay.piece + lay.gap), "y": y - lay.piece // 2}
            attrs.update({"width": lay.piece, "height": lay.piece, "rx": 3})
            fill = color["red" if piece == "R" else "white"]
            _sub(g, "rect", {**attrs, "fill": fill, "stroke": color["outline"], "class": "piece"})
        badge = _sub(g, "g", {"class": f"status {info.status}"})
        attrs = {"x": right + lay.badge_gap, "y": y - lay.badge_height // 2}
        attrs.update({"width": lay.badge_width, "height": lay.badge_height, "rx": lay.badge_height // 2})
        _sub(badge, "rect", {**attrs, "fill": color[info.status]})
        attrs = {"x": right + lay.badge_gap + lay.badge_width // 2, "y": y + 4, "font-size": 11}
        attrs.update({"fill": color["badge_text"], "text-anchor": "middle"})
        _sub(badge, "text", attrs, f"{info.status} {info.remoteness}")
    if first == 1:
        cx, cy = (lay.left + right) // 2, y_of(1)
        kerchief = _sub(svg, "g", {"class": "handkerchief"})
        _sub(kerchief, "title", {}, "the handkerchief starts on step 1")
        points = f"{cx - 16},{cy - 9} {cx + 16},{cy - 9} {cx},{cy + 11}"
        attrs = {"points": points, "fill": color["handkerchief"], "stroke": color["handkerchief_edge"]}
        _sub(kerchief, "polygon", {**attrs, "stroke-width": 2})
    for number, (i, j) in enumerate(pairwise(line_steps), 1):
        if first <= i and j <= last:
            g = _sub(svg, "g", {"class": "line"})
            _sub(g, "title", {}, f"move {number}: {('Dina', 'Dima')[(number - 1) % 2]} {i} -> {j}")
            path = _arc(lay.line_x, y_of(i), y_of(j), -(lay.line_bulge + lay.line_bulge_per_step * (j - i)))
            attrs = {"d": path, "fill": "none", "stroke": color["line"], "stroke-width": 3}
            _sub(g, "path", {**attrs, "marker-end": "url(#head-line)"})
    if first <= current <= last:
        shown = [m for m in a.moves(current) if m.target <= last]
        label_x = arrows_x + lay.arrow_reach(max((m.distance for m in shown), default=0)) + lay.label_gap
        for m in shown:
            winning = not a.won[m.target]
            g = _sub(svg, "g", {"class": "move"})
            _sub(g, "title", {}, f"{current} -> {m.target}: {m.why()}")
            bulge = lay.arrow_bulge + lay.arrow_bulge_per_step * m.distance
            fill = color["winning_move" if winning else "move"]
            path = _arc(arrows_x, y_of(current), y_of(m.target), bulge)
            attrs = {"d": path, "fill": "none", "stroke": fill, "stroke-width": 2}
            _sub(g, "path", {**attrs, "marker-end": f"url(#head-{'win' if winning else 'move'})"})
            attrs = {"x": label_x, "y": y_of(m.target) + 4, "font-size": 11, "fill": fill, "class": "move-label"}
            _sub(g, "text", attrs, f"{m.distance}/{m.common}")
    return svg


def render_svg(
    analysis: DayAnalysis,
    *,
    steps: tuple[int, int] | None = None,
    current: int | None = None,
    layout: Layout = LAYOUT,
    colors: Mapping[str, str] | None = None,
) -> str:
    """The picture of a day as SVG text (see :func:`svg_element`). O(day + shown * width).

    >>> from downwedig import Staircase
    >>> from downwedig.explain import analyse
    >>> render_svg(analyse(Staircase.from_rows(["WW"]))).startswith("<svg")
    True
    """
    element = svg_element(analysis, steps=steps, current=current, layout=layout, colors=colors)
    return ET.tostring(element, encoding="unicode") + "\n"
