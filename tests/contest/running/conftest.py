"""The running tests' fixtures: the isolation modes (see :mod:`tests.isolation`), and a check that no test
leaves a cgroup of this process behind (cheap: three folders listed)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

import pytest

from downwedig import owner

from ...isolation import boxed, grouped, mode, tag, unboxed

__all__ = ["boxed", "grouped", "mode", "no_group_left", "tag", "unboxed"]

_BASES = (
    "/sys/fs/cgroup/pids",
    "/sys/fs/cgroup/memory",
    "/sys/fs/cgroup/cpuacct",
    "/sys/fs/cgroup/unified",
    "/sys/fs/cgroup",
)


def _groups() -> set[str]:
    """The cgroups named after this test process (its runs' and its own tests' groups), in the usual places."""
    mine = f"downwedig-{owner.namespace()}-{os.getpid()}-"
    found: set[str] = set()
    for base in _BASES:
        with contextlib.suppress(OSError):
            found |= {os.path.join(base, e) for e in os.listdir(base) if e.startswith(mine)}
    return found


@pytest.fixture(autouse=True)
def no_group_left() -> Iterator[None]:
    """Fail a test that leaves a cgroup of this process behind (its processes would be left running too)."""
    before = _groups()
    yield
    left = _groups() - before
    assert not left, f"cgroups left behind: {sorted(left)}"
