"""The tests' side of the report: what each test catches alone, and the smallest set keeping every catch, proven
smallest against brute force."""

from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

import downwedig.contest.strength.cover as covering
from downwedig.contest.strength.cover import cover, unique

from ...strategies import examples


def smallest(catches: dict[str, set[str]]) -> int:
    everything = set().union(*catches.values())
    for size in range(len(catches) + 1):
        for chosen in itertools.combinations(catches, size):
            if set().union(*(catches[t] for t in chosen)) >= everything:
                return size
    raise AssertionError


@given(st.lists(st.sets(st.integers(0, 9), max_size=5), min_size=1, max_size=9))
@examples(500)
def test_the_cover_is_the_smallest_and_keeps_every_catch(sets: list[set[int]]) -> None:
    catches = {f"t{i}": {f"m{x}" for x in s} for i, s in enumerate(sets)}
    chosen, exact = cover(catches)
    assert exact
    assert set().union(*(catches[t] for t in chosen)) == set().union(*catches.values())
    assert len(chosen) == smallest(catches)
    assert chosen == [t for t in catches if t in chosen]  # (in the tests' order)


def test_unique_catches_are_those_of_one_test() -> None:
    catches = {"a": {"x", "y"}, "b": {"y"}, "c": {"z"}, "d": set()}
    assert unique(catches) == {"a": ["x"], "b": [], "c": ["z"], "d": []}


def test_past_the_node_budget_the_cover_is_greedy_and_says_so(monkeypatch: object) -> None:
    monkeypatch.setattr(covering, "EXACT_NODES", 3)  # type: ignore[attr-defined]
    rng = random.Random(2)
    catches = {f"t{i}": {f"m{rng.randrange(30)}" for _ in range(6)} for i in range(25)}
    chosen, exact = cover(catches)
    assert not exact
    assert set().union(*(catches[t] for t in chosen)) == set().union(*catches.values())
