"""The static picture's header: its verdict, the name of its window of steps, and a legend of what it draws.

The legend names only what the picture draws, as the page's key does (``render/page.js``, ``renderLegend``):
the ``?`` badge only when a status is hidden, the dashed window only in a step-through, no winning move or line
of play where none is drawn.  It never says "point at a move": a picture in a document (the editorial's) has no
pointer, and the page says it in HTML, only on screens that can point.

Entries with a short sample line (:data:`SHORT`) stand two a row; the others take a row each.  The header is
``legend_rows`` rows of legend high; a longer legend makes it taller (:func:`header_height`), so that the rows of
steps never run into it.

>>> from downwedig.render.layout import LAYOUT
>>> legend_rows({"won": True, "lost": True, "move": True, "line": True, "hidden": False})
[['won'], ['lost'], ['move', 'line']]
>>> header_height(LAYOUT, [['won']] * 6) - LAYOUT.top == LAYOUT.legend_row
True
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence

from ._layers import sub
from .layout import TEXTS, Layout

__all__ = ["ORDER", "SHORT", "draw_header", "header_height", "legend_rows"]

#: The legend's entries in the order they are listed (the page's key lists them so too).
ORDER = ("won", "lost", "hidden", "win", "move", "decides", "window", "line", "played", "reply")

#: Entries whose words are short enough to stand two a row: the kinds of curve.
SHORT = frozenset({"win", "move", "line", "played"})

#: Each entry's sample: a badge of a status (its colour, and the sample's words), or a line (its colour, its
#: marker, whether it is dashed, and which stroke of the layout it is drawn with); ``decides`` has none.
_BADGES = {"won": ("won", "sample_won"), "lost": ("lost", "sample_lost"), "hidden": ("unknown", "sample_hidden")}
_LINES = {
    "win": ("winning_move", "win", False, "arrow_stroke"),
    "move": ("move", "move", False, "arrow_stroke"),
    "line": ("line", "line", False, "line_stroke"),
    "played": ("played", "played", False, "line_stroke"),
    "reply": ("reply", "reply", True, "arrow_stroke"),
    "window": ("window", None, True, "outline_stroke"),
}


def legend_rows(drawn: Mapping[str, bool]) -> list[list[str]]:
    """The legend's entries for what is ``drawn`` (by entry name), laid out in rows. O(entries).

    >>> legend_rows({"hidden": True, "move": True, "played": True, "win": False})
    [['hidden'], ['move', 'played']]
    """
    rows: list[list[str]] = []
    for name in (name for name in ORDER if drawn.get(name)):
        if name in SHORT and rows and len(rows[-1]) == 1 and rows[-1][0] in SHORT:
            rows[-1].append(name)
        else:
            rows.append([name])
    return rows


def header_height(lay: Layout, rows: Sequence[Sequence[str]]) -> int:
    """How high the header above the steps is: ``lay.top``, taller by the legend's rows past ``legend_rows``. O(1).

    >>> from downwedig.render.layout import LAYOUT
    >>> header_height(LAYOUT, []) == header_height(LAYOUT, [["won"]] * LAYOUT.legend_rows) == LAYOUT.top
    True
    """
    return lay.top + max(0, len(rows) - lay.legend_rows) * lay.legend_row


def _entry(g: ET.Element, lay: Layout, color: Mapping[str, str], name: str, x: int, y: int) -> None:
    """One entry, its sample (a badge or a line) at ``x`` and its words after it, on the baseline ``y``."""
    note = {"fill": color["note"]}
    if name in _BADGES:
        role, sample = _BADGES[name]
        attrs: dict[str, object] = {"x": x, "y": y - lay.legend_badge_rise, "width": lay.badge_width}
        sub(g, "rect", {**attrs, "height": lay.badge_height, "rx": lay.badge_height // 2, "fill": color[role]})
        attrs = {"x": x + lay.badge_width // 2, "y": y, "fill": color["badge_text"], "text-anchor": "middle"}
        sub(g, "text", attrs, TEXTS[sample])
        x += lay.badge_width + lay.legend_text_gap
    elif name in _LINES:
        role, head, dashed, stroke = _LINES[name]
        line_y = y - lay.baseline
        attrs = {"d": f"M{x},{line_y} L{x + lay.legend_sample},{line_y}", "fill": "none", "stroke": color[role]}
        attrs["stroke-width"] = getattr(lay, stroke)
        if head is not None:
            attrs["marker-end"] = f"url(#head-{head})"
        if dashed:
            attrs["stroke-dasharray"] = f"{lay.dash},{lay.dash_gap}"
        sub(g, "path", attrs)
        x += lay.legend_sample + lay.legend_sample_gap
    sub(g, "text", {"x": x, "y": y, **note}, TEXTS[f"legend_{name}"])


def draw_header(
    svg: ET.Element, lay: Layout, color: Mapping[str, str], verdict: str, window: str, rows: Sequence[Sequence[str]]
) -> None:
    """The verdict, the window's name and the legend's ``rows`` (:func:`legend_rows`), at the top of ``svg``.
    O(entries)."""
    x0 = lay.text_x
    attrs = {"x": x0, "y": lay.verdict_y, "font-size": lay.font_verdict, "font-weight": "bold", "class": "verdict"}
    sub(svg, "text", attrs, verdict)
    attrs = {"x": x0, "y": lay.window_y, "font-size": lay.font_window, "fill": color["text"], "class": "window"}
    sub(svg, "text", attrs, window)
    g = sub(svg, "g", {"class": "legend", "font-size": lay.font})
    for r, row in enumerate(rows):
        for k, name in enumerate(row):
            _entry(g, lay, color, name, (x0, lay.legend_column)[k], lay.legend_y + r * lay.legend_row)
