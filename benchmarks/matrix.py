"""What a run of ``test PKG`` (every solution of a package) costs against a run of ``test --solution CMD PKG``.

Builds a package once (``downwedig package P --tests small --time-limit 5``)
and keeps only its accepted Python solution, then runs, in turn and ``--runs``
times each (alternating, so a change in the machine's load falls on both):

- ``matrix``: ``python -m downwedig test P`` (the package's one solution, found,
  checked against its folder);
- ``one``: ``python -m downwedig test --solution P/submissions/accepted/solution.py P``;

and prints the median wall time of each command per run of the solution
(the command's wall time over the number of tests) and the median of the
paired ratios matrix / one::

    python benchmarks/matrix.py --runs 7

Cost: the package's build (about 5 s) and ``2 * runs`` judgings of its 39 tests.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed(command: list[str]) -> tuple[float, dict[str, object]]:
    start = time.monotonic()
    done = subprocess.run(command, capture_output=True, timeout=3600)
    wall = time.monotonic() - start
    if done.returncode != 0:
        raise SystemExit(f"{command} failed ({done.returncode}): {done.stdout.decode()[-300:]}")
    return wall, json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("-j", "--jobs", type=int, default=1)
    args = parser.parse_args()
    me = [sys.executable, "-m", "downwedig"]
    with tempfile.TemporaryDirectory() as scratch:
        package = Path(scratch, "p")
        made = [*me, "package", str(package), "--tests", "small", "--time-limit", "5"]
        subprocess.run(made, check=True, capture_output=True)
        solution = package / "submissions" / "accepted" / "solution.py"
        for folder in (package / "submissions").iterdir():
            for entry in folder.iterdir() if folder.is_dir() else ():
                if entry != solution:
                    entry.unlink() if entry.is_file() else shutil.rmtree(entry)
        jobs = ["-j", str(args.jobs), "--format", "json"]
        commands = {
            "matrix": [*me, "test", str(package), *jobs],
            "one": [*me, "test", "--solution", str(solution), str(package), *jobs],
        }
        walls: dict[str, list[float]] = {name: [] for name in commands}
        tests = 0
        for _ in range(args.runs):
            for name, command in commands.items():
                wall, report = timed(command)
                found = report["tests"]
                tests = len(found) if isinstance(found, list) else 0
                walls[name].append(wall)
    print(f"{args.runs} runs each, -j {args.jobs}, {tests} tests, load average {os.getloadavg()[0]:.1f} at the end")
    print("| command | wall s (median) | ms per run (median) | x one (median of paired ratios) |")
    print("| --- | --- | --- | --- |")
    for name, found in walls.items():
        ratio = statistics.median(w / b for w, b in zip(found, walls["one"], strict=True))
        median = statistics.median(found)
        print(f"| {name} | {median:.2f} | {1000 * median / max(1, tests):.1f} | {ratio:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
