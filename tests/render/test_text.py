"""The terminal report: 80 columns, the winner first, colour only when asked, long days summarised."""

from __future__ import annotations

from hypothesis import given

from downwedig import Staircase
from downwedig.explain import analyse
from downwedig.render.text import render_text, text_lines

from ..strategies import days, examples


@examples(60)
@given(days(max_n=120))
def test_text_fits_80_columns_and_names_the_winner(case: tuple[Staircase, int]) -> None:
    a = analyse(*case)
    text = render_text(a)
    assert all(len(line) <= 80 for line in text.splitlines())
    assert f"{a.winner} wins" in text.splitlines()[0]
    assert "\x1b[" not in text
    assert "\x1b[" in render_text(a, color=True)
    for step in a.notable_steps():
        assert any(line[1:].lstrip().startswith(f"{step} ") for line in text.splitlines())


def test_text_of_a_range_and_of_a_long_staircase() -> None:
    s = Staircase.from_ints([(i * 37) % 256 for i in range(5000)])
    a = analyse(s)
    text = render_text(a)
    assert len(text.splitlines()) < 120, "long days are summarised"
    assert "more moves" in text and ".. steps" in text
    ranged = render_text(a, (100, 110)).splitlines()
    shown = [int(line[1:7]) for line in ranged if line[1:7].strip().isdigit()]
    assert shown == list(range(100, 111))


def test_columns_line_up_with_their_headers() -> None:
    a = analyse(Staircase.from_ints([(i * 37) % 256 for i in range(200)]))
    lines = render_text(a, (95, 105)).splitlines()
    header = next(line for line in lines if "pieces" in line and "status" in line)
    rows = [line for line in lines if line[1:7].strip().isdigit()]
    for row in rows:
        assert row.index(row[1:7].strip()) + len(row[1:7].strip()) == header.index("step") + len("step")
        assert row[header.index("pieces")] in "WR" and row[header.index("pieces") - 1] == " "
        assert row[header.index("status") :].startswith(("won", "lost"))
        rem = header.index("rem") + len("rem")
        assert row[rem - 1].isdigit() and row[rem] == " "


def test_the_line_of_play_lines_up_whatever_the_step_numbers() -> None:
    a = analyse(Staircase.from_rows(["WWWWWWWW"] * 40))
    plies = [line for line in render_text(a).splitlines() if " -> " in line]
    assert len(plies) > 1 and len({line.index("distance") for line in plies}) == 1


def test_text_lines_stream_the_same_report() -> None:
    a = analyse(Staircase.from_ints([(i * 37) % 256 for i in range(300)]))
    assert "\n".join(text_lines(a, (1, 300))) == render_text(a, (1, 300))
    assert "1 more moves" not in render_text(a)
