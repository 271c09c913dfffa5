#!/usr/bin/env python3
"""End-to-end benchmark of ``downwedig solve``, optionally against another solver.

Builds the inputs deterministically (the project's own generator, fixed seeds)
under ``benchmarks/inputs/``, then for each input family times the command as a
user runs it -- a new process, reading the file, writing the answer to
/dev/null -- with a warm-up run and then ``--runs`` timed runs.  With
``--vs COMMAND`` the other solver (reading the input on stdin) is timed on the
same file, alternately (ours, theirs, ours, theirs, ...), so that a noisy
machine slows both alike; the table gives medians, peak resident memory
(GNU time's ``%M``, as ``/usr/bin/time -v`` reports it), our time over our time
on random rows (the yardstick of the worst case) and the ratio
ours/theirs.  Before timing, both answers are compared: a solver that crashes
(non-zero exit or a signal) is reported as crashed, and one that disagrees
with ours is reported as such, not timed.

    python benchmarks/bench.py --vs "$(../shared/tools/build-seed)"
    python benchmarks/bench.py --families random,equal --runs 9 --markdown
    python benchmarks/bench.py --stream-steps 10000000   # streaming throughput and memory
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
INPUTS = HERE / "inputs"

# (label, family, options): the standard families; the adversarial ones are added after them.
STANDARD: list[tuple[str, str, dict[str, object]]] = [
    ("random", "random", {}),
    ("equal", "equal", {}),
    ("alternating", "alternating", {}),
    ("palette-2", "palette", {"k": 2}),
    ("palette-3", "palette", {"k": 3}),
    ("palette-4", "palette", {"k": 4}),
    *[(f"neighbours-d{d}", "neighbours", dict[str, object](d=d)) for d in range(1, 9)],
    ("periodic", "periodic", {}),
    ("chain", "chain", {}),
]


@dataclass
class Run:
    seconds: float
    peak_mib: float
    status: int
    output: bytes


TIME = "/usr/bin/time"


def run_once(command: list[str], path: Path, *, capture: bool = False, shell: str | None = None) -> Run:
    """Run ``command`` on ``path`` (as an argument, or on stdin when ``shell`` is given).

    Peak memory comes from GNU time's ``%M`` where it is installed: a child's own
    ``ru_maxrss`` would also count the pages it shared with this (larger) process
    between fork and exec.  The wall time is measured here, around the whole run.
    """
    argv = ["/bin/sh", "-c", shell] if shell is not None else command
    with open(path, "rb") as stdin, tempfile.NamedTemporaryFile("r") as peak:
        if os.path.exists(TIME):
            argv = [TIME, "-f", "%M", "-o", peak.name, *argv]
        start = time.perf_counter()
        proc = subprocess.Popen(
            argv,
            stdin=stdin if shell is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        output = proc.stdout.read() if capture and proc.stdout else b""
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        returncode = os.waitstatus_to_exitcode(status)
        if proc.stdout:
            proc.stdout.close()
        kib = usage.ru_maxrss
        if os.path.exists(TIME):
            text = peak.read().strip().splitlines()
            kib = int(text[-1]) if text and text[-1].isdigit() else kib
            if text and text[0].startswith("Command terminated by signal"):
                returncode = -int(text[0].rsplit(" ", 1)[-1])
    return Run(seconds, kib / 1024, returncode, output)


def describe(status: int) -> str:
    """An exit status as a person reads it: a signal's name (also via a shell's 128+N), or the number."""
    number = -status if status < 0 else status - 128 if status > 128 else 0
    try:
        return signal.Signals(number).name if number else f"exit {status}"
    except ValueError:
        return f"exit {status}"


def build_inputs(families: list[tuple[str, str, dict[str, object]]], n: int) -> dict[str, Path]:
    from downwedig.contest.registry import generate, to_text

    INPUTS.mkdir(exist_ok=True)
    paths = {}
    for label, family, options in families:
        path = INPUTS / f"{label}-{n}.in"
        if not path.exists():
            path.write_text(to_text(generate(family, n, seed=2020, **options)))
        paths[label] = path
    return paths


def all_families(selected: str | None) -> list[tuple[str, str, dict[str, object]]]:
    from downwedig.contest.adversarial import FAMILIES as ADVERSARIAL

    families = STANDARD + [(name, name, {}) for name in ADVERSARIAL]
    if selected:
        wanted = selected.split(",")
        unknown = set(wanted) - {label for label, _, _ in families}
        if unknown:
            sys.exit(f"bench.py: unknown families: {', '.join(sorted(unknown))}")
        families = [f for f in families if f[0] in wanted]
    return families


def ours_command() -> list[str]:
    script = Path(sys.executable).parent / "downwedig"
    if script.exists():
        return [str(script), "solve"]
    found = shutil.which("downwedig")
    return [found, "solve"] if found else [sys.executable, "-m", "downwedig", "solve"]


def bench(args: argparse.Namespace) -> None:
    ours = ours_command()
    families = all_families(args.families)
    paths = build_inputs(families, args.n)
    print(f"# machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"# ours: {shlex.join(ours)} FILE" + (f"; theirs: {args.vs} < FILE" if args.vs else ""))
    print(f"# n = {args.n}, {args.runs} timed runs after a warm-up, medians" + (", alternating" if args.vs else ""))
    header = f"{'family':<16} {'ours s':>8} {'ours MiB':>9} {'/random':>7}"
    if args.vs:
        header += f" {'theirs s':>9} {'theirs MiB':>10} {'ratio':>6}"
    print(header, flush=True)
    rows = []
    random_s = None  # ours on random rows, the yardstick of the worst case (issue 3, point 4)
    for label, _, _ in families:
        path = paths[label]
        first = run_once([*ours, str(path)], path, capture=True)
        if first.status != 0:
            raise SystemExit(f"bench.py: downwedig failed on {path} with status {first.status}")
        theirs_state = ""
        if args.vs:
            probe = run_once([], path, capture=True, shell=args.vs)
            if probe.status != 0:
                theirs_state = f"crashed ({describe(probe.status)})"
            elif probe.output.split() != first.output.split():
                theirs_state = "disagrees"
        ours_runs: list[Run] = []
        theirs_runs: list[Run] = []
        for _ in range(args.runs):
            ours_runs.append(run_once([*ours, str(path)], path))
            if args.vs and not theirs_state:
                theirs_runs.append(run_once([], path, shell=args.vs))
        o_s = statistics.median(r.seconds for r in ours_runs)
        o_m = max(r.peak_mib for r in ours_runs)
        if label == "random":
            random_s = o_s
        versus_random = f"{o_s / random_s:.2f}" if random_s else ""
        line = f"{label:<16} {o_s:8.3f} {o_m:9.1f} {versus_random:>7}"
        row = [label, f"{o_s:.3f}", f"{o_m:.0f}", versus_random]
        if args.vs:
            if theirs_state:
                line += f" {theirs_state:>27}"
                row += [theirs_state, "", ""]
            else:
                t_s = statistics.median(r.seconds for r in theirs_runs)
                t_m = max(r.peak_mib for r in theirs_runs)
                line += f" {t_s:9.3f} {t_m:10.1f} {o_s / t_s:6.2f}"
                row += [f"{t_s:.3f}", f"{t_m:.0f}", f"{o_s / t_s:.2f}"]
        print(line, flush=True)
        rows.append(row)
    if args.markdown:
        cols = ["family", "ours (s)", "ours (MiB)", "ours/random"]
        if args.vs:
            cols += ["seed (s)", "seed (MiB)", "ours/seed"]
        print("\n| " + " | ".join(cols) + " |")
        print("|" + "---|" * len(cols))
        for row in rows:
            print("| " + " | ".join(row) + " |")


def bench_stream(args: argparse.Namespace) -> None:
    """Pipe ``--stream-steps`` random steps through ``solve --stream``: time, memory, throughput."""
    from downwedig.contest.registry import generate, to_text

    steps = args.stream_steps
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
    ours = ours_command()
    command = f"cat {shlex.quote(str(path))} | {shlex.join(ours)} --stream | tail -c 1 >/dev/null"
    results = [run_once([], path, shell=command) for _ in range(args.runs)]
    seconds = statistics.median(r.seconds for r in results)
    peak = max(r.peak_mib for r in results)  # the largest of the pipeline's processes
    print(f"# {steps} steps through solve --stream: median {seconds:.2f} s, {steps / seconds:,.0f} steps/s")
    print(f"# peak resident memory of the largest process in the pipeline: {peak:.1f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vs", metavar="COMMAND", help="another solver, reading the input on stdin")
    parser.add_argument("--n", type=int, default=300_000, help="steps per input (default 300000)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per solver and family (default 5)")
    parser.add_argument("--families", metavar="A,B,...", help="only these families (labels as printed)")
    parser.add_argument("--markdown", action="store_true", help="also print the table in Markdown")
    parser.add_argument("--stream-steps", type=int, metavar="N", help="measure streaming N steps instead")
    args = parser.parse_args()
    if args.stream_steps:
        bench_stream(args)
    else:
        bench(args)


if __name__ == "__main__":
    main()
