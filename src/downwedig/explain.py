"""Why a day is won or lost: the one analysis every view is drawn from.

:func:`analyse` solves the game of one day ``K``: every step's status (won or
lost for the player to move) and its *remoteness* (Steinhaus): a lost step
with no move has remoteness 0, a won step has 1 + the smallest remoteness of
a lost target, a lost step 1 + the largest remoteness of its targets.  It is
the number of moves left when the winner hurries and the loser holds out.
Everything is computed bottom-up for that day only, from the move masks of
:func:`downwedig.moves.move_masks`: O(K * width) in all.

:class:`DayAnalysis` is the only place that decides statuses, best moves and
the reason a day is won or lost (:meth:`DayAnalysis.reason`, worded by the
templates of :data:`REASONS`).  The text report and the JSON
(:mod:`downwedig.render`), the pictures, ``check --explain`` and
:mod:`downwedig.play` are views of it.

>>> from downwedig import Staircase
>>> day = analyse(Staircase.from_rows(["WWWWWWWW", "WWWWWWWW", "RRRRRRRR"]))
>>> str(day.winner), [m.target for m in day.winning_moves()], day.remoteness[1]
('Dina', [2], 1)
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass

from .errors import InvalidDay, InvalidStep
from .moves import distances, move_masks
from .staircase import Player, Staircase, popcount

__all__ = ["REASONS", "DayAnalysis", "Move", "Ply", "StepInfo", "analyse"]

#: The sentences that say why a day is won or lost (and why a move is legal), as
#: :meth:`str.format` templates.  :meth:`DayAnalysis.reason` fills them, and so does the HTML page
#: (they are handed to it as data), so the words are written once.
REASONS = {
    "wins": "Dina wins by moving to a step lost for Dima: {targets}.",
    "only_step": "Step 1 is the only step: Dina cannot move and loses at once.",
    "stuck": "Dina cannot move from step 1 (a move needs distance <= common pieces): {far}.",
    "stuck_item": "step {target} is {distance} down, {common} common",
    "loses": "Every move from step 1 reaches a step won for Dima: {answers}.",
    "loses_item": "{target} (Dima answers {target} -> {reply})",
    "separator": ", ",
    "stuck_separator": "; ",
    "move": "distance {distance} <= {common} common {pieces}",
    "piece": "piece",  # ({pieces}: one piece, two pieces)
    "pieces": "pieces",
    # Why one step of the day is won or lost, in one clause (DayAnalysis.why; the page's step-through says it).
    "step_won": "{source} -> {target}: step {target} is lost",
    "step_lost": "every move reaches a won step: {moves}",
    "step_move": "{source} -> {target}",
    "step_last": "no move: step {step} is the last step of day {day}",
    "step_stuck": "no move: {far}",
}


@dataclass(frozen=True)
class Move:
    """A legal move of the handkerchief: ``distance = target - source <= common``."""

    source: int
    target: int
    distance: int
    common: int

    def why(self) -> str:
        """Why the move is legal, in words. O(1).

        >>> Move(1, 3, 2, 6).why(), Move(1, 2, 1, 1).why()
        ('distance 2 <= 6 common pieces', 'distance 1 <= 1 common piece')
        """
        pieces = REASONS["piece" if self.common == 1 else "pieces"]
        return REASONS["move"].format(distance=self.distance, common=self.common, pieces=pieces)


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
        """``"won"`` or ``"lost"`` (for the player to move on this step). O(1).

        >>> StepInfo(3, "WW", False, 0, ()).status
        'lost'
        """
        return "won" if self.won else "lost"


@dataclass(frozen=True)
class Ply:
    """One move of a line of play and the player who makes it."""

    player: Player
    move: Move


@dataclass(frozen=True)
class DayAnalysis:
    """The game of one day, solved.

    Indices of ``won``/``remoteness``/``masks`` are step numbers: ``won[i]`` is 1 when step ``i`` is won, and
    index 0 is unused (a byte, so that no step is shifted by one); :meth:`step` gives one step as a
    :class:`StepInfo`, and :meth:`why` says why it is won or lost.
    """

    staircase: Staircase  # the day's steps only (``len == day``)
    won: bytes
    remoteness: Sequence[int]
    masks: Sequence[int]
    n: int  # steps of the whole staircase (the last day)
    values: Sequence[int]  # the day's steps as integers, step ``i`` at index ``i - 1``

    def __repr__(self) -> str:
        """The day and its winner: the arrays (a byte a step, index 0 unused) are too long to show.

        >>> analyse(Staircase.from_rows(["WW"] * 5), 3)
        <DayAnalysis of day 3 (of 5): Dina wins, remoteness 1>
        """
        return f"<DayAnalysis of day {self.day} (of {self.n}): {self.winner} wins, remoteness {self.remoteness[1]}>"

    @property
    def day(self) -> int:
        """The day ``K``: steps ``1..K`` exist. O(1).

        >>> analyse(Staircase.from_rows(["WW"] * 5), 3).day
        3
        """
        return len(self.staircase)

    @property
    def winner(self) -> Player:
        """Who wins the day: Dina when step 1 is won for her. O(1).

        >>> analyse(Staircase.from_rows(["WW"] * 5), 1).winner
        <Player.DIMA: 2>
        """
        return Player.DINA if self.won[1] else Player.DIMA

    def move(self, source: int, target: int) -> Move:
        """The move from ``source`` to ``target`` (legal or not: see :func:`~downwedig.staircase.allows_move`). O(1).

        >>> analyse(Staircase.from_rows(["WW", "WR", "RR"])).move(1, 3)
        Move(source=1, target=3, distance=2, common=0)
        """
        return Move(source, target, target - source, self.staircase.common(source, target))

    def moves(self, step: int) -> list[Move]:
        """The legal moves from ``step``, nearest first. O(width).

        >>> analyse(Staircase.from_rows(["WWWW", "WWWR", "WWRR"])).moves(1)
        [Move(source=1, target=2, distance=1, common=3), Move(source=1, target=3, distance=2, common=2)]
        """
        return [Move(step, target, d, common) for target, d, common in self.move_triples(step)]

    def move_triples(self, step: int) -> list[tuple[int, int, int]]:
        """The legal moves from ``step`` as ``(target, distance, common)``, nearest first: :meth:`moves`
        without building objects, for views that list every step of a long day. O(width).

        >>> analyse(Staircase.from_rows(["WWWW", "WWWR", "WWRR"])).move_triples(1)
        [(2, 1, 3), (3, 2, 2)]
        """
        values, width = self.values, self.staircase.width
        here = values[step - 1]
        return [(step + d, d, width - popcount(here ^ values[step + d - 1])) for d in distances(self.masks[step])]

    def step(self, step: int) -> StepInfo:
        """Everything about one step. O(width).

        >>> analyse(Staircase.from_rows(["WW", "WW"])).step(2)
        StepInfo(step=2, pieces='WW', won=False, remoteness=0, moves=())
        """
        if not 1 <= step <= self.day:
            raise InvalidStep(step, self.day)
        return StepInfo(
            step, self.staircase.row(step), bool(self.won[step]), self.remoteness[step], tuple(self.moves(step))
        )

    def why(self, step: int) -> str:
        """Why ``step`` is won or lost for the player to move there, in one clause. O(width).

        A won step names the move the winner makes (:meth:`best_target`, to a lost step), a lost step every
        move it has, or why it has none (the templates ``step_*`` of :data:`REASONS`).  The page's
        step-through answers a guess with it (``render/teach.js`` mirrors it), and so does
        :mod:`downwedig.diagnosis` when it says where a program went wrong.

        >>> day = analyse(Staircase.from_rows(["WW", "WR", "WR"]))
        >>> day.why(2), day.why(1), day.why(3)
        ('2 -> 3: step 3 is lost', 'every move reaches a won step: 1 -> 2', 'no move: step 3 is the last step of day 3')
        >>> analyse(Staircase.from_rows(["WW", "RR"])).why(1)
        'no move: step 2 is 1 down, 0 common'
        """
        if not 1 <= step <= self.day:
            raise InvalidStep(step, self.day)
        if self.won[step]:
            return REASONS["step_won"].format(source=step, target=self.best_target(step))
        moves = self.moves(step)
        if moves:
            listed = REASONS["separator"].join(REASONS["step_move"].format(source=step, target=m.target) for m in moves)
            return REASONS["step_lost"].format(moves=listed)
        if step == self.day:
            return REASONS["step_last"].format(step=step, day=self.day)
        s = self.staircase
        far = REASONS["stuck_separator"].join(
            REASONS["stuck_item"].format(target=j, distance=j - step, common=s.common(step, j))
            for j in range(step + 1, min(self.day, step + s.width) + 1)
        )
        return REASONS["step_stuck"].format(far=far)

    def best_target(self, step: int) -> int | None:
        """Where the perfect player moves from ``step``; None without moves. O(width).

        When ``step`` is won, to a lost step of least remoteness (hurrying);
        when lost, to a step of greatest remoteness (holding out); the nearest
        first on ties.  Mirrored in ``render/model.js`` (``best``): the page's
        computer plays the same moves.

        >>> analyse(Staircase.from_rows(["WW", "WW", "WW"])).best_target(1)
        3
        """
        best = None
        won, rem = self.won, self.remoteness
        if won[step]:  # hurry: the lost target of least remoteness
            for d in distances(self.masks[step]):
                target = step + d
                if not won[target] and (best is None or rem[target] < rem[best]):
                    best = target
        else:  # hold out: the target of greatest remoteness
            for d in distances(self.masks[step]):
                target = step + d
                if best is None or rem[target] > rem[best]:
                    best = target
        return best

    def best_move(self, step: int) -> Move | None:
        """The perfect player's move from ``step`` (see :meth:`best_target`). O(width).

        >>> analyse(Staircase.from_rows(["WW", "WW", "WW"])).best_move(1)
        Move(source=1, target=3, distance=2, common=2)
        """
        target = self.best_target(step)
        return None if target is None else self.move(step, target)

    def winning_moves(self, step: int = 1) -> list[Move]:
        """The winning moves from ``step`` (default 1, where the game starts): :class:`Move` objects. O(width).

        Each is a move to a lost step; the list is empty when ``step`` is lost.
        A :class:`Move`'s ``target`` is the step number that the JSON's
        ``winning_moves`` lists (:func:`~downwedig.render.to_json`).

        >>> [m.target for m in analyse(Staircase.from_rows(["WW", "WW", "WW"])).winning_moves()]
        [3]
        """
        return [m for m in self.moves(step) if not self.won[m.target]]

    def replies(self) -> list[tuple[Move, Move]]:
        """On a day Dima wins: each of Dina's moves from step 1 with Dima's best answer. O(width^2).

        Mirrored in ``render/model.js`` (the picture's dashed answers).

        Every move from a lost step reaches a won step, so each has an answer.

        >>> [(a.target, b.target) for a, b in analyse(Staircase.from_rows(["WW", "WR", "RR", "RW", "WW"])).replies()]
        [(2, 3)]
        """
        if self.won[1]:
            return []
        out = []
        for move in self.moves(1):
            reply = self.best_move(move.target)
            assert reply is not None, "a move from a lost step reaches a won step, which has a move"
            out.append((move, reply))
        return out

    def line_steps(self) -> Sequence[int]:
        """The steps the handkerchief visits when both play perfectly, from step 1. O(remoteness(1) * width).

        An ``array`` of 4 bytes a step (a line can be millions of moves long).  Mirrored in
        ``render/model.js`` (``lineSteps``).

        >>> list(analyse(Staircase.from_rows(["WW"] * 5)).line_steps())
        [1, 2, 3, 5]
        """
        steps, step = array("I", [1]), self.best_target(1)
        while step is not None:
            steps.append(step)
            step = self.best_target(step)
        return steps

    def line(self) -> list[Ply]:
        """The perfect game from step 1 to the end, Dina first. O(remoteness(1) * width).

        >>> [(str(p.player), p.move.source, p.move.target) for p in analyse(Staircase.from_rows(["WW"] * 3)).line()]
        [('Dina', 1, 3)]
        """
        players = (Player.DINA, Player.DIMA)
        steps = self.line_steps()
        return [Ply(players[k & 1], self.move(steps[k], steps[k + 1])) for k in range(len(steps) - 1)]

    def reason(self) -> str:
        """Why Dina wins or why she has no winning move, in one sentence (see :data:`REASONS`). O(width^2).

        Mirrored in ``render/model.js``, which words it from the same :data:`REASONS`.

        >>> analyse(Staircase.from_rows(["WW"])).reason()
        'Step 1 is the only step: Dina cannot move and loses at once.'
        """
        wins = self.winning_moves()
        if wins:
            return REASONS["wins"].format(targets=REASONS["separator"].join(str(m.target) for m in wins))
        if self.day == 1:
            return REASONS["only_step"]
        if not self.masks[1]:
            s = self.staircase
            far = REASONS["stuck_separator"].join(
                REASONS["stuck_item"].format(target=j, distance=j - 1, common=s.common(1, j))
                for j in range(2, min(self.day, 1 + s.width) + 1)
            )
            return REASONS["stuck"].format(far=far)
        answers = REASONS["separator"].join(
            REASONS["loses_item"].format(target=move.target, reply=reply.target) for move, reply in self.replies()
        )
        return REASONS["loses"].format(answers=answers)

    def notable_steps(self, limit: int = 40) -> list[int]:
        """The steps worth showing: step 1, its targets, then the line of play; at most ``limit``. O(limit * width).

        >>> analyse(Staircase.from_rows(["WW"] * 12)).notable_steps(limit=5)
        [1, 2, 3, 4, 6]
        """
        chosen = {1, *(m.target for m in self.moves(1))}
        step = self.best_target(1)
        while step is not None and len(chosen) < limit:
            chosen.add(step)
            step = self.best_target(step)
        return sorted(chosen)[:limit]


def analyse(staircase: Staircase, day: int | None = None) -> DayAnalysis:
    """Solve the game of day ``day`` (default: the last day, ``n``). O(day * width).

    Mirrored in ``render/model.js`` (``analyse``), which the HTML page runs for the chosen day.

    >>> a = analyse(Staircase.from_rows(["WWWWWWWW", "RRRRRRRR", "WWWWWWWW"]), day=2)
    >>> a.winner, list(a.won[1:]), list(a.remoteness[1:])
    (<Player.DIMA: 2>, [0, 0], [0, 0])
    """
    k = len(staircase) if day is None else day
    if not isinstance(k, int):
        raise TypeError(f"a day is an int, not {type(k).__name__}: {k!r}")
    if not 1 <= k <= len(staircase):
        raise InvalidDay(k, len(staircase))
    prefix = staircase.prefix(k)
    found = move_masks(prefix)
    # Compact arrays (a few bytes a step, not a list's 8 and more): a day of 10^7 steps stays in 200 MiB.
    masks: Sequence[int] = b"\0" + found if isinstance(found, bytes) else array("L", [0, *found])
    won = bytearray(k + 1)
    rem = array("I", bytes(4 * (k + 1)))
    for i in range(k, 0, -1):
        mask = masks[i]
        if not mask:
            continue
        fastest = -1  # least remoteness of a lost target
        longest = 0  # greatest remoteness of a won target
        for d in distances(mask):
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
    return DayAnalysis(prefix, bytes(won), rem, masks, len(staircase), prefix.values())
