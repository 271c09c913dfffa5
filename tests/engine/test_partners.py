"""The merge partners' copy: 240 days at a time by byte translations, the same as a day at a time."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from downwedig.engine._partners import _copy, _offsets, _pointers

from ..strategies import examples


@examples(300)
@given(
    st.integers(0, 300),
    st.lists(st.integers(0, 15), min_size=1, max_size=700),
    st.data(),
)
def test_the_copy_by_blocks_is_the_copy_day_by_day(a: int, offsets: list[int], data: st.DataObject) -> None:
    """Days ``a ..`` with partners ``i`` days back (0: a known day without one, never in the copied range)."""
    a = max(a, 15)
    known = data.draw(st.binary(min_size=a, max_size=a).map(lambda b: bytes(49 + (x & 1) for x in b)))
    pos = a + data.draw(st.integers(0, len(offsets)))
    stop = data.draw(st.integers(pos, a + len(offsets)))
    raw = bytes(offsets[k - a] or 1 if pos <= k < stop else offsets[k - a] for k in range(a, a + len(offsets)))
    out = bytearray(known)
    expected = bytearray(known)
    for k in range(a, stop):  # (the days before pos are known: made here a day at a time too)
        expected.append(expected[k - raw[k - a]] if raw[k - a] else 49 + (k & 1))
        if k < pos:
            out.append(expected[-1])
    _copy(out, raw, _pointers(int.from_bytes(raw, "big"), len(raw), 0), a, pos, stop)
    assert out == expected


def test_a_long_range_is_copied_by_blocks() -> None:
    """Whole blocks of 128 days, chains of offset 1 as long as a block, known days without partners in between."""
    a = 200
    raw = bytes([1] * 300 + [0] + [(k * 7) % 15 + 1 for k in range(700)])
    out = bytearray(b"12" * 100)
    expected = bytearray(out)
    for k in range(a, a + len(raw)):
        expected.append(expected[k - raw[k - a]] if raw[k - a] else 49)
    _copy(out, raw, _pointers(int.from_bytes(raw, "big"), len(raw), 0), a, a, a + 300)
    out.append(49)  # (the day without a partner: known by other means)
    _copy(out, raw, _pointers(int.from_bytes(raw, "big"), len(raw), 0), a, a + 301, a + len(raw))
    assert out == expected


@examples(200)
@given(st.lists(st.integers(0, 15), min_size=1, max_size=300))
def test_the_offsets_are_laid_a_byte_a_day(offsets: list[int]) -> None:
    """The planes of the days with each offset, transposed into bytes: the offsets, day 1 first."""
    n = len(offsets)
    picks = [sum(1 << (n - 1 - j) for j, v in enumerate(offsets) if v == i) for i in range(1, 16)]
    assert _offsets(picks, n).to_bytes(n, "big") == bytes(offsets)
