"""A run's pipes, as the judge holds them: its input fed as it reads, its output and errors drained up to a cap.

No file of the judge's is open in a run: its input, output and errors are
pipes, whose other ends the judge holds (as isolate and DOMjudge's runguard do,
a run has no descriptor on the judge's disk: nothing it does to them, such as
``fallocate``, takes the judge's disk).  While the run goes on, :func:`wait`
writes the input into its pipe as the run reads it, and reads what the run
writes as it comes (:class:`Drain`), never blocking the judge; the run ends at
its wall-clock deadline, at its CPU limit, or when it has written more than its
cap (then it is ended at once: it cannot make the judge hold more).  Cost: the
run's own time; a ``poll`` and a read or write per 64 KiB that passes.

>>> reader, writer = os.pipe()
>>> drain = Drain(reader, cap=4, kept=4)
>>> _ = os.write(writer, b"12345"); os.close(writer); drain.read_rest(); drain.close()
>>> drain.data, drain.size, drain.over
(b'1234', 5, True)
"""

from __future__ import annotations

import contextlib
import os
import select
import time
from collections.abc import Callable

__all__ = ["CPU_POLL", "Drain", "Feeder", "exited", "wait"]

#: How often the judge reads a cgroup's CPU time while a run goes on (seconds).
CPU_POLL = 0.05
_CHUNK = 1 << 16


def exited(pid: int) -> bool:
    """Whether this process's child ``pid`` has ended (it is not reaped: its id stays its own). O(1).

    >>> import subprocess
    >>> child = subprocess.Popen(["sleep", "10"]); exited(child.pid)
    False
    >>> child.kill(); _ = child.wait()
    """
    return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None


class Feeder:
    """The run's input, written into its pipe as the run reads it (never blocking the judge)."""

    def __init__(self, fd: int, data: bytes) -> None:
        self.fd: int | None = fd
        self.data = memoryview(data)
        os.set_blocking(fd, False)
        if not data:
            self.close()

    def write_some(self) -> None:
        if self.fd is None:
            return
        try:
            self.data = self.data[os.write(self.fd, self.data[:_CHUNK]) :]
        except BlockingIOError:
            return
        except OSError:  # the command closed its input (BrokenPipeError): the rest is not wanted
            self.data = self.data[:0]
        if not self.data:
            self.close()

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


class Drain:
    """What the run writes to one pipe: the first ``kept`` bytes, and how much in all (``over`` past ``cap``)."""

    def __init__(self, fd: int, *, cap: int, kept: int) -> None:
        self.fd: int | None = fd
        self.cap = cap
        self.kept = kept
        self.parts: list[bytes] = []
        self.size = 0
        os.set_blocking(fd, False)

    @property
    def over(self) -> bool:
        """Whether the run wrote more than the cap."""
        return self.size > self.cap

    @property
    def data(self) -> bytes:
        """What was kept of what the run wrote."""
        return b"".join(self.parts)[: self.kept]

    def read_some(self) -> bool:
        """Read what is there (one chunk); whether the pipe may hold more (False at its end, or when it is over)."""
        if self.fd is None:
            return False
        try:
            chunk = os.read(self.fd, _CHUNK)
        except BlockingIOError:
            return False
        except OSError:
            chunk = b""
        if not chunk:
            self.close()
            return False
        if self.size < self.kept:
            self.parts.append(chunk)
        self.size += len(chunk)
        return not self.over

    def read_rest(self, chunks: int = 64) -> None:
        """Read what the run left in the pipe once it ended (at most ``chunks`` reads: a process that left the run,
        where nothing ends it, is not waited for)."""
        for _ in range(chunks):
            if not self.read_some():
                return

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def wait(
    pid: int,
    deadline: float,
    feeder: Feeder,
    drains: tuple[Drain, ...],
    over_cpu: Callable[[], bool] | None,
) -> str:
    """Feed the input and drain the output until ``pid`` ends (``'exited'``), ``deadline`` passes (``'wall'``),
    ``over_cpu()`` is true (``'cpu'``) or a drain is over its cap (``'output'``); ``pid`` is not reaped."""
    pidfd = None
    with contextlib.suppress(OSError, AttributeError):
        pidfd = os.pidfd_open(pid)
    poller = select.poll()
    if pidfd is not None:
        poller.register(pidfd, select.POLLIN)
    by_fd = {drain.fd: drain for drain in drains if drain.fd is not None}
    for fd in by_fd:
        poller.register(fd, select.POLLIN)
    fed = feeder.fd
    if fed is not None:
        poller.register(fed, select.POLLOUT)
    try:
        pause = 0.0005
        while True:
            if any(drain.over for drain in drains):
                return "output"
            if exited(pid):
                return "exited"
            left = deadline - time.monotonic()
            if left <= 0:
                return "wall"
            if over_cpu is not None and over_cpu():
                return "cpu"
            wait_s = min(left, 1.0, CPU_POLL if over_cpu is not None else 1.0)
            if pidfd is None:  # (no pidfd: the end is seen by looking, more often at first)
                wait_s = min(wait_s, pause)
                pause = min(2 * pause, 0.02)
            for fd, events in poller.poll(wait_s * 1000):
                if fd == fed:
                    feeder.write_some()
                    if feeder.fd is None:
                        poller.unregister(fd)
                        fed = None
                elif fd in by_fd:
                    drain = by_fd[fd]
                    if not drain.read_some() and drain.fd is None:
                        poller.unregister(fd)
                        del by_fd[fd]
                elif events & (select.POLLERR | select.POLLNVAL):
                    with contextlib.suppress(KeyError):
                        poller.unregister(fd)
    finally:
        if pidfd is not None:
            os.close(pidfd)
