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
    assert bad.status == 1 and bad.stderr.startswith("<stdin>:2:5: error: ")
    assert cli("render", EXPLAIN, "--day", "99", "-o", out).status == 2
    unwritable = cli("render", EXPLAIN, "-o", tmp_path / "missing" / "x.svg")
    assert unwritable.status == 1 and "cannot write" in unwritable.stderr
    assert not out.exists()


def test_render_to_standard_output(cli: Cli) -> None:
    svg = cli("render", EXPLAIN, "--day", "3", "-o", "-")
    assert svg.status == 0 and ET.fromstring(svg.stdout).tag.endswith("svg")
    page = cli("render", EXPLAIN, "-o", "-", "--format", "html")
    assert page.status == 0 and page.out.startswith("<!DOCTYPE html>")


def test_render_refuses_what_it_cannot_do(cli: Cli, tmp_path: Path) -> None:
    for argv, words in [
        (["-o", tmp_path / "day.png"], "name it .svg or .html"),
        (["-o", tmp_path / "day"], "name it .svg or .html"),
        (["-o", tmp_path / "day.svg", "--format", "html"], "does not match"),
        (["-o", tmp_path / "days.html", "--day", "4", "--steps", "2..5"], "goes past step 4"),
    ]:
        result = cli("render", EXPLAIN, *argv)
        assert result.status == 2 and words in result.stderr and "usage: downwedig render" in result.stderr
    assert list(tmp_path.iterdir()) == [], "nothing is written"


def test_render_replaces_a_link_instead_of_writing_through_it(cli: Cli, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    (tmp_path / "link.svg").symlink_to(victim)
    assert cli("render", EXPLAIN, "-o", tmp_path / "link.svg").status == 0
    assert victim.read_text() == "keep me"
    assert not (tmp_path / "link.svg").is_symlink()


def test_render_draws_at_most_so_many_steps_at_once(cli: Cli, tmp_path: Path) -> None:
    from downwedig.cli.render import MOST_STEPS

    rows = tmp_path / "long.in"
    rows.write_text(f"{MOST_STEPS + 1}\n" + "WWWWWWWW\n" * (MOST_STEPS + 1))
    for out in (tmp_path / "long.svg", tmp_path / "long.html"):
        refused = cli("render", rows, "--steps", f"1..{MOST_STEPS + 1}", "-o", out)
        assert refused.status == 2 and not out.exists()
        assert f"--steps 1..{MOST_STEPS + 1} is 2,001 steps: render draws at most 2,000 at once" in refused.stderr
        assert cli("render", rows, "--steps", f"2..{MOST_STEPS + 1}", "-o", out).status == 0, "2,000 steps are drawn"
    assert f"at most {MOST_STEPS:,} at once" in " ".join(cli("render", "--help").out.split())
