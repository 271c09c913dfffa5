"""Many runs of one command, as a judging makes them: each run's sandbox set up while the run before it goes on.

:class:`Runner` is what ``test``, ``stress`` and ``package``'s timing run
solutions with.  Where runs are sandboxed and a core is free, the next run is
launched ahead (:mod:`~downwedig.contest.running.launch`): its sandbox set up
and held at its gate (its input's first line), so that setting it up (most
of the sandbox's cost, given in :mod:`~downwedig.contest.running.sandbox`) is off the run's clock and off the
judging's time.  Cost per run: that of
:func:`~downwedig.contest.running.run.run_solution`, less the sandbox's setup.
"""

from __future__ import annotations

import os
import queue
import threading
from pathlib import Path
from types import TracebackType

from .launch import Launch, Stopped, launch, stopping
from .limits import Limits
from .record import Run
from .sandbox import sandbox

__all__ = ["Runner"]


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class Runner:
    """Runs of one command under the same limits, one after the other or several at once (a judging's).

    Where runs are sandboxed and a core is free (more than the ``jobs`` runs
    that go on at once), each run's sandbox is set up
    ahead, while the run before it goes on (a launch held at its gate, the
    first line of its input: :mod:`~downwedig.contest.running.launch`), so that setting it up (most of the
    sandbox's cost: :mod:`~downwedig.contest.running.sandbox`) is off the run's clock and off the judging's time.
    The launches are made by a thread of the runner's that lives as long as it
    does: bubblewrap ends its sandbox when the thread that started it ends (and a judge that dies leaves no
    launch going on: its gate's input closes).
    A context manager: leaving it discards the launch made ready and not used
    (``ahead=False``, or no sandbox: none is made).  :meth:`run` is
    :func:`~downwedig.contest.running.run.run_solution`'s.

    >>> with Runner("cat", Limits(cpu_s=1, memory_mib=64)) as runner:
    ...     [runner.run(data).stdout for data in (b"a", b"b")]
    [b'a', b'b']
    """

    def __init__(
        self,
        command: str,
        limits: Limits,
        *,
        timeout: float | None = None,
        jobs: int = 1,
        ahead: bool | None = None,
    ) -> None:
        self.command = command
        self.limits = limits
        self.timeout = limits.wall_s if timeout is None else timeout
        # (Only a sandbox holds a launched command at a gate; without one it would start at once.)
        self.ahead = sandbox().holds_at_gate and (_cores() > jobs if ahead is None else ahead)
        self._made = threading.Condition()
        self._ready: Launch | BaseException | None = None
        self._asked = False  # (a launch is being made)
        self._requests: queue.SimpleQueue[bool] = queue.SimpleQueue()
        self._maker: threading.Thread | None = None
        self._closed = False

    def run(self, data: bytes | Path) -> Run:
        """Run the command with ``data`` (bytes, or a file read first) on its input, under the runner's limits (its
        wall clock the ``timeout`` given, else theirs); the next run made ready."""
        if not isinstance(data, (bytes, bytearray)):
            data = Path(data).read_bytes()
        launched = self._take()
        if launched is None:
            launched = launch(self.command, self.limits, timeout=self.timeout)
        if self.ahead:
            self._ask()
        return launched.run(bytes(data))

    def _take(self) -> Launch | None:
        """The launch made ready (waiting while it is being made), or None."""
        with self._made:
            while self._asked:
                self._made.wait()
            ready, self._ready = self._ready, None
        if isinstance(ready, Launch) and stopping():
            ready.discard()
            raise Stopped("runs were stopped")
        return ready if isinstance(ready, Launch) else None  # (one that failed: launched again, to say why)

    def _ask(self) -> None:
        with self._made:
            if self._closed or self._asked or self._ready is not None:
                return
            self._asked = True
            if self._maker is None:
                self._maker = threading.Thread(target=self._make, name="downwedig-launches", daemon=True)
                self._maker.start()
        self._requests.put(True)

    def _make(self) -> None:
        while self._requests.get():
            made: Launch | BaseException
            try:
                made = launch(self.command, self.limits, timeout=self.timeout, ahead=True)
            except BaseException as exc:  # (kept for the next run, which launches again and says it)
                made = exc
            with self._made:
                self._asked = False
                self._ready = made
                self._made.notify_all()

    def close(self) -> None:
        """Discard the launch made ready, if any (its sandbox killed at its gate), and end the runner's thread.
        O(1)."""
        with self._made:
            self._closed = True
            maker = self._maker
        if maker is not None:
            self._requests.put(False)
            maker.join()
        with self._made:
            ready, self._ready = self._ready, None
        if isinstance(ready, Launch):
            ready.discard()

    def __enter__(self) -> Runner:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()
