"""The limits of a run (:class:`Limits`), as judges set them: CPU, wall clock, memory, stack, output; and the
policy that derives them, in one place (as BAPCtools' ``ProblemLimits`` holds it).

The running room takes a run's limits whole; :mod:`~downwedig.contest.judging.verdict`
gives them to the judge's vocabulary.  They default to the original contest's
(:data:`~downwedig.staircase.TIME_LIMIT_S`, :data:`~downwedig.staircase.MEMORY_LIMIT_MIB`);
the stack is the memory limit unless told otherwise, as Kattis and Codeforces give it.
The multipliers are the Kattis problem package format's: a run is killed at
:data:`TIME_LIMIT_TO_TLE` times the time limit (plus a second), a time limit is at
least :data:`AC_TO_TIME_LIMIT` times the slowest accepted run
(:func:`suggested_time_limit`), and the legacy format's default is
:data:`LEGACY_MULTIPLIER` times it.  Each is O(1).

>>> Limits().wall_s, Limits().stack
(8.5, 512)
>>> Limits(stack_mib=8).stack
8
"""

from __future__ import annotations

import dataclasses
import math

from ...staircase import MEMORY_LIMIT_MIB, TIME_LIMIT_S

__all__ = [
    "AC_TO_TIME_LIMIT",
    "LEGACY_MULTIPLIER",
    "OPEN_FILES",
    "OUTPUT_LIMIT",
    "TIME_LIMIT_TO_TLE",
    "Limits",
    "suggested_time_limit",
]

#: The largest output a solution may write (bytes), as judges cap it: 8 MiB, 30 times the judge's answer.
OUTPUT_LIMIT = 8 << 20
#: The most files a process of a run may have open at once (``RLIMIT_NOFILE``): the usual default.
OPEN_FILES = 1024
#: The wall-clock limit is this many times the CPU limit, plus a second (a sleeping run ends too): the 2025-09
#: format's ``time_limit_to_tle``.
TIME_LIMIT_TO_TLE = 1.5
#: A time limit is at least this many times the slowest accepted run: the 2025-09 format's ``ac_to_time_limit``.
AC_TO_TIME_LIMIT = 2.0
#: The legacy format's ``time_multiplier``: verifyproblem's time limit is this many times the slowest accepted run.
LEGACY_MULTIPLIER = 5


def suggested_time_limit(slowest_s: float) -> int:
    """The time limit the package format derives from the slowest accepted run: :data:`AC_TO_TIME_LIMIT` times
    it, rounded up to a whole second (its default ``time_resolution``), at least 1 s. O(1).

    >>> suggested_time_limit(0.07), suggested_time_limit(1.2)
    (1, 3)
    """
    return max(1, math.ceil(round(slowest_s * AC_TO_TIME_LIMIT, 6)))


@dataclasses.dataclass(frozen=True)
class Limits:
    """The limits of a run: CPU seconds, memory (MiB), stack (MiB; None: the memory limit) and the largest
    output (bytes); the judge's by default."""

    cpu_s: float = TIME_LIMIT_S
    memory_mib: int = MEMORY_LIMIT_MIB
    output_bytes: int = OUTPUT_LIMIT
    stack_mib: int | None = None

    @property
    def wall_s(self) -> float:
        """The wall-clock limit: :data:`TIME_LIMIT_TO_TLE` times the CPU limit, plus a second."""
        return TIME_LIMIT_TO_TLE * self.cpu_s + 1

    @property
    def stack(self) -> int:
        """The stack the run gets (MiB): ``stack_mib``, else the memory limit."""
        return self.memory_mib if self.stack_mib is None else self.stack_mib
