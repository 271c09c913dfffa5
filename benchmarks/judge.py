"""What judging costs beyond the solution's own time: ``downwedig test`` on a package's tests, against a baseline.

Runs ``python -m downwedig test DATA --solution CMD --format json`` with this
checkout's ``downwedig`` in each isolation mode, and the same with another
source tree (``--base``, e.g. an older commit's ``src`` from ``git archive``),
in turn, ``--runs`` times each (alternating, so a change in the machine's load
falls on every variant alike), and prints the median wall time of the whole
command, the medians of the summed per-test wall and CPU times, and, against
the base, the median of the paired ratios of the command's wall time (each
round's variant over the same round's base)::

    downwedig package /tmp/p --tests full && git archive 3fb65af src | tar -x -C /tmp/base
    python benchmarks/judge.py /tmp/p/data/sample /tmp/p/data/secret --base /tmp/base/src --runs 7 \
        --solution "$(which python) /tmp/p/submissions/accepted/solution.py"

The solution is ``downwedig solve`` unless ``--solution`` says otherwise; against a base that sandboxes
its runs too (from 3fb65af on), give one that needs no package, such as the package's own one-file
solution: a sandboxed run sees only the judge's own downwedig, and only from downwedig's own command.

Cost: ``runs * variants`` judgings of DATA.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time


def judge_once(data: list[str], solution: str, env: dict[str, str]) -> tuple[float, float, float, str]:
    """One judging: (wall time of the command, sum of test wall times, sum of test CPU times, isolation)."""
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "downwedig", "test", *data, "--solution", solution, "--format", "json"],
        capture_output=True,
        env=env,
        timeout=3600,
    )
    elapsed = time.monotonic() - start
    report = json.loads(done.stdout)
    if report["summary"]["verdict"] != "AC":
        raise SystemExit(f"not all AC: {report['summary']}")
    tests = report["tests"]
    mode = report.get("isolation", "process-group (before isolation was reported)")
    return elapsed, sum(t["wall_s"] for t in tests), sum(t["cpu_s"] for t in tests), mode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("data", nargs="+", help="folders of tests, e.g. a package's data/sample data/secret")
    parser.add_argument("--solution", default="downwedig solve")
    parser.add_argument("--base", help="another downwedig's src folder to compare with")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    here = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    variants = {
        "this (auto)": here,
        "this (no sandbox)": {**here, "DOWNWEDIG_SANDBOX": "none"},
        "this (process-group)": {**here, "DOWNWEDIG_ISOLATION": "process-group"},
    }
    if args.base:
        variants["base"] = {**here, "PYTHONPATH": args.base}
    results: dict[str, list[tuple[float, float, float, str]]] = {name: [] for name in variants}
    for _ in range(args.runs):
        for name, env in variants.items():
            results[name].append(judge_once(args.data, args.solution, env))
    print("| variant | isolation | command wall s (median) | sum of test wall s | sum of test CPU s | x base |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, runs in results.items():
        median = [statistics.median(float(r[i]) for r in runs) for i in range(3)]
        ratio = "-"
        if "base" in results and name != "base":
            ratio = f"{statistics.median(r[0] / b[0] for r, b in zip(runs, results['base'], strict=True)):.3f}"
        print(f"| {name} | {runs[0][3]} | {median[0]:.2f} | {median[1]:.2f} | {median[2]:.2f} | {ratio} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
