"""Both forms of the tables G against each other, and the one composer against the oracle and single steps."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from downwedig import Staircase, reference_answer
from downwedig.engine.bit_tables import BitTables, bit_form
from downwedig.engine.tables import ByteTables, byte_form, compose
from downwedig.moves import packed_move_masks

from ..strategies import examples, staircases


def walk(tables: ByteTables | BitTables, masks: bytes) -> tuple[bytes, int]:
    """Digits and the final state, one :meth:`successor` at a time."""
    state, digits = tables.start(), bytearray()
    for mask in masks:
        digits.append(tables.digit(state))
        state = tables.successor(state, mask)
    return bytes(digits), state


@pytest.mark.parametrize("width", range(1, 9))
def test_byte_and_bit_tables_agree_on_every_mask(width: int) -> None:
    """Two steps from the first table, for every pair of masks: the same digits."""
    for first in range(1 << width):
        masks = bytes([first, (first * 5 + 1) % (1 << width), 0])
        assert walk(ByteTables(width), masks)[0] == walk(BitTables(width), masks)[0]


def test_wide_windows_do_not_fit_bytes() -> None:
    with pytest.raises(ValueError, match="width <= 8"):
        ByteTables(9)


def test_states_are_numbered_in_order_and_restart_keeps_one() -> None:
    tables = ByteTables(8)
    start = tables.start()
    after = tables.successor(start, 1)
    assert (start, after, len(tables)) == (0, 1, 2)
    assert tables.successor(start, 1) == after  # interned: the same table, the same number
    digit = tables.digit(after)
    assert tables.restart(after) == 0 and len(tables) == 1 and tables.digit(0) == digit


@pytest.mark.parametrize("width", range(1, 9))
@examples(60)
@given(data=st.data())
def test_composed_steps_equal_oracle(width: int, data: st.DataObject) -> None:
    staircase = data.draw(staircases(width=width, max_n=80))
    masks = packed_move_masks(staircase.packed, width)
    tables = ByteTables(width)
    digits, last = tables.compose(tables.start(), masks)
    assert digits.decode() == reference_answer(staircase)
    # The state after the last step is G_{n+1}: the one stepping mask by mask reaches.
    assert last == walk(tables, masks)[1]
    bits = BitTables(width)
    assert bits.compose(bits.start(), masks)[0] == digits


@examples(100)
@given(staircases(max_n=60), st.integers(0, 60))
def test_composing_in_two_parts_equals_composing_once(staircase: Staircase, cut: int) -> None:
    """An odd first part leaves a single step at its end; the second part carries on from it."""
    form = byte_form(8)
    masks = packed_move_masks(staircase.packed, 8)
    first, middle = compose(form, form.g1, masks[:cut])
    second, last = compose(form, middle, masks[cut:])
    assert (first + second, last) == compose(form, form.g1, masks)


@examples(20)
@given(st.integers(8190, 8200), st.integers(0, 2**32))
def test_composing_across_blocks_equals_stepping(n: int, seed: int) -> None:
    """Past 4,096 steps the composer works a block at a time (an odd block leaves a single step)."""
    form = byte_form(8)
    masks = Random(seed).randbytes(n)
    table, digits = form.g1, bytearray()
    for m in masks:
        digits.append(table[form.start])
        table = form.through[m].translate(table)
    assert compose(form, form.g1, masks) == (bytes(digits), table)


def test_bit_form_steps_and_constants() -> None:
    form = bit_form(8)
    assert form.is_constant(0) and form.is_constant(form.all) and not form.is_constant(form.g1)
    # Day 2 with step 1 moving to step 2: step 2 is lost, so Dina wins.
    assert form.digit(form.step(form.g1, 0b1)) == ord("1")
    assert form.digit(form.step(form.g1, 0b0)) == ord("2")
