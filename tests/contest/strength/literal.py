"""Each mutant of the catalogue in its literal form: the reference solver's code (``downwedig.reference``) with the
mistake written into it, O(n^2) and obviously what it says.  The catalogue's fast forms must answer as these do
(``test_catalogue.py``)."""

from __future__ import annotations

import functools
from collections.abc import Callable

Literal = Callable[[list[int]], str]


def _common(a: int, b: int) -> int:
    return 8 - (a ^ b).bit_count()


def reference(
    rows: list[int],
    *,
    common: Callable[[int, int], int] = _common,
    first: int = 1,
    window: int = 8,
    bound: Callable[[int, int], int] = lambda n, i: n - 1 - i,
    plus: int = 1,
    rule: Callable[[int, int], bool] = lambda d, c: d <= c,
    start: Callable[[int], int] = lambda day: day - 1,
    stop: int = -1,
    combine: Callable[..., bool] = any,
    negate: bool = True,
    within: Callable[[int, int, int], bool] = lambda i, d, day: i + d < day,
    digits: str = "12",
    days: Callable[[int], range] = lambda n: range(1, n + 1),
) -> str:
    """``downwedig.reference.reference_answer``, each of its comparisons, constants and bounds a parameter."""
    n = len(rows)
    moves = [
        [d for d in range(first, min(window, bound(n, i)) + plus) if rule(d, common(rows[i], rows[i + d]))]
        for i in range(n)
    ]

    def statuses(day: int) -> list[bool]:
        won = [False] * day
        for i in range(start(day), stop, -1):
            won[i] = combine((not won[i + d]) if negate else won[i + d] for d in moves[i] if within(i, d, day))
        return won

    return "".join(digits[0] if statuses(k)[0] else digits[1] for k in days(n))


def _moves(rows: list[int], rule: Callable[[int, int], bool] = lambda d, c: d <= c) -> list[list[int]]:
    n = len(rows)
    return [[d for d in range(1, min(8, n - 1 - i) + 1) if rule(d, _common(rows[i], rows[i + d]))] for i in range(n)]


def _game(
    rows: list[int], step: Callable[[list[bool], int, list[int], int], bool], size: Callable[[int, int], int]
) -> str:
    """A day played step by step: ``step(won, i, moves within reach, day)`` is step i's status; ``size`` the
    list of statuses' length (the day's, or the whole staircase's)."""
    moves = _moves(rows)
    out = []
    for day in range(1, len(rows) + 1):
        won = [False] * size(day, len(rows))
        for i in range(day - 1, -1, -1):
            won[i] = step(won, i, moves[i], day)
        out.append("1" if won[0] else "2")
    return "".join(out)


def _greedy(pick: Callable[[list[int]], int]) -> Literal:
    def answer(rows: list[int]) -> str:
        def step(won: list[bool], i: int, moves: list[int], day: int) -> bool:
            reach = [d for d in moves if i + d < day]
            return bool(reach) and not won[i + pick(reach)]

        return _game(rows, step, lambda day, n: day)

    return answer


def _shifted(rows: list[int]) -> str:
    def step(won: list[bool], i: int, moves: list[int], day: int) -> bool:
        return any(not won[i + d + 1] for d in moves if i + d + 1 < day and d + 1 <= 8)

    return _game(rows, step, lambda day, n: day)


def _seven_bits(rows: list[int]) -> str:
    def step(won: list[bool], i: int, moves: list[int], day: int) -> bool:
        return any(not (won[i + d] if d < 8 else False) for d in moves if i + d < day)

    return _game(rows, step, lambda day, n: day)


def _beyond_day_lost(rows: list[int]) -> str:
    def step(won: list[bool], i: int, moves: list[int], day: int) -> bool:
        return any(not won[i + d] for d in moves)

    return _game(rows, step, lambda day, n: n)


def _quadratic(rows: list[int]) -> str:
    return reference(rows)


def _fixed_array(rows: list[int]) -> str:
    kept = [0] * 100_000
    for i, row in enumerate(rows):
        kept[i] = row  # IndexError past 100,000 rows
    return reference(rows)


def _seed(rows: list[int], key: int = 0xFF, start: int = 254) -> str:
    """The seed's ``dfs(pos, now)`` with its memo keyed by ``now & key``, literally (recursion and all)."""
    import sys

    n = len(rows)
    e = [0] * (n + 2)  # e[i]: step i's mask, 1-based
    for i in range(1, n + 1):
        for j in range(i + 1, min(n, i + 8) + 1):
            if 8 - (rows[i - 1] ^ rows[j - 1]).bit_count() >= j - i:
                e[i] |= 1 << (j - i - 1)
    memo: dict[tuple[int, int], int] = {}

    def dfs(pos: int, now: int) -> int:
        if pos == 1:
            return 1 if now & 1 else 2
        if (pos, now & key) in memo:
            return memo[pos, now & key]
        sign = 1 if (~now) & e[pos - 1] else 0
        memo[pos, now & key] = found = dfs(pos - 1, (now << 1) & 255 | sign)
        return found

    sys.setrecursionlimit(max(1000, 3 * n + 100))
    return "".join(str(dfs(i, start)) for i in range(1, n + 1))


def _mask_off_by_one(rows: list[int]) -> str:
    moves = [[d + 1 for d in m if d + 1 <= 8] for m in _moves(rows)]
    out = []
    for day in range(1, len(rows) + 1):
        won = [False] * day
        for i in range(day - 1, -1, -1):
            won[i] = any(not won[i + d] for d in moves[i] if i + d < day)
        out.append("1" if won[0] else "2")
    return "".join(out)


def _start_all_lost(rows: list[int]) -> str:
    """The seed's recursion started at 0: the day's step and the 7 below it lost, the masks not cut at the day."""
    return _seed(rows, start=0)


def _window(window: int, rows: list[int]) -> str:
    return reference(rows, window=window)


def _reversed_bits(row: int) -> int:
    return int(f"{row:08b}"[::-1], 2)


LITERAL: dict[str, Literal] = {
    "strict_rule": lambda r: reference(r, rule=lambda d, c: d < c),
    "rule_plus_one": lambda r: reference(r, rule=lambda d, c: d <= c + 1),
    "counts_differences": lambda r: reference(r, common=lambda a, b: (a ^ b).bit_count()),
    "seven_columns": lambda r: reference(r, common=lambda a, b: 7 - ((a ^ b) & 0xFE).bit_count()),
    **{f"window_{w}": functools.partial(_window, w) for w in range(1, 7)},
    "short_window": lambda r: reference(r, window=7),
    "window_shifted": _shifted,
    "seven_bits": _seven_bits,
    "memo_seven_bits": lambda r: _seed(r, key=0x7F),
    "mask_off_by_one": _mask_off_by_one,
    "start_all_lost": _start_all_lost,
    "start_all_won": lambda r: _seed(r, start=255),
    "greedy_farthest": _greedy(max),
    "greedy_nearest": _greedy(min),
    "first_day": lambda r: "1" + reference(r)[1:],
    "players_swapped": lambda r: reference(r, digits="21"),
    "beyond_day_lost": _beyond_day_lost,
    "only_last_day": lambda r: reference(r)[-1] * len(r),
    "one_day_late": lambda r: reference(r)[1:] + reference(r)[-1],
    "one_day_early": lambda r: reference(r, within=lambda i, d, day: i + d < day - 1),
    "rows_reversed": lambda r: reference(r[::-1]),
    "wraps_16_bits": lambda r: reference(r),  # (wrong only past 65,536 steps: tested apart)
    "fixed_array": _fixed_array,
    "quadratic": _quadratic,
    "deep_recursion": lambda r: reference(r),  # (crashes only past 261,600 steps: tested apart)
    "distance_zero": lambda r: reference(r, first=0),
    "no_distance_one": lambda r: reference(r, first=2),
    "index_past_end": lambda r: reference(r, bound=lambda n, i: n - i),
    "last_step_unreachable": lambda r: reference(r, bound=lambda n, i: n - 2 - i),
    "window_7_no_last_step": lambda r: reference(r, plus=0),
    "rule_ge": lambda r: reference(r, rule=lambda d, c: d >= c),
    "rule_gt": lambda r: reference(r, rule=lambda d, c: d > c),
    "rule_eq": lambda r: reference(r, rule=lambda d, c: d == c),
    "rule_ne": lambda r: reference(r, rule=lambda d, c: d != c),
    "statuses_from_day": lambda r: reference(r, start=lambda day: day),
    "step_one_skipped": lambda r: reference(r, stop=0),
    "status_all": lambda r: reference(r, combine=all),
    "status_not_negated": lambda r: reference(r, negate=False),
    "cut_off_inclusive": lambda r: reference(r, within=lambda i, d, day: i + d <= day),
    "days_from_two": lambda r: reference(r, days=lambda n: range(2, n + 1)),
    "last_day_missing": lambda r: reference(r, days=lambda n: range(1, n)),
    "day_zero": lambda r: reference(r, days=lambda n: range(0, n + 1)),
    "window_9": lambda r: reference(r, window=9),
    "last_step_never_computed": lambda r: reference(r, start=lambda day: day - 2),
    "columns_reversed": lambda r: reference([_reversed_bits(row) for row in r]),
    "colours_swapped": lambda r: reference([255 - row for row in r]),
}
