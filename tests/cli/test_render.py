"""``downwedig render``: an SVG of a window, the HTML page, and its errors."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from ..conftest import EXPLAIN, Cli, with_class


def test_render_command_writes_svg_and_html(cli: Cli, tmp_path: Path) -> None:
    svg, page = tmp_path / "day.svg", tmp_path / "days.html"
    result = cli("render", EXPLAIN, "--day", "9", "--steps", "2..8", "-o", svg)
    assert result.status == 0, result.stderr
    root = ET.parse(svg).getroot()
    assert [r.get("id") for r in with_class(root, "step")] == [f"step-{i}" for i in range(2, 9)]
    result = cli("render", EXPLAIN, "-o", page)
    assert result.status == 0, result.stderr
    assert page.read_text().startswith("<!DOCTYPE html>")


def test_render_command_errors(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "x.svg"
    bad = cli("render", "-", "-o", out, stdin=b"1\nWWWW\n")
    assert bad.status == 1 and bad.stderr.startswith("downwedig: error: <stdin>:2:")
    assert cli("render", EXPLAIN, "--day", "99", "-o", out).status == 2
    unwritable = cli("render", EXPLAIN, "-o", tmp_path / "missing" / "x.svg")
    assert unwritable.status == 1 and "cannot write" in unwritable.stderr
    assert not out.exists()
