"""The model of the game: a staircase of steps covered with coloured pieces, and the move rule.

A :class:`Staircase` holds ``n`` steps of ``width`` pieces each (:data:`WIDTH`,
8, in the judge's problem).  Each step is one integer whose bit
``width - 1 - c`` is set when the piece in column ``c`` is red (``R``); the
whole staircase is one ``bytes`` object of :func:`bytes_per_step` bytes per
step (one up to width 8, two big-endian past it): 300,000 steps take 300 kB,
and a step is read back in O(1).  Steps are numbered from 1 (the top) as in
the problem, everywhere in the package.

The rule (:func:`allows_move`) is defined here: the handkerchief may go
from step ``i`` down to step ``j`` when ``0 < j - i <= common(i, j)``, the
number of columns where both steps have the same colour.  It is restated
for speed (:mod:`downwedig.moves`) and in the programs a judge runs and the page; the tests hold
each to the reference solver, which uses this one.

>>> s = Staircase.from_rows(["WWWWWWWW", "WWWWWWWR", "RRRRRRRR"])
>>> s
Staircase.from_rows(['WWWWWWWW', 'WWWWWWWR', 'RRRRRRRR'])
>>> s.common(1, 2), s.common(1, 3)
(7, 0)
>>> s.moves(1)
[2]
"""

from __future__ import annotations

import enum

from .errors import InvalidDay, InvalidStaircase, InvalidStep, InvalidWidth, excerpt

TYPE_CHECKING = False  # (not typing's: importing typing costs more than solving a small input)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator

__all__ = [
    "MAX_N",
    "MAX_WIDTH",
    "MEMORY_LIMIT_MIB",
    "TIME_LIMIT_S",
    "WIDTH",
    "Player",
    "Staircase",
    "allows_move",
    "bytes_per_step",
    "check_width",
    "common_pieces",
    "popcount",
    "row_text",
    "row_value",
]

#: Pieces per step in the judge's problem.
WIDTH = 8

#: The judge's limit on the number of steps ``n`` (the tools accept more; ``validate`` does not).
MAX_N = 300_000

#: The judge's limits per test in the original contest: CPU seconds ...
TIME_LIMIT_S = 5
#: ... and memory in MiB.
MEMORY_LIMIT_MIB = 512

#: The widest step supported: a window of ``2**16`` statuses still fits the engine.
MAX_WIDTH = 16


def check_width(width: int) -> int:
    """``width`` if it is a supported number of pieces per step, else :class:`InvalidWidth`. O(1).

    >>> check_width(8)
    8
    """
    if not 1 <= width <= MAX_WIDTH:
        raise InvalidWidth(width, MAX_WIDTH)
    return width


def bytes_per_step(width: int) -> int:
    """How many bytes one step (or one move mask) takes in packed form: 1 up to width 8, else 2. O(1).

    Packed steps and packed move masks both hold each value big-endian in
    this many bytes.

    >>> bytes_per_step(8), bytes_per_step(9)
    (1, 2)
    """
    return 1 if width <= 8 else 2


def pack_values(values: Iterable[int], width: int) -> bytes:
    """``values`` in packed form (:func:`bytes_per_step` bytes each, big-endian). O(n).

    >>> pack_values([1, 258], 9)
    b'\\x00\\x01\\x01\\x02'
    """
    if width <= 8:
        return bytes(values)
    return b"".join(v.to_bytes(2, "big") for v in values)


def unpack_values(packed: bytes, width: int) -> bytes | list[int]:
    """The values of packed form: ``packed`` itself up to width 8, else a list of ints. O(n).

    >>> unpack_values(b"\\x00\\x01\\x01\\x02", 9)
    [1, 258]
    """
    if width <= 8:
        return packed
    return [packed[i] << 8 | packed[i + 1] for i in range(0, len(packed), 2)]


def _count_ones(value: int) -> int:
    return bin(value).count("1")


#: How many bits of an ``int >= 0`` are set: ``int.bit_count``, or the same counted in its text where
#: Python lacks it (3.9: the judges' PyPy runs the one-file bundle, ``downwedig bundle``).
popcount: Callable[[int], int] = getattr(int, "bit_count", _count_ones)


def common_pieces(a: int, b: int, width: int) -> int:
    """How many of ``width`` columns two rows (as integers) share a colour in. O(1).

    >>> common_pieces(0b0011, 0b0110, 4), popcount(0b0101)
    (2, 2)
    """
    return width - popcount(a ^ b)


def allows_move(distance: int, common: int) -> bool:
    """The rule of the game: a move ``distance`` steps down is legal when it is at most ``common``. O(1).

    ``common`` is the number of pieces the two steps share; since it is at
    most the width, no move goes further down than the width.

    >>> allows_move(2, 2), allows_move(3, 2), allows_move(0, 8)
    (True, False, False)
    """
    return 0 < distance <= common


_TEXT_TO_BITS = str.maketrans("WR", "01")
_BITS_TO_TEXT = str.maketrans("01", "WR")
_ROW_TEXTS: dict[int, list[str]] = {}


def row_value(text: str) -> int:
    """A row of ``W``/``R`` text as its integer (``R`` = 1, first column most significant). O(width).

    The caller checks the text; see :meth:`Staircase.from_rows`.

    >>> row_value("WWWWWWWR"), row_value("RW")
    (1, 2)
    """
    return int(text.translate(_TEXT_TO_BITS), 2)


def row_text(value: int, width: int) -> str:
    """A row's integer as ``W``/``R`` text of ``width`` pieces. O(width).

    >>> row_text(1, 8)
    'WWWWWWWR'
    """
    if width <= 8:
        return _row_texts(width)[value]
    return format(value, f"0{width}b").translate(_BITS_TO_TEXT)


def _row_texts(width: int) -> list[str]:
    """The text of every row of a width up to 8, so a row is one list index."""
    found = _ROW_TEXTS.get(width)
    if found is None:
        fmt = f"0{width}b"
        found = _ROW_TEXTS[width] = [format(v, fmt).translate(_BITS_TO_TEXT) for v in range(1 << width)]
    return found


class Player(enum.IntEnum):
    """A player, numbered as in the judge's output (``1`` moves first).

    >>> Player.DINA, int(Player.DIMA), str(Player.DINA)
    (<Player.DINA: 1>, 2, 'Dina')
    """

    DINA = 1
    DIMA = 2

    def __str__(self) -> str:
        return self.name.capitalize()

    @property
    def other(self) -> Player:
        """The opponent.

        >>> Player.DINA.other
        <Player.DIMA: 2>
        """
        return Player.DIMA if self is Player.DINA else Player.DINA


class Staircase:
    """An immutable staircase: ``n >= 1`` steps of ``width`` pieces, numbered from 1.

    ``len(s)`` is ``n``; iterating yields the rows as text, top first.  Build
    one with :meth:`from_rows`, :meth:`from_ints` or :func:`downwedig.parse`.

    >>> s = Staircase.from_rows(["WRWRWRWR", "WRWRWRRR"])
    >>> len(s), s.row(2), s.common(1, 2), s.is_move(1, 2)
    (2, 'WRWRWRRR', 7, True)
    """

    __slots__ = ("_packed", "_size", "_width")

    def __init__(self, packed: bytes, width: int = WIDTH) -> None:
        """Wrap ``packed`` (:func:`bytes_per_step` big-endian bytes per step). O(n) to check it."""
        size = bytes_per_step(check_width(width))
        if not packed or len(packed) % size:
            raise InvalidStaircase("a staircase needs at least one step", line=1, column=1, source="<packed>")
        if width % 8 and max(packed[::size]) >> (width % 8):
            raise InvalidStaircase(f"a step has more than {width} pieces", line=1, column=1, source="<packed>")
        self._packed = bytes(packed)
        self._width = width
        self._size = size

    # -- construction -----------------------------------------------------------------

    @classmethod
    def from_ints(cls, rows: Iterable[int], width: int = WIDTH) -> Staircase:
        """Build from integers whose bit ``width - 1 - c`` is column ``c`` (1 = red). O(n).

        >>> Staircase.from_ints([0b10000000, 0]).rows()
        ['RWWWWWWW', 'WWWWWWWW']
        """
        check_width(width)
        values = list(rows)
        for step, value in enumerate(values, 1):
            if not 0 <= value < 1 << width:
                reason = f"step {step} is {value}, which does not fit in {width} bits"
                raise InvalidStaircase(reason, line=step + 1, column=1, source="<rows>")
        return cls(pack_values(values, width), width)

    @classmethod
    def from_rows(cls, rows: Iterable[str], width: int | None = None) -> Staircase:
        """Build from rows of ``'W'``/``'R'`` text, all of one length (the width). O(n).

        A bad row raises :class:`~downwedig.InvalidStaircase` at the line it
        would have in the judge's format.

        >>> len(Staircase.from_rows(["WR", "RW", "RR"]))
        3
        """
        texts = list(rows)
        if not texts:
            raise InvalidStaircase("a staircase needs at least one step", line=1, column=1, source="<rows>")
        width = check_width(len(texts[0]) if width is None else width)
        for step, text in enumerate(texts, 1):
            if len(text) != width or text.strip("WR"):
                reason = f"step {step} is {excerpt(text)}, not {width} pieces 'W'/'R'"
                raise InvalidStaircase(reason, line=step + 1, column=1, source="<rows>")
        return cls(pack_values(map(row_value, texts), width), width)

    # -- reading ----------------------------------------------------------------------

    @property
    def width(self) -> int:
        """Pieces per step (8 in the judge's problem)."""
        return self._width

    @property
    def packed(self) -> bytes:
        """The compact form: :func:`bytes_per_step` big-endian bytes per step."""
        return self._packed

    def __len__(self) -> int:
        return len(self._packed) // self._size

    def _check_step(self, step: int) -> None:
        if not 1 <= step <= len(self):
            raise InvalidStep(step, len(self))

    def value(self, step: int) -> int:
        """Step ``step`` as an integer, bit ``width-1-c`` = column ``c`` red. O(1)."""
        self._check_step(step)
        if self._size == 1:
            return self._packed[step - 1]
        return int.from_bytes(self._packed[2 * step - 2 : 2 * step], "big")

    def values(self) -> bytes | list[int]:
        """Every step as an integer, top first (``bytes`` up to width 8). O(n).

        >>> list(Staircase.from_rows(["WR", "RR"]).values())
        [1, 3]
        """
        return unpack_values(self._packed, self._width)

    def row(self, step: int) -> str:
        """Step ``step`` as text, e.g. ``'WRWWRRWW'``. O(width)."""
        return row_text(self.value(step), self._width)

    def rows(self) -> list[str]:
        """Every step as text, top first. O(n * width)."""
        if self._width <= 8:
            return list(map(_row_texts(self._width).__getitem__, self._packed))
        return [row_text(v, self._width) for v in self.values()]

    def __iter__(self) -> Iterator[str]:
        return iter(self.rows())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Staircase):
            return NotImplemented
        return self._width == other._width and self._packed == other._packed

    def __hash__(self) -> int:
        return hash((self._width, self._packed))

    def __repr__(self) -> str:
        extra = "" if self._width == WIDTH else f", width={self._width}"
        if len(self) <= 6:
            return f"Staircase.from_rows({self.rows()!r}{extra})"
        first, last = self.row(1), self.row(len(self))
        return f"<Staircase n={len(self)}{extra}: {first!r}, {self.row(2)!r}, ..., {last!r}>"

    def steps(self, first: int, last: int) -> Staircase:
        """The staircase of steps ``first..last`` only (both included, renumbered from 1). O(last - first).

        >>> Staircase.from_rows(["WR", "RW", "RR"]).steps(2, 3).rows()
        ['RW', 'RR']
        """
        self._check_step(first)
        self._check_step(last)
        if last < first:
            raise InvalidStep(last, len(self), first=first)
        return Staircase(self._packed[(first - 1) * self._size : last * self._size], self._width)

    def prefix(self, day: int) -> Staircase:
        """The staircase of day ``day``: its first ``day`` steps. O(day).

        >>> Staircase.from_rows(["WR", "RW", "RR"]).prefix(2).rows()
        ['WR', 'RW']
        """
        if not 1 <= day <= len(self):
            raise InvalidDay(day, len(self))
        return self.steps(1, day)

    def to_text(self) -> str:
        """The judge's input format: ``n``, then one row per line. O(n * width).

        >>> print(Staircase.from_rows(["WR", "RR"]).to_text(), end="")
        2
        WR
        RR
        """
        return f"{len(self)}\n" + "\n".join(self.rows()) + "\n"

    # -- the move rule ----------------------------------------------------------------

    def common(self, i: int, j: int) -> int:
        """How many columns steps ``i`` and ``j`` share a colour in. O(1).

        >>> Staircase.from_rows(["WWRR", "WRRW"]).common(1, 2)
        2
        """
        return common_pieces(self.value(i), self.value(j), self._width)

    def is_move(self, i: int, j: int) -> bool:
        """Whether the handkerchief may go from step ``i`` to step ``j`` (both must exist). O(1).

        >>> Staircase.from_rows(["WWRR", "WRRW", "WWRR"]).is_move(1, 3)
        True
        """
        return allows_move(j - i, self.common(i, j))

    def moves(self, i: int, last: int | None = None) -> list[int]:
        """The steps reachable from ``i`` in one move, among steps ``1..last``. O(width).

        ``last`` defaults to ``n``; on day ``k`` only steps up to ``k`` exist.

        >>> Staircase.from_rows(["WWWW", "WWWR", "WWRR"]).moves(1)
        [2, 3]
        """
        self._check_step(i)
        last = len(self) if last is None else min(last, len(self))
        return [j for j in range(i + 1, min(i + self._width, last) + 1) if self.is_move(i, j)]
