"""The picture's sizes and colours, named once: Python's SVG and the HTML page both draw from them.

:data:`LAYOUT` (a :class:`Layout`) holds every length of the picture in
pixels and :data:`DEFAULT_COLORS` every colour; :func:`downwedig.render.render_svg`
takes either as keyword arguments, in the style of ``chess.svg``.  The HTML
page receives both as data (:meth:`Layout.as_data`), so its JavaScript never
writes a number or a colour of its own.

>>> LAYOUT.right(8), LAYOUT.arrows_x(8)
(310, 394)
>>> DEFAULT_COLORS["red"]
'#d32f2f'
"""

from __future__ import annotations

import dataclasses

__all__ = ["DEFAULT_COLORS", "LAYOUT", "Layout"]


@dataclasses.dataclass(frozen=True)
class Layout:
    """The lengths of the picture, in pixels (SVG user units)."""

    #: How many steps the picture shows by default.
    window: int = 30
    #: Side of a piece, and the gap between two pieces of a step.
    piece: int = 22
    gap: int = 3
    #: Height of a step's row.
    row: int = 30
    #: Space above the first row (the verdict and the legend), and below the last.
    top: int = 64
    bottom: int = 40
    #: Baselines of the verdict and of the legend line above the rows.
    verdict_y: int = 22
    legend_y: int = 42
    #: x of the first piece: step numbers and the line of play are to its left.
    left: int = 110
    #: Gap between a step number and the first piece.
    number_gap: int = 10
    #: x where the arcs of the line of play start; an arc bulges left by
    #: ``line_bulge + line_bulge_per_step * distance``.
    line_x: int = 70
    line_bulge: int = 18
    line_bulge_per_step: int = 5
    #: The status badge, right of the pieces.
    badge_gap: int = 8
    badge_width: int = 66
    badge_height: int = 20
    #: x of the move arrows, past the badge; an arrow bulges right by
    #: ``arrow_bulge + arrow_bulge_per_step * distance``.
    arrows_gap: int = 84
    arrow_bulge: int = 20
    arrow_bulge_per_step: int = 24
    #: Gap between the furthest arrow and the labels, and the margin right of the labels.
    label_gap: int = 8
    margin: int = 50

    def right(self, width: int) -> int:
        """x just past the last piece of a step of ``width`` pieces. O(1)."""
        return self.left + width * (self.piece + self.gap)

    def arrows_x(self, width: int) -> int:
        """x where the move arrows start. O(1)."""
        return self.right(width) + self.arrows_gap

    def arrow_reach(self, distance: int) -> int:
        """How far right an arrow of ``distance`` steps reaches: a cubic Bezier whose
        control points bulge by ``b`` reaches ``3/4 b``. O(1).

        >>> LAYOUT.arrow_reach(1)
        33
        """
        return (self.arrow_bulge + self.arrow_bulge_per_step * distance) * 3 // 4

    def total_width(self, width: int) -> int:
        """Width of the whole picture for steps of ``width`` pieces (room for an arrow of ``width``). O(1)."""
        return self.arrows_x(width) + self.arrow_reach(width) + self.margin

    def total_height(self, rows: int) -> int:
        """Height of the whole picture showing ``rows`` steps. O(1)."""
        return self.top + rows * self.row + self.bottom

    def as_data(self) -> dict[str, int]:
        """Every length by name, for the page's JavaScript. O(fields).

        >>> LAYOUT.as_data()["piece"]
        22
        """
        return dataclasses.asdict(self)


#: The default layout.
LAYOUT = Layout()

#: The picture's colours by role; pass ``colors={...}`` to override some.
DEFAULT_COLORS: dict[str, str] = {
    "background": "#ffffff",
    "text": "#222222",
    "note": "#555555",
    "white": "#fafafa",
    "red": "#d32f2f",
    "outline": "#333333",
    "won": "#2e7d32",
    "lost": "#c62828",
    "badge_text": "#ffffff",
    "line": "#f57c00",
    "on_line": "#fff3e0",
    "move": "#607d8b",
    "winning_move": "#2e7d32",
    "handkerchief": "#fdd835",
    "handkerchief_edge": "#1565c0",
}
