"""A Polygon package of this problem from a plan, made with :mod:`downwedig.contest.shipping.polygon`: what the
tests convert with the importers' own code, until ``downwedig package --format polygon`` does it (phase 2).

    python -m tests.contest.shipping.polygon_example small OUT   # OUT/ (the folder) and OUT.zip

The inputs are the neutral ones the module takes: the sample as a manual test, every generated test of the
plan with its script line (``gen`` and the plan line's words after the test's name), the answers from the
engine, the testlib programs, the C++ solution (``main``), the bundles (``accepted``, CPython and PyPy), the
built-in mistakes (``wrong-answer``), the O(n^2) one (``time-limit-exceeded``), the validator's invalid cases
and the checker's output cases.
"""

from __future__ import annotations

import shlex
import sys
import zipfile
from pathlib import Path

from downwedig import answer, parse
from downwedig.contest.generating.plan import FileTest, input_of, load_plan
from downwedig.contest.judging.check import check
from downwedig.contest.shipping.bundle import PROGRAMS, bundle, mistake_program
from downwedig.contest.shipping.cases import INVALID_INPUTS, INVALID_OUTPUTS, VALID_OUTPUTS
from downwedig.contest.shipping.formats import NAME, resource
from downwedig.contest.shipping.polygon import CheckerTest, PolygonProblem, PolygonTest, Solution, package_files
from downwedig.contest.shipping.programs.mistakes import MISTAKES
from downwedig.contest.shipping.testlib import find_header, source
from downwedig.staircase import MEMORY_LIMIT_MIB, TIME_LIMIT_S

#: What a checker's exit status means as a Polygon checker test's verdict.
_VERDICTS = {0: "ok", 1: "wrong-answer", 2: "presentation-error"}


def _answer(data: bytes) -> bytes:
    return (answer(parse(data)) + "\n").encode()


def example_problem(plan: str) -> PolygonProblem:
    """The package's neutral inputs for the built-in plan ``plan`` (or a plan file). O(the plan's generation)."""
    sample = resource("problem", "sample.in")
    tests = [PolygonTest(sample, _answer(sample), sample=True)]
    for test in load_plan(plan):
        data = input_of(test)
        cmd = None if isinstance(test, FileTest) else ("gen", *shlex.split(test.command)[2:])
        tests.append(PolygonTest(data, _answer(data), cmd=cmd, description=test.name))
    sample_answer = _answer(sample)
    checker_tests = [
        CheckerTest(sample, output, sample_answer, _VERDICTS[check(sample, output, sample_answer).status])
        for output in [*VALID_OUTPUTS.values(), *INVALID_OUTPUTS.values()]
    ]
    solution = bundle(PROGRAMS["solution"]).encode()
    solutions = [
        Solution("solution.cpp", resource("programs", "solution.cpp"), "cpp.g++17", "main"),
        Solution("solution.py", solution, "python.3", "accepted"),
        Solution("solution-pypy.py", solution, "python.pypy3", "accepted"),
        *(
            Solution(f"{name}.py", bundle(mistake_program(name)).encode(), "python.pypy3", "wrong-answer")
            for name in MISTAKES
        ),
        Solution("slow.py", bundle(PROGRAMS["slow"]).encode(), "python.pypy3", "time-limit-exceeded"),
    ]
    return PolygonProblem(
        name=NAME,
        short_name="down-we-dig",
        time_limit_ms=int(TIME_LIMIT_S * 1000),
        memory_limit_bytes=MEMORY_LIMIT_MIB << 20,
        tests=tests,
        checker=source("checker.cpp"),
        validator=source("validator.cpp"),
        generator=source("gen.cpp"),
        testlib=find_header().read_bytes(),
        statement=resource("problem", "problem.en.tex").decode("utf-8"),
        solutions=solutions,
        validator_tests=[(sample, True), *((data, False) for data in INVALID_INPUTS.values())],
        checker_tests=checker_tests,
    )


def write_example(plan: str, folder: Path, problem: PolygonProblem | None = None) -> Path:
    """Write the package of ``plan`` (made already: ``problem``) as the folder ``folder`` and its zip
    ``folder.zip`` (the folder's files at its root, as Polygon's packages are); the zip's path. O(the files)."""
    files = package_files(problem or example_problem(plan))
    for name, data in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    archive = folder.with_suffix(".zip")
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as written:
        for name, data in files.items():
            written.writestr(name, data)
    return archive


if __name__ == "__main__":
    print(write_example(sys.argv[1], Path(sys.argv[2])))
