"""The engine's adversarial test families: inputs built against its weak points.

The engine (:mod:`downwedig.engine`) is fastest when few distinct states
``G_p`` ("window at step p -> winner") occur, so that almost every step is a
memo hit; when the memo misses too often it composes tables instead, caching
one table per pair of consecutive move masks.  These families attack both
modes and the other quantities a solver of this problem depends on:

``novelty``
    Builds the staircase row by row, choosing among random candidate rows one
    whose step gives the engine a state it has not seen (and that is not
    constant, since a constant ``G`` swallows everything above it); when no
    candidate keeps ``G`` alive it backs up a few rows.  The most distinct
    states and transitions found (about 23,000 states and 58,000 transitions
    at ``n = 300,000``, against 10-70 for random rows); the count grows
    roughly like ``n**0.65``.  The memo gives up on it after a few hundred
    steps, so it is the composing mode's input.  Generation costs O(n *
    candidates) random rows and O(n) state steps (some 12 s at ``n = 300,000``).
``glitched``
    A row and its complement in turn (25 live windows per step in the
    periodic part), with random glitches -- a repeated row, or a row one piece
    off -- that keep the windows of different days apart: the most live
    windows per step found (up to 20, against 11 for random rows).
``stutter``
    Alternating complements with a single repeated row near the bottom: the
    days below the repetition travel the whole staircase before they meet an
    earlier day's window, the longest trajectory possible.  A solver that
    recurses along trajectories (as the C++ reference does) overflows its
    stack here.
``pairs``
    Rows from a palette of 4 rows that changes every 50 steps: the most
    distinct pairs of consecutive move masks found (about 6,800 at ``n =
    300,000``, against 2,700 for random rows), which is what the engine's
    composing mode caches.
``cycles``
    A 6-row block repeated whose composed transitions have long cycles: the
    most distinct states of any periodic input found (95).

The engine answers novelty-like inputs by *merge partners* (a day's answer
copied from an older day's whose window meets it) and the rest with its
memo; these families attack the partners and the switches between routes:

``novstutter``
    Novelty rows for the first ``percent`` % of the steps (so the engine
    starts with the partners), then stutter: in the stutter part windows
    travel so far that ``G`` can no longer be rebuilt from the answers above
    a step, and the day below the repeat travels up to the novelty part.
``novglitched``
    ``head`` novelty rows, then glitched rows: many days whose window meets an
    older day's only deep down (50,000 in 300,000 at depth 16).
``restutter``
    ``head`` novelty rows, then alternating complements with a repeated row
    every ``every`` steps: each repeat starts a day that walks thousands of
    steps up.  A partners route without a bound on walks took 0.15-0.36 s
    on it (with 60 to 600 repeats).
``seesaw``
    Stretches of ``length`` novelty rows (chosen against the actual ``G``,
    as ``novelty`` does) and ``length`` alternating complements in turn: the
    memo fails on the former and the partners on the latter, again and again,
    while ``G`` stays alive (it becomes constant after a few stretches, when
    no row keeps it alive through an alternating stretch).

>>> rows = FAMILIES["stutter"].generate(6, SplitMix64(1), at=2)
>>> [f"{r:02X}" for r in rows]  # step 3 repeats step 2
['0F', 'F0', 'F0', '0F', 'F0', '0F']
"""

from __future__ import annotations

from ...engine.bit_tables import bit_form
from ...errors import InvalidOption
from ...moves import step_mask
from ...staircase import WIDTH, allows_move, common_pieces
from .family import Family, Option
from .prng import SplitMix64

__all__ = ["FAMILIES"]

_FULL = (1 << WIDTH) - 1  # the row of red pieces only

#: novelty: how many failures in a row before it stops backing up at one place,
#: and how far back (1..this many rows) it backs up each time.
_STUCK_LIMIT = 100
_LONGEST_BACKUP = 20

#: stutter: how far above the bottom the repeated row sits by default.
_STUTTER_FROM_BOTTOM = 50


#: For each ``a ^ b`` of two rows WIDTH steps apart: whether the rule allows that longest move between them.
_LONGEST_ALLOWED = tuple(allows_move(WIDTH, common_pieces(0, x, WIDTH)) for x in range(1 << WIDTH))


def _choose(rows: list[int], state: int, seen: set[int], candidates: int, rng: SplitMix64) -> tuple[int, int]:
    """The next row and the table it leads to: the first of ``candidates`` random rows whose table
    (from ``state``, the table before the step it completes) is new and not constant, else one whose
    table is not constant, else any.  O(candidates), and at most two state steps."""
    tables = bit_form(WIDTH)
    p = len(rows) - WIDTH  # adding a row completes step p's move mask
    # The new row is step p + WIDTH, so it decides only the mask's longest move: the rest (steps p + 1 ..
    # p + WIDTH - 1, the mask of step p without the row) and so the two tables a row can lead to, and whether
    # each is new, are the same for every candidate: only the draws (which must stay the same) cost.
    nearer = step_mask(rows, p, WIDTH)
    outcomes: dict[bool, tuple[int, bool, bool]] = {}  # longest move allowed -> (table, constant, new)
    top = rows[p]
    fallback: tuple[int, int] | None = None
    fallback_constant = True
    for _ in range(candidates):
        row = rng.bits(WIDTH)
        longest = _LONGEST_ALLOWED[top ^ row]
        outcome = outcomes.get(longest)
        if outcome is None:
            following = tables.step(state, nearer | (1 << (WIDTH - 1)) if longest else nearer)
            constant = tables.is_constant(following)
            outcome = outcomes[longest] = (following, constant, not constant and following not in seen)
        following, constant, new = outcome
        if new:
            return row, following
        if fallback_constant:
            fallback, fallback_constant = (row, following), constant
    assert fallback is not None
    return fallback


def novelty_rows(n: int, rng: SplitMix64, candidates: int = 16) -> list[int]:
    """Rows chosen greedily so that the engine meets a new, non-constant state at every step it can.

    O(n * candidates) random rows and O(n) state steps, about 12 s for n = 300,000 (backing up at most n
    times, 20 rows at most each).
    """
    if not 1 <= candidates <= 256:
        raise InvalidOption("candidates", f"candidates must be between 1 and 256, got {candidates}")
    tables = bit_form(WIDTH)
    rows = [rng.bits(WIDTH) for _ in range(WIDTH)]
    states = [tables.g1]  # states[p] is G before step p's mask is applied
    _greedy_stretch(rows, states, {tables.g1}, n, rng, candidates, restart=True)
    return rows[:n]


def glitched_rows(n: int, rng: SplitMix64, percent: int = 20) -> list[int]:
    """Alternating complements with a glitch (repeat, or one piece off) at ``percent`` % of the steps. O(n)."""
    if not 0 <= percent <= 100:
        raise InvalidOption("percent", f"percent must be between 0 and 100, got {percent}")
    rows: list[int] = []
    current = 0x0F
    while len(rows) < n:
        if rng.below(100) < percent:
            if rng.chance(1, 2):
                rows.append(current)  # a repeated row
            else:
                rows.append(current ^ (1 << rng.below(WIDTH)))  # one piece off, then carry on alternating
                current ^= _FULL
            continue
        rows.append(current)
        current ^= _FULL
    return rows


def stutter_rows(n: int, rng: SplitMix64, at: int = 0) -> list[int]:
    """Alternating complements with one repeated row at step ``at`` (0: 50 steps from the bottom). O(n)."""
    if at < 0:
        raise InvalidOption("at", f"at must be 0 or a step number, got {at}")
    where = at if at > 0 else max(1, n - _STUTTER_FROM_BOTTOM)
    rows: list[int] = []
    current = 0x0F
    for step in range(1, n + 1):
        rows.append(current)
        if step != where:
            current ^= _FULL
    return rows


def pairs_rows(n: int, rng: SplitMix64, k: int = 4, every: int = 50) -> list[int]:
    """Rows from a palette of ``k`` random rows, a new palette every ``every`` steps. O(n)."""
    if not 1 <= k <= 256:
        raise InvalidOption("k", f"k must be between 1 and 256, got {k}")
    if every < 1:
        raise InvalidOption("every", f"every must be at least 1, got {every}")
    rows: list[int] = []
    while len(rows) < n:
        palette = [rng.bits(WIDTH) for _ in range(k)]
        rows += (palette[rng.below(k)] for _ in range(min(every, n - len(rows))))
    return rows


_CYCLES_BLOCK = (101, 208, 7, 156, 184, 241)


def cycles_rows(n: int, rng: SplitMix64) -> list[int]:
    """A 6-row block, repeated, whose transitions cycle slowly (95 distinct states). O(n)."""
    return [_CYCLES_BLOCK[i % len(_CYCLES_BLOCK)] for i in range(n)]


def novstutter_rows(n: int, rng: SplitMix64, percent: int = 50) -> list[int]:
    """Novelty rows for ``percent`` % of the steps, then stutter rows. O(n * 16) state steps."""
    if not 0 <= percent <= 100:
        raise InvalidOption("percent", f"percent must be between 0 and 100, got {percent}")
    head = n * percent // 100
    return (novelty_rows(head, rng) if head else []) + stutter_rows(n - head, rng)


def novglitched_rows(n: int, rng: SplitMix64, head: int = 2000) -> list[int]:
    """``head`` novelty rows (at most ``n``), then glitched rows (20 % glitches). O(head * 16 + n)."""
    if head < 0:
        raise InvalidOption("head", f"head must be at least 0, got {head}")
    first = min(head, n)
    return (novelty_rows(first, rng) if first else []) + glitched_rows(n - first, rng)


def restutter_rows(n: int, rng: SplitMix64, head: int = 2000, every: int = 500) -> list[int]:
    """``head`` novelty rows, then alternating complements repeating a row every ``every`` steps. O(head * 16 + n)."""
    if head < 0:
        raise InvalidOption("head", f"head must be at least 0, got {head}")
    if every < 1:
        raise InvalidOption("every", f"every must be at least 1, got {every}")
    first = min(head, n)
    rows = novelty_rows(first, rng) if first else []
    current = 0x0F
    while len(rows) < n:
        rows.append(current)
        if (len(rows) - first) % every:
            current ^= _FULL
    return rows


def _greedy_stretch(
    rows: list[int],
    states: list[int],
    seen: set[int],
    count: int,
    rng: SplitMix64,
    candidates: int = 16,
    *,
    restart: bool = False,
) -> None:
    """Add ``count`` rows, each the first of ``candidates`` random rows that leads to a new table.

    ``states`` are the tables the rows so far leave (``states[p]``: ``G`` before
    step ``p``'s mask).  When every candidate makes ``G`` constant (which would
    swallow every later step) it backs up a few rows and tries another way: within
    the stretch, or, with ``restart``, past its start, from new first rows.
    O(count * candidates) state steps.
    """
    tables = bit_form(WIDTH)
    floor = len(rows)
    stuck = 0  # failures since the last step forward
    backups = 0  # (bounded, so that generation stays O(count * candidates))
    while len(rows) < floor + count:
        chosen = _choose(rows, states[-1], seen, candidates, rng)
        if (
            tables.is_constant(chosen[1])
            and not tables.is_constant(states[-1])
            and stuck < _STUCK_LIMIT
            and backups < count
        ):
            stuck += 1
            backups += 1
            back = 1 + rng.below(_LONGEST_BACKUP)
            if back > len(rows) - floor and restart:
                rows[:] = [rng.bits(WIDTH) for _ in range(floor)]
                del states[1:]
                continue
            back = min(back, len(rows) - floor)
            del rows[len(rows) - back :]
            del states[len(states) - back :]
            continue
        stuck = 0  # (after _STUCK_LIMIT failures in a row it gives up keeping G alive there)
        rows.append(chosen[0])
        states.append(chosen[1])
        seen.add(chosen[1])


def seesaw_rows(n: int, rng: SplitMix64, length: int = 1000) -> list[int]:
    """Stretches of ``length`` novelty rows and ``length`` alternating complements in turn. O(n * 16) state steps."""
    if length < 1:
        raise InvalidOption("length", f"length must be at least 1, got {length}")
    tables = bit_form(WIDTH)
    rows = [rng.bits(WIDTH) for _ in range(WIDTH)]
    states = [tables.g1]  # states[p]: G before step p's mask
    seen = {tables.g1}
    while len(rows) < n + WIDTH:
        _greedy_stretch(rows, states, seen, length, rng)
        current = rows[-1] ^ _FULL
        for _ in range(length):
            rows.append(current)
            current ^= _FULL
            states.append(tables.step(states[-1], step_mask(rows, len(rows) - 1 - WIDTH, WIDTH)))
    return rows[:n]


#: Adversarial families by name.
FAMILIES: dict[str, Family] = {
    f.name: f
    for f in (
        Family(
            "novelty",
            "adversarial: rows chosen so the engine's memo meets a new state at every step it can",
            novelty_rows,
            (Option("candidates", int, 16, "random rows tried per step, 1..256 (default 16)"),),
        ),
        Family(
            "glitched",
            "adversarial: alternating complements with random glitches (most live windows per step)",
            glitched_rows,
            (Option("percent", int, 20, "percentage of glitched steps, 0..100 (default 20)"),),
            lambda rng: {"percent": 1 + rng.below(40)},
        ),
        Family(
            "stutter",
            "adversarial: alternating complements with one repeated row (longest trajectory)",
            stutter_rows,
            (Option("at", int, 0, "the step that repeats the one above, 0 for 50 from the bottom (default 0)"),),
        ),
        Family(
            "pairs",
            "adversarial: palettes that change every few steps (most distinct pairs of move masks)",
            pairs_rows,
            (
                Option("k", int, 4, "rows per palette, 1..256 (default 4)"),
                Option("every", int, 50, "steps between new palettes (default 50)"),
            ),
        ),
        Family("cycles", "adversarial: a 6-row block whose transitions cycle slowly, repeated", cycles_rows),
        Family(
            "novstutter",
            "adversarial: novelty rows, then stutter (windows that travel too far for the merge partners)",
            novstutter_rows,
            (Option("percent", int, 50, "percentage of novelty steps, 0..100 (default 50)"),),
        ),
        Family(
            "novglitched",
            "adversarial: novelty rows, then glitched rows (days that merge only deep down)",
            novglitched_rows,
            (Option("head", int, 2000, "novelty steps first (default 2000)"),),
        ),
        Family(
            "restutter",
            "adversarial: novelty rows, then alternating complements repeating a row every few steps",
            restutter_rows,
            (
                Option("head", int, 2000, "novelty steps first (default 2000)"),
                Option("every", int, 500, "steps between repeated rows (default 500)"),
            ),
        ),
        Family(
            "seesaw",
            "adversarial: novelty stretches and alternating stretches in turn (the routes switch again and again)",
            seesaw_rows,
            (Option("length", int, 1000, "steps per stretch (default 1000)"),),
        ),
    )
}
