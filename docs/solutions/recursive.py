"""Down We Dig: a wrong solution for docs/judges.md's table of verdicts (docs/verdicts.py).

The package's C++ idea in Python, written top-down as a recursion: G_p, what each window of 8 statuses means for
Dina, is G_{p-1} after step p-1's moves, memoised, and the last day asked first.  Right, but the recursion is then n
calls deep, and Python stops it at its recursion limit (1000): a RecursionError past about 1000 steps.  Expected: RTE.
"""

import functools
import sys


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    rows = [sum(1 << j for j, piece in enumerate(row) if piece == ord("R")) for row in data[1 : n + 1]]
    moves = []
    for i in range(n):
        mask = 0
        for d in range(1, 9):
            if i + d < n and d <= 8 - bin(rows[i] ^ rows[i + d]).count("1"):
                mask |= 1 << (d - 1)
        moves.append(mask)
    shift = [(x << 1) & 255 for x in range(256)]

    @functools.cache
    def g(p: int) -> tuple[int, ...]:
        """G_p as a tuple of 256 statuses: G_0 is the status of step 1 in the window."""
        if p == 0:
            return tuple(x & 1 for x in range(256))
        before = g(p - 1)
        mask = moves[p - 1]
        return tuple(before[shift[x] | (1 if mask & ~x & 255 else 0)] for x in range(256))

    last = g(n)  # the mistake: the last day first, n calls deep
    sys.stdout.write("".join("1" if g(k)[255] else "2" for k in range(1, n)) + ("1" if last[255] else "2") + "\n")


main()
