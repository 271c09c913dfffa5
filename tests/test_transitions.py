"""Both forms of the table G against each other, and composed steps against the oracle."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from downwedig import Staircase, reference_answer
from downwedig import transitions as transitions_module
from downwedig.moves import packed_move_masks
from downwedig.transitions import ByteTables, bit_tables, byte_tables

from .strategies import staircases


@pytest.mark.parametrize("width", range(1, 9))
def test_byte_and_bit_tables_agree_on_every_mask(width: int) -> None:
    """One step from the first table, and from a table met later, for every mask."""
    bits, octets = bit_tables(width), byte_tables(width)
    later = bits.step(bits.step(bits.g1, 0), (1 << width) - 1)
    for table in (bits.g1, later):
        for mask in range(1 << width):
            assert octets.as_bits(octets.step(octets.from_bits(table), mask)) == bits.step(table, mask)


@pytest.mark.parametrize("width", range(1, 9))
def test_digit_bytes_round_trip(width: int) -> None:
    octets = byte_tables(width)
    for table in (0, bit_tables(width).all, bit_tables(width).g1, 0b1011 & bit_tables(width).all):
        assert octets.as_bits(octets.from_bits(table)) == table
        assert octets.digit(octets.from_bits(table)) == bit_tables(width).digit(table)


def test_wide_windows_do_not_fit_bytes() -> None:
    with pytest.raises(ValueError, match="width <= 8"):
        ByteTables(9)


@pytest.mark.parametrize("width", range(1, 9))
@settings(max_examples=60)
@given(data=st.data())
def test_composed_steps_equal_oracle(width: int, data: st.DataObject) -> None:
    staircase = data.draw(staircases(width=width, max_n=80))
    octets = byte_tables(width)
    digits, last = octets.compose(octets.g1, packed_move_masks(staircase.packed, width))
    assert digits.decode() == reference_answer(staircase)
    # The table after the last step is G_{n+1}: the one stepping mask by mask reaches.
    bits = bit_tables(width)
    table = bits.g1
    for mask in packed_move_masks(staircase.packed, width):
        table = bits.step(table, mask)
    assert octets.as_bits(last) == table


@settings(max_examples=100)
@given(staircases(max_n=60), st.integers(0, 60))
def test_composing_in_two_parts_equals_composing_once(staircase: Staircase, cut: int) -> None:
    """An odd first part leaves a single step at its end; the second part carries on from it."""
    octets = byte_tables(8)
    masks = packed_move_masks(staircase.packed, 8)
    first, middle = octets.compose(octets.g1, masks[:cut])
    second, last = octets.compose(middle, masks[cut:])
    assert (first + second, last) == octets.compose(octets.g1, masks)


def test_a_full_pair_cache_starts_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(transitions_module, "PAIR_TABLES", 2)
    octets = ByteTables(8)
    staircase = Staircase.from_ints([(37 * i * i + 11 * i) & 0xFF for i in range(200)])
    masks = packed_move_masks(staircase.packed, 8)
    table, digits, sizes = octets.g1, b"", []
    for i in range(0, len(masks), 10):  # each call meets up to 5 pairs, after clearing a cache past 2
        part, table = octets.compose(table, masks[i : i + 10])
        digits += part
        sizes.append(len(octets.pairs))
    assert max(sizes) <= 2 + 5
    assert len(set(masks[0::2])) > 2 + 5  # more pairs than that bound: the cache was cleared along the way
    assert digits.decode() == reference_answer(staircase)
