#!/usr/bin/env python3
"""Makes the table of verdicts in ``docs/judges.md``: the same solutions on the same tests, judged by ``downwedig
test``, DMOJ's judge (``dmoj-cli``), BAPCtools' ``bt run`` and Kattis' ``verifyproblem``, side by side.

``python docs/verdicts.py`` writes the table between its markers in ``docs/judges.md``; ``--check`` writes
nothing and exits with status 1 when the table there differs from what the judges say now
(``tests/test_verdicts.py`` does the same, under the thorough profile, as CI runs it).  It takes some minutes of
CPU: every judge judges every solution.

The tests are :data:`PLAN`'s (eleven of the built-in plan's), in three packages made from it with a time limit of 5
s: 2025-09 for ``bt run``, legacy for ``verifyproblem`` (``-t 5``), DMOJ's folder for ``dmoj-cli`` and ``downwedig
test``. The solutions are the package's own (the accepted C++ and Python ones, the four mistakes, the O(n^2) one)
and five more: two mutations of the package's C++ solution (:data:`SOLUTIONS` says which line each changes), a slow
C++ one and two Python ones (``docs/solutions/``), each put where the Kattis formats expect its verdict; Python runs
under PyPy, as ``bt`` and ``verifyproblem`` run ``.py`` files, and the accepted one under CPython too (for
``downwedig test`` and DMOJ alone). DMOJ judges the package's own solutions in ``dmoj-cli test`` (its self-tests,
which must all pass) and the others by ``dmoj-cli submit`` with the package's limits; its runtimes are the machine's
own (``/usr/bin/python3``, ``pypy3``, ``g++``), never a version manager's shim.

For each solution the table gives each judge's verdict, and the first test that does not get AC where the
judge names it; and whether ``downwedig test`` and DMOJ gave the same verdict on every test, one by one
(:data:`SAME`: DMOJ's testlib bridge reports testlib's presentation error as WA).  A difference between judges
that :data:`EXPLAINED` does not explain is an error.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
JUDGES_MD = HERE / "judges.md"
BEGIN = "<!-- verdicts: made by docs/verdicts.py; python docs/verdicts.py makes it again -->"
END = "<!-- verdicts: end -->"
#: The tests: eleven of the built-in plan's, named as there (sizes where each wrong solution fails, and each family
#: that matters), so that every judge judges every solution in minutes.
PLAN = """\
01-n1-one-step      equal --n 1 --row WWWWWWWW
06-n9-equal         equal --n 9 --row RWWRRWWR
09-n10-random       random --n 10 --seed 9
15-differ-d4-300    neighbours --n 300 --seed 15 --d 4
20-chain-1000       chain --n 1000 --seed 20
23-palette-k8-2000  palette --n 2000 --seed 23 --k 8
26-random-2000      random --n 2000 --seed 26
32-novelty-5000     novelty --n 5000 --seed 32
33-stutter-5000     stutter --n 5000 --seed 33
37-seesaw-5000      seesaw --n 5000 --seed 37 --length 1000
38-random-50000     random --n 50000 --seed 38
"""
#: The time limit (seconds) of every package; the memory limit is the problem's 512 MiB.
TIME_LIMIT, MEMORY_KB = 5, 512 * 1024
#: What to install for each judge.
INSTALL = {
    "dmoj-cli": "apt-get install libseccomp-dev, then pip install dmoj",
    "bt": "pip install -e '.[judge]'",
    "verifyproblem": "pip install -e '.[judge]'",
    "pypy3": "apt-get install pypy3",
    "g++": "apt-get install g++",
}
#: Verdicts that are one verdict under two names, as (downwedig's, the other judge's): testlib's presentation
#: error is a WA to a judge without that verdict, and a run-time error is RE to downwedig, RTE to the others.
SAME = {("PE", "WA"), ("RE", "RTE"), ("RE", "IR")}
#: Why a judge's verdict differs from downwedig's, by (downwedig's, the other's).
EXPLAINED = {
    ("PE", "WA"): "downwedig, like testlib's checker, tells a presentation error (the right digits, spaced) apart; "
    "Kattis and BAPCtools have no such verdict (the output validator's exit 43 is WA), and DMOJ's testlib bridge "
    "turns testlib's PE into WA with the feedback 'Presentation Error'",
    ("RE", "RTE"): "one verdict, two names",
    ("RE", "IR"): "DMOJ calls a run that ends with a non-zero exit status IR (invalid return) and one ended by a "
    "signal RTE; downwedig calls both RE, Kattis and BAPCtools both RTE",
}


@dataclasses.dataclass(frozen=True)
class Solution:
    """A solution of the table: its file, where the Kattis formats keep it (the verdict it must get), how it runs,
    and, for one that is not the package's, where it comes from: a file, or the package's C++ solution with one
    line changed (``mutation``: the line, and what it becomes)."""

    file: str  # its file name in the package
    folder: str  # accepted, wrong_answer, time_limit_exceeded, run_time_error
    python: str | None = None  # the interpreter of a .py file for downwedig test (None: C++, compiled)
    extra: Path | None = None  # an extra solution's source (None: the package's own, or a mutation)
    mutation: tuple[str, str] | None = None

    @property
    def own(self) -> bool:
        """Whether it is one of the package's own solutions (its self-tests judge those on DMOJ)."""
        return self.extra is None and self.mutation is None

    def source(self, solutions: Path) -> bytes:
        """Its text: an extra's file, a mutation of ``solutions/solution.cpp``, or the package's own file."""
        if self.extra is not None:
            return self.extra.read_bytes()
        if self.mutation is not None:
            line, changed = self.mutation
            text = (solutions / "solution.cpp").read_text()
            if text.count(line) != 1:
                raise ValueError(f"{self.file}: solution.cpp has no single line {line!r} to change")
            return text.replace(line, changed).encode()
        return (solutions / self.file).read_bytes()

    @property
    def dmoj(self) -> str:
        """Its DMOJ language."""
        return {None: "CPP17", "pypy3": "PYPY3", "python3": "PY3"}[self.python]

    @property
    def label(self) -> str:
        """How the table names it: as ``init.yml``'s self-tests do (``solution.py under PYPY3``)."""
        from downwedig.contest.shipping.formats.dmoj import SelfTest

        return SelfTest(self.file, self.dmoj, "").label

    @property
    def kattis(self) -> bool:
        """Whether ``bt run`` and ``verifyproblem`` judge it: they run a ``.py`` file under PyPy only."""
        return self.python != "python3"


SOLUTIONS = [
    Solution("solution.cpp", "accepted"),
    Solution("solution.py", "accepted", "pypy3"),
    Solution("solution.py", "accepted", "python3"),
    *(
        Solution(f"{name}.py", "wrong_answer", "pypy3")
        for name in ("strict_rule", "short_window", "first_day", "counts_differences")
    ),
    Solution("slow.py", "time_limit_exceeded", "pypy3"),
    Solution(
        "seven_columns.cpp",
        "wrong_answer",
        # (the pieces in common counted over columns 0 to 6 only)
        mutation=(
            "int common = 8 - __builtin_popcount(static_cast<unsigned>(row[i] ^ row[i + d]));",
            "int common = 7 - __builtin_popcount(static_cast<unsigned>(row[i] ^ row[i + d]) & 127u);",
        ),
    ),
    Solution("spaced.py", "wrong_answer", "pypy3", HERE / "solutions" / "spaced.py"),
    Solution(
        "crash.cpp",
        "run_time_error",
        # (room for 1000 steps: past them, std::vector::at throws, and the program ends by SIGABRT)
        mutation=("std::vector<unsigned char> row(n);", "std::vector<unsigned char> row(1000);"),
    ),
    Solution("recursive.py", "run_time_error", "pypy3", HERE / "solutions" / "recursive.py"),
    Solution("naive.cpp", "time_limit_exceeded", extra=HERE / "solutions" / "naive.cpp"),
]

#: A solution's verdict on each test, in the judge's order: ``[(test name, verdict)]``.
Verdicts = list[tuple[str, str]]


@dataclasses.dataclass(frozen=True)
class Judged:
    """What every judge said of one solution: per test where the judge says it, else its overall verdict and the
    test it names (or "")."""

    solution: Solution
    downwedig: Verdicts
    dmoj: Verdicts
    bt: tuple[str, str] | None  # (verdict, the first test not AC), None when it does not judge this solution
    verifyproblem: str | None  # its verdict (its "@ testcase" is the slowest run's, not the first failure)


def _environment(**more: str) -> dict[str, str]:
    """The judges' environment: this Python's ``bin`` first on PATH (where pip puts ``bt``, ``verifyproblem`` and
    ``dmoj-cli``), no colours."""
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    return {**os.environ, "PATH": path, "NO_COLOR": "1", "CI": "", **more}


def missing_tools() -> list[str]:
    """What this machine lacks to make the table, each with how to install it. O(PATH)."""
    path = _environment()["PATH"]
    lacking = [f"{tool} ({how})" for tool, how in INSTALL.items() if shutil.which(tool, path=path) is None]
    if not Path("/usr/bin/python3").is_file():
        lacking.append("the system's own python3, /usr/bin/python3 (DMOJ's PY3: not a version manager's shim)")
    return lacking


def _run(argv: Sequence[str | Path], *, cwd: Path | None = None, timeout: float = 3600) -> str:
    """Run ``argv`` (stdin closed); its standard output and error together, without colours."""
    done = subprocess.run(
        [str(word) for word in argv],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        timeout=timeout,
        env=_environment(XDG_CONFIG_HOME=str((cwd or Path.cwd()).parent / ".config")),  # (bt keeps uuids there)
    )
    return re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", done.stdout.decode("utf-8", "replace"))


def _system(name: str) -> str:
    """The machine's own ``name`` (``/usr/bin`` first), never a version manager's shim; ValueError if none."""
    for folder in ("/usr/bin", "/usr/local/bin", "/bin", *os.environ.get("PATH", "").split(os.pathsep)):
        found = Path(folder) / name
        shim = "shims" in found.parts or "shims" in Path(os.path.realpath(found)).parts
        if found.is_file() and os.access(found, os.X_OK) and not shim:
            return str(found)
    raise ValueError(f"no {name} of the system's own (a version manager's shim does not count)")


def judge_config(folder: Path, problems: Path) -> Path:
    """A ``judge.yml`` for ``dmoj-cli`` in ``folder``: the problems under ``problems``, the machine's own Python,
    PyPy and g++ (what ``dmoj-autoconf`` finds, but for a pyenv shim it may take for ``python3``)."""
    runtimes = {"python3": _system("python3"), "pypy3": _system("pypy3"), "g++17": _system("g++")}
    config = folder / "judge.yml"
    config.write_text(
        f"problem_storage_globs: [{json.dumps(str(problems / '*'))}]\n"
        "runtime:\n" + "".join(f"  {key}: {json.dumps(path)}\n" for key, path in runtimes.items())
    )
    return config


def dmoj_cli(config: Path, *command: str | Path, timeout: float = 3600) -> tuple[int, str]:
    """``dmoj-cli COMMAND`` with ``config`` and only the executors the table needs; its status and output."""
    history = config.parent / "dmoj-history"
    argv = ["dmoj-cli", "-c", config, "--history", history, "--no-ansi", "-e", "CPP17,PY3,PYPY3", "--", *command]
    words = [str(word) for word in argv]
    done = subprocess.run(words, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout, env=_environment())
    return done.returncode, (done.stdout + done.stderr).decode("utf-8", "replace")


def dmoj_cases(output: str, names: Sequence[str]) -> Verdicts:
    """The per-case verdicts in ``dmoj-cli`` output (``Test case  6 WA [...]``), named by ``names`` (case 1 first)."""
    return [(names[int(case) - 1], code) for case, code in re.findall(r"Test case\s+(\d+)\s+([A-Z]+)", output)]


def dmoj_self_tests(output: str, names: Sequence[str]) -> dict[str, Verdicts]:
    """The per-case verdicts of each self-test in ``dmoj-cli test`` output, by its label."""
    parts = re.split(r"(?m)^\s*Running test (.+?)\s*$", output)
    return {label: dmoj_cases(text, names) for label, text in zip(parts[1::2], parts[2::2], strict=True)}


def downwedig_verdicts(solution: Solution, program: str, folder: Path) -> Verdicts:
    """``downwedig test`` of ``program`` on ``folder``'s tests, with the package's limits."""
    command = program if solution.python is None else f"{solution.python} {shlex.quote(program)}"
    argv = [sys.executable, "-m", "downwedig", "test", "--solution", command, "--format", "json"]
    output = _run([*argv, "--time-limit", str(TIME_LIMIT), folder])
    found = json.loads(output[output.index("{") :])
    return [(test["name"], test["verdict"]) for test in found["tests"]]


def bt_verdicts(folder: Path) -> dict[str, tuple[str, str]]:
    """``bt run`` of every submission of the 2025-09 package ``folder``: ``folder/file -> (verdict, first test not
    AC)``."""
    output = _run(["bt", "run", "-B"], cwd=folder)
    return {m[1]: (m[2], m[3]) for m in re.finditer(r"(?m)^(\S+):\s+([A-Z]+)\s+[\d.]+s\s+@\s+(\S+)", output)}


def verifyproblem_verdicts(folder: Path) -> dict[str, str]:
    """``verifyproblem -t 5`` of the legacy package ``folder``'s submissions: ``folder/file -> verdict``."""
    output = _run(["verifyproblem", "-t", str(TIME_LIMIT), folder.name, "-p", "submissions"], cwd=folder.parent)
    return {m[1]: m[2] for m in re.finditer(r"(?m)^\s+(\S+) \(.*?\) \w+: ([A-Z]+) \[", output)}


def _packages(work: Path) -> dict[str, Path]:
    """The three packages of the plan, the extra solutions put in the Kattis ones' submissions."""
    from downwedig.contest.generating.plan import read_plan
    from downwedig.contest.shipping.package import write_package

    made = {}
    for fmt, where in (("2025-09", "bt"), ("legacy", "kattis"), ("dmoj", "problems")):
        made[fmt] = write_package(work / where / "downwedig", fmt, read_plan(PLAN), time_limit=TIME_LIMIT).path
    for solution in SOLUTIONS:
        if not solution.own:
            text = solution.source(made["dmoj"] / "solutions")
            for fmt in ("2025-09", "legacy"):
                target = made[fmt] / "submissions" / solution.folder / solution.file
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(text)
    return made


def _said(what: str, start: float) -> None:
    """How long ``what`` took, on stderr (the table's cost is the judges')."""
    sys.stderr.write(f"verdicts: {what}: {time.monotonic() - start:.0f} s\n")


def judge_all(work: Path) -> tuple[list[Judged], str]:
    """Every judge on every solution, in the folder ``work``; and ``dmoj-cli test``'s output (its self-tests)."""
    from downwedig.contest.shipping.formats import get_format

    packages = _packages(work)
    dmoj_folder = packages["dmoj"]
    names = [test.name for test in get_format("dmoj").judged(dmoj_folder)]
    config = judge_config(work, dmoj_folder.parent)
    start = time.monotonic()
    status, tested = dmoj_cli(config, "test", "downwedig")
    _said("dmoj-cli test", start)
    own = dmoj_self_tests(tested, names)
    if status != 0 or "All tests passed." not in tested:
        raise RuntimeError(f"dmoj-cli test: the package's self-tests did not all pass:\n{tested}")
    start = time.monotonic()
    bt = bt_verdicts(packages["2025-09"])
    _said("bt run", start)
    start = time.monotonic()
    verified = verifyproblem_verdicts(packages["legacy"])
    _said("verifyproblem", start)
    judged = []
    spent = {"downwedig test": 0.0, "dmoj-cli submit": 0.0}
    for solution in SOLUTIONS:
        source = dmoj_folder / "solutions" / solution.file
        if not solution.own:
            source = work / "extra" / solution.file
            source.parent.mkdir(exist_ok=True)
            source.write_bytes(solution.source(dmoj_folder / "solutions"))
        program = str(source)
        if solution.python is None:
            program = str(work / Path(solution.file).stem)
            subprocess.run(["g++", "-O2", "-std=gnu++17", "-o", program, source], check=True, timeout=600)
        if solution.own:
            dmoj = own[solution.label]
        else:
            start = time.monotonic()
            _, said = dmoj_cli(
                config, "submit", "downwedig", solution.dmoj, source, "-tl", str(TIME_LIMIT), "-ml", str(MEMORY_KB)
            )
            spent["dmoj-cli submit"] += time.monotonic() - start
            dmoj = dmoj_cases(said, names)
            if not dmoj:
                raise RuntimeError(f"dmoj-cli submit {solution.file}: no verdicts in what it said:\n{said}")
        key = f"{solution.folder}/{solution.file}"
        start = time.monotonic()
        ours = downwedig_verdicts(solution, program, dmoj_folder)
        spent["downwedig test"] += time.monotonic() - start
        judged.append(
            Judged(
                solution,
                ours,
                dmoj,
                bt.get(key) if solution.kattis else None,
                verified.get(key) if solution.kattis else None,
            )
        )
    for what, seconds in spent.items():
        sys.stderr.write(f"verdicts: {what}: {seconds:.0f} s\n")
    return judged, tested


def first_failure(verdicts: Verdicts) -> tuple[str, str]:
    """The overall verdict and the first test not AC (``("AC", "")`` when every test is)."""
    return next(((verdict, name) for name, verdict in verdicts if verdict != "AC"), ("AC", ""))


def same(ours: str, theirs: str) -> bool:
    """Whether downwedig's verdict ``ours`` and another judge's ``theirs`` are one verdict (:data:`SAME`)."""
    return ours == theirs or (ours, theirs) in SAME


def differences(judged: Judged) -> list[str]:
    """Where DMOJ's verdict on a test is not downwedig's (or a test one judged and the other did not)."""
    ours, theirs = dict(judged.downwedig), dict(judged.dmoj)
    found = []
    for name in {**ours, **theirs}:
        mine, its = ours.get(name, "-"), theirs.get(name, "-")
        if not same(mine, its):
            found.append(f"{name}: {mine} / {its}")
    return found


def others(judged: Judged) -> dict[str, str]:
    """The overall verdict of each other judge that judged the solution, by the judge's name."""
    found = {"DMOJ": first_failure(judged.dmoj)[0]}
    if judged.bt is not None:
        found["bt run"] = judged.bt[0]
    if judged.verifyproblem is not None:
        found["verifyproblem"] = judged.verifyproblem
    return found


def unexplained(judged: Judged) -> list[str]:
    """The overall verdicts of other judges that differ from downwedig's without a reason in :data:`EXPLAINED`."""
    ours, _ = first_failure(judged.downwedig)
    return [
        f"{judged.solution.label}: {who} says {verdict}, downwedig {ours}"
        for who, verdict in others(judged).items()
        if verdict != ours and (ours, verdict) not in EXPLAINED
    ]


def _cell(verdict: str, test: str) -> str:
    return verdict if not test else f"{verdict} on {test}"


def table(judged: Sequence[Judged]) -> str:
    """The Markdown table, between its markers, and the reasons for the differences it shows."""
    rows = [
        "| Solution | Must get | `downwedig test` | DMOJ | `bt run` | `verifyproblem` | Same in both, test by test |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    reasons: dict[tuple[str, str], None] = {}
    for one in judged:
        ours = first_failure(one.downwedig)
        dmoj = first_failure(one.dmoj)
        bt = "-" if one.bt is None else _cell(*one.bt) if one.bt[0] != "AC" else "AC"
        verified = "-" if one.verifyproblem is None else one.verifyproblem
        reasons |= {(ours[0], theirs): None for theirs in others(one).values() if theirs != ours[0]}
        apart = differences(one)
        agree = f"yes, all {len(one.downwedig)}" if not apart else "no: " + "; ".join(apart)
        must = one.solution.folder.replace("_", " ")
        rows.append(
            f"| `{one.solution.label}` | {must} | {_cell(*ours)} | {_cell(*dmoj)} | {bt} | {verified} | {agree} |"
        )
    notes = [
        f"- {mine} here, {its} there: {EXPLAINED[(mine, its)]}." for mine, its in reasons if (mine, its) in EXPLAINED
    ]
    return "\n".join([BEGIN, "", *rows, "", *notes, *([""] if notes else []), END])


def replaced(text: str, made: str) -> str:
    """``text`` (judges.md) with the table between its markers replaced by ``made``."""
    start, end = text.index(BEGIN), text.index(END) + len(END)
    return text[:start] + made + text[end:]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when docs/judges.md differs")
    args = parser.parse_args(argv)
    lacking = missing_tools()
    if lacking:
        sys.stderr.write("verdicts: needs " + "; ".join(lacking) + "\n")
        return 2
    with tempfile.TemporaryDirectory(prefix="downwedig-verdicts-") as folder:
        judged, _ = judge_all(Path(folder))
    wrong = [line for one in judged for line in unexplained(one)]
    if wrong:
        sys.stderr.write("verdicts: judges differ without a reason:\n" + "\n".join(wrong) + "\n")
        return 1
    text = JUDGES_MD.read_text(encoding="utf-8")
    new = replaced(text, table(judged))
    if args.check:
        if new != text:
            sys.stderr.write("verdicts: docs/judges.md's table is stale: run python docs/verdicts.py\n")
            return 1
        return 0
    JUDGES_MD.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
