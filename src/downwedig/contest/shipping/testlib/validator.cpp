// Down We Dig (NERC 2020, problem D): the input validator of downwedig's Polygon package (testlib).
//
// The same rules as `downwedig validate` (contest/generating/validate.py): n, an integer in
// [1, 300000] without sign, spaces or leading zeros, alone on the first line; then exactly n lines
// of exactly 8 pieces W or R; every line ends with a newline, the last one included, and nothing
// follows (no CR, no empty line at the end, no byte order mark).  testlib's strict mode
// (registerValidation) refuses anything else: readInt a sign, a space or a leading zero, readEoln
// anything but the platform's line end (built on Linux, "\n" alone; testlib built for Windows
// wants "\r\n" there), readEof a byte more.
//
// The bound is named "n" for Polygon's validator statistics, and testlib writes which bounds a
// test reaches with --testOverviewLogFileName FILE.  testlib's readers take the byte 0xFF for the
// end of the file (so "1\nWWWWWWWW\n\xff and more" would pass), and no valid input holds one: the
// input is read whole first, refused if it does, and then read by testlib from memory.  O(n) time
// and memory.

#include "testlib.h"

#include <cstdio>
#include <string>

int main(int argc, char* argv[]) {
    registerValidation(argc, argv);  // (stdin in binary mode, nothing read yet)
    std::string data;
    char block[1 << 16];
    for (size_t got; (got = std::fread(block, 1, sizeof block, stdin)) > 0;) data.append(block, got);
    size_t stray = data.find('\xff');
    if (stray != std::string::npos) quitf(_fail, "byte 0xff at offset %d: not a digit, W, R or a newline", (int)stray);
    InStream input(inf, data);
    int n = input.readInt(1, 300000, "n");
    input.readEoln();
    for (int i = 1; i <= n; ++i) {
        input.readToken("[WR]{8}", "row");
        input.readEoln();
    }
    input.readEof();
    inf.readEof();  // (stdin, read to its end above: testlib wants a validator to end with it)
}
