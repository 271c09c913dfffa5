"""The model: construction, reading back, text form, representation, and the move rule."""

from __future__ import annotations

import pytest
from hypothesis import given

from downwedig import InvalidDay, InvalidStaircase, InvalidStep, InvalidWidth, Player, Staircase, parse
from downwedig.staircase import (
    allows_move,
    bytes_per_step,
    check_width,
    common_pieces,
    pack_values,
    row_text,
    row_value,
    unpack_values,
)

from .strategies import examples, rows_of


@examples(100)
@given(rows_of(max_n=60))
def test_ints_text_and_back(rows: list[int]) -> None:
    staircase = Staircase.from_ints(rows)
    assert list(staircase.values()) == rows
    assert len(staircase) == len(rows)
    assert parse(staircase.to_text()) == staircase
    assert Staircase.from_rows(staircase.rows()) == staircase
    assert [staircase.value(i) for i in range(1, len(rows) + 1)] == rows
    assert list(staircase) == staircase.rows() == [row_text(r, 8) for r in rows]
    assert [row_value(text) for text in staircase] == rows


@pytest.mark.parametrize("width", [1, 5, 8, 9, 16])
def test_packed_form_round_trips(width: int) -> None:
    values = [(37 * i) % (1 << width) for i in range(20)]
    packed = pack_values(values, width)
    assert len(packed) == 20 * bytes_per_step(width)
    assert list(unpack_values(packed, width)) == values
    assert Staircase(packed, width).packed == packed


def test_wide_steps_use_two_bytes_big_endian() -> None:
    staircase = Staircase.from_rows(["R" + "W" * 15, "W" * 15 + "R"])
    assert staircase.width == 16
    assert staircase.values() == [1 << 15, 1]
    assert staircase.packed == b"\x80\x00\x00\x01"
    assert staircase.row(1) == "R" + "W" * 15


def test_repr_is_readable() -> None:
    small = Staircase.from_rows(["WR", "RW"])
    assert repr(small) == "Staircase.from_rows(['WR', 'RW'], width=2)"
    assert eval(repr(small)) == small
    big = Staircase.from_rows(["WWWWWWWW"] * 9 + ["RRRRRRRR"])
    assert repr(big) == "<Staircase n=10: 'WWWWWWWW', 'WWWWWWWW', ..., 'RRRRRRRR'>"


def test_steps_are_numbered_from_one_everywhere() -> None:
    staircase = Staircase.from_rows(["WR", "RW", "RR"])
    assert staircase.row(1) == "WR" and staircase.row(3) == "RR"
    assert staircase.prefix(2) == Staircase.from_rows(["WR", "RW"])
    assert staircase.steps(2, 3) == Staircase.from_rows(["RW", "RR"])
    for bad in (lambda: staircase.value(0), lambda: staircase.value(4), lambda: staircase.steps(3, 2)):
        with pytest.raises(InvalidStep):
            bad()
    # A step the staircase lacks is refused alike by every method that takes one, and named a step.
    for bad_step in (lambda: staircase.common(0, 1), lambda: staircase.common(1, 4), lambda: staircase.moves(4)):
        with pytest.raises(InvalidStep, match=r"step [04] is not in 1\.\.3"):
            bad_step()
    with pytest.raises(InvalidStep, match=r"step 2 is not in 3\.\.3"):
        staircase.steps(3, 2)
    with pytest.raises(InvalidDay, match=r"day 4 is not in 1\.\.3"):
        staircase.prefix(4)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([], "at least one step"),
        (["WR", "WRW"], "step 2 is 'WRW'"),
        (["WX"], "step 1 is 'WX'"),
    ],
)
def test_from_rows_refuses_bad_rows(rows: list[str], message: str) -> None:
    with pytest.raises(InvalidStaircase, match=message):
        Staircase.from_rows(rows)


def test_from_ints_refuses_values_that_do_not_fit() -> None:
    with pytest.raises(InvalidStaircase, match="step 2 is 256, which does not fit in 8 bits"):
        Staircase.from_ints([0, 256])
    with pytest.raises(InvalidWidth, match="got 17"):
        Staircase.from_ints([1], width=17)
    with pytest.raises(InvalidWidth):
        check_width(0)


def test_the_move_rule() -> None:
    # The statement's example: steps 1 and 2 agree in 7 columns, steps 1 and 3 in 6.
    staircase = Staircase.from_rows(["WWWWWWWW", "WWWWWWWR", "WWWWWWRR", "RRRRRRRR"])
    assert staircase.common(1, 2) == 7 and staircase.is_move(1, 2)
    assert staircase.common(1, 3) == 6 and staircase.is_move(1, 3)
    assert staircase.common(1, 4) == 0 and not staircase.is_move(1, 4)
    assert not staircase.is_move(2, 1)  # only downwards
    assert staircase.moves(1) == [2, 3]
    assert staircase.moves(1, last=2) == [2]
    assert common_pieces(0b1100, 0b1010, 4) == 2
    assert [allows_move(d, 3) for d in range(5)] == [False, True, True, True, False]


def test_players() -> None:
    assert Player.DINA.other is Player.DIMA and Player.DIMA.other is Player.DINA
    assert str(Player.DIMA) == "Dima" and int(Player.DINA) == 1
