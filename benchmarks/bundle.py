#!/usr/bin/env python3
"""CPU time of the one-file submission (``downwedig bundle``) under CPython and PyPy, against the seed's C++.

A judge measures CPU time (user + system, as ``wait4`` reports it), so that is
what is measured here: for each family at n = 300,000 (``downwedig gen max
--kind FAMILY``, generated once into ``benchmarks/inputs/``), the bundle runs
under CPython (this interpreter, or ``--python``) and under PyPy (``--pypy``,
default ``pypy3`` if installed), and the seed (``--vs``, run with ``ulimit -s
unlimited`` since its recursion needs it) on the same file, alternately, one
warm-up and then ``--runs`` timed rounds (the seed, then each bundle); the
table gives the median times and, for each bundle, the median of its paired
ratios to the seed (the ratio within each round, so that a machine whose load
changes between rounds skews both sides alike).  Every program's answer is
first compared with the seed's (a disagreement or a crash is reported instead
of timed).  The bundle is ``downwedig bundle``'s default (readable) form;
``--full`` times the form with the sources as they are, and ``--program NAME``
another program of ``downwedig bundle`` (``--program editorial``: the
editorial's short solution, against the judge's 5 s; with ``--with-solution``
the default bundle is timed beside it, and the table adds the paired ratios
program/solution).  ``--baseline FILE``
times another bundle beside it (one made by an earlier version: ``git worktree
add /tmp/old COMMIT`` and ``downwedig bundle`` there), under both interpreters,
and adds the median of the paired ratios new/old.

    python benchmarks/bundle.py --vs ./seed --runs 7 --markdown [--baseline old-solution.py]
    python benchmarks/bundle.py --vs ./seed --program editorial --with-solution --runs 5

``./seed`` is the C++ solution of the problem's public write-up (the memo over
step and 8-bit window, "[Northern Eurasia Finals Online 2020]D. Down We Dig" on
cnblogs), saved as ``seed.cpp`` and built with ``g++ -O2 -o seed seed.cpp``;
any program that reads the judge's input on stdin can stand in for it.
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
INPUTS = HERE / "inputs"


def cpu_seconds(command: str, path: Path, *, capture: bool = False) -> tuple[float, int, bytes]:
    """Run the shell ``command`` with ``path`` on stdin: CPU seconds (user + system), status and output."""
    with open(path, "rb") as stdin, tempfile.TemporaryFile() as out:
        process = subprocess.Popen(
            ["/bin/sh", "-c", command], stdin=stdin, stdout=out if capture else subprocess.DEVNULL
        )
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        return usage.ru_utime + usage.ru_stime, process.returncode, out.read()


def build_input(family: str, folder: Path | None) -> Path:
    """The n = 300000 input of ``family``: ``FOLDER/FAMILY.in`` if given and present, else made here once."""
    if folder is not None and (folder / f"{family}.in").exists():
        return folder / f"{family}.in"
    from downwedig.contest.generating.registry import generate, to_text

    INPUTS.mkdir(exist_ok=True)
    path = INPUTS / f"max-{family}.in"
    if not path.exists():
        path.write_text(to_text(generate("max", 1, seed=0, kind=family)))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vs", metavar="SEED", required=True, help="the seed's binary (reads stdin)")
    parser.add_argument("--python", default=sys.executable, help="the CPython to run the bundle with")
    parser.add_argument("--pypy", default=shutil.which("pypy3"), help="the PyPy to run the bundle with")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per program and family (default 5)")
    parser.add_argument("--families", metavar="A,B,...", help="only these families (default: all but max)")
    parser.add_argument("--inputs", type=Path, metavar="DIR", help="take FAMILY.in from here when present")
    parser.add_argument("--markdown", action="store_true", help="also print the table in Markdown")
    parser.add_argument("--full", action="store_true", help="time the bundle's full form (sources as they are)")
    parser.add_argument("--baseline", type=Path, metavar="FILE", help="another bundle to time beside it (an old one)")
    parser.add_argument("--program", default="solution", help="which program of downwedig bundle (default solution)")
    parser.add_argument(
        "--with-solution", action="store_true", help="time the default bundle beside --program (-sol), paired"
    )
    args = parser.parse_args()

    from downwedig.contest.bundling.bundle import bundle
    from downwedig.contest.generating.registry import all_families
    from downwedig.contest.shipping.programs import PROGRAMS

    families = args.families.split(",") if args.families else sorted(set(all_families()) - {"max"})
    with tempfile.TemporaryDirectory() as folder:
        solution = Path(folder) / f"{args.program}.py"
        solution.write_text(bundle(PROGRAMS[args.program], full=args.full))
        default = Path(folder) / "default-solution.py"
        default.write_text(bundle(PROGRAMS["solution"]))
        programs = {"seed": f"ulimit -s unlimited; exec {shlex.quote(args.vs)}"}
        interpreters = {"cpython": args.python, **({"pypy": args.pypy} if args.pypy else {})}
        for name, interpreter in interpreters.items():
            programs[name] = f"exec {shlex.quote(interpreter)} {shlex.quote(str(solution))}"
            if args.baseline:
                programs[f"{name}-old"] = f"exec {shlex.quote(interpreter)} {shlex.quote(str(args.baseline))}"
            if args.with_solution:
                programs[f"{name}-sol"] = f"exec {shlex.quote(interpreter)} {shlex.quote(str(default))}"
        version = subprocess.run(
            [args.python, "-c", "import platform; print(platform.python_version())"], capture_output=True, text=True
        ).stdout.strip()
        print(f"# machine: {platform.machine()}, {os.cpu_count()} cores; CPython {version}; PyPy: {args.pypy}")
        form = "as written" if PROGRAMS[args.program].as_written else "full" if args.full else "readable"
        print(f"# the bundle: --program {args.program}, {solution.stat().st_size} bytes ({form} form)")
        if args.with_solution:
            print(f"# the default bundle (-sol): {default.stat().st_size} bytes")
        if args.baseline:
            print(f"# the old bundle (-old): {args.baseline.stat().st_size} bytes, {args.baseline}")
        print(f"# CPU seconds (user + system) at n = 300000, median of {args.runs} alternating runs after a warm-up;")
        print("# the ratios are medians of the ratios within each round; the judge allowed 5 s")
        names = list(programs)
        pairs = [(name, "seed") for name in interpreters]
        pairs += [(name, f"{name}-old") for name in interpreters if args.baseline]
        pairs += [(name, f"{name}-sol") for name in interpreters if args.with_solution]
        headings = [f"{a}/{b}" for a, b in pairs]
        print(f"{'family':<12} " + " ".join(f"{name:>11}" for name in names + headings), flush=True)
        rows = []
        for family in families:
            path = build_input(family, args.inputs)
            expected = None
            broken: dict[str, str] = {}
            for name, command in programs.items():  # the warm-up, which also checks the answers
                _, status, output = cpu_seconds(command, path, capture=True)
                if status != 0:
                    broken[name] = f"exit {status}"
                elif expected is None:
                    expected = output.split()
                elif output.split() != expected:
                    broken[name] = "disagrees"
            times: dict[str, list[float]] = {name: [] for name in names}
            for _ in range(args.runs):
                for name, command in programs.items():
                    if name not in broken:
                        times[name].append(cpu_seconds(command, path)[0])
            medians = {name: statistics.median(times[name]) for name in names if name not in broken}
            cells = [broken.get(name) or f"{medians[name]:.3f}" for name in names]
            ratios = [
                f"{statistics.median(t / s for t, s in zip(times[a], times[b], strict=True)):.2f}"
                if a in medians and b in medians
                else ""
                for a, b in pairs
            ]
            print(f"{family:<12} " + " ".join(f"{cell:>11}" for cell in cells + ratios))
            rows.append([family, *cells, *ratios])
        if args.markdown:
            columns = ["family", *(f"{name} (s)" for name in names), *headings]
            print("\n| " + " | ".join(columns) + " |")
            print("|" + "---|" * len(columns))
            for row in rows:
                print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
