"""A fuzzer of the command line: random arguments and random standard input for all twelve commands.

Each run is ``python -m downwedig COMMAND ARGS`` in a fresh folder holding a few
test files (inputs, answers, a folder of tests, a plan, links), beside a folder
``outside`` it may name, with a private ``TMPDIR``.  Arguments are mostly what
the command takes, with values drawn from a pool of good, odd and hostile
ones (empty, huge, NaN, control characters, ``/dev/full``, ``/proc``, ``..``,
links); then tokens are dropped, repeated or replaced.  A run fails when:

- it prints a traceback, or exits with a status outside the contract
  (0, 1, 2, 3, 130, 141, 143) or by a signal;
- it runs past :data:`TIMEOUT` seconds (a hang);
- it leaves a process running (every process started carries a tag in its
  environment, looked for in ``/proc``);
- a file changed that the command was not asked to write (anything but its
  ``-o``, ``--save``, ``--out-dir``, ``package`` folder, or the answer files
  ``answers`` writes, and those only over nothing or an answer), or something
  was left in its ``TMPDIR`` or in ``/dev``;
- its peak memory passed :data:`MEMORY_MIB`.

Run it by hand: ``python tests/fuzz_cli.py --seed 1 --count 2000 --jobs 2``
(``--only N`` replays run N of a seed; ``--commands test,stress`` narrows).
``tests/test_fuzz.py`` runs a small slice in the suite.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import dataclasses
import hashlib
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
TIMEOUT = 90.0
MEMORY_MIB = 512
STATUSES = {0, 1, 2, 3, 130, 141, 143}
COMMANDS: tuple[str, ...] = ("solve", "explain", "render", "play", "gen", "validate", "check", "answers")
COMMANDS += ("stress", "test", "bundle", "package")
_ANSWER = re.compile(rb"[12]*[ \t\r\n]*")
FAMILIES = ("random", "equal", "chain", "alternating", "palette", "neighbours", "periodic", "stutter", "glitched")

ODD = [
    "", "-", "--", "-1", "0", "1", "2", "7", "12", "13", "300001", "1e10", "inf", "nan", "-0", "1..3", "3..1",
    "9" * 300, "a" * 300, "é", "\x1b[31m", "a\nb", " ", "--help", "x.png", "/", ".", "..", "/dev/null",
    "/dev/full", "/dev/stdout", "/proc/x", "/proc/self/status", "missing.in", "sample.in", "sample.ans",
    "tests", "tests/", "../outside/keep.txt", "../outside/new.out", "link-zero", "link-loop", "link-sample",
    "big.in", "bad.in", "plan.txt", "out", "0.5", "50%", "WRWRWRWR", "wwww", "RRRRRRRRR",
]  # fmt: skip
SOLUTIONS = [
    "echo 2", "echo 211112222212", "cat", "true", "false", "exit 3", "'", "python3 wrong.py", "downwedig solve",
    "sleep 30", "yes 1", "head -c 20000000 /dev/zero", "yes 1 >&2", "setsid sleep 600 & echo 2",
    "env -i setsid sleep 600 >/dev/null 2>&1 </dev/null & echo 2", "sh -c 'kill -9 $$'",
    "python3 -c 'import sys; sys.stdin.close(); print(2)'", "rm -rf ../* 2>/dev/null; echo 2",
    "(sleep 1; echo late) & echo 2", "python3 -c 'x = bytearray(400 << 20); print(2)'",
]  # fmt: skip
# The command run: downwedig's main, then its own peak memory (VmHWM: not the fuzzer's, it was forked from).
SHIM = """\
import atexit, os, sys

def peak():
    with open("/proc/self/status") as status, open(os.environ["DWFUZZ_PEAK"], "w") as out:
        out.write(status.read().split("VmHWM:")[1].split()[0])

atexit.register(peak)
from downwedig.cli import main
sys.exit(main(sys.argv[1:]))
"""
BOMB = "python3 -c 'import os\nwhile True:\n  try:\n    os.fork() or os.setsid()\n  except OSError: pass'"
INPUTS = {
    "sample.in": (EXAMPLES / "sample.in").read_bytes(),
    "sample.ans": (EXAMPLES / "sample.ans").read_bytes(),
    "bad.in": b"3\nWWWWWWWW\nWRx\n",
    "big.in": b"2000\n" + b"WRWRWRWR\nRRWWRRWW\n" * 1000,
}


def stdin_bytes(rng: random.Random) -> bytes:
    choice = rng.randrange(9)
    if choice == 0:
        return b""
    if choice == 1:
        return INPUTS["sample.in"]
    if choice == 2:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(2000)))
    if choice == 3:
        return b"\xef\xbb\xbf" + INPUTS["sample.in"].replace(b"\n", b"\r\n")
    if choice == 4:
        return b"1000000\nWRWWRRWR\n"
    if choice == 5:
        return b"W" * rng.randrange(1, 2_000_000)
    if choice == 6:
        return b"".join(rng.choice([b"2\n", b"3\n", b"q\n", b"x\n", b"99\n", b"\n"]) for _ in range(20))
    if choice == 7:
        return INPUTS["big.in"]
    return b"5\n" + b"RW\n" * rng.randrange(8)


def value(rng: random.Random, good: list[str]) -> str:
    return rng.choice(good) if rng.random() < 0.92 else rng.choice(ODD)


def arguments(command: str, rng: random.Random, bomb: bool) -> list[str]:
    """A command line for ``command``: mostly well formed, with odd values."""

    def v(*good: str) -> str:
        return value(rng, list(good))

    def maybe(chance: float) -> bool:
        return rng.random() < chance

    args: list[str] = []
    if command == "solve":
        args += [v("sample.in", "-", "big.in")] if maybe(0.8) else []
        args += ["--stream"] if maybe(0.3) else []
        args += ["--width", v("8", "4", "16")] if maybe(0.2) else []
    elif command in ("explain", "render", "play"):
        args += [v("sample.in", "big.in", "-")]
        args += ["--day", v("1", "5", "12", "2000")] if maybe(0.5) else []
        args += ["--width", v("8", "2")] if maybe(0.2) else []
        if command != "play":
            args += ["--steps", v("1..5", "2..12", "10")] if maybe(0.4) else []
        if command == "explain":
            args += ["--format", v("text", "json")] if maybe(0.4) else []
            args += ["--color", v("always", "never", "auto")] if maybe(0.2) else []
        if command == "render":
            args += ["-o", v("day.svg", "page.html", "-", "page", "out/x.svg")]
            args += ["--format", v("svg", "html")] if maybe(0.3) else []
        if command == "play":
            args += ["--as", v("dina", "dima")] if maybe(0.4) else []
    elif command == "gen":
        if maybe(0.1):
            args += ["--list"]
        elif maybe(0.15):
            args += ["--plan", v("plan.txt", "small", "hand.plan", "endless.plan", "link-zero", "../outside/keep.txt")]
            args += ["-o", v("upload", "-", "tests", "out/upload", "sample.in")] if maybe(0.7) else []
        else:
            args += [v(*FAMILIES, "max", "bogus")]
            args += ["--n", v("1", "10", "500", "2000")] if maybe(0.7) else []
            args += ["--seed", v("0", "7", "-3", "123456789012345678901234567890")] if maybe(0.5) else []
            args += ["-o", v("g.in", "-", "sample.in", "out/g.in")] if maybe(0.5) else []
            if args[0] == "max":
                args += ["--kind", v("random", "equal", "chain")]
            for flag, good in (("--red", ("30%", "0.1", "1/3")), ("--row", ("WRWRWRWR",)), ("--k", ("2", "300"))):
                if maybe(0.15):
                    args += [flag, v(*good)]
    elif command == "validate":
        args += [v("sample.in", "bad.in", "-", "big.in", "sample.ans") for _ in range(rng.randrange(3))]
        args += ["-q"] if maybe(0.3) else []
    elif command == "check":
        args += ["--explain"] if maybe(0.3) else []
        args += [v("sample.in", "-"), v("sample.ans", "-", "bad.in"), v("sample.ans", "-", "big.in")]
    elif command == "answers":
        args += [
            v("sample.in", "tests", "big.in", "bad.in", "sample.ans", "plan.txt") for _ in range(1 + rng.randrange(3))
        ]
        args += ["--out-dir", v("ans", "out", "tests")] if maybe(0.4) else []
        args += ["--suffix", v(".ans", ".out", ".in", ".txt")] if maybe(0.3) else []
        args += ["-j", v("1", "2", "3")] if maybe(0.5) else []
    elif command in ("stress", "test"):
        solution = BOMB if bomb and maybe(0.05) else rng.choice(SOLUTIONS)
        args += ["--solution", solution if maybe(0.9) else rng.choice(ODD)]
        args += ["--time-limit", v("0.5", "1", "2")] if maybe(0.8) else []
        args += ["--memory-limit", v("64", "256")] if maybe(0.3) else []
        args += ["-j", v("1", "2", "4")] if maybe(0.5) else []
        if command == "stress":
            args += ["--tests", v("1", "3", "8")]
            args += ["--max-n", v("5", "20", "50")]
            args += ["--seed", v("0", "1", "5")] if maybe(0.4) else []
            args += ["--shrink-runs", v("0", "5", "20")]
            args += ["--save", v("fail", "out/fail", "../outside/fail")] if maybe(0.4) else []
        else:
            args += [v("tests", "sample.in", "tests/one.in") for _ in range(rng.randrange(3))]
            args += ["--format", v("text", "json")] if maybe(0.4) else []
            args += ["-x"] if maybe(0.2) else []
    elif command == "bundle":
        args += ["-o", v("sol.py", "-", "/dev/null", "out/sol.py")] if maybe(0.7) else []
        args += ["--program", v("solution", "slow", "input-validator", "output-validator")] if maybe(0.4) else []
        args += ["--full"] if maybe(0.2) else []
    elif command == "package":
        args += [v("pkg", "pkg", "tests", "..", "out/pkg", "Bad_Name")]
        args += ["--tests", v("plan.txt", "small", "plan.txt", "hand.plan", "endless.plan")]
        args += ["--format", v("legacy", "2025-09", "2023-07")] if maybe(0.3) else []
        args += ["--time-limit", v("5", "1", "2.5")] if maybe(0.85) else []  # (measuring runs every solution: slow)
        args += ["--allow-uncaught"] if maybe(0.2) else []
        args += ["--zip", v("pkg.zip", "out/pkg.zip", "pkg/x.zip", "sample.in")] if maybe(0.1) else []
        args += ["--force"] if maybe(0.4) else []
    for _ in range(rng.choice([0, 0, 0, 0, 0, 0, 1, 2])):  # mutations
        kind = rng.randrange(3)
        if kind == 0 and args:
            del args[rng.randrange(len(args))]
        elif kind == 1 and args:
            args.insert(rng.randrange(len(args) + 1), rng.choice(args))
        else:
            args.insert(rng.randrange(len(args) + 1), rng.choice(ODD))
    if command == "package" and "full" in args:
        args = [a for a in args if a != "full"]  # (minutes per run: not here)
    return [command, *args]


# -- the run's world ------------------------------------------------------------------------------------------


def make_world(root: Path) -> tuple[Path, Path, Path]:
    """A run folder (its cwd), the folder ``outside`` beside it, and a private temporary folder."""
    here, outside, tmp = root / "run", root / "outside", root / "tmp"
    for folder in (here, outside, tmp, here / "tests", here / "out"):
        folder.mkdir(parents=True)
    for name, data in INPUTS.items():
        (here / name).write_bytes(data)
    (here / "tests" / "one.in").write_bytes(b"1\nWWWWWWWW\n")
    (here / "tests" / "one.ans").write_bytes(b"2\n")
    (here / "tests" / "sample.in").write_bytes(INPUTS["sample.in"])
    (here / "tests" / "sample.ans").write_bytes(INPUTS["sample.ans"])
    (here / "plan.txt").write_text("tiny equal --n 9\nsome random --n 20\n")
    (here / "hand.plan").write_text("mine file sample.in\nfar file ../outside/outside.in\ntiny equal --n 9\n")
    (here / "endless.plan").write_text("zero file link-zero\n")
    shutil.copy(EXAMPLES / "wrong.py", here / "wrong.py")
    (here / "link-zero").symlink_to("/dev/zero")
    (here / "link-loop").symlink_to("link-loop")
    (here / "link-sample").symlink_to("sample.in")
    (outside / "keep.txt").write_text("not to be touched\n")
    (outside / "outside.in").write_bytes(INPUTS["sample.in"])
    return here, outside, tmp


def snapshot(*folders: Path) -> dict[str, str]:
    """Every entry under ``folders``: path -> what it is (its bytes' digest for a file, the target for a link)."""
    found: dict[str, str] = {}
    for folder in folders:
        for root, dirs, files in os.walk(folder):
            for name in dirs + files:
                path = os.path.join(root, name)
                if os.path.islink(path):
                    found[path] = "link:" + os.readlink(path)
                elif os.path.isdir(path):
                    found[path] = "dir"
                elif os.path.isfile(path):
                    with open(path, "rb") as file:
                        data = file.read()
                    kind = "answer" if _ANSWER.fullmatch(data) else "file"
                    found[path] = f"{kind}:{hashlib.sha1(data).hexdigest()}"
                else:
                    found[path] = "other"
    return found


def allowed_changes(argv: list[str], here: Path, before: dict[str, str]) -> tuple[list[str], list[str]]:
    """Where the command may write: (prefixes of paths it may change, answer files it may write)."""
    command, args = argv[0], argv[1:]
    places: list[str] = []

    def after(*flags: str) -> list[str]:
        return [args[i + 1] for i, a in enumerate(args[:-1]) if a in flags]

    def place(name: str) -> str:
        path = here / name
        return os.path.join(os.path.realpath(path.parent), path.name)

    places += [place(p) for p in after("-o", "--output")]
    if command == "stress":
        saves = after("--save") or ["stress-failure"]
        places += [place(p + suffix) for p in saves for suffix in (".in", ".expected", ".received")]
    if command == "package":
        values = {i + 1 for i, a in enumerate(args) if a in ("--tests", "--format", "--time-limit", "--zip")}
        named = [a for i, a in enumerate(args) if not a.startswith("-") and i not in values]
        places += [place(p) for p in named]
        places += [os.path.join(os.path.dirname(place(p)), "." + os.path.basename(place(p))) for p in named]
        zips = after("--zip")
        places += [place(p) for p in zips]
        places += [os.path.join(os.path.dirname(place(p)), "." + os.path.basename(place(p))) for p in zips]
    answers: list[str] = []
    if command == "answers":
        out_dirs = after("--out-dir")
        places += [os.path.realpath(here / d) for d in out_dirs]  # (the folder made)
        suffixes = after("--suffix") or [".ans"]
        sources = []
        for a in args:
            if a in out_dirs or a in suffixes or a.startswith("-") or not a:
                continue
            path = here / a
            with contextlib.suppress(OSError):
                sources += sorted(str(p) for p in path.glob("*.in")) if path.is_dir() else [str(path)]
        for source in sources:
            for out_dir in out_dirs or [""]:
                for suffix in suffixes:
                    with contextlib.suppress(ValueError, OSError):  # (names the command refuses anyway)
                        name = Path(source).with_suffix(suffix).name if Path(source).suffix else Path(source).name
                        name += "" if Path(source).suffix else suffix
                        folder = os.path.realpath(here / out_dir if out_dir else Path(source).parent)
                        answers.append(os.path.join(folder, name))
    return places, answers


@dataclasses.dataclass
class Outcome:
    index: int
    argv: list[str]
    status: int | None
    seconds: float
    peak_mib: float
    problems: list[str]


def run_one(seed: int, index: int, bomb: bool, commands: tuple[str, ...]) -> Outcome:
    rng = random.Random(seed * 1_000_003 + index)
    command = commands[index % len(commands)]  # (every command in turn; its arguments at random)
    argv = arguments(command, rng, bomb)
    data = stdin_bytes(rng)
    root = Path(tempfile.mkdtemp(prefix="dwfuzz-"))
    problems: list[str] = []
    try:
        here, outside, tmp = make_world(root)
        before = snapshot(here, outside)
        dev_before = set(os.listdir("/dev"))
        tag = f"dwfuzz-{os.getpid()}-{seed}-{index}"
        env = {**os.environ, "TMPDIR": str(tmp), "DWFUZZ_TAG": tag, "NO_COLOR": "1"}
        env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env["PATH"]
        start = time.monotonic()
        peak_file = root / "peak"
        env["DWFUZZ_PEAK"] = str(peak_file)
        process = subprocess.Popen(
            [sys.executable, "-c", SHIM, *argv],
            cwd=here,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        try:
            _, err = process.communicate(data, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            _, err = process.communicate()
            problems.append(f"hang: still running after {TIMEOUT:g} s")
        except BrokenPipeError:
            err = process.stderr.read() if process.stderr else b""
            process.wait()
        seconds = time.monotonic() - start
        peak = int(peak_file.read_text()) / 1024 if peak_file.exists() else 0.0
        status = process.returncode
        if b"Traceback (most recent call last)" in err:
            problems.append("traceback: " + err.decode("utf-8", "replace")[-600:])
        if status is not None and status not in STATUSES and not problems:
            problems.append(f"exit status {status}: " + err.decode("utf-8", "replace")[-300:])
        left = _left_running(tag)
        if left:
            problems.append(f"left running: {left}")
        places, answers = allowed_changes(argv, here, before)
        after = snapshot(here, outside)
        for path in sorted(set(before) | set(after)):
            if before.get(path) == after.get(path):
                continue
            real = os.path.join(os.path.realpath(os.path.dirname(path)), os.path.basename(path))
            if any(real == p or real.startswith(p + os.sep) or real.startswith(p + ".") for p in places):
                continue
            old = before.get(path)
            if real in answers and (old is None or old.startswith(("answer:", "link:"))):
                continue  # (answers writes over nothing, an answer or a link)
            problems.append(f"changed: {os.path.relpath(path, root)} ({before.get(path)} -> {after.get(path)})")
        if os.listdir(tmp):
            problems.append(f"left in TMPDIR: {os.listdir(tmp)}")
        new_dev = set(os.listdir("/dev")) - dev_before
        if new_dev:
            problems.append(f"new in /dev: {sorted(new_dev)}")
        if peak > MEMORY_MIB:
            problems.append(f"peak memory {peak:.0f} MiB")
        return Outcome(index, argv, status, seconds, peak, problems)
    finally:
        with contextlib.suppress(OSError):
            subprocess.run(["chmod", "-R", "u+rwx", str(root)], capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


def _left_running(tag: str) -> list[str]:
    deadline = time.monotonic() + 3
    while True:
        found = []
        for name in os.listdir("/proc"):
            if not name.isdigit():
                continue
            try:
                with open(f"/proc/{name}/environ", "rb") as file:
                    if tag.encode() not in file.read():
                        continue
                with open(f"/proc/{name}/stat") as file:
                    if file.read().rsplit(")", 1)[1].split()[0] == "Z":
                        continue
                with open(f"/proc/{name}/cmdline", "rb") as file:
                    words = file.read().replace(bytes(1), b" ").decode("utf-8", "replace")
                found.append(f"{name} {words[:80]}")
            except OSError:
                continue
        if not found or time.monotonic() > deadline:
            for entry in found:
                with contextlib.suppress(OSError):
                    os.kill(int(entry.split()[0]), signal.SIGKILL)
            return found
        time.sleep(0.1)


def fuzz(seed: int, count: int, *, jobs: int = 1, commands: tuple[str, ...] = COMMANDS) -> list[Outcome]:
    """Run ``count`` fuzz runs of ``seed``, ``jobs`` at a time; every outcome, in order."""
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        return list(pool.map(lambda i: run_one(seed, i, False, commands), range(count)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", type=int, help="replay this run of the seed")
    parser.add_argument("--commands", default=",".join(COMMANDS), help="comma-separated")
    parser.add_argument("--bomb", action="store_true", help="let test and stress run a setsid fork bomb (cgroups)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every run's status, time and memory")
    args = parser.parse_args(argv)
    commands = tuple(c for c in args.commands.split(",") if c)
    start = time.monotonic()
    done = 0
    failures = 0
    per_command: dict[str, list[int]] = {}
    indices = [args.only] if args.only is not None else list(range(args.count))
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for outcome in pool.map(lambda i: run_one(args.seed, i, args.bomb, commands), indices):
            done += 1
            if args.verbose:
                words = shlex.join(outcome.argv)[:150]
                took = f"{outcome.seconds:6.2f} s {outcome.peak_mib:5.0f} MiB"
                print(f"{outcome.index:5} {outcome.status!s:>4} {took}  {words}")
            stats = per_command.setdefault(outcome.argv[0], [0, 0])
            stats[0] += 1
            if outcome.problems:
                failures += 1
                stats[1] += 1
                print(f"FAIL run {outcome.index}: {shlex.join(['downwedig', *outcome.argv])}")
                for problem in outcome.problems:
                    print("   ", problem.replace("\n", "\n    "))
            sys.stdout.flush()
    elapsed = time.monotonic() - start
    summary = ", ".join(f"{c} {n}/{f}" for c, (n, f) in sorted(per_command.items()))
    print(f"fuzz: seed {args.seed}: {done} runs, {failures} failed, in {elapsed:.0f} s; runs/failed: {summary}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
