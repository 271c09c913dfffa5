"""What ``downwedig strength`` costs on a plan's tests, against judging one solution on them.

Makes the plan's tests once (``downwedig gen --plan PLAN -o DIR``, the default
plan ``full``: 46 tests, 8 of n = 300,000), then runs, in turn and ``--runs``
times each (alternating, so a change in the machine's load falls on both):

- ``strength``: ``python -m downwedig strength DIR --format json`` (every
  mutant on every test, and the survivors' witness searches), with ``-j`` the
  machine's cores;
- ``test``: ``python -m downwedig test DIR --solution CMD`` (one solution, the
  one-file bundle by default: the cost of judging a solution once), ``-j`` the same;

and prints the median wall and CPU time (the command's and its children's) of
each, and the median of the paired ratios strength / test::

    python benchmarks/strength.py --runs 5

Cost: ``runs`` times both commands, and the plan's tests made once (about 20 s for ``full``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed(command: list[str]) -> tuple[float, float, bytes]:
    """Run ``command``: (its wall seconds, the CPU seconds of it and its children, its output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run(command, capture_output=True, timeout=3600)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if done.returncode not in (0, 1):
        raise SystemExit(f"{command[3]} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    return wall, cpu, done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--plan", default="full", help="the plan whose tests are measured (full)")
    parser.add_argument("--solution", help="the solution judged by the baseline (default: the one-file bundle)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    me = [sys.executable, "-m", "downwedig"]
    with tempfile.TemporaryDirectory() as scratch:
        tests = Path(scratch, "tests")
        subprocess.run([*me, "gen", "--plan", args.plan, "-o", str(tests)], check=True, capture_output=True)
        solution = args.solution
        if solution is None:
            subprocess.run([*me, "bundle", "-o", str(Path(scratch, "solution.py"))], check=True, capture_output=True)
            solution = f"{sys.executable} {Path(scratch, 'solution.py')}"
        commands = {
            "strength": [*me, "strength", str(tests), "--format", "json", "-j", str(args.jobs)],
            "test": [*me, "test", str(tests), "--solution", solution, "-j", str(args.jobs)],
        }
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        caught = ""
        for _ in range(args.runs):
            for name, command in commands.items():
                wall, cpu, out = timed(command)
                runs[name].append((wall, cpu))
                if name == "strength":
                    found = json.loads(out)["caught"]
                    caught = f"{found['mutants']} of {found['of']} mutants caught"
    load = os.getloadavg()[0]
    print(f"plan {args.plan}, {args.runs} runs each, -j {args.jobs}, load average {load:.1f} at the end; {caught}")
    print("| command | wall s (median) | CPU s (median) | wall x test (median of paired ratios) |")
    print("| --- | --- | --- | --- |")
    for name, found in runs.items():
        wall = statistics.median(w for w, _ in found)
        cpu = statistics.median(c for _, c in found)
        ratio = statistics.median(w / b for (w, _), (b, _) in zip(found, runs["test"], strict=True))
        print(f"| {name} | {wall:.1f} | {cpu:.1f} | {ratio:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
