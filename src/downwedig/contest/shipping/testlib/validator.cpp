// Down We Dig (NERC 2020, problem D): the input validator of downwedig's Polygon package (testlib).
//
// The same rules as `downwedig validate` (contest/generating/validate.py): n, an integer in
// [1, 300000] without sign, spaces or leading zeros, alone on the first line; then exactly n lines
// of exactly 8 pieces W or R; every line ends with a newline, the last one included, and nothing
// follows (no CR, no empty line at the end, no byte order mark).  testlib's strict mode
// (registerValidation) refuses anything else: readInt a sign, a space or a leading zero, readEoln
// anything but the platform's line end (on Linux "\n" alone), readEof a byte more.
//
// The bound is named "n" for Polygon's validator statistics, and testlib writes which bounds a
// test reaches with --testOverviewLogFileName FILE.  O(n) time and O(1) memory.

#include "testlib.h"

int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    int n = inf.readInt(1, 300000, "n");
    inf.readEoln();
    for (int i = 1; i <= n; ++i) {
        inf.readToken("[WR]{8}", "row");
        inf.readEoln();
    }
    inf.readEof();
}
