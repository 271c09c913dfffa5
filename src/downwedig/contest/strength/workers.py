"""Work in forked processes: :func:`forked_map` runs each task in a process of its own, ``jobs`` at a time.

A mutant's run is timed by a signal, which only a process's main thread can
take, and is trusted code, not a sandboxed program: so the strength report's
in-process work (a survivor's witness search) runs in forked children, each
the main thread of its own process, on as many cores as it is given.  A child
that dies, or runs past ``backstop`` seconds (then killed), gives its task's
exception: :class:`WorkerFailed`.  Where processes cannot be forked, the tasks
run here, one after the other.  Cost: the tasks, plus a fork (about 5 ms) each.

>>> forked_map([lambda: 1 + 1, lambda: "two"], jobs=2)
[2, 'two']
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import multiprocessing.connection
import signal
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

__all__ = ["WorkerFailed", "forked_map"]

T = TypeVar("T")


class WorkerFailed(RuntimeError):
    """A task's process died, or was killed at its backstop."""


_TASKS: Sequence[Callable[[], object]] = ()


def _child(connection: multiprocessing.connection.Connection, index: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # (the parent cleans up)
    try:
        connection.send((True, _TASKS[index]()))
    except Exception as exc:
        connection.send((False, exc))
    connection.close()


@dataclasses.dataclass
class _Child:
    index: int
    process: multiprocessing.process.BaseProcess
    connection: multiprocessing.connection.Connection
    since: float


def forked_map(
    tasks: Sequence[Callable[[], T]],
    *,
    jobs: int = 1,
    backstop: float = 600.0,
    done: Callable[[int, T | WorkerFailed], None] | None = None,
) -> list[T | WorkerFailed]:
    """Each task's result (or its :class:`WorkerFailed`), in the tasks' order; ``done(index, result)`` as each
    ends. O(the tasks / jobs)."""
    global _TASKS
    results: dict[int, T | WorkerFailed] = {}

    def finish(index: int, result: T | WorkerFailed) -> None:
        results[index] = result
        if done is not None:
            done(index, result)

    try:
        context = multiprocessing.get_context("fork")
    except ValueError:
        for index, task in enumerate(tasks):
            finish(index, task())
        return [results[index] for index in range(len(tasks))]
    _TASKS = tasks
    waiting = list(range(len(tasks)))[::-1]
    running: list[_Child] = []
    try:
        while waiting or running:
            while waiting and len(running) < max(1, jobs):
                index = waiting.pop()
                receive, send = context.Pipe(duplex=False)
                process = context.Process(target=_child, args=(send, index), daemon=True)
                process.start()
                send.close()
                running.append(_Child(index, process, receive, time.monotonic()))
            ready = multiprocessing.connection.wait([child.connection for child in running], timeout=0.5)
            for child in list(running):
                if child.connection in ready:
                    running.remove(child)
                    finish(child.index, _outcome(child))
                elif time.monotonic() - child.since > backstop:
                    running.remove(child)
                    child.process.kill()
                    child.process.join()
                    child.connection.close()
                    finish(child.index, WorkerFailed(f"stopped after {backstop:g} s"))
    finally:
        for child in running:
            child.process.kill()
            child.process.join()
            child.connection.close()
        _TASKS = ()
    return [results[index] for index in range(len(tasks))]


def _outcome(child: _Child) -> Any:
    """What the child sent (its result), or the :class:`WorkerFailed` of its failure."""
    try:
        ok, value = child.connection.recv()
    except (EOFError, OSError):
        child.process.join()
        if child.process.exitcode == -signal.SIGINT:
            raise KeyboardInterrupt from None  # (a worker ended by Ctrl-C: the user asked to stop)
        ok, value = False, f"the worker died (exit status {child.process.exitcode})"
    child.process.join()
    child.connection.close()
    return value if ok else WorkerFailed(str(value))
