"""The game with a mistake in it, solved fast: a move rule (:class:`Rule`) and a recurrence (:class:`Game`).

A wrong solution of this problem gets the *moves* wrong (which step may reach
which: the comparison, the count of common pieces, the longest move) or the
*game* on them (when a step is won, what lies past the day, how the winner is
printed).  :func:`masks` applies a rule to every step at once (a translate per
distance, as :mod:`~downwedig.contest.shipping.programs.mistakes` does), and
:func:`play` answers every day of a game on those masks in one pass, as the
engine's top-down form does (``G_{p+1} = G_p o T_p``, :mod:`downwedig.engine.solver`),
with the day's own cut-off made exact: day ``k``'s window at step ``k - 7``
(the statuses of steps ``k - 7 .. k`` on that day) is computed for every day at
once by seven byte-wise steps whose masks keep only the moves within the day,
and ``G_{k-7}`` is read at it.  So a recurrence needs no rule for steps that do
not exist (the engine's "absent steps count as won" holds only for the true
one).  Cost: O(n) C-level byte operations and one ``bytes.translate`` of 256
bytes a step (about 0.1 s at n = 300,000), whatever the input.

>>> play(masks(bytes(3), Rule()), Game())  # three equal steps: the judge's answer
b'211'
>>> play(masks(bytes(3), Rule()), Game(won=all_lost))  # "won when every move reaches a lost step"
b'122'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from ...staircase import WIDTH, popcount

__all__ = [
    "STANDARD",
    "Game",
    "Rule",
    "all_lost",
    "any_lost",
    "any_won",
    "farthest_lost",
    "masks",
    "nearest_lost",
    "play",
    "shifted_lost",
    "tables",
]

#: ``won(masks, windows) -> statuses``: for byte strings of equal length, byte ``t`` of the result is 1 when a
#: step with move mask ``masks[t]`` is won given the window ``windows[t]`` of the steps below it (bit ``d - 1``:
#: the step ``d`` below, 1 when won), else 0.
Won = Callable[[bytes, bytes], bytes]

_NONZERO = b"\0" + b"\1" * 255
_ZERO = b"\1" + b"\0" * 255
_NOT = bytes(255 - x for x in range(256))
_NOT_BELOW = bytes(~(x >> 1) & 0x7F for x in range(256))  # the lost bits of a window read one step too far
_HIGHEST = bytes(1 << (x.bit_length() - 1) if x else 0 for x in range(256))
_LOWEST = bytes(x & -x for x in range(256))


def _and(a: bytes, b: bytes) -> bytes:
    """Byte-wise AND of two byte strings of one length. O(n) in C."""
    return (int.from_bytes(a, "big") & int.from_bytes(b, "big")).to_bytes(len(a), "big")


def any_lost(m: bytes, w: bytes) -> bytes:
    """The rule: a step is won when one of its moves reaches a lost step.

    >>> any_lost(bytes([0b1, 0b1, 0]), bytes([0b0, 0b1, 0]))
    b'\\x01\\x00\\x00'
    """
    return _and(m, w.translate(_NOT)).translate(_NONZERO)


def all_lost(m: bytes, w: bytes) -> bytes:
    """``any`` read as ``all``: won when *every* move reaches a lost step (so a step with no move is won)."""
    return _and(m, w).translate(_ZERO)


def any_won(m: bytes, w: bytes) -> bytes:
    """The ``not`` dropped: won when a move reaches a *won* step."""
    return _and(m, w).translate(_NONZERO)


def farthest_lost(m: bytes, w: bytes) -> bytes:
    """Greedy: a player always moves as far down as the rule allows, so a step is won when that step is lost."""
    return _and(m.translate(_HIGHEST), w.translate(_NOT)).translate(_NONZERO)


def nearest_lost(m: bytes, w: bytes) -> bytes:
    """Greedy: a player always moves to the nearest step the rule allows."""
    return _and(m.translate(_LOWEST), w.translate(_NOT)).translate(_NONZERO)


def shifted_lost(m: bytes, w: bytes) -> bytes:
    """The window read one step too far: a move of ``d`` looks at the status of the step ``d + 1`` below (a
    move of 8 at a step past the window, so at none)."""
    return _and(m, w.translate(_NOT_BELOW)).translate(_NONZERO)


@dataclasses.dataclass(frozen=True)
class Rule:
    """Which moves a step has: ``allows(distance, common)`` for each distance, where ``common`` is
    ``common_of(x)`` for the XOR ``x`` of the two rows (the pieces they share), looking ``window`` steps down.

    The default is the problem's rule: ``0 < distance <= common``, common = 8 minus the pieces that differ,
    8 steps down.
    """

    allows: Callable[[int, int], bool] = lambda distance, common: distance <= common
    common_of: Callable[[int], int] = lambda x: WIDTH - popcount(x)
    window: int = WIDTH


#: The problem's own rule.
STANDARD = Rule()


def masks(values: bytes, rule: Rule) -> bytes:
    """Each step's move mask under ``rule`` (bit ``d - 1``: a move ``d`` steps down), for the rows ``values``
    (a byte a step). O(n * window) in C.

    A rule that looks past 8 steps must find no move there (two rows share at most 8 pieces): a move of more
    than 8 steps would not fit a mask, and is refused.

    >>> list(masks(bytes([0, 0, 255]), STANDARD)), list(masks(bytes([0, 0, 255]), Rule(window=9)))
    ([1, 0, 0], [1, 0, 0])
    """
    n = len(values)
    whole = int.from_bytes(values, "little")  # step i + 1 in byte i
    found = 0
    for d, table in enumerate(_distance_tables(rule)[: max(0, n - 1)], 1):
        pairs = (whole ^ (whole >> (8 * d))).to_bytes(n, "little")[: n - d]
        found |= int.from_bytes(pairs.translate(table), "little")
    return found.to_bytes(n, "little")


_RULE_TABLES: dict[Rule, list[bytes]] = {}


def _distance_tables(rule: Rule) -> list[bytes]:
    """For each distance ``d`` the rule looks at, the mask bit of a move ``d`` down by the XOR of the two rows.
    O(256 * window) calls of the rule, once a rule."""
    found = _RULE_TABLES.get(rule)
    if found is None:
        found = []
        for d in range(1, rule.window + 1):
            allowed = [rule.allows(d, rule.common_of(x)) for x in range(256)]
            if d > WIDTH:
                if any(allowed):
                    raise ValueError(f"a move of {d} steps does not fit a mask of {WIDTH}")
                continue
            found.append(bytes(1 << (d - 1) if move else 0 for move in allowed))
        _RULE_TABLES[rule] = found
    return found


@dataclasses.dataclass(frozen=True)
class Game:
    """How a day is played on the moves: when a step is won (``won``), whether the moves stop at the day's
    last step (``cut_off``; without it the steps past the day are there, and lost), which bits of a window
    are kept (``keep``: ``0x7F`` forgets the step 8 below, read as lost), the digit printed for a day
    whose step 1 is won and lost (``digits``), and the day's last step's status (``last``)."""

    won: Won = any_lost
    cut_off: bool = True
    keep: int = 0xFF
    digits: bytes = b"12"
    #: The status of a day's last step (1: won), where a mistake leaves it at a value instead of computing it
    #: (None: computed by ``won``: as a step with no move, or, without the cut-off, with its moves past the day).
    last: int | None = None
    #: How much further than its distance a move reads (``won`` must read the same): with the cut-off, a move
    #: is looked at only where the step it reads is within the day.
    reads_past: int = 0


_TABLES: dict[Game, tuple[list[bytes], bytes, int]] = {}


def tables(game: Game) -> tuple[list[bytes], bytes, int]:
    """``through[m]`` (``T_m``: the window one step up, from a window and a step's mask), ``G_1`` (the digit
    of a day from the window at step 1) and the status of a day's last step. O(4**8) bytes in C, once a game.

    >>> through, g1, last = tables(Game())
    >>> through[0b1][0b0], g1[:2], last  # a move to a lost step wins; step 1 won: Dina's digit
    (1, b'21', 0)
    """
    found = _TABLES.get(game)
    if found is None:
        windows = bytes(range(256)) * 256
        pairs = b"".join(bytes((m,)) * 256 for m in range(256))
        shifted = _shift(windows, game.won(pairs, windows), game.keep)
        through = [shifted[256 * m : 256 * m + 256] for m in range(256)]
        won, lost = game.digits[:1], game.digits[1:]
        g1 = b"".join(won if x & 1 else lost for x in range(256))
        last = game.won(b"\0", b"\0")[0] if game.last is None else game.last
        found = _TABLES[game] = (through, g1, last)
    return found


_SHIFTS = {keep: bytes(x << 1 & keep for x in range(256)) for keep in (0xFF, 0x7F)}


def _shift(windows: bytes, statuses: bytes, keep: int) -> bytes:
    """Each window one step up: ``(w << 1 | status) & keep``. O(n) in C."""
    shifted = int.from_bytes(windows.translate(_SHIFTS[keep]), "big") | int.from_bytes(statuses, "big")
    return shifted.to_bytes(len(windows), "big")


_WITHIN = [bytes(x & ((1 << j) - 1) for x in range(256)) for j in range(WIDTH)]


def play(steps: bytes, game: Game) -> bytes:
    """Every day's digit of ``game`` on the move masks ``steps``. O(n): C-level operations, and a dictionary
    lookup a step (see the module docstring).

    >>> play(bytes([1, 0]), Game(digits=b"21"))  # the players' digits swapped
    b'12'
    """
    n = len(steps)
    through, g1, last = tables(game)
    # Day k's window at step k: step k alone (without the cut-off, step k has its moves past the day, to steps
    # that count as lost).
    windows = bytes((last,)) * n if game.cut_off or game.last is not None else game.won(steps, bytes(n))
    for j in range(1, WIDTH):  # day k's window j steps up, for the days that have the step k - j
        if j >= n:
            break
        moves = steps[: n - j]
        if game.cut_off:  # (only the moves that read a step of the day)
            moves = moves.translate(_WITHIN[max(0, j - game.reads_past)])
        windows = windows[:j] + _shift(windows[j:], game.won(moves, windows[j:]), game.keep)

    # Day k reads G_{max(1, k - 7)} at its window: G_1 for the first 8 days, then G_2, G_3, ...
    walked = _walk(steps[: max(0, n - WIDTH)], through, g1)
    states = walked[:1] * (min(n, WIDTH) - 1) + walked
    known = _KNOWN[id(through)][0]
    return bytes(map(bytes.__getitem__, map(known.__getitem__, states), windows))


#: Per game's ``through`` (by id, while its tables live): the tables ``G`` met, and ``(G, mask) -> G'``.
_KNOWN: dict[int, tuple[list[bytes], dict[bytes, int], dict[int, int]]] = {}
#: The most ``(G, mask)`` pairs remembered before starting afresh (on inputs with many tables ``G``).
_MEMO_LIMIT = 1 << 20


def _walk(steps: bytes, through: list[bytes], g1: bytes) -> list[int]:
    """The state numbers of ``G_2, G_3, ...`` (``G_{p+1} = G_p o T_p``) after ``G_1 = g1``: each new pair of a
    table and a mask costs a 256-byte translate, a pair met before a dictionary lookup (most inputs meet a
    few hundred tables ``G`` at most). O(n)."""
    known, ids, memo = _KNOWN.setdefault(id(through), ([], {}, {}))
    if len(memo) > _MEMO_LIMIT:
        known.clear()
        ids.clear()
        memo.clear()
    state = ids.setdefault(g1, len(known))
    if state == len(known):
        known.append(g1)
    found = [state]
    for mask in steps:
        key = state << 8 | mask
        after = memo.get(key)
        if after is None:
            table = through[mask].translate(known[state])
            after = ids.setdefault(table, len(known))
            if after == len(known):
                known.append(table)
            memo[key] = after
        found.append(after)
        state = after
    return found
