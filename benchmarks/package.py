#!/usr/bin/env python3
"""Wall and CPU time of ``downwedig package DIR --tests full``, this tree against a baseline, paired.

Each round builds the package once with this tree's downwedig and once with
the baseline's (``--baseline SRC``: the ``src`` folder of another checkout, e.g.
``git worktree add /tmp/base 9deb814``, run with this interpreter and
``PYTHONPATH=SRC``), in alternating order, each into a fresh folder; the time
is the command's wall clock and its CPU (user + system of it and its children,
as ``wait4`` reports: the generation, the answers and the timing's runs).
The table gives the medians, and the median of the paired ratios new/old (the
ratio within each round, so that a machine whose load changes between rounds
skews both sides alike).

    python benchmarks/package.py --baseline /tmp/base/src --runs 5 [--tests full]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"


def build(src: Path, tests: str, folder: Path, extra: list[str]) -> tuple[float, float]:
    """Build the package with the downwedig of ``src`` into ``folder``: (wall s, CPU s)."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    command = [sys.executable, "-m", "downwedig", "package", str(folder), "--tests", tests, *extra]
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    assert process.stderr is not None
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{src}: package failed: {process.stderr.read().decode(errors='replace')}")
    process.stderr.close()
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", type=Path, required=True, metavar="SRC", help="the baseline's src folder")
    parser.add_argument("--runs", type=int, default=5, help="rounds (5)")
    parser.add_argument("--tests", default="full", help="the plan (full)")
    parser.add_argument("--time-limit", help="given to both (skips the timing's runs)")
    args = parser.parse_args()
    extra = ["--time-limit", args.time_limit] if args.time_limit else []
    sides = {"new": SRC, "old": args.baseline.resolve()}
    times: dict[str, list[tuple[float, float]]] = {side: [] for side in sides}
    with tempfile.TemporaryDirectory(prefix="downwedig-bench-") as scratch:
        for round_ in range(args.runs):
            order = list(sides) if round_ % 2 == 0 else list(reversed(sides))
            for side in order:
                folder = Path(scratch) / f"{side}{round_}" / "downwedig"
                times[side].append(build(sides[side], args.tests, folder, extra))
                shutil.rmtree(folder.parent)
            new, old = times["new"][-1], times["old"][-1]
            print(
                f"round {round_ + 1}: new {new[0]:.2f} s wall {new[1]:.2f} s CPU; old {old[0]:.2f} s wall "
                f"{old[1]:.2f} s CPU",
                flush=True,
            )
    print(f"\npackage --tests {args.tests}{' ' + ' '.join(extra) if extra else ''}, {args.runs} paired rounds")
    print(f"{'':6} {'median wall s':>14} {'median CPU s':>13}")
    for side in sides:
        print(
            f"{side:6} {statistics.median(w for w, _ in times[side]):14.2f} "
            f"{statistics.median(c for _, c in times[side]):13.2f}"
        )
    wall = statistics.median(n[0] / o[0] for n, o in zip(times["new"], times["old"], strict=True))
    cpu = statistics.median(n[1] / o[1] for n, o in zip(times["new"], times["old"], strict=True))
    print(f"median of paired ratios new/old: wall {wall:.3f}, CPU {cpu:.3f}")


if __name__ == "__main__":
    main()
