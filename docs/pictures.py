#!/usr/bin/env python3
"""Makes the pictures of ``docs/editorial.md`` with downwedig itself: ``python docs/pictures.py``.

Every picture is drawn from the problem's sample (``examples/sample.in``):
the days the editorial works through, as ``downwedig render`` draws them
(:func:`downwedig.render.render_svg`), a step of the page's step-through and
a game in progress as the HTML page shows them, and a table of every day's statuses (:func:`days_table`) drawn
here from :func:`downwedig.explain.analyse`.  ``--check`` writes nothing and
exits with status 1 when a committed picture differs from what this script
makes now (``tests/render/test_editorial.py`` does the same).
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from downwedig import Staircase, parse
from downwedig.explain import analyse
from downwedig.render import DEFAULT_COLORS, render_svg

HERE = Path(__file__).resolve().parent
FOLDER = HERE / "pictures"
SAMPLE = HERE.parent / "examples" / "sample.in"

#: The window the days table outlines: steps WINDOW_STEP..WINDOW_STEP+7 on the days that meet the same one.
WINDOW_STEP = 2
WINDOW_DAYS = (7, 10, 12)


def _sub(parent: ET.Element, tag: str, attrs: dict[str, object], text: str | None = None) -> ET.Element:
    element = ET.SubElement(parent, tag, {name: str(value) for name, value in attrs.items()})
    if text is not None:
        element.text = text
    return element


def days_table(staircase: Staircase, *, cell: int = 30) -> str:
    """Every day of ``staircase`` as a row of its steps' statuses (won green, lost red) and remoteness.

    Row ``k`` is day ``k``: the cells of steps ``1..k``, each showing the
    remoteness in the colour of its status, and Dina's result (the answer's
    digit) at the end.  The window of statuses at step :data:`WINDOW_STEP` is
    outlined on the days :data:`WINDOW_DAYS`, steps past the day counting as
    won.  O(n^2) (one analysis per day): for small staircases.
    """
    n, color = len(staircase), DEFAULT_COLORS
    left, top = 64, 44
    width, height = left + n * cell + 110, top + n * cell + 16
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": str(width), "height": str(height)})
    svg.set("viewBox", f"0 0 {width} {height}")
    svg.set("font-family", "sans-serif")
    svg.set("style", "max-width:100%;height:auto")
    _sub(svg, "rect", {"x": 0, "y": 0, "width": width, "height": height, "fill": color["background"]})
    _sub(svg, "text", {"x": 8, "y": 16, "font-size": 13, "font-weight": "bold"}, "Each day's statuses (step ->)")
    for i in range(1, n + 1):
        attrs = {"x": left + (i - 1) * cell + cell // 2, "y": top - 8, "font-size": 11, "text-anchor": "middle"}
        _sub(svg, "text", attrs, str(i))
    for k in range(1, n + 1):
        a, y = analyse(staircase, k), top + (k - 1) * cell
        _sub(svg, "text", {"x": 8, "y": y + cell // 2 + 4, "font-size": 11}, f"day {k}")
        for i in range(1, k + 1):
            status = "won" if a.won[i] else "lost"
            x = left + (i - 1) * cell
            attrs = {"x": x + 2, "y": y + 2, "width": cell - 4, "height": cell - 4, "rx": 4, "fill": color[status]}
            _sub(svg, "rect", attrs)
            attrs = {"x": x + cell // 2, "y": y + cell // 2 + 4, "font-size": 11, "text-anchor": "middle"}
            _sub(svg, "text", {**attrs, "fill": color["badge_text"]}, str(a.remoteness[i]))
        digit = "1: Dina wins" if a.won[1] else "2: Dima wins"
        _sub(svg, "text", {"x": left + n * cell + 8, "y": y + cell // 2 + 4, "font-size": 11}, digit)
        if k in WINDOW_DAYS:
            attrs = {"x": left + (WINDOW_STEP - 1) * cell, "y": y, "width": 8 * cell, "height": cell, "fill": "none"}
            _sub(svg, "rect", {**attrs, "stroke": color["shared"], "stroke-width": 3, "stroke-dasharray": "6,3"})
    return ET.tostring(svg, encoding="unicode") + "\n"


def pictures() -> dict[str, str]:
    """Each picture's file name and SVG text. O(n^2) on the 12-step sample: instant."""
    sample = parse(SAMPLE.read_bytes())
    return {
        "sample-days.svg": days_table(sample),
        "sample-day5.svg": render_svg(analyse(sample, 5)),
        "sample-day12.svg": render_svg(analyse(sample, 12)),
        "sample-day12-game.svg": render_svg(analyse(sample, 12), played=[1, 3, 7], statuses=False, hint=True),
        "sample-day12-step.svg": render_svg(analyse(sample, 12), revealed=8, current=7),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a picture is stale")
    args = parser.parse_args()
    stale = []
    for name, text in pictures().items():
        path = FOLDER / name
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            FOLDER.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if stale:
        print("stale pictures (run python docs/pictures.py):", ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
