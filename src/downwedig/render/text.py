"""The report of a day for a terminal: a view of :class:`~downwedig.explain.DayAnalysis`.

:func:`render_text` writes who wins and why (:meth:`DayAnalysis.reason
<downwedig.explain.DayAnalysis.reason>`), the line of play and a table of
steps in at most 80 columns, with ANSI colour when asked.
"""

from __future__ import annotations

from ..explain import DayAnalysis
from ..staircase import Player

__all__ = ["render_text"]

_RESET, _BOLD, _DIM, _RED, _GREEN = "\x1b[0m", "\x1b[1m", "\x1b[2m", "\x1b[31m", "\x1b[32m"
_LINE_LIMIT = 30


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


def render_text(
    analysis: DayAnalysis, steps: tuple[int, int] | None = None, *, color: bool = False, width: int = 80
) -> str:
    """The report of a day for a terminal, at most ``width`` columns (colour with ANSI codes).

    Without ``steps`` it shows :meth:`~downwedig.explain.DayAnalysis.notable_steps` and summarises the gaps; with
    ``steps=(A, B)`` every step of that range.  O(day + shown * width).

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
      step  pieces    status   rem  moves: +distance/common (* = to a lost step)
    >    1  WW        won        1  +1/2 +2/2*
         2  WW        won        1  +1/2*
    >    3  WW        lost       0  -
    """

    def paint(text: str, *codes: str) -> str:
        return "".join(codes) + text + _RESET if color else text

    a, k = analysis, analysis.day
    n_moves = a.remoteness[1]
    out = _wrap(
        f"Day {k} of {a.n}: {a.winner} wins; {n_moves} move{'s' * (n_moves != 1)} with best play.",
        width,
        "  ",
    )
    out[0] = out[0].replace(f"{a.winner} wins", paint(f"{a.winner} wins", _BOLD), 1)
    out += _wrap(a.reason(), width, "  ")
    line = a.line()
    out += ["", "Optimal line (the winner hurries, the loser holds out):"]
    for number, ply in enumerate(line[:_LINE_LIMIT], 1):
        m = ply.move
        out.append(f"{number:>3}. {ply.player!s:<5} {m.source} -> {m.target}   {m.why()}")
    if len(line) > _LINE_LIMIT:
        out.append(f"  ... {len(line) - _LINE_LIMIT} more moves (see --format json)")
    end = line[-1].move.target if line else 1
    stuck = line[-1].player.other if line else Player.DINA
    out.append(f"  {stuck} is on step {end} and cannot move.")
    on_line = {1, *(p.move.target for p in line)}
    shown = list(range(steps[0], steps[1] + 1)) if steps else a.notable_steps()
    out += ["", "  step  pieces    status   rem  moves: +distance/common (* = to a lost step)"]
    previous = (steps[0] if steps else 1) - 1
    for i in [*shown, None]:
        upto = k if i is None else i - 1
        if upto > previous and (i is not None or not steps):
            won = sum(a.won[previous + 1 : upto + 1])
            span = f"step {upto}" if upto == previous + 1 else f"steps {previous + 1}-{upto}"
            out.append(paint(f"     .. {span}: {won} won, {upto - previous - won} lost", _DIM))
        if i is None:
            break
        info = a.step(i)
        marks = " ".join(f"+{m.distance}/{m.common}{'' if a.won[m.target] else '*'}" for m in info.moves) or "-"
        status = paint(f"{info.status:<6}", _GREEN if info.won else _RED)
        pieces = "".join(paint(c, _RED) if c == "R" else c for c in info.pieces)
        pad = " " * max(0, 8 - len(info.pieces))
        head = f"{'>' if i in on_line else ' '}{i:>6}  {pieces}{pad}  {status}{info.remoteness:>6}  "
        plain = 1 + 6 + 2 + len(info.pieces) + len(pad) + 2 + 6 + 6 + 2
        rows = _wrap(marks, max(20, width - plain), "")
        out.append(head + rows[0])
        out += [" " * plain + r for r in rows[1:]]
        previous = i
    return "\n".join(out)
