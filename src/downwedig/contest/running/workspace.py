"""The files of a run in the temporary folder: its own folder, GNU time's report, and what killed judges left.

A run without the sandbox (whose folder is its ``/box``, in memory) works in
``downwedig-run-NS-PID-START-XXXX/work`` (:func:`run_folder`): the folder is the
judge's and holds nothing else, so a solution that removes ``../*`` removes only
its own.  NS, PID and START name the judge (its PID namespace, process id and
start time), so that the first run of a judge can remove what judges killed
with ``SIGKILL`` left behind, and nothing of a judge still running.

>>> private, work = run_folder()
>>> os.path.basename(work), os.listdir(work)
('work', [])
>>> remove_tree(private); os.path.exists(private)
False
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from collections.abc import Callable

from ...errors import CommandError
from ...owner import OWNER, judge_id, maker_gone

__all__ = ["clean_stale", "remove_tree", "run_folder", "time_report", "unlink"]

_NAME = re.compile(rf"downwedig-(?:run|time)-({OWNER})-\w+")
_cleaned: set[str] = set()


def remove_tree(path: str) -> None:
    """Remove a run's folder, whatever the command made of it (folders it made unreadable included). O(files)."""

    def retry(function: Callable[..., object], name: str, _: object) -> None:
        with contextlib.suppress(OSError):
            os.chmod(os.path.dirname(name), 0o700)
            if os.path.isdir(name) and not os.path.islink(name):
                os.chmod(name, 0o700)
            function(name)

    shutil.rmtree(path, onerror=retry)


def unlink(path: str) -> None:
    """Remove a file if it is there. O(1)."""
    with contextlib.suppress(OSError):
        os.unlink(path)


def clean_stale() -> None:
    """Remove what judges killed with SIGKILL left in the temporary folder (once per folder and process)."""
    folder = tempfile.gettempdir()
    if folder in _cleaned or not os.path.isdir("/proc/self"):  # (without /proc, whose is whose cannot be told)
        return
    _cleaned.add(folder)
    with contextlib.suppress(OSError):
        for entry in os.listdir(folder):
            match = _NAME.fullmatch(entry)
            if match and maker_gone(match[1]):  # (its judge is gone; one of another PID namespace is left alone)
                path = os.path.join(folder, entry)
                if os.path.isdir(path) and not os.path.islink(path):
                    remove_tree(path)
                else:
                    unlink(path)


def run_folder() -> tuple[str, str]:
    """A fresh folder of the judge's and, in it, the run's empty working folder: ``(folder, work)``. O(1).

    The first call of a judge removes what killed judges left (O(entries of the temporary folder)).
    """
    clean_stale()
    for _ in range(7):  # (a run beside it that deletes what it finds may remove the folder before ``work`` is in it)
        private = tempfile.mkdtemp(prefix=f"downwedig-run-{judge_id()}-")
        work = os.path.join(private, "work")
        try:
            os.mkdir(work, 0o700)
            return private, work
        except FileNotFoundError:
            continue
    raise CommandError("cannot make a run's folder: something removes the temporary folder's entries as they are made")


def time_report() -> str:
    """A fresh, empty file for GNU time's report (``-o``), outside the run's folder. O(1) (the first call of a judge
    removes what killed judges left, as :func:`run_folder`'s does).

    >>> path = time_report(); os.path.getsize(path); unlink(path); unlink(path)
    0
    """
    clean_stale()
    handle, path = tempfile.mkstemp(prefix=f"downwedig-time-{judge_id()}-")
    os.close(handle)
    return path
