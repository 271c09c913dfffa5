"""A small, fully specified pseudo-random generator for reproducible tests.

Python's :mod:`random` and numpy's generators do not promise the same stream
across versions, so a test generated today might differ tomorrow.  This module
implements *splitmix64* (Steele, Lea and Flood, "Fast splittable pseudorandom
number generators", OOPSLA 2014; the seeding generator of xoshiro), whose
whole definition is the five lines of :meth:`SplitMix64.next64`, and builds
every other draw from it with integer arithmetic only, so the same seed gives
the same numbers on every machine and every Python version.

The state is a 64-bit integer.  Each call adds the golden-ratio constant
``0x9E3779B97F4A7C15`` to it (mod ``2**64``) and returns a mix of the new state::

    z = state
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9  (mod 2**64)
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB  (mod 2**64)
    return z ^ (z >> 31)

>>> rng = SplitMix64(0)
>>> hex(rng.next64())  # the published first output for seed 0
'0xe220a8397b1dcdaf'
>>> rng.below(6), rng.chance(1, 2), rng.choice("WR")
(0, False, 'W')
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import TypeVar

__all__ = ["SplitMix64", "derive_seed"]

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


class SplitMix64:
    """The splitmix64 generator; every draw is defined here bit for bit.

    ``seed`` may be any integer; it is reduced mod ``2**64``.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit output, an integer in ``[0, 2**64)``. O(1).

        >>> SplitMix64(1).next64() == SplitMix64(1).next64()
        True
        """
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, k: int) -> int:
        """A uniform integer in ``[0, k)``, without modulo bias. O(1) expected.

        Outputs at or above the largest multiple of ``k`` that fits in 64 bits
        are rejected and drawn again (for ``k < 2**32`` that happens with
        probability below ``2**-32``).  ``k`` must be in ``[1, 2**64]``.

        >>> rng = SplitMix64(7)
        >>> sorted({rng.below(3) for _ in range(100)})
        [0, 1, 2]
        """
        if not 1 <= k <= 1 << 64:
            raise ValueError(f"below() needs 1 <= k <= 2**64, got {k}")
        limit = ((1 << 64) // k) * k
        while True:
            value = self.next64()
            if value < limit:
                return value % k

    def chance(self, numerator: int, denominator: int) -> bool:
        """True with probability exactly ``numerator / denominator``. O(1) expected.

        Integer-only, so the result never depends on floating point.
        ``0 <= numerator <= denominator`` and ``denominator >= 1``.

        >>> rng = SplitMix64(3)
        >>> rng.chance(0, 5), rng.chance(5, 5)
        (False, True)
        """
        if denominator < 1 or not 0 <= numerator <= denominator:
            raise ValueError(f"chance() needs 0 <= numerator <= denominator, got {numerator}/{denominator}")
        return self.below(denominator) < numerator

    def choice(self, seq: Sequence[T]) -> T:
        """A uniformly chosen element of the non-empty ``seq``. O(1) expected.

        >>> SplitMix64(5).choice(["only"])
        'only'
        """
        if not seq:
            raise IndexError("choice() from an empty sequence")
        return seq[self.below(len(seq))]

    def sample(self, population: Sequence[T], k: int) -> list[T]:
        """``k`` distinct positions of ``population``, chosen uniformly, in draw order.

        A partial Fisher-Yates shuffle that remembers only the swapped
        positions, so ``sample(range(10**9), 3)`` costs O(k), not O(len).

        >>> rng = SplitMix64(11)
        >>> picked = rng.sample(range(8), 3)
        >>> len(set(picked)), all(0 <= p < 8 for p in picked)
        (3, True)
        """
        size = len(population)
        if not 0 <= k <= size:
            raise ValueError(f"sample() needs 0 <= k <= {size}, got {k}")
        swapped: dict[int, int] = {}
        out: list[T] = []
        for i in range(k):
            j = i + self.below(size - i)
            pick = swapped.get(j, j)
            swapped[j] = swapped.get(i, i)
            out.append(population[pick])
        return out

    def bits(self, count: int) -> int:
        """``count`` uniform random bits as one integer (``count >= 0``). O(count / 64).

        >>> 0 <= SplitMix64(2).bits(100) < 2**100
        True
        """
        if 0 < count <= 64:  # (the common case, the same bits as the general one: one word, its top bits)
            return self.next64() >> (64 - count)
        words = b"".join(self.next64().to_bytes(8, "big") for _ in range((count + 63) // 64))
        return int.from_bytes(words, "big") >> (-count % 64)


def derive_seed(family: str, n: int, seed: int, options: Mapping[str, object] | None = None) -> int:
    """The generator seed for one test: a hash of all the arguments that define it. O(len).

    The arguments are written as ``downwedig-gen/1``, the family, ``n``, the
    seed and each option as ``name=value`` (sorted by name, values by
    ``str``), separated by newlines; the seed is the first 8 bytes of their
    SHA-256, big-endian.  So ``gen random --n 10 --seed 1`` and
    ``gen random --n 11 --seed 1`` give unrelated streams.

    >>> derive_seed("random", 10, 1) == derive_seed("random", 10, 1, {})
    True
    >>> derive_seed("random", 10, 1) != derive_seed("random", 11, 1)
    True
    """
    parts = ["downwedig-gen/1", family, str(n), str(seed)]
    parts += [f"{name}={value}" for name, value in sorted((options or {}).items())]
    digest = hashlib.sha256("\n".join(parts).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")
