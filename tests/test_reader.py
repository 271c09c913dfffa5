"""The reader: tolerant of layout, strict about content, and never failing any other way."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from downwedig import InvalidStaircase, InvalidWidth, Staircase, parse, read_chunks
from downwedig.reader import available_blocks, describe_byte, pack_exact

from .strategies import examples, staircases

ROWS = ["WWWWWWWW", "RRRRRRRR", "WRWRWRWR"]
EXPECTED = Staircase.from_rows(ROWS)


@pytest.mark.parametrize(
    "text",
    [
        "3\nWWWWWWWW\nRRRRRRRR\nWRWRWRWR\n",
        "3\r\nWWWWWWWW\r\nRRRRRRRR\r\nWRWRWRWR\r\n",  # Windows line endings
        "3\nWWWWWWWW  \nRRRRRRRR\t\nWRWRWRWR \t \n",  # trailing spaces and tabs
        "3\nWWWWWWWW\nRRRRRRRR\nWRWRWRWR",  # no final newline
        "3\nWWWWWWWW\nRRRRRRRR\nWRWRWRWR\n\n\n  \n",  # blank lines at the end
        "3  \nWWWWWWWW\nRRRRRRRR\nWRWRWRWR\n",  # trailing blanks after n
        "3\r\nWWWWWWWW\nRRRRRRRR \r\nWRWRWRWR",  # a mixture
        "3\nWWWWWWWW          \nRRRRRRRR\t \t \t \t \t\nWRWRWRWR\r\r\r\r\r\r\n",  # long blank ends
    ],
)
def test_layout_a_judge_would_accept(text: str) -> None:
    assert parse(text) == EXPECTED
    assert parse(text.encode()) == EXPECTED
    chunks = list(read_chunks(io.BytesIO(text.encode()), read_size=5))
    assert b"".join(chunks) == EXPECTED.packed


# Each bad input, the line and column of its first problem, and words the message must contain.
BAD_INPUTS = [
    ("", 1, 1, "empty input"),
    ("\n\n  \n", 1, 1, "empty input"),
    ("x\nWWWWWWWW\n", 1, 1, "positive integer, got 'x'"),
    ("-3\nWWWWWWWW\n", 1, 1, "positive integer, got '-3'"),
    ("1.5\nWWWWWWWW\n", 1, 2, "positive integer, got '1.5'"),
    ("  1\nWWWWWWWW\n", 1, 1, "the first line must hold the number of steps n alone, found '  1'"),
    ("\t1\nWWWWWWWW\n", 1, 1, "n alone, found '\\t1'"),
    ("2 WWWWWWWW WWWWWWWW\n", 1, 2, "n alone, found '2 WWWWWWWW WWWWWWWW'"),
    ("0\n", 1, 1, "at least 1, got '0'"),
    ("\n1\nWWWWWWWW\n", 1, 1, "found an empty line"),
    ("3\nWWWWWWWW\nRRRRRRRR\n", 4, 1, "expected 3 steps, found only 2"),
    ("3\nWWWWWWWW\nRRRRRRRR\n\n\n", 4, 1, "expected 3 steps, found only 2"),
    ("2\nWWWWWWWW\nRRRRRRRR\nWRWRWRWR\n", 4, 1, "unexpected content after the 2 steps: 'WRWRWRWR'"),
    ("1\nWWWWWWWW\n\n  x\n", 4, 3, "unexpected content after the 1 step: 'x'"),
    ("2\nWWWWWWWW\nWWWWWWW\n", 3, 8, "step 2 has 7 pieces, expected 8"),
    ("2\nWWWWWWWW\nWWWWWWWWW\n", 3, 9, "step 2 has 9 pieces, expected 8"),
    ("2\nWWWWWWWW\n\n", 3, 1, "expected 2 steps, found only 1"),  # a blank end, not a step
    ("3\nWWWWWWWW\n\nWWWWWWWW\n", 3, 1, "step 2 has 0 pieces, expected 8"),
    ("2\nWWWWWWWW\nWWWwWWWW\n", 3, 4, "unexpected character 'w' in step 2"),
    ("1\nWWXWWWWW\n", 2, 3, "unexpected character 'X' in step 1"),
    ("1\n WWWWWWWW\n", 2, 1, "unexpected character ' ' in step 1"),
    ("1\nWWWWÉWWW\n", 2, 5, "unexpected character 'É' in step 1"),
    ("1\nWWWW\x00WWW\n", 2, 5, "unexpected character '\\x00' in step 1"),
    ("2\nWWWWWWWW\nWWWWWWWW\nxyz\n", 4, 1, "unexpected content after the 2 steps: 'xyz'"),
]


@pytest.mark.parametrize(("text", "line", "column", "words"), BAD_INPUTS)
def test_refusals_name_the_first_problem(text: str, line: int, column: int, words: str) -> None:
    for read in (lambda data: parse(data, source="in.txt"), _read_streaming):
        with pytest.raises(InvalidStaircase) as caught:
            read(text.encode())
        error = caught.value
        assert (error.line, error.column) == (line, column), str(error)
        assert words in error.reason


def _read_streaming(data: bytes, read_size: int = 4) -> bytes:
    """``data`` read as a stream of ``read_size``-byte reads (small: every boundary is crossed)."""
    return b"".join(read_chunks(io.BytesIO(data), source="in.txt", read_size=read_size))


def _read_streaming_megabytes(data: bytes) -> bytes:
    """The same for megabytes of input, in reads of an odd size (4-byte reads would take seconds)."""
    return _read_streaming(data, read_size=4093)


def test_bytes_that_are_not_text() -> None:
    with pytest.raises(InvalidStaircase) as caught:
        parse(b"2\nWWWWWWWW\nWW\xffWWWWW\n", source="in.txt")
    assert (caught.value.line, caught.value.column) == (3, 3)
    assert str(caught.value) == "in.txt:3:3: byte 0xff is not text (the input must be UTF-8)"
    with pytest.raises(InvalidStaircase, match="0xfe is not text"):
        parse(b"\xfe3\n")


def test_n_is_not_capped_at_the_judges_limit() -> None:
    n = 300_001
    staircase = parse(b"%d\n" % n + b"WRWRWRWR\n" * n)
    assert len(staircase) == n


def test_width_is_a_parameter() -> None:
    assert parse("2\nWRW\nRRR\n", width=3) == Staircase.from_rows(["WRW", "RRR"])
    with pytest.raises(InvalidStaircase, match="has 8 pieces, expected 3"):
        parse("1\nWWWWWWWW\n", width=3)
    with pytest.raises(InvalidWidth):
        parse("1\nW\n", width=0)


@examples(200)
@given(staircases(max_n=120), st.sampled_from([1, 3, 9, 64, 1 << 20]))
def test_streaming_reader_equals_whole_reader(staircase: Staircase, read_size: int) -> None:
    data = staircase.to_text().encode()
    chunks = list(read_chunks(io.BytesIO(data), read_size=read_size))
    assert b"".join(chunks) == parse(data).packed == staircase.packed


# Fuzzing: parsing raises InvalidStaircase or succeeds, never anything else.


def _parse_both(data: bytes) -> None:
    try:
        whole = parse(data)
    except InvalidStaircase as exc:
        assert exc.line >= 1 and exc.column >= 1
        whole = None
    try:
        streamed = b"".join(read_chunks(io.BytesIO(data), read_size=7))
    except InvalidStaircase:
        streamed = None
    assert (whole is None) == (streamed is None)
    if whole is not None:
        assert whole.packed == streamed


@examples(1000)
@given(st.binary(max_size=200))
def test_fuzz_arbitrary_bytes(data: bytes) -> None:
    _parse_both(data)


@examples(300)
@given(st.text(alphabet="0123456789 WRwrX\r\n\t-É", max_size=120))
def test_fuzz_text_near_the_format(text: str) -> None:
    _parse_both(text.encode())


@st.composite
def mutated_inputs(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(staircases(max_n=20)).to_text().encode())
    for _ in range(draw(st.integers(1, 4))):
        action = draw(st.sampled_from(["flip", "insert", "delete"]))
        at = draw(st.integers(0, len(data)))
        byte = draw(st.sampled_from([*b"WRwr \t\r\n0123456789", 0, 0xFF, 0xC3]))
        if action == "insert":
            data.insert(at, byte)
        elif at < len(data):
            if action == "flip":
                data[at] = byte
            else:
                del data[at]
    return bytes(data)


@examples(1000)
@given(mutated_inputs())
def test_fuzz_mutations_of_valid_inputs(data: bytes) -> None:
    _parse_both(data)


def test_pack_exact_accepts_only_the_exact_layout() -> None:
    assert pack_exact(b"WR\nRR\n", 2, 2) == b"\x01\x03"
    for near in (b"WR\nRR", b"WR\r\nRR\n", b"WR \nRR\n", b"WR\nRR\n\n", b"WR\nRX\n", b"WRR\nR\n"):
        assert pack_exact(near, 2, 2) is None


def test_bytes_are_described_for_people() -> None:
    assert [describe_byte(b) for b in b"W\n\x00"] == ["'W'", "end of line", "byte 0x00"]


@pytest.mark.parametrize(
    ("data", "column", "words"),
    [
        (b"1" * 5000 + b"\n", 1, "n = '11111111111111111111'... is too large for any input"),
        (b"W" * 1_000_000, 1, "positive integer, got 'WWWWWWWWWWWWWWWWWWWW'..."),
        (b"3\xc3\xa9\n", 2, "positive integer, got '3\u00e9'"),
        (b"3\xff\n", 2, "byte 0xff is not text"),
    ],
)
def test_a_bad_first_line_is_quoted_briefly(data: bytes, column: int, words: str) -> None:
    for read in (parse, _read_streaming):
        with pytest.raises(InvalidStaircase) as caught:
            read(data)
        assert caught.value.column == column and words in caught.value.reason
        assert len(str(caught.value)) < 200


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        (b"1\n" + b"W" * 3_000_000, 2, 9, "step 1 has more than 8 pieces"),
        (b"1\n" + b"WWWWWWWW" + b" " * 3_000_000 + b"x\n", 2, 9, "unexpected character ' ' in step 1"),
        (b"1\nWWWWWWWW\n" + b" " * 3_000_000 + b"x", 3, 3_000_001, "unexpected content after the 1 step: 'x'"),
        (b"3" + b" " * 3_000_000 + b"x\n", 1, 2, "n alone, found '3                   '..."),
        (b"1" * 3_000_000 + b"\n", 1, 1, "too large for any input"),
    ],
)
def test_a_line_of_megabytes_is_refused_where_it_goes_wrong(text: bytes, line: int, column: int, words: str) -> None:
    for read in (parse, _read_streaming_megabytes):
        with pytest.raises(InvalidStaircase) as caught:
            read(text)
        assert (caught.value.line, caught.value.column, words in caught.value.reason) == (line, column, True)


def test_megabytes_of_trailing_blanks_are_still_layout() -> None:
    text = b"2\nWWWWWWWW" + b" \t" * 1_000_000 + b"\nRRRRRRRR\r\n" + b"\n" * 100 + b" " * 1_000_000
    assert parse(text) == Staircase.from_rows(["WWWWWWWW", "RRRRRRRR"])
    assert _read_streaming_megabytes(text) == parse(text).packed


def test_blocks_are_what_is_available() -> None:
    import os

    read_end, write_end = os.pipe()
    with os.fdopen(read_end, "rb") as reading, os.fdopen(write_end, "wb", buffering=0) as writing:
        writing.write(b"first")
        blocks = available_blocks(reading, limit=1 << 20)
        assert next(blocks) == b"first"  # not waiting for a megabyte
        writing.write(b"second")
        assert next(blocks) == b"second"
