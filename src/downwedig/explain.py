"""Why a day is won or lost: statuses, moves, remoteness, winning moves and a line of play.

:func:`analyse` computes, for the staircase of one day ``K``, every step's
status (won or lost for the player to move) and its *remoteness* (Steinhaus):
a lost step with no move has remoteness 0, a won step has 1 + the smallest
remoteness of a lost target, a lost step 1 + the largest remoteness of its
targets.  It is the number of moves left when the winner hurries and the loser
holds out.  Everything is computed bottom-up for that day only, from the move
masks of :func:`downwedig.move_masks`: O(K * width) in all.

On top of the :class:`DayAnalysis` sit the JSON form (:func:`to_json`) and the
80-column text report (:func:`render_text`).

>>> from downwedig import Staircase
>>> day = analyse(Staircase.from_rows(["WWWWWWWW", "WWWWWWWW", "RRRRRRRR"]))
>>> str(day.winner), [m.target for m in day.winning_moves()], day.remoteness[1]
('Dina', [2], 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any

from .moves import move_masks
from .staircase import Player, Staircase

__all__ = [
    "DayAnalysis",
    "Move",
    "Ply",
    "StepInfo",
    "analyse",
    "default_steps",
    "render_text",
    "to_json",
]


@dataclass(frozen=True)
class Move:
    """A legal move of the handkerchief: ``distance = target - source <= common``."""

    source: int
    target: int
    distance: int
    common: int

    def why(self) -> str:
        """Why the move is legal, in words. O(1).

        >>> Move(1, 3, 2, 6).why()
        'distance 2 <= 6 common pieces'
        """
        return f"distance {self.distance} <= {self.common} common pieces"


@dataclass(frozen=True)
class StepInfo:
    """One step of the day: its pieces, status for the player to move, remoteness and moves."""

    step: int
    pieces: str
    won: bool
    remoteness: int
    moves: tuple[Move, ...]

    @property
    def status(self) -> str:
        """``"won"`` or ``"lost"`` (for the player to move on this step)."""
        return "won" if self.won else "lost"


@dataclass(frozen=True)
class Ply:
    """One move of a line of play and the player who makes it."""

    player: Player
    move: Move


@lru_cache(maxsize=4096)
def _distances(mask: int) -> tuple[int, ...]:
    return tuple(d + 1 for d in range(mask.bit_length()) if mask >> d & 1)


@dataclass(frozen=True)
class DayAnalysis:
    """The game of one day, solved.  Indices of ``won``/``remoteness`` are step numbers (0 unused)."""

    staircase: Staircase  # the day's steps only (``len == day``)
    day: int
    won: bytes
    remoteness: Sequence[int]
    masks: Sequence[int]
    n: int  # steps of the whole staircase (the last day)

    @property
    def winner(self) -> Player:
        """Who wins the day: Dina when step 1 is won for her. O(1)."""
        return Player.DINA if self.won[1] else Player.DIMA

    def moves(self, step: int) -> list[Move]:
        """The legal moves from ``step``, nearest first. O(width).

        >>> analyse(Staircase.from_rows(["WWWW", "WWWR", "WWRR"])).moves(1)
        [Move(source=1, target=2, distance=1, common=3), Move(source=1, target=3, distance=2, common=2)]
        """
        s = self.staircase
        return [Move(step, step + d, d, s.common(step, step + d)) for d in _distances(self.masks[step - 1])]

    def step(self, step: int) -> StepInfo:
        """Everything about one step. O(width).

        >>> analyse(Staircase.from_rows(["WW", "WW"])).step(2)
        StepInfo(step=2, pieces='WW', won=False, remoteness=0, moves=())
        """
        if not 1 <= step <= self.day:
            raise IndexError(f"step {step} is not in 1..{self.day}")
        return StepInfo(
            step, self.staircase.row(step), bool(self.won[step]), self.remoteness[step], tuple(self.moves(step))
        )

    def best_move(self, step: int) -> Move | None:
        """The optimal move from ``step``: to a lost step of least remoteness when won, else to a
        step of greatest remoteness (holding out); nearest first on ties; None without moves. O(width).

        >>> analyse(Staircase.from_rows(["WW", "WW", "WW"])).best_move(1)
        Move(source=1, target=3, distance=2, common=2)
        """
        target = self._best_target(step)
        return None if target is None else Move(step, target, target - step, self.staircase.common(step, target))

    def _best_target(self, step: int) -> int | None:
        mask = self.masks[step - 1]
        if not mask:
            return None
        won, rem = self.won, self.remoteness
        targets = [step + d for d in _distances(mask)]
        if won[step]:
            return min((j for j in targets if not won[j]), key=lambda j: (rem[j], j))
        return min(targets, key=lambda j: (-rem[j], j))

    def winning_moves(self) -> list[Move]:
        """All of Dina's winning moves from step 1 (to a lost step); empty when she loses. O(width).

        >>> [m.target for m in analyse(Staircase.from_rows(["WW", "WW", "WW"])).winning_moves()]
        [3]
        """
        return [m for m in self.moves(1) if not self.won[m.target]]

    def line(self) -> list[Ply]:
        """One optimal line of play from step 1 to the end, Dina first. O(remoteness(1) * width).

        >>> [(str(p.player), p.move.source, p.move.target) for p in analyse(Staircase.from_rows(["WW"] * 3)).line()]
        [('Dina', 1, 3)]
        """
        plies: list[Ply] = []
        players = (Player.DINA, Player.DIMA)
        values, width = self.staircase.values(), self.staircase.width
        for number, (i, j) in enumerate(pairwise(self.line_steps())):
            common = width - (values[i - 1] ^ values[j - 1]).bit_count()
            plies.append(Ply(players[number & 1], Move(i, j, j - i, common)))
        return plies

    def line_steps(self) -> list[int]:
        """The steps the handkerchief visits on :meth:`line`, from step 1. O(remoteness(1) * width).

        >>> analyse(Staircase.from_rows(["WW"] * 5)).line_steps()
        [1, 2, 3, 5]
        """
        steps, step = [1], self._best_target(1)
        while step is not None:
            steps.append(step)
            step = self._best_target(step)
        return steps

    def reason(self) -> str:
        """Why Dina wins or why she has no winning move, in one sentence. O(width).

        >>> analyse(Staircase.from_rows(["WW"])).reason()
        'Step 1 is the only step: Dina cannot move and loses at once.'
        """
        wins = self.winning_moves()
        if wins:
            targets = ", ".join(str(m.target) for m in wins)
            return f"Dina wins by moving to a step lost for Dima: {targets}."
        if self.day == 1:
            return "Step 1 is the only step: Dina cannot move and loses at once."
        moves = self.moves(1)
        if not moves:
            s = self.staircase
            last = min(self.day, 1 + s.width)
            far = "; ".join(f"step {j} is {j - 1} down, {s.common(1, j)} common" for j in range(2, last + 1))
            return f"Dina cannot move from step 1 (a move needs distance <= common pieces): {far}."
        answers = []
        for m in moves:
            reply = self.best_move(m.target)
            assert reply is not None
            answers.append(f"{m.target} (Dima answers {reply.source} -> {reply.target})")
        return "Every move from step 1 reaches a step won for Dima: " + ", ".join(answers) + "."


def analyse(staircase: Staircase, day: int | None = None) -> DayAnalysis:
    """Solve the game of day ``day`` (default: the last day, ``n``). O(day * width).

    >>> a = analyse(Staircase.from_rows(["WWWWWWWW", "RRRRRRRR", "WWWWWWWW"]), day=2)
    >>> a.winner, list(a.won[1:]), list(a.remoteness[1:])
    (<Player.DIMA: 2>, [0, 0], [0, 0])
    """
    k = len(staircase) if day is None else day
    if not 1 <= k <= len(staircase):
        raise ValueError(f"day {k} is not in 1..{len(staircase)}")
    prefix = staircase.prefix(k)
    masks = move_masks(prefix)
    won = bytearray(k + 1)
    rem = [0] * (k + 1)
    for i in range(k, 0, -1):
        mask = masks[i - 1]
        if not mask:
            continue
        fastest = -1  # least remoteness of a lost target
        longest = 0  # greatest remoteness of a won target
        for d in _distances(mask):
            r = rem[i + d]
            if won[i + d]:
                if r > longest:
                    longest = r
            elif fastest < 0 or r < fastest:
                fastest = r
        if fastest >= 0:
            won[i] = 1
            rem[i] = fastest + 1
        else:
            rem[i] = longest + 1
    return DayAnalysis(prefix, k, bytes(won), rem, masks, len(staircase))


def default_steps(analysis: DayAnalysis, limit: int = 40) -> list[int]:
    """The steps worth showing: step 1's targets, then the line of play, at most ``limit``. O(limit * width).

    >>> default_steps(analyse(Staircase.from_rows(["WW"] * 12)), limit=5)
    [1, 2, 3, 4, 6]
    """
    chosen = {1, *(m.target for m in analysis.moves(1))}
    step = analysis.best_move(1)
    while step is not None and len(chosen) < limit:
        chosen.add(step.target)
        step = analysis.best_move(step.target)
    return sorted(chosen)[:limit]


def to_json(analysis: DayAnalysis, steps: tuple[int, int] | None = None) -> dict[str, Any]:
    """The analysis as JSON-able data (schema in ``docs/explain.md``); ``steps`` limits the
    ``steps`` list to a range ``(first, last)``, default all.  O(day * width).

    >>> data = to_json(analyse(Staircase.from_rows(["WW", "WW", "WW"])))
    >>> data["winner"], data["winning_moves"], data["line"]
    ('Dina', [3], [{'player': 'Dina', 'from': 1, 'to': 3, 'distance': 2, 'common': 2}])
    >>> data["steps"][2]
    {'step': 3, 'pieces': 'WW', 'status': 'lost', 'remoteness': 0, 'moves': []}
    """
    first, last = steps or (1, analysis.day)
    won, rem, masks, width = analysis.won, analysis.remoteness, analysis.masks, analysis.staircase.width
    values = analysis.staircase.values()
    rows = Staircase(analysis.staircase.packed[first - 1 : last], width).rows() if width <= 8 else None
    spreads = {m: _distances(m) for m in set(masks[first - 1 : last])}
    out_steps: list[dict[str, Any]] = []
    append = out_steps.append
    for i in range(first, last + 1):
        v = values[i - 1]
        moves: list[dict[str, int]] = []
        for d in spreads[masks[i - 1]]:
            moves.append({"to": i + d, "distance": d, "common": width - (v ^ values[i + d - 1]).bit_count()})
        status = "won" if won[i] else "lost"
        pieces = rows[i - first] if rows is not None else analysis.staircase.row(i)
        append({"step": i, "pieces": pieces, "status": status, "remoteness": rem[i], "moves": moves})
    return {
        "day": analysis.day,
        "winner": str(analysis.winner),
        "remoteness": analysis.remoteness[1],
        "winning_moves": [m.target for m in analysis.winning_moves()],
        "reason": analysis.reason(),
        "line": [
            {
                "player": str(ply.player),
                "from": ply.move.source,
                "to": ply.move.target,
                "distance": ply.move.distance,
                "common": ply.move.common,
            }
            for ply in analysis.line()
        ],
        "first_step": first,
        "last_step": last,
        "steps": out_steps,
    }


# -- the text report ----------------------------------------------------------------------

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

    Without ``steps`` it shows :func:`default_steps` and summarises the gaps; with
    ``steps=(A, B)`` every step of that range.  O(day + shown * width).

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
    shown = list(range(steps[0], steps[1] + 1)) if steps else default_steps(a)
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
