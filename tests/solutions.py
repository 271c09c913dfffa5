"""Solutions to run as a contestant's program: a brute force, and copies of it with plausible bugs.

:func:`solution_command` writes one to a folder and returns the shell command
that runs it, for the stress tester and the judging tests.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

__all__ = ["BUGS", "alive", "solution_command"]

# A brute force with a hook where each wrong solution puts its bug.
SOLUTION = """\
import sys
data = sys.stdin.read().split()
n = int(data[0])
rows = data[1:1 + n]

def common(a, b):
    return sum(x == y for x, y in zip(a, b))

def legal(i, j):
    return j - i <= common(rows[i], rows[j])

{bug}
out = []
for k in range(1, n + 1):
    won = [False] * k
    for i in range(k - 2, -1, -1):
        won[i] = any(legal(i, j) and not won[j] for j in range(i + 1, min(k, i + 9)))
    out.append("1" if won[0] else "2")
{after}
print("".join(out))
"""

#: Name -> (code replacing the hook, code run before printing).
BUGS = {
    "correct": ("", ""),
    "off_by_one": ("def legal(i, j):\n    return j - i < common(rows[i], rows[j])\n", ""),
    "day_one": ("", "out[0] = '1'"),
    "crash": ("if any(r.count('R') >= 7 for r in rows):\n    raise IndexError('boom')\n", ""),
}


def solution_command(folder: Path, name: str, source: str | None = None) -> str:
    """Write solution ``name`` (one of :data:`BUGS`, or ``source``) into ``folder``; the shell command running it."""
    script = folder / f"{name}.py"
    if source is None:
        bug, after = BUGS[name]
        source = SOLUTION.format(bug=bug, after=after)
    script.write_text(source)
    return f"{shlex.quote(sys.executable)} -I -S {shlex.quote(str(script))}"


def alive(pid: int) -> bool:
    """Whether process ``pid`` is still running (a zombie waiting to be reaped is not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return True
