"""The terminal report: 80 columns, the winner first, colour only when asked, long days summarised."""

from __future__ import annotations

from hypothesis import given

from downwedig import Staircase
from downwedig.explain import analyse
from downwedig.render.text import render_text

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
