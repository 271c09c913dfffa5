"""Down We Dig: a solution for docs/judges.md's table of verdicts (docs/verdicts.py) that prints the right
digits, one space between each two: a presentation error where a judge tells one apart (downwedig, testlib's
checker), a wrong answer where it does not.  The algorithm is the package's C++ solution's, in plain Python: the
window of the 8 steps below a step as 8 bits, and G_p, what each window means for Dina, as a table of 256 entries.
"""

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
    # T[mask][x]: the window at step p from the window x at step p+1, for the moves ``mask`` of step p.
    shift = [(x << 1) & 255 for x in range(256)]
    table = [[shift[x] | (1 if mask & ~x & 255 else 0) for x in range(256)] for mask in range(256)]
    g = [x & 1 for x in range(256)]
    out = []
    for p in range(n):
        g = [g[t] for t in table[moves[p]]]
        out.append("1" if g[255] else "2")
    sys.stdout.write(" ".join(out) + "\n")  # the mistake: the digits are one line, without spaces


main()
