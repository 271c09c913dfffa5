"""A plausible wrong solution, for trying `downwedig stress` (see the README).

A brute force that recomputes every day, with an off-by-one in the move rule:
it demands j - i < common pieces, where the rule allows j - i <= common.
"""

import sys

data = sys.stdin.read().split()
n = int(data[0])
rows = data[1 : 1 + n]


def common(a, b):
    return sum(x == y for x, y in zip(a, b))


def legal(i, j):
    return j - i < common(rows[i], rows[j])  # the bug: the rule is <=


out = []
for day in range(1, n + 1):
    won = [False] * day
    for i in range(day - 2, -1, -1):
        won[i] = any(legal(i, j) and not won[j] for j in range(i + 1, min(day, i + 9)))
    out.append("1" if won[0] else "2")
print("".join(out))
