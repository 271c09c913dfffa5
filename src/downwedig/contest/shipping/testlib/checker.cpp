// Down We Dig (NERC 2020, problem D): the checker of downwedig's Polygon package (testlib).
//
//     check INPUT OUTPUT ANSWER
//
// The verdicts and words of `downwedig check` (contest/judging/check.py): the output must be one
// line of n digits 1 or 2 (trailing spaces, tabs, CRs and newlines are fine, nothing else is);
// otherwise "wrong output format" (testlib's PE, exit 2) at the first byte that is wrong.  A digit
// that differs from the answer's is "wrong answer" (WA, exit 1), naming the first wrong day, who
// wins it, and how many days are wrong; an answer file or an input that is not one is the jury's
// fault (FAIL, exit 3).  testlib writes the verdict's words before each message ("ok",
// "wrong answer", "wrong output format", "FAIL"), where `downwedig check` puts a colon after
// "wrong output format"; the rest of every message is the same.
//
// The output and the answer are read byte by byte from their files (testlib's own reader takes
// the byte 0xFF for the end of the file), in one pass and O(n) memory, however long the output.
// Where testlib gives the output on standard input instead (DOMjudge's testlib.h, which p2d puts
// beside the checker when it converts the package: `check INPUT ANSWER FEEDBACK_DIR < OUTPUT`),
// the output is read through testlib's stream, where a byte 0xFF ends it.

#include "testlib.h"

#include <cstdio>
#include <string>

static std::string describe_byte(int byte) {
    if (byte == '\n') return "end of line";
    if (byte == '\r') return "'\\r' (line endings must be '\\n' alone)";
    if (byte == '\'') return "\"'\"";
    if (byte == '\\') return "'\\\\'";
    if (byte >= 0x20 && byte < 0x7f) return std::string("'") + (char)byte + "'";
    return format("byte 0x%02x", byte);
}

static bool blank(int byte) { return byte == ' ' || byte == '\t' || byte == '\r' || byte == '\n'; }

// A stream's bytes: from its file, or through testlib's stream where that is standard input.
struct Bytes {
    FILE* file;
    InStream* stream;
    int next() {
        if (file != NULL) return std::getc(file);
        return stream->eof() ? EOF : (unsigned char)stream->nextChar();
    }
};

// The stream as one line of n digits 1/2 followed by blanks only, in `digits`; else the reason.
static bool read_digits(InStream& stream, long n, std::string& digits, std::string& reason) {
    Bytes bytes = {NULL, &stream};
    if (!stream.stdfile && (bytes.file = std::fopen(stream.name.c_str(), "rb")) == NULL) {
        reason = "cannot open " + stream.name;
        return false;
    }
    long run = 0;  // the leading run of digits
    int stop = EOF, byte;
    while ((byte = bytes.next()) != EOF) {
        if (byte != '1' && byte != '2') {
            stop = byte;
            break;
        }
        if (run < n) digits += (char)byte;
        ++run;
    }
    bool more = stop != EOF && !blank(stop);  // the run ends at something other than the answer's end
    while (!more && stop != EOF && (byte = bytes.next()) != EOF) more = !blank(byte);
    if (bytes.file != NULL) std::fclose(bytes.file);
    if (more) {
        if (stop == '\n')
            reason = format("line 2: expected one line of %ld digits, found a second line", n);
        else
            reason = format("column %ld: expected a digit 1 or 2, found %s", run + 1, describe_byte(stop).c_str());
        return false;
    }
    if (run != n) {
        reason = format("expected %ld digits, found ", n) + (run ? format("%ld", run) : std::string("nothing"));
        return false;
    }
    return true;
}

static const char* who(char digit) { return digit == '1' ? "1 (Dina wins)" : "2 (Dima wins)"; }

static std::string days(long n) { return format("%ld day%s", n, n == 1 ? "" : "s"); }

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    long n = inf.readInt(1, 300000, "n");
    for (long i = 0; i < n; ++i) inf.readToken("[WR]{8}", "row");  // (a malformed input is testlib's FAIL)
    std::string expected, received, reason;
    if (!read_digits(ans, n, expected, reason)) quitf(_fail, "invalid answer file: %s", reason.c_str());
    if (!read_digits(ouf, n, received, reason)) quitf(_pe, "%s", reason.c_str());
    long first = 0, wrong = 0;
    for (long day = 1; day <= n; ++day) {
        if (expected[day - 1] != received[day - 1]) {
            if (!first) first = day;
            ++wrong;
        }
    }
    if (wrong)
        quitf(_wa, "on day %ld: expected %s, received %s; %ld of %s wrong", first, who(expected[first - 1]),
              who(received[first - 1]), wrong, days(n).c_str());
    if (!ouf.stdfile) ouf.readToken();  // (testlib's own reading of the output, read above: else "extra")
    quitf(_ok, "%s", days(n).c_str());
}
