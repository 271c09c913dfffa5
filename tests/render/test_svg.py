"""The SVG picture: it parses and holds the right pieces, marks and arrows, drawn from the layout's numbers."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import pairwise

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from downwedig import IllegalMove, InvalidSteps, Staircase, parse
from downwedig.explain import analyse
from downwedig.render import DEFAULT_COLORS, LAYOUT, Layout, render_svg
from downwedig.render.layout import NARROW_LAYOUT, TEXTS
from downwedig.render.svg import default_window

from ..conftest import ROOT, SAMPLE, with_class
from ..strategies import examples, staircases

SVG = "{http://www.w3.org/2000/svg}"


@examples(80)
@given(staircases(max_n=80), st.data())
def test_svg_has_a_row_per_step_and_an_arrow_per_move(staircase: Staircase, data: st.DataObject) -> None:
    day = data.draw(st.integers(1, len(staircase)))
    a = analyse(staircase, day)
    first = data.draw(st.integers(1, day))
    last = data.draw(st.integers(first, min(day, first + 40)))
    steps = data.draw(st.sampled_from([None, (first, last)]))
    root = ET.fromstring(render_svg(a, steps=steps))
    assert root.tag == SVG + "svg"
    first, last = steps or default_window(a)
    shown = range(first, last + 1)
    rows = with_class(root, "step")
    assert [r.get("id") for r in rows] == [f"step-{i}" for i in shown]
    for row, i in zip(rows, shown, strict=True):
        status = "won" if a.won[i] else "lost"
        assert row.get("class") == f"step {status}"
        title = row.find(SVG + "title")
        assert title is not None and title.text is not None and title.text.startswith(f"Step {i}: ")
        pieces = with_class(row, "piece")
        colors = [DEFAULT_COLORS["red" if c == "R" else "white"] for c in a.staircase.row(i)]
        assert [p.get("fill") for p in pieces] == colors
        (mark,) = with_class(row, "status")
        assert "".join(mark.itertext()) == f"{status} {a.remoteness[i]}"
    assert len(with_class(root, "piece")) == len(shown) * staircase.width
    assert len(with_class(root, "handkerchief")) == (first == 1)
    current = 1 if first == 1 else next((s for s in a.line_steps() if first <= s <= last), first)
    arrows = with_class(root, "move")
    assert len(arrows) == sum(1 for m in a.moves(current) if m.target <= last)
    labels = ["".join(e.itertext()) for arrow in arrows for e in with_class(arrow, "move-label")]
    assert labels == [f"{m.distance}/{m.common}" for m in a.moves(current) if m.target <= last]
    line = a.line_steps()
    on_window = [(k, i, j) for k, (i, j) in enumerate(pairwise(line), 1) if first <= i and j <= last]
    arcs = with_class(root, "line")
    assert len(arcs) == len(on_window)
    for arc, (k, i, j) in zip(arcs, on_window, strict=True):
        (label,) = with_class(arc, "line-label")
        assert label.text == f"{k} {('Dina', 'Dima')[(k - 1) % 2]}", "each move is numbered with its player"
        assert len(with_class(arc, "shared")) == a.staircase.common(i, j) * 2
    assert len(with_class(root, "on-line")) == sum(1 for s in line if first <= s <= last)
    replies = with_class(root, "reply")
    if current == 1 and not a.won[1]:
        expected = [(m.target, r.target) for m, r in a.replies() if r.target <= last]
        titles = [arc.find(SVG + "title") for arc in replies]
        assert [t.text for t in titles if t is not None] == [
            f"Dina 1 -> {j}, Dima answers {j} -> {r} ({a.move(j, r).why()})" for j, r in expected
        ]
    else:
        assert replies == []


def test_default_window_of_a_long_staircase() -> None:
    s = Staircase.from_ints([(i * 37) % 256 for i in range(1000)])
    root = ET.fromstring(render_svg(analyse(s)))
    assert len(with_class(root, "step")) == LAYOUT.window
    assert any("steps 31-1000 below" in "".join(e.itertext()) for e in with_class(root, "more"))


def test_the_handkerchief_stands_beside_the_pieces_and_the_picture_scales() -> None:
    a = analyse(Staircase.from_rows(["WR"] * 5))
    root = ET.fromstring(render_svg(a))
    (kerchief,) = with_class(root, "handkerchief")
    polygon = kerchief.find(SVG + "polygon")
    assert polygon is not None
    xs = [int(point.split(",")[0]) for point in polygon.get("points", "").split()]
    assert max(xs) < LAYOUT.left and min(xs) > LAYOUT.number_x, "between the step number and the pieces"
    assert "max-width:100%" in root.get("style", "") and root.get("viewBox", "").startswith("0 0 ")
    assert {"".join(g.itertext()) for g in with_class(root, "legend")} != {""}


def test_a_game_in_progress_shows_its_moves_and_hides_the_statuses() -> None:
    staircase = parse(SAMPLE.read_bytes())
    a = analyse(staircase, 12)
    root = ET.fromstring(render_svg(a, played=[1, 3, 7], statuses=False))
    assert {r.get("class") for r in with_class(root, "step")} == {"step unknown"}
    assert {"".join(b.itertext()) for b in with_class(root, "status")} == {"?"}
    labels = ["".join(e.itertext()) for e in with_class(root, "line-label")]
    assert labels == ["1 Dina", "2 Dima"]
    (kerchief,) = with_class(root, "handkerchief")
    assert "".join(kerchief.itertext()) == "the handkerchief is on step 7"
    targets = [m.target for m in a.moves(7)]
    arrows = with_class(root, "move")
    assert len(arrows) == len(targets) and with_class(root, "reply") == []
    assert {a.get("stroke") for arrow in arrows for a in with_class(arrow, "arc")} == {DEFAULT_COLORS["move"]}
    hinted = ET.fromstring(render_svg(a, played=[1, 3, 7], statuses=False, hint=True))
    green = [
        arrow for arrow in with_class(hinted, "move") if DEFAULT_COLORS["winning_move"] in ET.tostring(arrow).decode()
    ]
    assert len(green) == len(a.winning_moves(7))
    window = "".join(with_class(root, "window")[0].itertext())
    assert window == "Steps 1-12 of 12; moves 1-2 of 2 in view"
    with pytest.raises(IllegalMove, match="1 -> 12 is not a move on day 12"):
        render_svg(a, played=[1, 12])


def test_sizes_and_colours_come_from_the_layout() -> None:
    a = analyse(Staircase.from_rows(["WR"] * 5))
    layout = Layout(piece=10, gap=1, row=12, window=3)
    root = ET.fromstring(render_svg(a, layout=layout, colors={"red": "#000001"}))
    assert root.get("width") == str(layout.total_width(2)) and root.get("height") == str(layout.total_height(3))
    assert root.get("viewBox") == f"0 0 {layout.total_width(2)} {layout.total_height(3)}"
    pieces = with_class(root, "piece")
    assert {p.get("width") for p in pieces} == {"10"}
    assert [p.get("fill") for p in pieces[:2]] == [DEFAULT_COLORS["white"], "#000001"]
    assert len(with_class(root, "step")) == 3


def test_a_window_past_the_day_is_refused() -> None:
    with pytest.raises(InvalidSteps, match=r"steps 2\.\.9 are not within 1\.\.5"):
        render_svg(analyse(Staircase.from_rows(["WR"] * 5)), steps=(2, 9))


def _segments(d: str) -> list[tuple[float, float, float, float]]:
    """The straight segments of a path made of M, H and V commands."""
    out, x, y = [], 0.0, 0.0
    for command, value in re.findall(r"([MHV])([-\d.,]+)", d):
        if command == "M":
            x, y = map(float, value.split(","))
            continue
        nx, ny = (float(value), y) if command == "H" else (x, float(value))
        out.append((x, y, nx, ny))
        x, y = nx, ny
    return out


def _cross(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Whether two axis-aligned segments meet."""
    (ax1, ay1, ax2, ay2), (bx1, by1, bx2, by2) = a, b
    return max(min(ax1, ax2), min(bx1, bx2)) <= min(max(ax1, ax2), max(bx1, bx2)) and max(
        min(ay1, ay2), min(by1, by2)
    ) <= min(max(ay1, ay2), max(by1, by2))


@examples(60)
@given(staircases(max_n=30, width=8), st.sampled_from([LAYOUT, NARROW_LAYOUT]))
@example(parse(SAMPLE.read_bytes()), LAYOUT)  # day 12: four answers, all to step 7
@example(parse(SAMPLE.read_bytes()), NARROW_LAYOUT)
def test_dimas_answers_are_drawn_apart_and_labelled(staircase: Staircase, layout: Layout) -> None:
    a = analyse(staircase)
    root = ET.fromstring(render_svg(a, layout=layout))
    replies = with_class(root, "reply")
    expected = [(m.target, r.target) for m, r in a.replies() if r.target <= min(a.day, layout.window)]
    assert len(replies) == len(expected)
    paths = []
    for reply, (_, r) in zip(replies, expected, strict=True):
        (label,) = with_class(reply, "reply-label")
        assert label.text == f"\u2192{r}", "each answer is labelled with Dima's step"
        (arc,) = with_class(reply, "arc")
        paths.append(_segments(arc.get("d", "")))
    columns = [max(x for x1, _, x2, _ in p for x in (x1, x2)) for p in paths]
    assert columns == sorted(columns, reverse=True) and len(set(columns)) == len(columns), "one column each, nested"
    for k, first in enumerate(paths):
        for second in paths[k + 1 :]:
            assert not any(_cross(s, t) for s in first for t in second), "no two answers meet"


def test_the_step_through_shows_the_statuses_from_revealed_down_and_the_window() -> None:
    a = analyse(parse(SAMPLE.read_bytes()), 12)
    for revealed, current in ((13, 12), (8, 7), (8, 8), (1, 1)):
        root = ET.fromstring(render_svg(a, revealed=revealed, current=current))
        classes = [r.get("class") for r in with_class(root, "step")]
        assert classes == [f"step {'unknown' if i < revealed else 'won' if a.won[i] else 'lost'}" for i in range(1, 13)]
        boxes = with_class(root, "window-box")
        if current < 12:
            (box,) = boxes
            (title,) = [e.text for e in box if e.tag.endswith("title")]
            assert title == TEXTS["window_box"].format(step=current, first=current + 1, last=min(current + 8, 12))
            (rect,) = with_class(box, "box")
            top, height = float(rect.get("y", 0)), float(rect.get("height", 0))
            (step_1,) = [g for g in with_class(root, "step") if g.get("id") == "step-1"]
            header = float(with_class(step_1, "piece")[0].get("y", 0)) - (LAYOUT.row - LAYOUT.piece) / 2
            rows = [i for i in range(1, 13) if top < header + (i - 1) * LAYOUT.row + 15 < top + height]
            assert rows == list(range(current + 1, min(current + 8, 12) + 1)), "the 8 steps below are outlined"
        else:
            assert boxes == []
        green = [g for g in with_class(root, "move") if DEFAULT_COLORS["winning_move"] in ET.tostring(g).decode()]
        assert len(green) == (len(a.winning_moves(current)) if current >= revealed else 0), "no spoiler before"
        assert with_class(root, "line") == [] and with_class(root, "reply") == []


def test_without_a_header_the_picture_is_only_the_rows() -> None:
    a = analyse(parse(SAMPLE.read_bytes()), 12)
    root = ET.fromstring(render_svg(a, header=False))
    assert with_class(root, "verdict") == with_class(root, "window") == with_class(root, "legend") == []
    assert root.get("width") == str(LAYOUT.total_width(8, legend=False))
    assert root.get("height") == str(LAYOUT.total_height(12, header=False))


def test_every_size_comes_from_the_layout() -> None:
    a = analyse(parse(SAMPLE.read_bytes()), 12)
    for layout in (LAYOUT, NARROW_LAYOUT, Layout(font=9, font_number=19, font_window=21, font_verdict=23)):
        root = ET.fromstring(render_svg(a, layout=layout))
        fonts = {int(e.get("font-size", 0)) for e in root.iter() if e.get("font-size")}
        assert fonts == {layout.font, layout.font_number, layout.font_window, layout.font_verdict}
        strokes = {int(e.get("stroke-width", 0)) for e in root.iter() if e.get("stroke-width")}
        named = {
            layout.line_stroke,
            layout.arrow_stroke,
            layout.hit_width,
            layout.outline_stroke,
            layout.kerchief_stroke,
        }
        assert strokes <= named
    # The page's drawing writes no length of its own either: its only numbers are 0, 1 and 2.
    script = (ROOT / "src" / "downwedig" / "render" / "draw.js").read_text(encoding="utf-8")
    code = re.sub(r"//.*|\"[^\"]*\"|'[^']*'", "", script)
    assert set(re.findall(r"(?<![\w.$])\d+(?:\.\d+)?", code)) <= {"0", "1", "2"}


def test_a_long_staircase_gets_room_for_its_numbers() -> None:
    rows = ["WWWWRRRR", "RRRRWWWW"] * 500
    svg = ET.fromstring(render_svg(analyse(Staircase.from_rows(rows)), steps=(990, 1000)))
    fitted = LAYOUT.fitted(1000)
    assert fitted.badge_width == LAYOUT.badge_width + LAYOUT.digit * 2 and fitted.left == LAYOUT.left + 4 * LAYOUT.digit
    badges = [g.find("{http://www.w3.org/2000/svg}rect") for g in with_class(svg, "status")]
    assert {b.get("width") for b in badges if b is not None} == {str(fitted.badge_width)}
    pieces = with_class(svg, "piece")
    assert pieces[0].get("x") == str(fitted.left), "the pieces stand right of the wider step numbers"


def _legend(root: ET.Element) -> list[str]:
    (legend,) = with_class(root, "legend")
    return [t.text or "" for t in legend.iter(SVG + "text")]


def test_the_legend_names_only_what_the_picture_draws() -> None:
    """As the page's key does (test_browser.py): learner report 5, L13, found "winning move" and "line of play"
    in the key of a step of the step-through, which draws neither, and no word for its ? badges or its window."""
    a = analyse(parse(SAMPLE.read_bytes()), 12)
    key = {name: TEXTS[f"legend_{name}"] for name in ("won", "lost", "hidden", "win", "move", "line", "played")}
    key.update({name: TEXTS[f"legend_{name}"] for name in ("reply", "window", "decides")})

    def named(**options: object) -> set[str]:
        words = _legend(ET.fromstring(render_svg(a, **options)))  # type: ignore[arg-type]
        assert not any("Point at" in w for w in words), "a picture in a document has no pointer"
        return {name for name, text in key.items() if text in words}

    assert named() == {"won", "lost", "move", "line", "reply"}
    assert named(revealed=8, current=7) == {"won", "lost", "hidden", "move", "window"}
    assert named(played=[1, 3, 7], statuses=False, hint=True) == {"hidden", "move", "played"}
    assert named(played=[1, 3], statuses=False, hint=True) == {"hidden", "win", "move", "played"}
    assert named(revealed=8, current=8) == {"won", "lost", "hidden", "win", "move", "window", "decides"}


def test_a_long_legend_makes_the_header_taller() -> None:
    """Seven entries take six rows, one more than the header holds: the steps move down, never into the legend."""
    a = analyse(parse(SAMPLE.read_bytes()), 12)
    short, long = (ET.fromstring(render_svg(a, revealed=8, current=c)) for c in (7, 8))
    assert int(long.get("height", 0)) - int(short.get("height", 0)) == LAYOUT.legend_row
    (legend,) = with_class(long, "legend")
    lowest = max(float(t.get("y", 0)) for t in legend.iter(SVG + "text"))
    first_piece = min(float(r.get("y", 0)) for r in with_class(long, "piece"))
    assert lowest < first_piece - LAYOUT.baseline
