"""The model: construction, reading back, text form, representation."""

from __future__ import annotations

import pytest
from hypothesis import given

from downwedig import Player, Staircase, parse

from .strategies import rows_of


@given(rows_of(max_n=60))
def test_ints_text_and_back(rows: list[int]) -> None:
    staircase = Staircase.from_ints(rows)
    assert staircase.values() == rows
    assert len(staircase) == len(rows)
    assert parse(staircase.to_text()) == staircase
    assert Staircase.from_rows(staircase.rows()) == staircase
    assert [staircase.value(i + 1) for i in range(len(rows))] == rows
    assert list(staircase) == staircase.rows()


def test_wide_steps_use_two_bytes() -> None:
    staircase = Staircase.from_rows(["R" + "W" * 15, "W" * 15 + "R"])
    assert staircase.width == 16
    assert staircase.values() == [1 << 15, 1]
    assert len(staircase.packed) == 4
    assert staircase.row(1) == "R" + "W" * 15


def test_repr_is_readable() -> None:
    small = Staircase.from_rows(["WR", "RW"])
    assert repr(small) == "Staircase.from_rows(['WR', 'RW'], width=2)"
    assert eval(repr(small)) == small
    big = Staircase.from_rows(["WWWWWWWW"] * 9 + ["RRRRRRRR"])
    assert repr(big) == "<Staircase n=10: 'WWWWWWWW', 'WWWWWWWW', ..., 'RRRRRRRR'>"


def test_prefix_is_the_staircase_of_a_day() -> None:
    staircase = Staircase.from_rows(["WR", "RW", "RR"])
    assert staircase.prefix(2) == Staircase.from_rows(["WR", "RW"])
    with pytest.raises(ValueError, match="day 4"):
        staircase.prefix(4)


def test_indexing_like_a_sequence() -> None:
    staircase = Staircase.from_rows(["WR", "RW", "RR"])
    assert staircase[0] == "WR" and staircase[-1] == "RR"
    with pytest.raises(IndexError):
        staircase.value(4)
    with pytest.raises(IndexError):
        staircase.value(0)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([], "at least one step"),
        (["WR", "WRW"], "step 2 is 'WRW'"),
        (["WX"], "step 1 is 'WX'"),
    ],
)
def test_from_rows_refuses_bad_rows(rows: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Staircase.from_rows(rows)


def test_from_ints_refuses_values_that_do_not_fit() -> None:
    with pytest.raises(ValueError, match="8 bits"):
        Staircase.from_ints([256])
    with pytest.raises(ValueError, match="width"):
        Staircase.from_ints([1], width=17)


def test_players() -> None:
    assert Player.DINA.other is Player.DIMA and Player.DIMA.other is Player.DINA
    assert str(Player.DIMA) == "Dima" and int(Player.DINA) == 1
