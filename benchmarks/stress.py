#!/usr/bin/env python3
"""How long ``downwedig stress`` takes to find, shrink and explain a learner's mistake, wall-clock.

For ``examples/wrong.py`` and each of the package's mistakes (bundled as a package carries them,
``downwedig.contest.shipping.programs.mistakes``), runs ``downwedig stress --solution PROGRAM --page
FILE`` (the default tests, seed 0: the whole command, the explanation and the page included) ``--runs``
times, the programs in turn, and prints the median wall-clock time of each, and of its explanation alone
(:func:`downwedig.diagnosis.diagnose` on the minimal test saved, the program run as ``stress`` runs it).
The yardstick (issue 37) is under 5 s each.  The machine's load counts: each program's runs are
spread over the rounds, so a busy moment falls on all of them alike.

    python benchmarks/stress.py --runs 3
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def explaining(program: str, prefix: Path, jobs: int) -> float:
    """Seconds to explain the minimal test saved at ``prefix`` as ``stress`` does (its runs in this process)."""
    from downwedig import parse
    from downwedig.contest.judging.verdict import Limits
    from downwedig.contest.running.command import solution_command
    from downwedig.contest.running.run import run_solution
    from downwedig.diagnosis import diagnose
    from downwedig.staircase import Staircase

    command, staircase = solution_command(program), parse(prefix.with_suffix(".in").read_bytes())
    received = prefix.with_suffix(".received").read_text().strip()

    def says(part: Staircase) -> str:
        return run_solution(command, part.to_text().encode(), Limits()).stdout.decode().strip()

    start = time.perf_counter()
    diagnose(staircase, received, says, jobs=jobs)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="runs of each program (default 3)")
    args = parser.parse_args()

    from downwedig.contest.bundling.bundle import bundle
    from downwedig.contest.shipping.programs import mistake_program
    from downwedig.contest.shipping.programs.mistakes import MISTAKES

    with tempfile.TemporaryDirectory() as folder:
        programs = {"wrong.py": str(HERE.parent / "examples" / "wrong.py")}
        for name in sorted(MISTAKES):
            path = Path(folder) / f"{name}.py"
            path.write_text(bundle(mistake_program(name)))
            programs[name] = str(path)
        whole: dict[str, list[float]] = {name: [] for name in programs}
        explain: dict[str, list[float]] = {name: [] for name in programs}
        steps: dict[str, str] = {}
        for _ in range(args.runs):
            for name, program in programs.items():
                prefix = Path(folder) / ("fail-" + name.replace(".", "-"))
                argv = ["stress", "--solution", program, "--save", str(prefix), "--page", f"{prefix}.html"]
                start = time.perf_counter()
                subprocess.run([sys.executable, "-m", "downwedig", *argv], capture_output=True, check=False)
                whole[name].append(time.perf_counter() - start)
                explain[name].append(explaining(program, prefix, os.cpu_count() or 1))
                steps[name] = prefix.with_suffix(".in").read_text().split("\n", 1)[0]
        print(f"# wall-clock seconds, median of {args.runs}; {os.cpu_count()} cores; load {os.getloadavg()[0]:.1f}")
        print(f"{'program':<20} {'n':>3} {'stress':>8} {'explain':>8}")
        for name in programs:
            row = f"{name:<20} {steps[name]:>3} {statistics.median(whole[name]):8.2f} "
            print(row + f"{statistics.median(explain[name]):8.2f}")


if __name__ == "__main__":
    main()
