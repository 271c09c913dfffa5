"""What one run did (:class:`Run`), as a judge records it: how it ended, what it wrote, its time and memory.

Creating one is O(1).

>>> Run(0, b"2\\n", b"", 0.01).timed_out
False
"""

from __future__ import annotations

import dataclasses

from .limits import OUTPUT_LIMIT

__all__ = ["STDERR_KEPT", "Run"]

#: How much of a run's standard error is kept (the start).
STDERR_KEPT = 64 << 10


@dataclasses.dataclass(frozen=True)
class Run:
    """What one run of the solution did."""

    returncode: int | None  # None when killed at the wall-clock limit; -N: killed by signal N
    stdout: bytes  # what it wrote, up to output_limit bytes
    stderr: bytes  # the first STDERR_KEPT bytes
    seconds: float  # wall-clock time
    cpu_seconds: float = 0.0  # user + system: of the whole cgroup, or of the command and what it waited for
    peak_mib: float | None = None  # peak memory (the cgroup's, or the resident size); None if unknown
    output_limit: int = OUTPUT_LIMIT
    isolation: str = "process-group"  # the accounting's mode, and the sandbox's name after a +
    out_of_memory: bool = False  # the kernel's OOM killer ended a process of the run's cgroup
    overflow: str | None = None  # "output" or "error output" when it wrote more than output_limit (then ended)

    @property
    def timed_out(self) -> bool:
        """Whether the run was killed for taking too long (wall clock)."""
        return self.returncode is None
