"""The model of the game: a staircase of steps covered with coloured pieces.

A :class:`Staircase` holds ``n`` steps of ``width`` pieces each (``width`` is 8 in
the judge's problem).  Each step is stored as one integer whose bit
``width - 1 - c`` is set when the piece in column ``c`` is red (``R``), and the
whole staircase as one ``bytes`` object of one (``width <= 8``) or two bytes per
step: 300,000 steps take 300 kB, and a step is read back in O(1).

Steps are numbered from 1 (the top) as in the problem.  A move goes from step
``i`` down to step ``j`` when ``0 < j - i <= common(i, j)``, the number of
columns where both steps have the same colour.

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
from collections.abc import Iterable, Iterator, Sequence

__all__ = ["MAX_WIDTH", "InvalidStaircase", "Player", "Staircase"]

#: The widest step supported: a window of ``2**16`` statuses still fits the engine.
MAX_WIDTH = 16


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


class InvalidStaircase(ValueError):
    """Input that is not a staircase, with where and why.

    ``str(error)`` is ``SOURCE:LINE:COLUMN: reason``; lines and columns count
    from 1, as editors and compilers do.

    >>> err = InvalidStaircase("unexpected character 'w'", line=3, column=2)
    >>> str(err)
    "<input>:3:2: unexpected character 'w'"
    """

    def __init__(self, reason: str, *, line: int, column: int, source: str = "<input>") -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line
        self.column = column
        self.source = source

    def __str__(self) -> str:
        return f"{self.source}:{self.line}:{self.column}: {self.reason}"


def _check_width(width: int) -> None:
    if not 1 <= width <= MAX_WIDTH:
        raise ValueError(f"width must be between 1 and {MAX_WIDTH}, got {width}")


class Staircase(Sequence[str]):
    """An immutable staircase: ``n >= 1`` steps of ``width`` pieces.

    As a sequence it yields the steps' rows as text (``'WRWWRRWW'``), indexed
    from 0 like any Python sequence; the methods that speak of steps
    (:meth:`row`, :meth:`common`, :meth:`moves`) number them from 1 like the
    problem.  Build one with :meth:`from_rows`, :meth:`from_ints` or
    :func:`downwedig.parse`.
    """

    __slots__ = ("_packed", "_stride", "_width")

    def __init__(self, packed: bytes, width: int = 8) -> None:
        """Wrap ``packed``, one (``width <= 8``) or two big-endian bytes per step. O(1)."""
        _check_width(width)
        stride = 1 if width <= 8 else 2
        if not packed or len(packed) % stride:
            raise ValueError("a staircase needs at least one step")
        if width % 8 and max(packed[::stride] if stride == 2 else packed) >> (width % 8):
            raise ValueError(f"a step has more than {width} pieces")
        self._packed = bytes(packed)
        self._width = width
        self._stride = stride

    # -- construction -----------------------------------------------------------------

    @classmethod
    def from_ints(cls, rows: Iterable[int], width: int = 8) -> Staircase:
        """Build from integers whose bit ``width - 1 - c`` is column ``c`` (1 = red). O(n).

        >>> Staircase.from_ints([0b10000000, 0]).rows()
        ['RWWWWWWW', 'WWWWWWWW']
        """
        _check_width(width)
        values = list(rows)
        if any(not 0 <= v < 1 << width for v in values):
            raise ValueError(f"a row does not fit in {width} bits")
        return cls(b"".join(v.to_bytes(1 if width <= 8 else 2, "big") for v in values), width)

    @classmethod
    def from_rows(cls, rows: Iterable[str], width: int | None = None) -> Staircase:
        """Build from rows of ``'W'``/``'R'`` text, all of one length (the width). O(n).

        >>> len(Staircase.from_rows(["WR", "RW", "RR"]))
        3
        """
        texts = list(rows)
        if not texts:
            raise ValueError("a staircase needs at least one step")
        width = len(texts[0]) if width is None else width
        for number, text in enumerate(texts, 1):
            if len(text) != width or text.strip("WR"):
                raise ValueError(f"step {number} is {text!r}, not {width} pieces 'W'/'R'")
        return cls.from_ints((int(t.translate(_STR_TO_BITS), 2) for t in texts), width)

    # -- reading ----------------------------------------------------------------------

    @property
    def width(self) -> int:
        """Pieces per step (8 in the judge's problem)."""
        return self._width

    @property
    def packed(self) -> bytes:
        """The compact form: one (``width <= 8``) or two big-endian bytes per step."""
        return self._packed

    def __len__(self) -> int:
        return len(self._packed) // self._stride

    def value(self, step: int) -> int:
        """Step ``step`` (1-based) as an integer, bit ``width-1-c`` = column ``c`` red. O(1)."""
        if not 1 <= step <= len(self):
            raise IndexError(f"step {step} is not in 1..{len(self)}")
        if self._stride == 1:
            return self._packed[step - 1]
        return int.from_bytes(self._packed[2 * step - 2 : 2 * step], "big")

    def values(self) -> list[int]:
        """Every step as an integer, top first. O(n).

        >>> Staircase.from_rows(["WR", "RR"]).values()
        [1, 3]
        """
        if self._stride == 1:
            return list(self._packed)
        p = self._packed
        return [(hi << 8) | lo for hi, lo in zip(p[0::2], p[1::2], strict=True)]

    def row(self, step: int) -> str:
        """Step ``step`` (1-based) as text, e.g. ``'WRWWRRWW'``. O(width)."""
        return format(self.value(step), f"0{self._width}b").translate(_STR_FROM_BITS)

    def rows(self) -> list[str]:
        """Every step as text, top first. O(n * width)."""
        if self._stride == 1:
            return list(map(_row_texts(self._width).__getitem__, self._packed))
        fmt = f"0{self._width}b"
        return [format(v, fmt).translate(_STR_FROM_BITS) for v in self.values()]

    def __getitem__(self, index: int) -> str:  # type: ignore[override]
        if not isinstance(index, int):
            raise TypeError("staircase indices must be integers")
        if index < 0:
            index += len(self)
        return self.row(index + 1)

    def __iter__(self) -> Iterator[str]:
        return iter(self.rows())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Staircase):
            return NotImplemented
        return self._width == other._width and self._packed == other._packed

    def __hash__(self) -> int:
        return hash((self._width, self._packed))

    def __repr__(self) -> str:
        extra = "" if self._width == 8 else f", width={self._width}"
        if len(self) <= 6:
            return f"Staircase.from_rows({self.rows()!r}{extra})"
        first, last = self.row(1), self.row(len(self))
        return f"<Staircase n={len(self)}{extra}: {first!r}, {self.row(2)!r}, ..., {last!r}>"

    def prefix(self, k: int) -> Staircase:
        """The staircase of day ``k``: its first ``k`` steps. O(k).

        >>> Staircase.from_rows(["WR", "RW", "RR"]).prefix(2).rows()
        ['WR', 'RW']
        """
        if not 1 <= k <= len(self):
            raise ValueError(f"day {k} is not in 1..{len(self)}")
        return Staircase(self._packed[: k * self._stride], self._width)

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
        return self._width - (self.value(i) ^ self.value(j)).bit_count()

    def is_move(self, i: int, j: int) -> bool:
        """Whether the handkerchief may go from step ``i`` to step ``j``. O(1).

        >>> Staircase.from_rows(["WWRR", "WRRW", "WWRR"]).is_move(1, 3)
        True
        """
        return 0 < j - i <= self.common(i, j) and j <= len(self)

    def moves(self, i: int, last: int | None = None) -> list[int]:
        """The steps reachable from ``i`` in one move, among steps ``1..last``. O(width).

        ``last`` defaults to ``n``; on day ``k`` only steps up to ``k`` exist.
        """
        last = len(self) if last is None else min(last, len(self))
        return [j for j in range(i + 1, min(i + self._width, last) + 1) if self.is_move(i, j)]


_STR_TO_BITS = str.maketrans("WR", "01")
_STR_FROM_BITS = str.maketrans("01", "WR")
_ROW_TEXTS: dict[int, list[str]] = {}


def _row_texts(width: int) -> list[str]:
    """The text of every row value of a width up to 8, so a row is one list index."""
    found = _ROW_TEXTS.get(width)
    if found is None:
        fmt = f"0{width}b"
        found = _ROW_TEXTS[width] = [format(v, fmt).translate(_STR_FROM_BITS) for v in range(1 << width)]
    return found
