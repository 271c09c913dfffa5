"""The picture's sizes, colours and words, named once: Python's SVG and the HTML page both draw from them.

:data:`LAYOUT` (a :class:`Layout`) holds every length of the picture in
pixels, :data:`DEFAULT_COLORS` every colour and :data:`TEXTS` every word it
writes (as :meth:`str.format` templates); :func:`downwedig.render.render_svg`
takes the first two as keyword arguments, in the style of ``chess.svg``.  The
HTML page receives all three as data (:meth:`Layout.as_data` adds the lengths
that follow from the width of a step), so its JavaScript never writes a
number, a colour or a sentence of its own.

From left to right a row holds: the arcs of the line of play (bulging left,
labelled with the move's number and player), the step number, the
handkerchief (beside the pieces, never on them), the pieces, the status badge,
the arrows of the moves from the current step (labelled ``distance/common``)
and, on a lost day, Dima's answers (dashed).  Above the rows: the verdict, the
name of the window of steps shown, and the legend.

>>> LAYOUT.right(8), LAYOUT.arrows_x(8), LAYOUT.total_width(8)
(354, 426, 611)
>>> DEFAULT_COLORS["red"]
'#d32f2f'
"""

from __future__ import annotations

import dataclasses

__all__ = ["DEFAULT_COLORS", "LAYOUT", "SVG_STYLE", "TEXTS", "Layout"]


@dataclasses.dataclass(frozen=True)
class Layout:
    """The lengths of the picture, in pixels (SVG user units)."""

    #: How many steps the picture shows at a time (the page pages through the rest).
    window: int = 30
    #: Side of a piece, and the gap between two pieces of a step.
    piece: int = 22
    gap: int = 3
    #: Height of a step's row.
    row: int = 30
    #: Space above the first row (verdict, window, legend), and below the last.
    top: int = 156
    bottom: int = 40
    #: Baselines of the verdict, of the window's name, and of the legend's first row; legend rows are
    #: ``legend_row`` apart; its second column starts at ``legend_column``.
    verdict_y: int = 22
    window_y: int = 42
    legend_y: int = 64
    legend_row: int = 18
    legend_column: int = 300
    #: Width the legend needs: the picture is never narrower.
    legend_width: int = 560
    #: x where the arcs of the line of play start (they bulge left by ``line_bulge + line_bulge_per_step *
    #: distance``), and how far before a row's centre an arc ends, so that two moves in a row do not merge.
    line_x: int = 100
    line_bulge: int = 14
    line_bulge_per_step: int = 5
    line_gap: int = 4
    #: Right end of the step numbers; the handkerchief's left edge and width; x of the first piece.
    number_x: int = 128
    kerchief_x: int = 132
    kerchief: int = 16
    left: int = 154
    #: The status badge, right of the pieces.
    badge_gap: int = 6
    badge_width: int = 60
    badge_height: int = 20
    #: x of the move arrows, past the badge; an arrow bulges right by
    #: ``arrow_bulge + arrow_bulge_per_step * distance``.
    arrows_gap: int = 72
    arrow_bulge: int = 16
    arrow_bulge_per_step: int = 12
    #: Gap between the furthest arrow and the labels.
    label_gap: int = 6
    #: Dima's answers: their x past the arrows' labels, and their bulge.
    replies_gap: int = 40
    reply_bulge: int = 10
    reply_bulge_per_step: int = 7
    #: Margin right of everything.
    margin: int = 12

    def right(self, width: int) -> int:
        """x just past the last piece of a step of ``width`` pieces. O(1).

        >>> LAYOUT.right(2)
        204
        """
        return self.left + width * (self.piece + self.gap)

    def arrows_x(self, width: int) -> int:
        """x where the move arrows start. O(1).

        >>> LAYOUT.arrows_x(2) - LAYOUT.right(2) == LAYOUT.arrows_gap
        True
        """
        return self.right(width) + self.arrows_gap

    def arrow_bend(self, distance: int) -> int:
        """How far the control points of an arrow of ``distance`` steps stand right of its ends. O(1).

        >>> LAYOUT.arrow_bend(1), LAYOUT.arrow_bend(8)
        (28, 112)
        """
        return self.arrow_bulge + self.arrow_bulge_per_step * distance

    def line_bend(self, distance: int) -> int:
        """How far the control points of a move of the line stand left of its ends. O(1).

        >>> LAYOUT.line_bend(1)
        19
        """
        return self.line_bulge + self.line_bulge_per_step * distance

    def reply_bend(self, distance: int) -> int:
        """How far the control points of one of Dima's answers stand right of its ends. O(1).

        >>> LAYOUT.reply_bend(1)
        17
        """
        return self.reply_bulge + self.reply_bulge_per_step * distance

    @staticmethod
    def reach(bend: int) -> int:
        """How far a cubic Bezier whose control points stand ``bend`` aside reaches: 3/4 of it. O(1).

        >>> Layout.reach(LAYOUT.arrow_bend(1))
        21
        """
        return bend * 3 // 4

    def replies_x(self, width: int) -> int:
        """x where Dima's answers start: past the longest arrow and its label. O(1).

        >>> LAYOUT.replies_x(8)
        550
        """
        return self.arrows_x(width) + self.reach(self.arrow_bend(width)) + self.replies_gap

    def total_width(self, width: int) -> int:
        """Width of the whole picture for steps of ``width`` pieces: never narrower than the legend. O(1).

        >>> LAYOUT.total_width(2) == LAYOUT.legend_width, LAYOUT.total_width(16) > LAYOUT.total_width(8)
        (True, True)
        """
        return max(self.legend_width, self.replies_x(width) + self.reach(self.reply_bend(width)) + self.margin)

    def total_height(self, rows: int) -> int:
        """Height of the whole picture showing ``rows`` steps. O(1).

        >>> LAYOUT.total_height(1) == LAYOUT.top + LAYOUT.row + LAYOUT.bottom
        True
        """
        return self.top + rows * self.row + self.bottom

    def as_data(self, width: int = 8) -> dict[str, object]:
        """Every length by name, and those that follow for steps of ``width`` pieces, for the page. O(width).

        >>> data = LAYOUT.as_data(8)
        >>> data["piece"], data["right"], data["arrow_bend"][2]
        (22, 354, 40)
        """
        data: dict[str, object] = dict(dataclasses.asdict(self))
        distances = range(width + 1)
        data.update(
            right=self.right(width),
            arrows_x=self.arrows_x(width),
            replies_x=self.replies_x(width),
            total_width=self.total_width(width),
            arrow_bend=[self.arrow_bend(d) for d in distances],
            line_bend=[self.line_bend(d) for d in distances],
            reply_bend=[self.reply_bend(d) for d in distances],
            arrow_reach=[self.reach(self.arrow_bend(d)) for d in distances],
            line_reach=[self.reach(self.line_bend(d)) for d in distances],
        )
        return data


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
    "unknown": "#9e9e9e",
    "badge_text": "#ffffff",
    "line": "#f57c00",
    "played": "#6a1b9a",
    "on_line": "#fff3e0",
    "move": "#607d8b",
    "winning_move": "#2e7d32",
    "reply": "#c62828",
    "shared": "#0277bd",
    "handkerchief": "#fdd835",
    "handkerchief_edge": "#1565c0",
}

#: The picture's words, as :meth:`str.format` templates.
TEXTS: dict[str, str] = {
    "verdict": "Day {day} of {n}: {winner} wins ({moves} with best play)",
    "verdict_hidden": "Day {day} of {n}: who wins? Play on, or ask for a hint",
    "move_count": "{count} move",
    "moves_count": "{count} moves",
    "window": "Steps {first}-{last} of {day}",
    "window_moves": "; moves {a}-{b} of {count} in view",
    "window_no_move": "; none of the {count} moves in view",
    "above": "\u22ee steps 1-{last} above",
    "below": "\u22ee steps {first}-{day} below",
    "legend_won": "won: the player to move can force a win; the number: moves left with best play",
    "legend_lost": "lost: every move reaches a won step, or there is no move",
    "legend_win": "winning move (to a lost step)",
    "legend_move": "other move, labelled distance/common",
    "legend_line": "line of play: move number, player",
    "legend_played": "moves played: number, player",
    "legend_reply": "Dima's answer to each of Dina's moves",
    "legend_shared": "Point at a move to outline the columns its two steps share (a move needs distance <= common).",
    "badge": "{status} {remoteness}",
    "badge_hidden": "?",
    "sample_won": "won 3",
    "sample_lost": "lost 2",
    "step_title": "Step {step}: {pieces}, {status} for the player to move, remoteness {remoteness}; moves to {moves}",
    "step_title_hidden": "Step {step}: {pieces}; moves to {moves}",
    "step_move": "{target} (distance {distance}, {common} common)",
    "step_moves_separator": ", ",
    "no_moves": "none",
    "kerchief": "the handkerchief is on step {step}",
    "line_label": "{number} {player}",
    "line_title": "move {number}: {player} {source} -> {target}, {why}",
    "move_title": "{source} -> {target}: {why}",
    "move_label": "{distance}/{common}",
    "reply_title": "Dina {source} -> {target}, Dima answers {target} -> {reply} ({why})",
}

#: The picture's own style sheet: a move's shared columns appear while it is pointed at.
SVG_STYLE = (
    ".shared{visibility:hidden;pointer-events:none}"
    ".move:hover .shared,.line:hover .shared,.reply:hover .shared{visibility:visible}"
    ".move:hover .arc,.line:hover .arc,.reply:hover .arc{stroke-width:4}"
)
