"""The SVG picture: it parses and holds the right pieces, marks and arrows, drawn from the layout's numbers."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from downwedig import InvalidSteps, Staircase
from downwedig.explain import analyse
from downwedig.render import DEFAULT_COLORS, LAYOUT, Layout, render_svg
from downwedig.render.svg import default_window

from ..conftest import with_class
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
    on_window = sum(1 for i, j in pairwise(line) if first <= i and j <= last)
    assert len(with_class(root, "line")) == on_window
    assert len(with_class(root, "on-line")) == sum(1 for s in line if first <= s <= last)


def test_default_window_of_a_long_staircase() -> None:
    s = Staircase.from_ints([(i * 37) % 256 for i in range(1000)])
    root = ET.fromstring(render_svg(analyse(s)))
    assert len(with_class(root, "step")) == LAYOUT.window
    assert any("steps 31-1000 below" in "".join(e.itertext()) for e in with_class(root, "more"))


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
