// Down We Dig: a too slow solution for docs/judges.md's table of verdicts (docs/verdicts.py).
//
// Right, but every day is solved again from the rules, the pieces in common counted piece by piece:
// O(64 n^2).  Quick up to a few thousand steps, minutes at n = 50,000.  Expected: TLE.

#include <cstdio>
#include <string>
#include <vector>

int main() {
    long n;
    if (std::scanf("%ld", &n) != 1) return 1;
    std::vector<std::string> rows(n);
    char buffer[16];
    for (long i = 0; i < n; ++i) {
        if (std::scanf("%15s", buffer) != 1) return 1;
        rows[i] = buffer;
    }
    std::string out;
    std::vector<char> won(n);
    for (long day = 1; day <= n; ++day) {
        for (long i = day - 1; i >= 0; --i) {  // step i+1, with the steps below it up to the day's last
            won[i] = 0;
            for (long j = i + 1; j < day && j <= i + 8; ++j) {
                int common = 0;
                for (int c = 0; c < 8; ++c) common += rows[i][c] == rows[j][c];
                if (j - i <= common && !won[j]) won[i] = 1;
            }
        }
        out += won[0] ? '1' : '2';
    }
    std::puts(out.c_str());
    return 0;
}
