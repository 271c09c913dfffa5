"""The picture's sizes, colours and words, named once: Python's SVG and the HTML page both draw from them.

:data:`LAYOUT` (a :class:`Layout`) holds every length of the picture in
pixels -- font sizes, stroke widths, offsets and gaps included --,
:data:`DEFAULT_COLORS` every colour and :data:`TEXTS` every word it writes (as
:meth:`str.format` templates); :func:`downwedig.render.render_svg` takes the
first two as keyword arguments, in the style of ``chess.svg``.  The HTML page
receives all three as data (:meth:`Layout.as_data` adds the lengths that
follow from the width of a step), and :data:`NARROW_LAYOUT` too, which it
draws with when the picture is narrow (a phone), so that its text stays at
least 10 pixels high.  Both are made for staircases of up to 99 steps;
:meth:`Layout.fitted` makes room for the longer numbers of a longer one (the
SVG and the page draw with it).  Its drawing script (``render/draw.js``)
never writes a length, a colour or a sentence of its own -- a test checks that
its only numbers are 0, 1 and 2 -- and the page's other scripts take theirs from
:data:`downwedig.render.page.PAGE_SIZES`.

From left to right a row holds: the arcs of the line of play (bulging left,
labelled with the move's number and player), the step number, the
handkerchief (beside the pieces, never on them), the pieces, the status badge,
the arrows of the moves from the current step (labelled ``distance/common``)
and, on a lost day, Dima's answers: dashed brackets nested in columns of their
own, each labelled with his step.  Above the rows (unless the page draws its
own): the verdict, the name of the window of steps shown, and the legend.

>>> LAYOUT.right(8), LAYOUT.arrows_x(8), LAYOUT.total_width(8)
(354, 426, 670)
>>> DEFAULT_COLORS["red"]
'#d32f2f'
"""

from __future__ import annotations

import dataclasses

__all__ = ["DEFAULT_COLORS", "LAYOUT", "NARROW_LAYOUT", "SVG_STYLE", "TEXTS", "Layout"]


@dataclasses.dataclass(frozen=True)
class Layout:
    """The lengths of the picture, in pixels (SVG user units)."""

    #: How many steps the picture shows at a time (the page pages through the rest).
    window: int = 30
    #: Side of a piece, the gap between two pieces of a step, and the rounding of their corners.
    piece: int = 22
    gap: int = 3
    piece_radius: int = 3
    #: Height of a step's row.
    row: int = 30
    #: Space above the first row (verdict, window, legend), above it when the picture has no such header
    #: (room for the note of the steps above), and below the last row.
    top: int = 156
    bare_top: int = 22
    bottom: int = 40
    #: Font sizes: labels, badges, legend and notes; step numbers; the window's name; the verdict.
    font: int = 11
    font_number: int = 12
    font_window: int = 13
    font_verdict: int = 16
    #: How far below the middle of a row (or a line) a text's baseline stands, so that it looks centred.
    baseline: int = 4
    #: x where the verdict, the window's name and the legend start.
    text_x: int = 10
    #: Baselines of the verdict, of the window's name, and of the legend's first row; legend rows are
    #: ``legend_row`` apart; its second column starts at ``legend_column``.
    verdict_y: int = 22
    window_y: int = 42
    legend_y: int = 64
    legend_row: int = 18
    legend_column: int = 300
    #: Rows of legend the header holds (``top`` leaves room for them); a longer legend makes it taller.
    legend_rows: int = 5
    #: The legend's samples: how far a sample badge rises above its row's baseline, the gap between a
    #: badge and its words, the length of a sample line and the gap between it and its words.
    legend_badge_rise: int = 14
    legend_text_gap: int = 8
    legend_sample: int = 30
    legend_sample_gap: int = 6
    #: Width the legend needs: a picture with a legend is never narrower.
    legend_width: int = 560
    #: The notes of the steps above and below the window: how far the first stands above the first row,
    #: and how far the baseline of the second stands above the picture's bottom.
    above_rise: int = 6
    below_rise: int = 24
    #: The shading of a step on the line of play: inset from the picture's sides and from the row's edges.
    shade_inset: int = 4
    shade_gap: int = 1
    #: x where the arcs of the line of play start (they bulge left by ``line_bulge + line_bulge_per_step *
    #: distance``), and how far before a row's centre an arc ends, so that two moves in a row do not merge;
    #: the gap between an arc and its label, and the arcs' stroke.
    line_x: int = 100
    line_bulge: int = 14
    line_bulge_per_step: int = 5
    line_gap: int = 4
    line_label_gap: int = 4
    line_stroke: int = 3
    #: Right end of the step numbers; the handkerchief's left edge, width, half height and outline; x of
    #: the first piece.
    number_x: int = 128
    kerchief_x: int = 132
    kerchief: int = 16
    kerchief_half: int = 8
    kerchief_stroke: int = 2
    left: int = 154
    #: The status badge, right of the pieces.
    badge_gap: int = 6
    badge_width: int = 60
    badge_height: int = 20
    #: x of the move arrows, past the badge; an arrow bulges right by
    #: ``arrow_bulge + arrow_bulge_per_step * distance``; its stroke.
    arrows_gap: int = 72
    arrow_bulge: int = 16
    arrow_bulge_per_step: int = 12
    arrow_stroke: int = 2
    #: Gap between the furthest arrow and the labels; the room a label needs.
    label_gap: int = 6
    label_width: int = 26
    #: Dima's answers: the first starts ``replies_gap`` past the labels, with its label (``reply_label``
    #: wide); each is a bracket in a column of its own, ``reply_column`` apart, ending in a stub of
    #: ``reply_stub`` pointing at his step.
    replies_gap: int = 8
    reply_label: int = 24
    reply_column: int = 12
    reply_stub: int = 8
    #: Arrowheads (a triangle this long and wide), dashes and the gaps between them, and the width of the
    #: invisible stroke that makes a thin curve easy to point at.
    head: int = 10
    dash: int = 5
    dash_gap: int = 3
    hit_width: int = 12
    #: The outlines of the columns two steps share (and of the window in the step-through): how far they
    #: stand outside a piece, their rounding and stroke.
    outline_margin: int = 2
    outline_radius: int = 4
    outline_stroke: int = 3
    #: Margin right of everything.
    margin: int = 12
    #: The numbers the picture writes -- a step's, a move's on the line of play, a remoteness -- have at most as
    #: many digits as n; the lengths above leave room for ``digits`` of them, and :meth:`fitted` makes room
    #: for more, ``digit`` pixels each (a digit is about 0.64 em wide).
    digits: int = 2
    digit: int = 8

    def right(self, width: int) -> int:
        """x just past the last piece of a step of ``width`` pieces. O(1).

        >>> LAYOUT.right(2)
        204
        """
        return self.left + width * (self.piece + self.gap)

    def piece_x(self, column: int) -> int:
        """x of the piece in ``column`` (from 0). O(1).

        >>> LAYOUT.piece_x(1) - LAYOUT.piece_x(0) == LAYOUT.piece + LAYOUT.gap
        True
        """
        return self.left + column * (self.piece + self.gap)

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
        542
        """
        return self.arrows_x(width) + self.reach(self.arrow_bend(width)) + self.label_gap + self.label_width

    def reply_x(self, width: int, inner: int) -> int:
        """x of the column of an answer of Dima with ``inner`` answers nested inside it. O(1).

        The answer to Dina's last move is innermost, so that no two answers cross.

        >>> LAYOUT.reply_x(8, 1) - LAYOUT.reply_x(8, 0) == LAYOUT.reply_column
        True
        """
        return self.replies_x(width) + self.replies_gap + self.reply_label + inner * self.reply_column

    def total_width(self, width: int, legend: bool = True) -> int:
        """Width of the whole picture for steps of ``width`` pieces (never narrower than its legend). O(1).

        >>> LAYOUT.total_width(16) > LAYOUT.total_width(8), LAYOUT.total_width(1) == LAYOUT.legend_width
        (True, True)
        """
        drawn = self.reply_x(width, width - 1) + self.margin
        return max(self.legend_width, drawn) if legend else drawn

    def total_height(self, rows: int, header: bool = True) -> int:
        """Height of the whole picture showing ``rows`` steps (``header``: with verdict and legend). O(1).

        >>> LAYOUT.total_height(1) == LAYOUT.top + LAYOUT.row + LAYOUT.bottom
        True
        """
        return (self.top if header else self.bare_top) + rows * self.row + self.bottom

    def fitted(self, n: int) -> Layout:
        """This layout with room for the numbers of a staircase of ``n`` steps. O(1).

        Each digit past :attr:`digits` widens the move labels left of ``line_x``, the step numbers and the
        badges by :attr:`digit` (``won 59999`` holds in its badge at n = 300,000), shifting what stands right
        of them.

        >>> LAYOUT.fitted(12) is LAYOUT, LAYOUT.fitted(300_000).badge_width - LAYOUT.badge_width
        (True, 32)
        """
        extra = self.digit * max(0, len(str(n)) - self.digits)
        if not extra:
            return self
        shift = {"number_x": 2 * extra, "kerchief_x": 2 * extra, "left": 2 * extra, "line_x": extra}
        shift.update(badge_width=extra, arrows_gap=extra)
        return dataclasses.replace(self, **{name: getattr(self, name) + more for name, more in shift.items()})

    def as_data(self, width: int = 8) -> dict[str, object]:
        """Every length by name, and those that follow for steps of ``width`` pieces, for the page. O(width).

        >>> data = LAYOUT.as_data(8)
        >>> data["piece"], data["right"], data["arrow_bend"][2], data["reply_x"][0]
        (22, 354, 40, 574)
        """
        data: dict[str, object] = dict(dataclasses.asdict(self))
        distances = range(width + 1)
        data.update(
            right=self.right(width),
            arrows_x=self.arrows_x(width),
            replies_x=self.replies_x(width),
            total_width=self.total_width(width),
            bare_width=self.total_width(width, legend=False),
            piece_x=[self.piece_x(c) for c in range(width)],
            reply_x=[self.reply_x(width, k) for k in range(width)],
            arrow_bend=[self.arrow_bend(d) for d in distances],
            line_bend=[self.line_bend(d) for d in distances],
            arrow_reach=[self.reach(self.arrow_bend(d)) for d in distances],
            line_reach=[self.reach(self.line_bend(d)) for d in distances],
        )
        return data


#: The default layout.
LAYOUT = Layout()

#: The layout of a narrow picture (the page on a phone): smaller pieces, shallower curves and bigger text,
#: so that about 360 pixels show it whole with every text at least 10 pixels high.
NARROW_LAYOUT = Layout(
    piece=14,
    gap=2,
    row=26,
    font=13,
    font_number=13,
    font_window=13,
    baseline=5,
    line_x=72,
    line_bulge=6,
    line_bulge_per_step=3,
    number_x=95,
    kerchief_x=100,
    kerchief=12,
    kerchief_half=7,
    left=116,
    badge_gap=4,
    badge_width=56,
    badge_height=20,
    arrows_gap=62,
    arrow_bulge=6,
    arrow_bulge_per_step=6,
    label_gap=3,
    label_width=26,
    replies_gap=2,
    reply_label=20,
    reply_column=10,
    reply_stub=6,
    margin=4,
    digit=9,
)

#: The picture's colours by role; pass ``colors={...}`` to override some.  Every colour that text is
#: written in has a contrast of at least 4.5:1 with what is behind it (WCAG AA).
DEFAULT_COLORS: dict[str, str] = {
    "background": "#ffffff",
    "text": "#222222",
    "note": "#555555",
    "white": "#fafafa",
    "red": "#d32f2f",
    "outline": "#333333",
    "won": "#2e7d32",
    "lost": "#c62828",
    "unknown": "#757575",
    "badge_text": "#ffffff",
    "line": "#b45309",
    "played": "#6a1b9a",
    "on_line": "#fff3e0",
    "move": "#546e7a",
    "winning_move": "#2e7d32",
    "reply": "#c62828",
    "shared": "#0277bd",
    "window": "#0277bd",
    "handkerchief": "#fdd835",
    "handkerchief_edge": "#1565c0",
}

#: The picture's words, as :meth:`str.format` templates.
TEXTS: dict[str, str] = {
    "verdict": "Day {day} of {n}: {winner} wins ({moves} with best play)",
    "verdict_hidden": "Day {day} of {n}: who wins? Play on, or ask for a hint",
    "verdict_teach": "Day {day} of {n}: step by step from the bottom; steps {revealed}-{day} are decided",
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
    "legend_reply": "Dima's answer to each of Dina's moves, labelled with his step",
    "legend_window": "the window that decides the step in question: the statuses of the steps below it",
    "legend_hidden": "not decided yet, or not told until you predict, step through or play",
    "legend_decides": "bold: the moves that decide the step just revealed; faint: the others",
    "legend_shared": "Point at a move to outline the columns its two steps share (a move needs distance <= common).",
    "badge": "{status} {remoteness}",
    "badge_hidden": "?",
    "sample_won": "won 3",
    "sample_lost": "lost 2",
    "sample_hidden": "?",
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
    "reply_label": "\u2192{reply}",
    "reply_title": "Dina {source} -> {target}, Dima answers {target} -> {reply} ({why})",
    "window_box": "the window at step {first}: the statuses of steps {first}-{last}, which decide step {step}",
}

#: The picture's own style sheet: the moves that decide a step bold, the others faint; a move's shared columns
#: appear while it is pointed at.
SVG_STYLE = (
    ".decides .arc{stroke-width:3}.aside .arc{stroke-opacity:.35}"
    ".shared{visibility:hidden;pointer-events:none}"
    ".move:hover .shared,.line:hover .shared,.reply:hover .shared{visibility:visible}"
    ".move:hover .arc,.line:hover .arc,.reply:hover .arc{stroke-width:4}"
)
