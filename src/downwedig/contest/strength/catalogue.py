"""The mutants: plausible wrong solutions of this problem, each the project's own trusted code (:data:`CATALOGUE`).

Two kinds, each :class:`Mutant` saying where it comes from:

- the field's known mistakes: the move rule off by one or counting the pieces
  that differ, a lookahead of 1 to 7 steps, the window shifted or cut to 7 bits,
  a greedy player, a wrong first day, no cut-off at the day, the players
  swapped, the rows read bottom-up, a wrong answer or a crash only past some
  n, a time-out by O(n^2), a crash of the seed's recursion at an 8 MiB stack;
- the mechanical mutations of the reference solver's code
  (:mod:`downwedig.reference`): each comparison, constant and bound of it
  changed once (``d <= common`` to ``<``, ``>=``, ``==``, ``!=``, ``>``; a range
  started at 0 or 2; ``any`` to ``all``; ...), each kept once where two
  mutations behave alike.

Four are *equivalent* on purpose (a lookahead of 9, the columns read right to
left, the colours swapped, the day's last step never computed): they answer
as the judge does, and a strength report must never call them caught.  Each
mutant answers in O(n) C-level operations (:mod:`.games`), but the quadratic
one (O(n^2) by design) and the recursion's depth check; ``tests/`` hold each
one's literal form (the reference's code with the mistake) and check that the
two agree.  O(1) to import: the tables are made on first use.

>>> len(CATALOGUE) >= 30, len({mutant.name for mutant in CATALOGUE}) == len(CATALOGUE)
(True, True)
>>> mutant("strict_rule").answer(b"\\x00\\x01\\x03")  # WWWWWWWW, WWWWWWWR, WWWWWWRR: the rule says 211
b'211'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from ...engine.solver import Solver
from ...moves import packed_move_masks
from ...staircase import WIDTH, popcount
from .games import (
    STANDARD,
    Game,
    Rule,
    all_lost,
    any_won,
    farthest_lost,
    masks,
    nearest_lost,
    play,
    shifted_lost,
)
from .seed import memo_seven_bits, quadratic, recursive

__all__ = ["ARRAY_ROWS", "CATALOGUE", "EQUIVALENT", "Mutant", "mutant"]

#: An answer: the rows of a staircase (a byte a step) -> the digits it prints, one per day.
Answer = Callable[[bytes], bytes]
_MISTAKE = "a mistake seen in solutions of this problem"
_REFERENCE = "reference.py mutated: "


@dataclasses.dataclass(frozen=True)
class Mutant:
    """A plausible wrong solution: its name, the mistake in words, where it comes from, and its answer.

    ``symmetric``: it depends on the rows only through which pieces two rows share (its answer does not
    change when the columns are reordered, or a column's colours swapped in every row), as the problem's
    does; the equivalence search may then try one staircase of each such class.  ``grows``: its time grows
    faster with n than a mutant's deadline does (:mod:`.kill`), so a time-out on n steps is one on more.
    ``needs``: what it takes to catch it when no small staircase can (a large test), in words; empty for the
    others, which a search finds a small witness for.
    """

    name: str
    description: str
    origin: str
    answer: Answer
    symmetric: bool = True
    grows: bool = False
    needs: str = ""


def _engine(values: bytes) -> bytes:
    return Solver(WIDTH).feed(packed_move_masks(values, WIDTH))


def _solve(rule: Rule = STANDARD, game: Game | None = None) -> Answer:
    """The answer of ``game`` (the true one: the engine) on the moves of ``rule``."""

    def answer(values: bytes) -> bytes:
        steps = packed_move_masks(values, WIDTH) if rule is STANDARD else masks(values, rule)
        return Solver(WIDTH).feed(steps) if game is None else play(steps, game)

    return answer


def _then(change: Callable[[bytes], bytes]) -> Answer:
    """The true answer, changed afterwards (its digits -> the digits printed)."""
    return lambda values: change(_engine(values))


def _rows(change: Callable[[bytes], bytes]) -> Answer:
    """The true answer of the rows as the mutant reads them."""
    return lambda values: _engine(change(values))


def _rule(allows: Callable[[int, int], bool]) -> Answer:
    return _solve(Rule(allows))


def _crash(where: str) -> Answer:
    """An answer that crashes on every input, as the reference's code does with this index out of range."""

    def answer(values: bytes) -> bytes:
        raise IndexError(f"list index out of range ({where})")

    return answer


def _crash_on_a_move(values: bytes) -> bytes:
    """``i + d < day`` read as ``<=``: the first move within a day reads ``won[day]``, past the list's end."""
    if any(packed_move_masks(values, WIDTH)):
        raise IndexError("list index out of range (won[day])")
    return _engine(values)


#: The rows a solution keeps in an array sized for the bound it misread.
ARRAY_ROWS = 100_000


def _fixed_array(values: bytes) -> bytes:
    if len(values) > ARRAY_ROWS:
        raise IndexError(f"index {ARRAY_ROWS} out of range: the rows are kept in an array of {ARRAY_ROWS:,}")
    return _engine(values)


def _wraps(digits: bytes) -> bytes:
    """Days counted in 16 bits: day k past 65,536 is answered as day k - 65,536."""
    period = digits[: 1 << 16]
    return (period * (len(digits) // len(period) + 1))[: len(digits)]


_REVERSED_BITS = bytes(int(f"{x:08b}"[::-1], 2) for x in range(256))
_COMPLEMENT = bytes(255 - x for x in range(256))
_ONE_HIGHER = bytes(x << 1 & 0xFF for x in range(256))


def _mistakes() -> list[Mutant]:
    window = [
        Mutant(
            f"window_{w}" if w != 7 else "short_window",
            f"moves of at most {w} step{'s' * (w > 1)} are looked at (a lookahead of {w}, not 8)",
            _MISTAKE
            if w != 7
            else _MISTAKE + "; also reference.py mutated: `min(width, ...)` -> `min(width - 1, ...)`",
            _solve(Rule(window=w)),
        )
        for w in range(1, WIDTH)
    ]
    return [
        Mutant(
            "strict_rule",
            "a move needs distance < common pieces (the rule is <=)",
            _MISTAKE + "; also reference.py mutated: `d <= common` -> `d < common`",
            _rule(lambda d, common: d < common),
        ),
        Mutant("rule_plus_one", "a move needs distance <= common + 1", _MISTAKE, _rule(lambda d, c: d <= c + 1)),
        Mutant(
            "counts_differences",
            "common counts the pieces that differ, not those that agree",
            _MISTAKE + "; also reference.py mutated: `eq` -> `ne` in _common",
            _solve(Rule(common_of=popcount)),
        ),
        Mutant(
            "seven_columns",
            "common counts 7 of the 8 columns (the last one is left out)",
            _MISTAKE,
            _solve(Rule(common_of=lambda x: 7 - popcount(x & 0xFE))),
            symmetric=False,
        ),
        *window,
        Mutant(
            "window_shifted",
            "a move of d reads the status of the step d + 1 below",
            _MISTAKE,
            _solve(game=Game(won=shifted_lost, reads_past=1)),
        ),
        Mutant(
            "seven_bits",
            "the window of statuses is kept in 7 bits: the step 8 below reads as lost",
            _MISTAKE,
            _solve(game=Game(keep=0x7F)),
        ),
        Mutant(
            "memo_seven_bits",
            "the seed's memo keyed by 7 bits of the window: days that differ only 7 steps down share an answer",
            _MISTAKE,
            memo_seven_bits,
        ),
        Mutant(
            "mask_off_by_one",
            "a move of d is stored as a move of d + 1 (the mask's bit one too high)",
            _MISTAKE,
            lambda values: Solver(WIDTH).feed(packed_move_masks(values, WIDTH).translate(_ONE_HIGHER)),
        ),
        Mutant(
            "start_all_lost",
            "the day's window starts with every step lost (the seed's 254 written 0)",
            _MISTAKE,
            _solve(game=Game(cut_off=False, last=0)),
        ),
        Mutant(
            "start_all_won",
            "the day's window starts with every step won, its last step too (the seed's 254 written 255)",
            _MISTAKE,
            _solve(game=Game(last=1)),
        ),
        Mutant(
            "greedy_farthest",
            "a player always moves as far down as the rule allows",
            _MISTAKE,
            _solve(game=Game(won=farthest_lost)),
        ),
        Mutant(
            "greedy_nearest",
            "a player always moves to the nearest step the rule allows",
            _MISTAKE,
            _solve(game=Game(won=nearest_lost)),
        ),
        Mutant(
            "first_day",
            "day 1 is printed as Dina's (she cannot move on day 1)",
            _MISTAKE,
            _then(lambda d: b"1" + d[1:]),
        ),
        Mutant(
            "players_swapped",
            "1 printed for Dima and 2 for Dina",
            _MISTAKE + "; also reference.py mutated: '1' and '2' swapped",
            _solve(game=Game(digits=b"21")),
        ),
        Mutant(
            "beyond_day_lost",
            "no cut-off at the day: the steps past it are there, and count as lost",
            _MISTAKE,
            _solve(game=Game(cut_off=False)),
        ),
        Mutant(
            "only_last_day",
            "every day is answered as the last (the whole staircase every day)",
            _MISTAKE,
            _then(lambda d: d[-1:] * len(d)),
        ),
        Mutant("one_day_late", "day k is played with step k + 1 in it", _MISTAKE, _then(lambda d: d[1:] + d[-1:])),
        Mutant(
            "one_day_early",
            "day k is played without step k",
            _MISTAKE + "; also reference.py mutated: `i + d < day` -> `i + d < day - 1`",
            _then(lambda d: b"2" + d[:-1]),
        ),
        Mutant("rows_reversed", "the staircase is read bottom-up", _MISTAKE, _rows(lambda values: values[::-1])),
        Mutant(
            "wraps_16_bits",
            "days counted in 16 bits: wrong only past n = 65,536",
            _MISTAKE,
            _then(_wraps),
            needs="a test of more than 65,536 steps (gen max)",
        ),
        Mutant(
            "fixed_array",
            f"the rows kept in an array of {ARRAY_ROWS:,}: a crash only past that n",
            _MISTAKE,
            _fixed_array,
            needs=f"a test of more than {ARRAY_ROWS:,} steps (gen max)",
        ),
        Mutant(
            "quadratic",
            "every day recomputed from the rules: right, but O(n^2)",
            _MISTAKE,
            quadratic,
            grows=True,
            needs="a test of some thousands of steps, which it takes too long on (gen max)",
        ),
        Mutant(
            "deep_recursion",
            "the seed's memoised recursion, at an 8 MiB stack: right, but it crashes where it goes too deep",
            _MISTAKE + " (the seed's, on judges that give 8 MiB of stack)",
            recursive,
            needs="a large test whose recursion goes deep (gen max --kind stutter)",
        ),
    ]


def _mutations() -> list[Mutant]:
    def ref(change: str) -> str:
        return _REFERENCE + change

    return [
        Mutant(
            "distance_zero",
            "a move of 0 steps counts: every step is won",
            ref("`range(1, ...)` -> `range(0, ...)` in _moves"),
            lambda v: b"1" * len(v),
        ),
        Mutant(
            "no_distance_one",
            "moves of one step are never looked at",
            ref("`range(1, ...)` -> `range(2, ...)` in _moves"),
            _rule(lambda d, c: 2 <= d <= c),
        ),
        Mutant("index_past_end", "moves looked at up to step n + 1", ref("`n - 1 - i` -> `n - i`"), _crash("rows[n]")),
        Mutant(
            "last_step_unreachable",
            "no move reaches step n",
            ref("`n - 1 - i` -> `n - 2 - i`"),
            _last_step_unreachable(7 + 1),
        ),
        Mutant(
            "window_7_no_last_step",
            "moves of at most 7 steps, none reaching step n",
            ref("`min(...) + 1` -> `min(...)`"),
            _last_step_unreachable(7),
        ),
        Mutant(
            "rule_ge",
            "a move needs distance >= common",
            ref("`d <= common` -> `d >= common`"),
            _rule(lambda d, c: d >= c),
        ),
        Mutant(
            "rule_gt", "a move needs distance > common", ref("`d <= common` -> `d > common`"), _rule(lambda d, c: d > c)
        ),
        Mutant(
            "rule_eq",
            "a move needs distance == common",
            ref("`d <= common` -> `d == common`"),
            _rule(lambda d, c: d == c),
        ),
        Mutant(
            "rule_ne",
            "a move needs distance != common",
            ref("`d <= common` -> `d != common`"),
            _rule(lambda d, c: d != c),
        ),
        Mutant(
            "statuses_from_day",
            "the statuses are computed from step day + 1",
            ref("`range(day - 1, ...)` -> `range(day, ...)`"),
            _crash("won[day]"),
        ),
        Mutant(
            "step_one_skipped",
            "step 1's status is never computed: Dima wins every day",
            ref("`range(..., -1, -1)` -> `range(..., 0, -1)`"),
            lambda v: b"2" * len(v),
        ),
        Mutant(
            "status_all",
            "a step is won when every move reaches a lost step",
            ref("`any` -> `all`"),
            _solve(game=Game(won=all_lost)),
        ),
        Mutant(
            "status_not_negated",
            "a step is won when a move reaches a won step",
            ref("`not won[i + d]` -> `won[i + d]`"),
            _solve(game=Game(won=any_won)),
        ),
        Mutant(
            "cut_off_inclusive",
            "a move may reach step day + 1",
            ref("`i + d < day` -> `i + d <= day`"),
            _crash_on_a_move,
        ),
        Mutant(
            "days_from_two",
            "day 1 is not printed",
            ref("`range(1, n + 1)` -> `range(2, n + 1)` for the days"),
            _then(lambda d: d[1:]),
        ),
        Mutant(
            "last_day_missing",
            "day n is not printed",
            ref("`range(1, n + 1)` -> `range(1, n)` for the days"),
            _then(lambda d: d[:-1]),
        ),
        Mutant(
            "day_zero",
            "the days are counted from 0",
            ref("`range(1, n + 1)` -> `range(0, n + 1)` for the days"),
            _crash("_statuses(moves, 0)[0]"),
        ),
        # The equivalent ones: each answers exactly as the judge does.
        Mutant(
            "window_9",
            "moves of up to 9 steps looked at (none is legal: two rows share at most 8 pieces)",
            ref("`min(width, ...)` -> `min(width + 1, ...)`"),
            _solve(Rule(window=WIDTH + 1)),
        ),
        Mutant(
            "last_step_never_computed",
            "the day's last step keeps its first status (lost, which it is)",
            ref("`range(day - 1, ...)` -> `range(day - 2, ...)`"),
            _solve(game=Game(last=0)),
        ),
        Mutant(
            "columns_reversed",
            "the columns read right to left",
            _MISTAKE,
            _rows(lambda values: values.translate(_REVERSED_BITS)),
        ),
        Mutant(
            "colours_swapped",
            "W read as red and R as white",
            _MISTAKE,
            _rows(lambda values: values.translate(_COMPLEMENT)),
        ),
    ]


def _last_step_unreachable(window: int) -> Answer:
    """Moves of at most ``window`` steps, none reaching the last step (the reference's bound cut by one)."""

    def answer(values: bytes) -> bytes:
        steps = bytearray(masks(values, Rule(window=window)))
        n = len(steps)
        for i in range(max(0, n - WIDTH - 1), n):
            steps[i] &= (1 << max(0, n - 2 - i)) - 1  # (step i + 1 reaches steps up to n - 1 only)
        return Solver(WIDTH).feed(bytes(steps))

    return answer


#: Every mutant, the field's mistakes first, then the mechanical mutations of the reference.
CATALOGUE: tuple[Mutant, ...] = (*_mistakes(), *_mutations())
_BY_NAME = {m.name: m for m in CATALOGUE}

#: The mutants that answer exactly as the judge does on every staircase, and why: no test can catch them
#: (``strength`` still runs them, and searches; ``package`` leaves them out: :mod:`.vetting`).
EQUIVALENT: dict[str, str] = {
    "window_9": "a move of 9 steps needs 9 common pieces, and two rows of 8 share at most 8",
    "last_step_never_computed": "the day's last step has no move (nothing is below it), so it is lost, as kept",
    "columns_reversed": "two rows share as many pieces read right to left as left to right",
    "colours_swapped": "two pieces are the same colour after swapping both exactly when they were before",
}


def mutant(name: str) -> Mutant:
    """The mutant called ``name``; KeyError otherwise. O(1)."""
    return _BY_NAME[name]
