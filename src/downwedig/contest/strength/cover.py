"""Which tests matter: the catches only one test makes, and the smallest set of tests that keeps every catch.

The input is each test's catches (the mutants and solutions it does not
accept).  :func:`unique` gives, for each test, what no other test catches;
:func:`cover` the smallest subset of the tests that catches everything some
test catches -- a set cover, exact by branch and bound (each step branches on
the catch with the fewest tests left, and stops at the size of the best cover
so far) once the tests that must be in it (a catch only they make) are taken
and the tests whose catches another test's include are dropped; when the
search would pass :data:`EXACT_NODES` branches, the greedy cover (the test
with the most new catches first) is given, and said to be greedy.  O(tests *
catches) for the reductions; the branching is exponential only in what they
leave, which is little on real plans.

>>> catches = {"a": {"m1", "m2"}, "b": {"m2", "m3"}, "c": {"m3"}, "d": set()}
>>> unique(catches)
{'a': ['m1'], 'b': [], 'c': [], 'd': []}
>>> cover(catches)
(['a', 'b'], True)
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["EXACT_NODES", "cover", "unique"]

#: The most branches the exact search takes before the greedy cover is given instead.
EXACT_NODES = 200_000


def unique(catches: Mapping[str, set[str]]) -> dict[str, list[str]]:
    """For each test (in the mapping's order), the catches no other test makes, sorted. O(tests * catches)."""
    seen: dict[str, int] = {}
    for caught in catches.values():
        for name in caught:
            seen[name] = seen.get(name, 0) + 1
    return {test: sorted(name for name in caught if seen[name] == 1) for test, caught in catches.items()}


def _greedy(catches: Mapping[str, set[str]], left: set[str]) -> list[str]:
    chosen: list[str] = []
    left = set(left)
    while left:
        best = max(catches, key=lambda test: len(catches[test] & left))
        chosen.append(best)
        left -= catches[best]
    return chosen


def cover(catches: Mapping[str, set[str]]) -> tuple[list[str], bool]:
    """The smallest subset of the tests that catches all that they catch together, in the mapping's order, and
    whether it is proven smallest (True) or the greedy one (False). See the module docstring.

    >>> cover({"a": set(), "b": set()})
    ([], True)
    """
    everything = set().union(*catches.values()) if catches else set()
    order = {test: index for index, test in enumerate(catches)}
    # Reductions: a test whose catches another's hold (ties: the earlier test stays) is never needed.
    useful = [test for test in catches if catches[test]]
    kept = [
        test
        for test in useful
        if not any(
            other != test
            and catches[test] <= catches[other]
            and (catches[test] != catches[other] or order[other] < order[test])
            for other in useful
        )
    ]
    options = {name: [test for test in kept if name in catches[test]] for name in everything}
    best = _greedy({test: catches[test] for test in kept}, everything)
    nodes = 0

    def search(chosen: list[str], left: set[str]) -> bool:
        """Branch and bound; False when the node budget ran out."""
        nonlocal best, nodes
        if not left:
            if len(chosen) < len(best):
                best = list(chosen)
            return True
        if len(chosen) + 1 >= len(best):
            return True  # (one more test at least: no better than the best so far)
        nodes += 1
        if nodes > EXACT_NODES:
            return False
        name = min(left, key=lambda catch: (len(options[catch]), catch))
        return all(search([*chosen, test], left - catches[test]) for test in options[name])

    exact = search([], everything)
    return sorted(best, key=order.__getitem__), exact
