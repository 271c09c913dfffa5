"""Signals that end a command as Ctrl-C does: ``SIGTERM`` and ``SIGHUP`` raise :class:`Terminated`.

Python turns Ctrl-C (``SIGINT``) into :class:`KeyboardInterrupt`, so ``finally``
blocks run: runs are killed, temporary files removed.  ``SIGTERM`` (what
``timeout``, ``kill`` and service managers send) and ``SIGHUP`` (a closed
terminal) would end the process on the spot instead.  Inside
:func:`terminations` they raise :class:`Terminated`, a
:class:`KeyboardInterrupt` whose ``exit_status`` is 128 + the signal's number,
as a shell reports a command a signal ended.

>>> Terminated(15).exit_status
143
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType

__all__ = ["Terminated", "defer_if_held", "held", "terminations"]


class Terminated(KeyboardInterrupt):
    """The command was told to stop by signal ``number``; ``exit_status`` is 128 + ``number``."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number
        self.exit_status = 128 + number


@contextlib.contextmanager
def terminations(stop: Callable[[], None] | None = None, *, interrupt: bool = False) -> Iterator[None]:
    """While inside, ``SIGTERM`` and ``SIGHUP`` raise :class:`Terminated` (and call ``stop()`` first).

    With ``interrupt``, Ctrl-C (``SIGINT``) calls ``stop()`` too before its
    :class:`KeyboardInterrupt`: a command whose work goes on in other threads
    or processes (runs of a solution) ends it at once, rather than waiting
    for it.  Only the first signal does this; later ones, while the command
    winds down, are ignored.  A signal whose handler is not the default one
    (ignored under ``nohup``, or the program's own) is left as it is, and so
    is everything outside the main thread.  Cost: O(1).

    >>> with terminations():
    ...     signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
    True
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    numbers = [signal.SIGTERM] + ([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])
    defaults: dict[int, object] = {number: signal.SIG_DFL for number in numbers}
    if interrupt:
        defaults[signal.SIGINT] = signal.default_int_handler
    caught: list[int] = []

    def handle(number: int, frame: FrameType | None) -> None:
        if caught:
            return
        if _holding:
            _waiting.append(number)
            return
        caught.append(number)
        if stop is not None:
            stop()
        raise KeyboardInterrupt if number == signal.SIGINT else Terminated(number)

    saved = {}
    for number, default in defaults.items():
        if signal.getsignal(number) is default:
            saved[number] = signal.signal(number, handle)
    _handlers.append(handle)
    try:
        yield
    finally:
        _handlers.remove(handle)
        for number, previous in saved.items():
            signal.signal(number, previous)


_handlers: list[Callable[[int, FrameType | None], None]] = []
_waiting: list[int] = []
_holding = 0


@contextlib.contextmanager
def held() -> Iterator[None]:
    """A step that a signal must not cut (starting worker processes, writing a file whole): the signals
    :func:`terminations` handles, or a handler that asks :func:`defer_if_held`, wait until it ends, then act
    (through the innermost :func:`terminations`, else raised again).  O(1).

    >>> with terminations(), held():
    ...     pass
    """
    global _holding
    _holding += 1
    try:
        yield
    finally:
        _holding -= 1
        if not _holding and _waiting:
            number = _waiting[0]
            _waiting.clear()
            if _handlers:
                _handlers[-1](number, None)
            else:
                signal.raise_signal(number)  # (a process's own handler, now outside the step)


def defer_if_held(number: int) -> bool:
    """For a signal handler of one's own: whether signal ``number`` came inside :func:`held` (it then acts
    when the step ends).  O(1).

    >>> defer_if_held(15)
    False
    """
    if _holding:
        _waiting.append(number)
        return True
    return False
