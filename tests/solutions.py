"""Solutions to run as a contestant's program: a brute force, and copies of it with plausible bugs.

:func:`solution_command` writes one to a folder and returns the shell command
that runs it, for the stress tester and the judging tests.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

__all__ = ["BUGS", "FAST", "FAST_BUGS", "SOLUTION", "alive", "fast_solution_command", "solution_command"]

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
    "crash": ("if any(r.count('R') >= 3 for r in rows):\n    raise IndexError('boom')\n", ""),
}


# A fast solution as a contestant might write it, independent of the package's engine: the top-down
# reading of the recurrence (G_{p+1} = G_p o T_p on 256-entry tables, memoised), with hooks for bugs.
FAST = """\
import sys
data = sys.stdin.buffer.read().split()
n = int(data[0])
rows = [int(r.translate(bytes.maketrans(b"WR", b"01")), 2) for r in data[1:1 + n]]
WINDOW = 8
START = 254  # the window of day k at step k: step k lost, the steps below it (absent) won

def legal(d, common):
    return d <= common

{bug}
masks = []
for i in range(n):
    mask = 0
    for d in range(1, WINDOW + 1):
        if i + d < n and legal(d, 8 - bin(rows[i] ^ rows[i + d]).count("1")):
            mask |= 1 << (d - 1)
    masks.append(mask)
T = [bytes(((x << 1) | ((m & ~x & 255) != 0)) & 255 for x in range(256)) for m in range(256)]
g = bytes(x & 1 for x in range(256))  # G_1: step 1 is won when bit 0 of its window is
memo = {{}}
out = []
for k in range(1, n + 1):
    {before}
    key = (g, masks[k - 1])
    following = memo.get(key)
    if following is None:
        following = memo[key] = T[masks[k - 1]].translate(g)
    g = following
    {after}
print("".join(out))
"""

#: Name -> (code after the rule's definition, the line that records day k before stepping, and after).
FAST_BUGS = {
    "correct": ("", 'out.append("1" if g[START] else "2")', "pass"),
    "lenient_rule": (
        "def legal(d, common):\n    return d <= common + 1\n",
        'out.append("1" if g[START] else "2")',
        "pass",
    ),
    "counts_differences": (
        "def legal(d, common):\n    return d <= 8 - common\n",
        'out.append("1" if g[START] else "2")',
        "pass",
    ),
    "window_6": ("WINDOW = 6\n", 'out.append("1" if g[START] else "2")', "pass"),
    "beyond_day_lost": ("START = 0\n", 'out.append("1" if g[START] else "2")', "pass"),
    "day_shift": ("", "pass", 'out.append("1" if g[START] else "2")'),
    "reads_n_minus_1": ("rows = rows[:-1]\nn = len(rows)\n", 'out.append("1" if g[START] else "2")', "pass"),
}


def fast_solution_command(folder: Path, name: str) -> str:
    """Write the fast solution with bug ``name`` (one of :data:`FAST_BUGS`) into ``folder``; the command running it."""
    bug, before, after = FAST_BUGS[name]
    return solution_command(folder, f"fast_{name}", FAST.format(bug=bug, before=before, after=after))


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
