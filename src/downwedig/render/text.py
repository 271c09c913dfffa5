"""The report of a day for a terminal: a view of :class:`~downwedig.explain.DayAnalysis`.

:func:`render_text` writes who wins and why (:meth:`DayAnalysis.reason
<downwedig.explain.DayAnalysis.reason>`), the line of play and a table of
steps in at most 80 columns, with ANSI colour when asked.  A line above the
table says what its columns mean: the status is for the player to move from
the step, and ``rem`` (remoteness) is the number of moves left with best play.  :func:`text_lines`
gives the same report a line at a time, so that a table of every step of a
300,000-step day is written as it is made.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from itertools import chain, pairwise

from ..explain import DayAnalysis
from ..staircase import Player, row_text

__all__ = ["WORDS", "render_text", "text_lines"]

#: The report's sentences, as :meth:`str.format` templates (the HTML page says them too).
WORDS = {
    "heading": "Day {day} of {n}: {winner} wins; {moves} with best play.",
    "line": "Optimal line (the winner hurries, the loser holds out):",
    "stuck": "{player} is on step {step} and cannot move.",
    "key": "status: won or lost for the player to move; rem: moves left with best play",
}

_RESET, _BOLD, _DIM, _RED, _GREEN = "\x1b[0m", "\x1b[1m", "\x1b[2m", "\x1b[31m", "\x1b[32m"

#: Moves of the line of play listed before the rest are counted.
LINE_LIMIT = 30

# The columns of the table of steps: a marker, the step, its pieces, its status and remoteness, its moves.
_STEP, _STATUS, _REM, _GAP = 6, 6, 6, 2


def _wrap(text: str, width: int, indent: str) -> list[str]:
    words, lines, current = text.split(" "), [], ""
    for word in words:
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = indent + word
        else:
            current = f"{current} {word}" if current else word
    lines.append(current)
    return lines


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


def text_lines(
    analysis: DayAnalysis, steps: tuple[int, int] | None = None, *, color: bool = False, width: int = 80
) -> Iterator[str]:
    """The lines of :func:`render_text`, one at a time. O(day + shown * width).

    >>> from downwedig import Staircase
    >>> from downwedig.explain import analyse
    >>> next(text_lines(analyse(Staircase.from_rows(["WW"] * 300))))
    'Day 300 of 300: Dina wins; 199 moves with best play.'
    """

    def paint(text: str, *codes: str) -> str:
        return "".join(codes) + text + _RESET if color else text

    a, k = analysis, analysis.day
    heading = WORDS["heading"].format(day=k, n=a.n, winner=a.winner, moves=_plural(a.remoteness[1], "move"))
    head = _wrap(heading, width, "  ")
    head[0] = head[0].replace(f"{a.winner} wins", paint(f"{a.winner} wins", _BOLD), 1)
    yield from head
    yield from _wrap(a.reason(), width, "  ")
    # The line of play may have 100,000 moves: only the first few become Move objects.
    visits = a.line_steps()
    plies = len(visits) - 1
    yield ""
    yield WORDS["line"]
    digits = len(str(visits[min(plies, LINE_LIMIT)]))
    for number, (i, j) in enumerate(pairwise(visits[: LINE_LIMIT + 1]), 1):
        player = Player.DINA if number % 2 else Player.DIMA
        yield f"{number:>3}. {player!s:<5} {i:>{digits}} -> {j:<{digits}}   {a.move(i, j).why()}"
    if plies > LINE_LIMIT:
        yield f"  ... {_plural(plies - LINE_LIMIT, 'more move')} (see --format json)"
    stuck = Player.DINA if plies % 2 == 0 else Player.DIMA
    yield "  " + WORDS["stuck"].format(player=stuck, step=visits[-1])
    yield ""
    pieces_width = max(8, a.staircase.width)
    plain = 1 + _STEP + _GAP + pieces_width + _GAP + _STATUS + _REM + _GAP  # where the moves start
    yield WORDS["key"]
    yield (
        f" {'step':>{_STEP}}{'':{_GAP}}{'pieces':<{pieces_width}}{'':{_GAP}}{'status':<{_STATUS}}{'rem':>{_REM}}"
        f"{'':{_GAP}}moves: +distance/common (* = to a lost step)"
    )
    won, rem, values, piece_width = a.won, a.remoteness, a.values, a.staircase.width
    red = paint("R", _RED)
    status_text = (paint(f"{'lost':<{_STATUS}}", _RED), paint(f"{'won':<{_STATUS}}", _GREEN))
    chosen = range(steps[0], steps[1] + 1) if steps else a.notable_steps()
    low = chosen[0] if chosen else 0
    # The line's steps rise with the table's, so one index walks along it (a set of them would hold a line of
    # 10^6 steps, and the memory would grow with --steps).
    visit = bisect_left(visits, low)
    previous = (steps[0] if steps else 1) - 1
    for at in chain(chosen, [None]):  # (not a list: --steps 1..300000 would hold 300,000 ints at once)
        upto = k if at is None else at - 1
        if upto > previous and (at is not None or not steps):
            won_count = sum(won[previous + 1 : upto + 1])
            span = f"step {upto}" if upto == previous + 1 else f"steps {previous + 1}-{upto}"
            yield paint(f"     .. {span}: {won_count} won, {upto - previous - won_count} lost", _DIM)
        if at is None:
            break
        marks = " ".join([f"+{d}/{c}{'' if won[t] else '*'}" for t, d, c in a.move_triples(at)]) or "-"
        pieces = row_text(values[at - 1], piece_width)
        if color:
            pieces = pieces.replace("R", red)
        while visit < len(visits) and visits[visit] < at:
            visit += 1
        on_line = visit < len(visits) and visits[visit] == at
        row = f"{'>' if on_line else ' '}{at:>{_STEP}}{'':{_GAP}}{pieces}{'':{pieces_width - piece_width}}"
        row += f"{'':{_GAP}}{status_text[won[at]]}{rem[at]:>{_REM}}{'':{_GAP}}"
        if plain + len(marks) <= width:
            yield row + marks
        else:
            wrapped = _wrap(marks, max(20, width - plain), "")
            yield row + wrapped[0]
            yield from (" " * plain + more for more in wrapped[1:])
        previous = at


def render_text(
    analysis: DayAnalysis, steps: tuple[int, int] | None = None, *, color: bool = False, width: int = 80
) -> str:
    """The report of a day for a terminal, at most ``width`` columns (colour with ANSI codes).

    Without ``steps`` it shows :meth:`~downwedig.explain.DayAnalysis.notable_steps`
    and summarises the gaps; with ``steps=(A, B)`` every step of that range.
    O(day + shown * width).

    >>> from downwedig import Staircase
    >>> from downwedig.explain import analyse
    >>> print(render_text(analyse(Staircase.from_rows(["WW", "WW", "WW"]))))  # doctest: +NORMALIZE_WHITESPACE
    Day 3 of 3: Dina wins; 1 move with best play.
    Dina wins by moving to a step lost for Dima: 3.
    <BLANKLINE>
    Optimal line (the winner hurries, the loser holds out):
      1. Dina  1 -> 3   distance 2 <= 2 common pieces
      Dima is on step 3 and cannot move.
    <BLANKLINE>
    status: won or lost for the player to move; rem: moves left with best play
        step  pieces    status   rem  moves: +distance/common (* = to a lost step)
    >     1  WW        won        1  +1/2 +2/2*
          2  WW        won        1  +1/2*
    >     3  WW        lost       0  -
    """
    return "\n".join(text_lines(analysis, steps, color=color, width=width))
