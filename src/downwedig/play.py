"""A game against the perfect player, as a state machine without input or output.

:class:`Game` holds the position of the handkerchief and whose turn it is;
the person's moves go through :meth:`Game.play`, which refuses an illegal one
with the reason (:class:`IllegalMove`), and the computer's through
:meth:`Game.reply`, which plays :meth:`DayAnalysis.best_move
<downwedig.explain.DayAnalysis.best_move>`: it hurries when it is winning and
holds out as long as possible when it is losing.  :meth:`Game.hint` names the
winning moves (or says there is none), :meth:`Game.undo` takes the person's
last move back, and when the game is over, :meth:`Game.verdict` says where the
person went wrong -- the first move that handed the opponent a won position
while a winning move existed -- or congratulates them.

``downwedig play`` and the HTML page both play through this class: the page's
``Game`` (``render/model.js``) mirrors it method for method, with the same
:data:`WORDS`, and the browser tests compare the two.

>>> from downwedig import Staircase
>>> from downwedig.explain import analyse
>>> game = Game(analyse(Staircase.from_rows(["WW", "WW", "WW"])))
>>> game.play(2).target, game.reply().target, game.over
(2, 3, True)
>>> print(game.verdict())
You lost: Dina is on step 3 and cannot move.
You went wrong on move 1: from step 1, which you could win, you moved to step 2, where Dima wins.
Moving to step 3 instead would have won.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import IllegalMove, excerpt
from .explain import DayAnalysis, Move
from .staircase import Player, allows_move

__all__ = ["WORDS", "Game", "IllegalMove", "Turn"]

#: Everything a game says, as :meth:`str.format` templates: the refusals of
#: :meth:`Game.check`, the narration of ``downwedig play``, :meth:`Game.hint`
#: and the post-mortem of :meth:`Game.verdict`.  The HTML page receives them as
#: data, so its games speak the same words.
WORDS = {
    "not_below": "step {target} is not below step {source}: the handkerchief only goes down",
    "no_step": "there is no step {target} on day {day} (steps 1..{day})",
    "too_far": "step {target} is {distance} {steps} down from step {source} but shares {common} {pieces} with it "
    "(need {distance} <= {common})",
    "step": "step",
    "steps": "steps",
    "piece": "piece",
    "pieces": "pieces",
    "not_your_turn": "it is not your turn",
    "game_over": "the game is over",
    "cannot_reply": "the computer cannot move now",
    "illegal": "Not a move: {why}.",
    "you_move": "You move {source} -> {target} ({why}).",
    "computer_moves": "{player} moves {source} -> {target} ({why}).",
    "hint_wins": "Winning moves from step {source}: {targets}.",
    "hint_loses": "No winning move from step {source}: every move reaches a step won for {opponent}. "
    "Holding out longest: step {target}.",
    "hint_over": "No move: the game is over.",
    "not_over": "The game is not over.",
    "won": "Congratulations, you won! {stuck} is on step {step} and cannot move.",
    "lost": "You lost: {stuck} is on step {step} and cannot move.",
    "went_wrong": "You went wrong on move {number}: from step {source}, which you could win, "
    "you moved to step {target}, where {opponent} wins.",
    "instead": "Moving to {steps} instead would have won.",
    "instead_step": "step {target}",
    "instead_separator": " or ",
    "no_way_dina": "Dina had no way to win this day: step 1 is lost for the player to move.",
    "no_way_dima": "Dima had no way to win this day: Dina wins it from step 1 with perfect play.",
    "held_out": "You held out as long as possible ({played} moves).",
    "could_have": "The game lasted {played} moves; holding out, you could have made it {best}.",
    "separator": ", ",
    "line_separator": "\n",
}


@dataclass(frozen=True)
class Turn:
    """One move of the game: who made it, whether it was the person, and whether it was a mistake."""

    player: Player
    move: Move
    by_person: bool
    mistake: bool  # from a won step to a won step: the opponent got a won position while a win existed


@dataclass
class Game:
    """A game of one day between a person (playing ``person``) and the perfect player; mirrored in
    ``render/model.js``."""

    analysis: DayAnalysis
    person: Player = Player.DINA
    position: int = 1
    to_move: Player = Player.DINA
    turns: list[Turn] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not isinstance(self.analysis, DayAnalysis):  # (a Staircase would fail later, far from here)
            raise TypeError(f"Game takes a day's analysis (explain.analyse(staircase, day)), not {self.analysis!r:.60}")

    @property
    def over(self) -> bool:
        """Whether the player to move is stuck. O(width).

        >>> from downwedig import Staircase
        >>> from downwedig.explain import analyse
        >>> Game(analyse(Staircase.from_rows(["WW"]))).over
        True
        """
        return not self.analysis.masks[self.position]

    @property
    def winner(self) -> Player | None:
        """The winner once the game is over (the player not stuck), else None. O(1).

        >>> from downwedig import Staircase
        >>> from downwedig.explain import analyse
        >>> game = Game(analyse(Staircase.from_rows(["WW", "WW"])))
        >>> game.winner, game.play(2).target, game.winner
        (None, 2, <Player.DINA: 1>)
        """
        return self.to_move.other if self.over else None

    @property
    def persons_turn(self) -> bool:
        """Whether the person is to move. O(1).

        >>> from downwedig import Staircase
        >>> from downwedig.explain import analyse
        >>> Game(analyse(Staircase.from_rows(["WW", "WW"])), Player.DIMA).persons_turn
        False
        """
        return self.to_move is self.person and not self.over

    def check(self, target: int) -> Move:
        """The move from the handkerchief's step to ``target``, or :class:`IllegalMove` saying why. O(1).

        Mirrored in ``render/model.js``: the page refuses a move in the same words.

        >>> from downwedig import Staircase
        >>> from downwedig.explain import analyse
        >>> Game(analyse(Staircase.from_rows(["WWRR", "RRWW", "WWRW"]))).check(2)
        Traceback (most recent call last):
        ...
        downwedig.errors.IllegalMove: step 2 is 1 step down from step 1 but shares 0 pieces with it (need 1 <= 0)
        """
        i, day = self.position, self.analysis.day
        if target <= i:  # (a number of thousands of digits is quoted cut short)
            raise IllegalMove(WORDS["not_below"].format(target=excerpt(str(target), quote=False), source=i))
        if target > day:
            raise IllegalMove(WORDS["no_step"].format(target=excerpt(str(target), quote=False), day=day))
        move = self.analysis.move(i, target)
        if not allows_move(move.distance, move.common):
            steps = WORDS["step" if move.distance == 1 else "steps"]
            values = {"target": target, "source": i, "distance": move.distance, "common": move.common}
            pieces = WORDS["piece" if move.common == 1 else "pieces"]
            raise IllegalMove(WORDS["too_far"].format(steps=steps, pieces=pieces, **values))
        return move

    def _make(self, move: Move, by_person: bool) -> Move:
        won = self.analysis.won
        mistake = bool(won[move.source]) and bool(won[move.target])
        self.turns.append(Turn(self.to_move, move, by_person, mistake))
        self.position, self.to_move = move.target, self.to_move.other
        return move

    def play(self, target: int) -> Move:
        """The person moves the handkerchief to ``target`` (checked by :meth:`check`). O(1). Mirrored in
        ``render/model.js``.

        >>> from downwedig import Staircase
        >>> from downwedig.explain import analyse
        >>> Game(analyse(Staircase.from_rows(["WW", "WW", "WW"]))).play(3)
        Move(source=1, target=3, distance=2, common=2)
        """
        if not self.persons_turn:
            raise IllegalMove(WORDS["not_your_turn"] if not self.over else WORDS["game_over"])
        return self._make(self.check(target), True)

    def reply(self) -> Move:
        """The perfect player moves: fastest win when winning, longest resistance when losing. O(width).

        Mirrored in ``render/model.js``.

        >>> from downwedig import Staircase
        >>> from downwedig.explain import analyse
        >>> game = Game(analyse(Staircase.from_rows(["WW", "WW", "WW"])), Player.DIMA)
        >>> game.reply()
        Move(source=1, target=3, distance=2, common=2)
        """
        move = self.analysis.best_move(self.position)
        if move is None or self.persons_turn:
            raise IllegalMove(WORDS["cannot_reply"])
        return self._make(move, False)

    def undo(self) -> bool:
        """Take back the person's last move and the computer's answers to it; False when there is none. O(turns).

        Mirrored in ``render/model.js`` (the page's Undo).

        >>> from downwedig import Staircase
        >>> from downwedig.explain import analyse
        >>> game = Game(analyse(Staircase.from_rows(["WW"] * 4)))
        >>> game.play(2).target, game.reply().target, game.undo(), game.position, game.undo()
        (2, 4, True, 1, False)
        """
        mine = [k for k, turn in enumerate(self.turns) if turn.by_person]
        if not mine:
            return False
        last = mine[-1]
        del self.turns[last:]
        self.position = self.turns[-1].move.target if self.turns else 1
        self.to_move = Player.DINA if last % 2 == 0 else Player.DIMA
        return True

    def hint(self) -> str:
        """The winning moves from the handkerchief's step, or the longest resistance when there is none. O(width).

        Mirrored in ``render/model.js`` (the page's hint).

        >>> from downwedig import Staircase
        >>> from downwedig.explain import analyse
        >>> Game(analyse(Staircase.from_rows(["WW", "WW", "WW"]))).hint()
        'Winning moves from step 1: 3.'
        """
        if self.over:
            return WORDS["hint_over"]
        i = self.position
        wins = self.analysis.winning_moves(i)
        if wins:
            return WORDS["hint_wins"].format(source=i, targets=WORDS["separator"].join(str(m.target) for m in wins))
        target = self.analysis.best_target(i)
        return WORDS["hint_loses"].format(source=i, opponent=self.to_move.other, target=target)

    def nearby(self, below: int | None = None) -> str:
        """The steps near the handkerchief: each with its pieces and whether it can be reached. O(width).

        >>> from downwedig import Staircase
        >>> from downwedig.explain import analyse
        >>> print(Game(analyse(Staircase.from_rows(["WWRR", "WWRW", "RRRW"]))).nearby())
        step 1  WWRR  <- handkerchief
        step 2  WWRW  1 down, 3 common: can move here
        step 3  RRRW  2 down, 1 common: too far
        """
        s, i = self.analysis.staircase, self.position
        last = min(self.analysis.day, i + (s.width if below is None else below))
        digits = len(str(last))
        lines = [f"step {i:>{digits}}  {s.row(i)}  <- handkerchief"]
        for j in range(i + 1, last + 1):
            move = self.analysis.move(i, j)
            verdict = "can move here" if allows_move(move.distance, move.common) else "too far"
            lines.append(f"step {j:>{digits}}  {s.row(j)}  {move.distance} down, {move.common} common: {verdict}")
        return "\n".join(lines)

    def verdict(self) -> str:
        """How the game ended and, after a loss, the first mistake (or that none was possible). O(width).

        Mirrored in ``render/model.js`` (the page's post-mortem).

        >>> from downwedig import Staircase
        >>> from downwedig.explain import analyse
        >>> print(Game(analyse(Staircase.from_rows(["WW", "RR"]))).verdict())
        You lost: Dina is on step 1 and cannot move.
        Dina had no way to win this day: step 1 is lost for the player to move.
        """
        if not self.over:
            return WORDS["not_over"]
        stuck, step = self.to_move, self.position
        if self.winner is self.person:
            return WORDS["won"].format(stuck=stuck, step=step)
        lines = [WORDS["lost"].format(stuck=stuck, step=step)]
        mine = [t for t in self.turns if t.by_person]
        wrong = next((t for t in mine if t.mistake), None)
        if wrong is not None:
            m, number = wrong.move, self.turns.index(wrong) + 1
            values = {"number": number, "source": m.source, "target": m.target, "opponent": wrong.player.other}
            lines.append(WORDS["went_wrong"].format(**values))
            better = [WORDS["instead_step"].format(target=b.target) for b in self.analysis.winning_moves(m.source)]
            lines.append(WORDS["instead"].format(steps=WORDS["instead_separator"].join(better)))
        else:
            lines.append(WORDS["no_way_dina" if self.person is Player.DINA else "no_way_dima"])
        if wrong is None and mine:
            played, best = len(self.turns), self.analysis.remoteness[1]
            if played == best:
                lines.append(WORDS["held_out"].format(played=played))
            else:
                lines.append(WORDS["could_have"].format(played=played, best=best))
        return WORDS["line_separator"].join(lines)
