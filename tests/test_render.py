"""render: the SVG parses and holds the right pieces, marks and arrows; the page embeds the staircase."""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from downwedig import Staircase, answer
from downwedig.explain import analyse
from downwedig.render import WINDOW, default_window, render_html, render_svg

from .strategies import staircases

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "explain.in"
SVG = "{http://www.w3.org/2000/svg}"


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.get("class", "").split()]


@settings(max_examples=80)
@given(staircases(max_n=80), st.data())
def test_svg_has_a_row_per_step_and_an_arrow_per_move(staircase: Staircase, data: st.DataObject) -> None:
    day = data.draw(st.integers(1, len(staircase)))
    a = analyse(staircase, day)
    first = data.draw(st.integers(1, day))
    last = data.draw(st.integers(first, min(day, first + 40)))
    steps = data.draw(st.sampled_from([None, (first, last)]))
    root = ET.fromstring(render_svg(a, steps))
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
        assert [p.get("fill") for p in pieces] == ["#d32f2f" if c == "R" else "#fafafa" for c in a.staircase.row(i)]
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
    assert len(with_class(root, "step")) == WINDOW
    assert any("steps 31-1000 below" in "".join(e.itertext()) for e in with_class(root, "more"))


def test_page_embeds_rows_and_answer_compactly() -> None:
    s = Staircase.from_ints([(i * 2654435761 >> 9) % 256 for i in range(20_000)])
    page = render_html(s, day=5)
    match = re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S)
    assert match is not None
    data = json.loads(match[1])
    assert base64.b64decode(data["rows"]) == s.packed
    assert data["answer"] == answer(s) and data["day"] == 5 and data["n"] == 20_000
    assert len(page) < 2.5 * len(s) + 20_000
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "") and "https://" not in page


def run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "downwedig", *args], input=stdin, capture_output=True, timeout=120)


def test_render_command_writes_svg_and_html(tmp_path: Path) -> None:
    svg, page = tmp_path / "day.svg", tmp_path / "days.html"
    result = run("render", str(EXAMPLE), "--day", "9", "--steps", "2..8", "-o", str(svg))
    assert result.returncode == 0, result.stderr
    root = ET.parse(svg).getroot()
    assert [r.get("id") for r in with_class(root, "step")] == [f"step-{i}" for i in range(2, 9)]
    result = run("render", str(EXAMPLE), "-o", str(page))
    assert result.returncode == 0, result.stderr
    assert page.read_text().startswith("<!DOCTYPE html>")


def test_render_command_errors(tmp_path: Path) -> None:
    out = tmp_path / "x.svg"
    bad = run("render", "-", "-o", str(out), stdin=b"1\nWWWW\n")
    assert bad.returncode == 1 and bad.stderr.startswith(b"downwedig: error: <stdin>:2:")
    assert run("render", str(EXAMPLE), "--day", "99", "-o", str(out)).returncode == 2
    unwritable = run("render", str(EXAMPLE), "-o", str(tmp_path / "missing" / "x.svg"))
    assert unwritable.returncode == 1 and b"cannot write" in unwritable.stderr
    assert not out.exists()
