#!/usr/bin/env python3
"""downwedig's benchmarks: each prints medians of alternating runs and the ratios that matter.

Every figure is measured as a user meets it: a new process per run, from the
installed ``downwedig`` beside this interpreter.  Runs alternate with the
baseline they are compared with (ours, theirs, ours, theirs, ...), after a
warm-up, so that a noisy machine slows both alike; medians are quoted, peak
memory is GNU time's ``%M`` (what ``/usr/bin/time -v`` reports).  Inputs are
generated deterministically under ``benchmarks/inputs/`` (``novelty`` takes
about ten seconds the first time).

    python benchmarks/bench.py solve --vs ./seed      # every family against the seed (below)
    python benchmarks/bench.py phases                 # where the time goes, random and the worst family
    python benchmarks/bench.py startup                # start-up CPU against a bare interpreter
    python benchmarks/bench.py stream --baseline OLD/bin/downwedig  # streaming: throughput, memory, liveness
    python benchmarks/bench.py explain                # explain's JSON and full table on a 300,000-step day

``./seed`` is the C++ solution of the problem's public write-up (the memo over
step and 8-bit window, "[Northern Eurasia Finals Online 2020]D. Down We Dig" on
cnblogs), saved as ``seed.cpp`` and built with ``g++ -O2 -o seed seed.cpp``.
Run it with an unlimited stack (``ulimit -s unlimited``): its recursion
overflows 8 MB on some inputs (``stutter``), and this script says so.
"""

from __future__ import annotations

import argparse
import os
import platform
import select
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
INPUTS = HERE / "inputs"
TIME = "/usr/bin/time"
N = 300_000

#: The children run in a user's usual environment: without these two, which a CI or sandbox may set
#: (no .pyc files means compiling every module at every start; unbuffered output means a write per print).
CLEAN_ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")}

# (label, family, options): the standard families, then the adversarial ones.
FAMILIES: list[tuple[str, str, dict[str, object]]] = [
    ("random", "random", {}),
    ("equal", "equal", {}),
    ("alternating", "alternating", {}),
    ("palette-2", "palette", {"k": 2}),
    ("palette-4", "palette", {"k": 4}),
    *[(f"neighbours-d{d}", "neighbours", dict[str, object](d=d)) for d in (1, 4, 8)],
    ("periodic", "periodic", {}),
    ("chain", "chain", {}),
]


def adversarial() -> list[tuple[str, str, dict[str, object]]]:
    from downwedig.contest.generating.adversarial import FAMILIES as ADVERSARIAL

    return [(name, name, {}) for name in ADVERSARIAL]


@dataclass
class Run:
    wall: float
    cpu: float
    peak_mib: float
    status: int
    output: bytes


def run_once(argv: list[str], stdin: Path | None = None, *, capture: bool = False) -> Run:
    """One run of ``argv``: wall and CPU seconds (with its children), peak RSS, exit status."""
    with tempfile.NamedTemporaryFile("r") as peak, open(stdin or os.devnull, "rb") as source:
        command = [TIME, "-f", "%M", "-o", peak.name, *argv] if os.path.exists(TIME) else argv
        start = time.perf_counter()
        stdout = subprocess.PIPE if capture else subprocess.DEVNULL
        proc = subprocess.Popen(command, stdin=source, stdout=stdout, env=CLEAN_ENV)
        output = proc.stdout.read() if proc.stdout else b""
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        if proc.stdout:
            proc.stdout.close()
        kib = usage.ru_maxrss
        text = peak.read().split()
        if text and text[-1].isdigit():
            kib = int(text[-1])
    return Run(wall, usage.ru_utime + usage.ru_stime, kib / 1024, os.waitstatus_to_exitcode(status), output)


def describe(status: int) -> str:
    """An exit status as a person reads it (the signal's name when killed, also via a shell's 128 + N)."""
    from downwedig.contest.running.run import describe_exit

    return describe_exit(-(status - 128) if status > 128 else status)


def ours(*args: str) -> list[str]:
    return [str(Path(sys.executable).parent / "downwedig"), *args]


def build_inputs(families: list[tuple[str, str, dict[str, object]]], n: int) -> dict[str, Path]:
    from downwedig.contest.generating.registry import generate, to_text

    INPUTS.mkdir(exist_ok=True)
    paths = {}
    for label, family, options in families:
        path = INPUTS / f"{label}-{n}.in"
        if not path.exists():
            print(f"# generating {path.name} ...", file=sys.stderr, flush=True)
            path.write_text(to_text(generate(family, n, seed=2020, **options)))
        paths[label] = path
    return paths


def median(values: list[float]) -> float:
    return statistics.median(values)


def header(what: str) -> None:
    print(f"# {what}")
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    print(f"# machine: {machine}, {time.ctime()}")
    dropped = sorted(set(os.environ) - set(CLEAN_ENV))
    if dropped:
        print(f"# run without {', '.join(dropped)} (a user's usual environment)")


# -- solve: every family, against the seed -------------------------------------------------------


def cmd_solve(args: argparse.Namespace) -> None:
    families = FAMILIES + adversarial()
    if args.families:
        wanted = args.families.split(",")
        families = [f for f in families if f[0] in wanted]
    paths = build_inputs([*families, FAMILIES[0]], args.n)  # random rows too, for /random
    header(f"downwedig solve FILE, n = {args.n}: {args.runs} alternating runs after a warm-up, medians")
    if args.vs:
        print(f"# seed: {args.vs} < FILE (run through sh, so ulimit -s applies)")
    print(f"{'family':<14} {'ours s':>7} {'cpu s':>6} {'MiB':>5} {'/random':>7}", end="")
    print(f" {'seed s':>7} {'cpu s':>6} {'MiB':>5} {'ours/seed':>9}" if args.vs else "")
    rows: list[list[str]] = []
    for label, _, _ in families:
        path = paths[label]
        check = run_once(ours("solve", str(path)), capture=True)
        if check.status != 0:
            raise SystemExit(f"bench.py: downwedig failed on {path}: {describe(check.status)}")
        theirs_state = ""
        if args.vs:
            probe = run_once(["sh", "-c", args.vs], path, capture=True)
            if probe.status != 0:
                theirs_state = f"crashed ({describe(probe.status)})"
            elif probe.output.split() != check.output.split():
                theirs_state = "disagrees"
        mine: list[Run] = []
        theirs: list[Run] = []
        randoms: list[Run] = []  # random rows again, alternating with this family: the paired worst-case ratio
        for _ in range(args.runs):
            mine.append(run_once(ours("solve", str(path))))
            if args.vs and not theirs_state:
                theirs.append(run_once(["sh", "-c", args.vs], path))
            if label != "random":
                randoms.append(run_once(ours("solve", str(paths["random"]))))
        wall, cpu, mib = median([r.wall for r in mine]), median([r.cpu for r in mine]), max(r.peak_mib for r in mine)
        if label == "random":
            versus = "1.00"
        else:
            versus = f"{median([a.wall / b.wall for a, b in zip(mine, randoms, strict=True)]):.2f}"
        row = [label, f"{wall:.3f}", f"{cpu:.3f}", f"{mib:.0f}", versus]
        line = f"{label:<14} {wall:7.3f} {cpu:6.3f} {mib:5.0f} {versus:>7}"
        if args.vs:
            if theirs_state:
                row += [theirs_state, "", "", ""]
                line += f" {theirs_state:>30}"
            else:
                t_wall, t_cpu = median([r.wall for r in theirs]), median([r.cpu for r in theirs])
                t_mib = max(r.peak_mib for r in theirs)
                ratio = median([a.wall / b.wall for a, b in zip(mine, theirs, strict=True)])
                row += [f"{t_wall:.3f}", f"{t_cpu:.3f}", f"{t_mib:.0f}", f"{ratio:.2f}"]
                line += f" {t_wall:7.3f} {t_cpu:6.3f} {t_mib:5.0f} {ratio:9.2f}"
        print(line, flush=True)
        rows.append(row)
    if args.markdown:
        cols = ["family", "ours (s)", "ours CPU (s)", "ours (MiB)", "ours/random"]
        if args.vs:
            cols += ["seed (s)", "seed CPU (s)", "seed (MiB)", "ours/seed"]
        print("\n| " + " | ".join(cols) + " |\n|" + "---|" * len(cols))
        for row in rows:
            print("| " + " | ".join(row) + " |")
    print("# ours/seed and /random are medians of the paired ratios of wall times (each run beside one of the other).")


# -- phases: where the time goes -----------------------------------------------------------------


PHASES = r"""
import sys, time
t0 = time.perf_counter()
from downwedig.cli import main  # the command's own imports
from downwedig.engine import Solver
from downwedig.moves import packed_move_masks
from downwedig.reader import read_chunks
from downwedig.staircase import unpack_values
t1 = time.perf_counter()
with open(sys.argv[1], "rb") as f:
    packed = b"".join(read_chunks(f))
t2 = time.perf_counter()
masks = packed_move_masks(packed, 8)
t3 = time.perf_counter()
digits = Solver(8).feed(unpack_values(masks, 8))
t4 = time.perf_counter()
with open("/dev/null", "wb") as out:
    out.write(digits + b"\n")
t5 = time.perf_counter()
print(t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)
"""


def cmd_phases(args: argparse.Namespace) -> None:
    families = [f for f in FAMILIES + adversarial() if f[0] in args.families.split(",")]
    paths = build_inputs(families, args.n)
    header(f"where solve's time goes, n = {args.n}: phases timed in one process, {args.runs} runs, medians (ms)")
    bare = [run_once([sys.executable, "-c", "pass"]).wall for _ in range(args.runs)]
    names = ("start", "import", "read", "masks", "engine", "output", "total")
    print(f"{'family':<14} " + " ".join(f"{name:>6}" for name in names))
    for label, _, _ in families:
        samples = []
        for _ in range(args.runs):
            run = run_once([sys.executable, "-c", PHASES, str(paths[label])], capture=True)
            samples.append([float(x) for x in run.output.split()])
        parts = [median([s[k] for s in samples]) * 1000 for k in range(5)]
        start = median(bare) * 1000
        cells = " ".join(f"{p:6.1f}" for p in parts)
        print(f"{label:<14} {start:6.1f} {cells}  {start + sum(parts):6.1f}")
    print("# start: a bare interpreter (python -c pass), wall; the rest inside one process.")


# -- startup -------------------------------------------------------------------------------------


def cmd_startup(args: argparse.Namespace) -> None:
    one = INPUTS / "one-step.in"
    INPUTS.mkdir(exist_ok=True)
    one.write_text("1\nWWWWWWWW\n")
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "downwedig --version": ours("--version"),
        "downwedig solve (1 step)": ours("solve", str(one)),
    }
    header(f"start-up CPU (user + sys, the process and its children): {args.runs} alternating runs, medians")
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, argv in commands.items():
            cpu[name].append(run_once(argv).cpu)
    base = cpu["python -c pass"]
    for name in commands:
        ratio = median([a / b for a, b in zip(cpu[name], base, strict=True)])
        print(f"{name:<26} {median(cpu[name]) * 1000:6.1f} ms CPU  {ratio:5.2f} x bare interpreter")


# -- stream --------------------------------------------------------------------------------------


def stream_input(steps: int) -> Path:
    from downwedig.contest.generating.registry import generate, to_text

    INPUTS.mkdir(exist_ok=True)
    path = INPUTS / f"stream-{steps}.in"
    if not path.exists():
        block = to_text(generate("random", 1 << 16, seed=2020)).split("\n", 1)[1].encode()
        whole, rest = divmod(steps, 1 << 16)
        with open(path, "wb") as out:
            out.write(b"%d\n" % steps)
            for _ in range(whole):
                out.write(block)
            out.write(block[: rest * 9])
    return path


def liveness() -> float:
    """Seconds from writing n and 20 steps into a pipe to reading the 12 digits they decide."""
    # stderr is dropped: closing the pipe after 20 of the 40 steps is meant, and the child says so.
    pipe, drop = subprocess.PIPE, subprocess.DEVNULL
    proc = subprocess.Popen(ours("solve", "--stream"), stdin=pipe, stdout=pipe, stderr=drop, env=CLEAN_ENV)
    assert proc.stdin is not None and proc.stdout is not None
    time.sleep(0.3)  # let it start and wait for input
    start = time.perf_counter()
    proc.stdin.write(b"40\n" + b"WWRRWRWR\n" * 20)
    proc.stdin.flush()
    got = b""
    while len(got) < 12 and select.select([proc.stdout], [], [], 10)[0]:
        got += os.read(proc.stdout.fileno(), 64)
    latency = time.perf_counter() - start
    proc.stdin.close()
    proc.wait()
    return latency if len(got) >= 12 else float("inf")


def cmd_stream(args: argparse.Namespace) -> None:
    path = stream_input(args.steps)
    header(f"{args.steps} random steps piped through solve --stream: {args.runs} alternating runs, medians")

    def pipeline(downwedig: list[str]) -> list[str]:
        solve = shlex.join([*downwedig, "solve", "--stream"])
        return ["sh", "-c", f"cat {shlex.quote(str(path))} | {solve} | tail -c 1"]

    commands = {"ours": ours()}
    if args.baseline:
        commands["baseline"] = [args.baseline]
        print(f"# baseline: {args.baseline} solve --stream")
    runs: dict[str, list[Run]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, downwedig in commands.items():
            runs[name].append(run_once(pipeline(downwedig)))
    for name, done in runs.items():
        wall = median([r.wall for r in done])
        peak = max(r.peak_mib for r in done)
        print(f"{name:<9} {wall:6.2f} s  {args.steps / wall:>12,.0f} steps/s  peak {peak:5.1f} MiB (largest process)")
    if args.baseline:
        ratio = median([b.wall / a.wall for a, b in zip(runs["ours"], runs["baseline"], strict=True)])
        print(f"baseline/ours: {ratio:.2f} (median of the paired ratios of wall times)")
    latencies = [liveness() for _ in range(args.runs)]
    print(f"liveness: 12 digits {median(latencies) * 1000:.0f} ms after their 20 steps entered the pipe (median)")


# -- explain -------------------------------------------------------------------------------------


def cmd_explain(args: argparse.Namespace) -> None:
    families = [f for f in FAMILIES + adversarial() if f[0] in args.families.split(",")]
    paths = build_inputs(families, args.n)
    header(f"explain on the last day of n = {args.n} (every step listed): {args.runs} runs, medians")
    for label, _, _ in families:
        for name, extra in (("json", ["--format", "json"]), ("text", ["--steps", f"1..{args.n}"])):
            runs = [run_once(ours("explain", str(paths[label]), *extra)) for _ in range(args.runs)]
            wall, mib = median([r.wall for r in runs]), max(r.peak_mib for r in runs)
            print(f"{label:<12} {name:<5} {wall:6.2f} s {mib:6.0f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    solve = commands.add_parser("solve", help="every family, optionally against another solver")
    solve.add_argument("--vs", metavar="COMMAND", help="another solver reading the input on stdin (through sh)")
    solve.add_argument("--families", metavar="A,B,...", help="only these families (labels as printed)")
    solve.add_argument("--markdown", action="store_true", help="also print the table in Markdown")
    phases = commands.add_parser("phases", help="where the time goes")
    phases.add_argument("--families", default="random,novelty", metavar="A,B,...")
    commands.add_parser("startup", help="start-up CPU against a bare interpreter")
    stream = commands.add_parser("stream", help="streaming throughput, memory and liveness")
    stream.add_argument("--steps", type=int, default=10_000_000)
    stream.add_argument("--baseline", metavar="DOWNWEDIG", help="another downwedig executable, run alternately")
    explain = commands.add_parser("explain", help="explain on a 300,000-step day")
    explain.add_argument("--families", default="random,novelty", metavar="A,B,...")
    for sub in (solve, phases, commands.choices["startup"], stream, explain):
        sub.add_argument("--runs", type=int, default=7, help="timed runs (default 7)")
        sub.add_argument("--n", type=int, default=N, help=f"steps per input (default {N})")
    args = parser.parse_args()
    globals()[f"cmd_{args.command}"](args)


if __name__ == "__main__":
    main()
