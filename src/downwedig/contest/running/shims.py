"""Programs found through a version manager's shim (pyenv, rbenv, nodenv, asdf...): the program the shim runs.

A shim is a short script on ``PATH`` (``~/.pyenv/shims/python3``) that asks its
manager which version to run: its last line is ``exec MANAGER exec "$program"
"$@"``.  In the sandbox, where the manager's own files are not, it cannot run,
and ``--solution "python3 sol.py"`` would fail on every test.  So
:func:`resolve` asks the manager once, from the judge's folder as the shim
would (``pyenv which python3``), which program that is; the sandbox then shows
that version's folder and puts its ``bin`` first on the run's ``PATH``.

Cost: reading the first 4 KiB of a program found on ``PATH`` outside the
system folders; one run of the manager per shim and folder, remembered.

>>> resolve("/bin/sh", None) is None  # (a program, not a shim)
True
"""

from __future__ import annotations

import functools
import os
import re
import subprocess

__all__ = ["installation", "resolve"]

#: The shim's last line: ``exec "/home/u/.pyenv/libexec/pyenv" exec "$program" "$@"`` (asdf: ``exec ASDF exec
#: "python" "$@"``).
_SHIM = re.compile(rb'^exec\s+"?(/[^"\s]+)"?\s+exec\s+"?(\$program|[\w.+-]+)"?\s+"\$@"', re.MULTILINE)
#: What the shim sets for its manager (``export PYENV_ROOT="/home/u/.pyenv"``).
_EXPORT = re.compile(rb'^export\s+(\w+)="([^"$`\\]*)"\s*$', re.MULTILINE)


@functools.lru_cache(maxsize=64)
def resolve(path: str, origin: str | None) -> str | None:
    """The program the shim at ``path`` runs from the folder ``origin``; None when ``path`` is no shim, or its
    manager cannot say. O(1) after the first call (the manager's run, some tens of milliseconds).
    """
    try:
        with open(path, "rb") as file:
            head = file.read(4096)
    except OSError:
        return None
    found = _SHIM.search(head) if head.startswith(b"#!") else None
    if found is None:
        return None
    manager = os.fsdecode(found[1])
    name = os.path.basename(path) if found[2] == b"$program" else os.fsdecode(found[2])
    env = {**os.environ, **{os.fsdecode(key): os.fsdecode(value) for key, value in _EXPORT.findall(head)}}
    try:
        asked = subprocess.run(
            [manager, "which", name], cwd=origin, env=env, capture_output=True, timeout=20, stdin=subprocess.DEVNULL
        )
    except (OSError, subprocess.SubprocessError):
        return None
    lines = os.fsdecode(asked.stdout).strip().splitlines()
    if asked.returncode != 0 or not lines or not os.path.isabs(lines[-1]) or not os.path.isfile(lines[-1]):
        return None
    return os.path.normpath(lines[-1])


def installation(program: str) -> str:
    """The folder a version manager installed ``program`` in: the one above its ``bin``. O(1).

    >>> installation("/home/u/.pyenv/versions/3.12.1/bin/python3")
    '/home/u/.pyenv/versions/3.12.1'
    """
    folder = os.path.dirname(program)
    return os.path.dirname(folder) if os.path.basename(folder) == "bin" else folder
