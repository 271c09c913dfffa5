"""DMOJ's problem folder (``dmoj``): what DMOJ's judge (PyPI ``dmoj``: ``dmoj-cli``, the judge of dmoj.ca and of
the sites built on it) judges as it stands, and the data a DMOJ site's problem takes.

The folder, named by the problem's code (the short name: DMOJ's codes are
``[a-z0-9]+`` too), as DMOJ's judge reads it (``dmoj/problem.py``,
``dmoj/commands/test.py``):

- ``init.yml``: ``test_cases``, each ``{in, out, points: 1}`` in the judge's
  order (the statement's example first, then the plan's tests in their
  order); ``checker``: ``bridged`` to ``checker.cpp`` with ``testlib.h``, of
  type ``testlib`` (testlib's exit codes: 0 AC, 1 WA, 2 presentation error, which
  DMOJ reports as WA with that feedback), compiled by the judge; ``tests``:
  the self-tests ``dmoj-cli test`` runs, each a solution of ``solutions/``
  in a DMOJ language with the package's limits and the verdicts it must get
  (``expect`` for every case, ``cases`` for the ones it must get there);
- ``data/sample/1`` and ``data/secret/NAME``, ``.in`` and ``.out`` (the
  engine's answers), so a test keeps the plan's name, as in the Kattis formats;
- ``checker.cpp`` and ``testlib.h`` (:mod:`~downwedig.contest.shipping.testlib`);
- ``solutions/``: ``solution.cpp`` (AC under ``CPP17``), ``solution.py`` (the
  bundle: AC under ``PY3`` and ``PYPY3``), one file per caught mistake (under
  ``PYPY3``: AC or WA, and WA on the first test that catches it), ``slow.py``
  (under ``PYPY3``: AC or TLE, and TLE on every test of n >= 50,000, where it
  needs minutes);
- ``statement.md``: the statement in DMOJ's Markdown (``~`` around inline
  maths), with the sample;
- ``README.md``: what a DMOJ admin enters, since DMOJ keeps a problem's time
  and memory limits and its languages in the site, not in the folder (the
  judge gets them with each submission); the cases by number, with their
  names and sizes; how to judge the folder here with ``dmoj-cli``.

The zip (``package --zip``) is the folder's files at its root, ``init.yml``
first: a judge's problem storage takes it unzipped as the folder; a site's
"Edit test data" takes it as the data zip (its ``data/*.in`` and ``.out``
are the cases, in ``init.yml``'s order).  Cost: O(total size).

>>> FORMAT.name, FORMAT.recognises(Path("/nonexistent")), FORMAT.test_label("secret/02-n2", 3)
('dmoj', False, 'case 3 (secret/02-n2)')
>>> print(dmoj_markdown("for $1 \\\\le k \\\\le n$, costs \\\\$5"))
for ~1 \\le k \\le n~, costs \\$5
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Sequence
from pathlib import Path

from ....staircase import MEMORY_LIMIT_MIB
from ..facts import NAME, SOURCE, SOURCE_URL
from ..programs.mistakes import MISTAKES
from ..submissions import PackageLimits, Submission, dmoj_limits, dmoj_submissions
from ..testlib import find_header, header_missing, source
from .base import Archive, PackagedTest, Problem, folder_members, header, resource

__all__ = [
    "FORMAT",
    "LANGUAGES",
    "SLOW_N",
    "Dmoj",
    "SelfTest",
    "dmoj_markdown",
    "init_yml",
    "readme",
    "self_tests",
    "test_files",
]

#: The DMOJ language each solution is judged in by the self-tests, with what the README calls it.
LANGUAGES = {"CPP17": "C++17 (g++)", "PY3": "Python 3 (CPython)", "PYPY3": "PyPy 3"}
#: From this many steps on, ``slow.py`` (O(n^2)) takes minutes under PyPy (about 2 at n = 50,000 here): TLE.
SLOW_N = 50_000
#: A limit at which even those tests may be AC: then ``slow.py`` is expected AC or TLE, nowhere TLE for sure.
_SLOW_ENOUGH_S = 60


def _quote(text: str) -> str:
    """A YAML scalar: JSON's double-quoted string, which YAML reads as it is."""
    return json.dumps(text)


def _steps(data: bytes) -> int:
    """The n of a test's input (its first line)."""
    return int(data[: data.index(b"\n")])


def test_files(problem: Problem) -> list[tuple[str, bytes]]:
    """``data/NAME.in`` and ``data/NAME.out`` for each test, in the judge's order. O(size).

    >>> [path for path, _ in test_files(_TINY)]
    ['data/sample/1.in', 'data/sample/1.out', 'data/secret/a.in', 'data/secret/a.out']
    """
    files = []
    for name, data, answer in problem.tests:
        files += [(f"data/{name}.in", data), (f"data/{name}.out", answer)]
    return files


@dataclasses.dataclass(frozen=True)
class SelfTest:
    """One of ``init.yml``'s ``tests``: a solution of ``solutions/`` in a DMOJ language, the verdicts it may get on
    every case (``expect``: ``AC`` or ``[AC, WA]``) and the one it must get on some (``cases``: case -> verdict)."""

    file: str
    language: str
    expect: str
    cases: dict[int, str] = dataclasses.field(default_factory=dict)

    @property
    def label(self) -> str:
        """What ``dmoj-cli test`` calls it: ``solution.py under PYPY3``."""
        return f"{self.file} under {self.language}"


def self_tests(problem: Problem) -> list[SelfTest]:
    """The self-tests of the package's solutions (see the module docstring). O(tests).

    >>> [test.label for test in self_tests(_TINY)]
    ['solution.cpp under CPP17', 'solution.py under PY3', 'solution.py under PYPY3', 'slow.py under PYPY3']
    """
    cases = {name: index for index, (name, _, _) in enumerate(problem.tests, 1)}
    slow_tle: dict[int, str] = {}
    if problem.time_limit < _SLOW_ENOUGH_S:
        slow_tle = {cases[name]: "TLE" for name, data, _ in problem.tests if _steps(data) >= SLOW_N}
    found = [
        SelfTest("solution.cpp", "CPP17", "AC"),
        SelfTest("solution.py", "PY3", "AC"),
        SelfTest("solution.py", "PYPY3", "AC"),
    ]
    for mistake in problem.wrong_answer:
        catches = problem.caught.get(mistake)
        found.append(SelfTest(f"{mistake}.py", "PYPY3", "[AC, WA]", {cases[catches]: "WA"} if catches in cases else {}))
    found.append(SelfTest("slow.py", "PYPY3", "[AC, TLE]", slow_tle))
    return found


def init_yml(problem: Problem) -> str:
    """``init.yml``: the cases, the bridged testlib checker and the self-tests with the package's limits. O(tests).

    >>> text = init_yml(_TINY)
    >>> [line for line in text.splitlines() if line.startswith("- {in")]
    ['- {in: "data/sample/1.in", out: "data/sample/1.out", points: 1}', \
'- {in: "data/secret/a.in", out: "data/secret/a.out", points: 1}']
    >>> "  args: {files: [checker.cpp, testlib.h], lang: CPP17, type: testlib, feedback: true}" in text
    True
    """
    time = f"{problem.time_limit:g}"
    memory = MEMORY_LIMIT_MIB * 1024
    lines = [
        header().rstrip("\n"),
        "# DMOJ's judge reads this file (dmoj-cli test runs its self-tests).  The time and memory limits live in",
        f"# a DMOJ site, not here: {time} s and {memory} KB for every language (README.md).",
        "test_cases:",
        *(
            f"- {{in: {_quote(f'data/{name}.in')}, out: {_quote(f'data/{name}.out')}, points: 1}}"
            for name, _, _ in problem.tests
        ),
        "# testlib's checker, compiled by the judge: exit 0 AC, 1 WA, 2 a presentation error (WA, with its words).",
        "checker:",
        "  name: bridged",
        "  args: {files: [checker.cpp, testlib.h], lang: CPP17, type: testlib, feedback: true}",
        "# The package's solutions and the verdicts each must get on every case (cases: where it must get it).",
        "tests:",
    ]
    for test in self_tests(problem):
        cases = "" if not test.cases else ", cases: {" + ", ".join(f"{k}: {v}" for k, v in test.cases.items()) + "}"
        lines.append(
            f"- {{label: {_quote(test.label)}, source: solutions/{test.file}, language: {test.language}, "
            f"time: {time}, memory: {memory}, expect: {test.expect}{cases}}}"
        )
    return "\n".join(lines) + "\n"


def dmoj_markdown(text: str) -> str:
    """Markdown with ``$...$`` maths as DMOJ's site writes it, ``~...~`` (a ``\\$`` stays a dollar). O(len).

    >>> dmoj_markdown("$n$ steps, $$x$$")
    '~n~ steps, $$x$$'
    """
    return re.sub(r"(?<![\\$])\$(?!\$)(.+?)(?<![\\$])\$(?!\$)", r"~\1~", text)


def _statement(sample: bytes, answer: bytes) -> bytes:
    """``statement.md``: the statement in DMOJ's Markdown, with the sample as DMOJ's statements show one."""
    text = dmoj_markdown(resource("problem", "problem.en.md").decode("utf-8")).rstrip("\n")
    sample_in, sample_out = sample.decode("ascii"), answer.decode("ascii")
    return (
        f"{text}\n\n## Sample Input 1\n\n```\n{sample_in}```\n\n## Sample Output 1\n\n```\n{sample_out}```\n"
    ).encode()


def readme(problem: Problem) -> str:
    """``README.md``: what a DMOJ admin enters (the limits and languages), the cases, how to judge it here. O(tests).

    >>> text = readme(_TINY)
    >>> "| Time limit | 5 s |" in text and "| 2 | secret/a | 1 |" in text
    True
    """
    code, time, memory = problem.name, f"{problem.time_limit:g}", MEMORY_LIMIT_MIB * 1024
    tested = ", ".join(f"{key} ({words})" for key, words in LANGUAGES.items())
    rows = [f"| {i} | {name} | {_steps(data)} |" for i, (name, data, _) in enumerate(problem.tests, 1)]
    return (
        "\n".join(
            [
                f"# {NAME} (`{code}`): a problem for DMOJ",
                "",
                header("").replace("\n ", "\n").strip(),
                f"Source: {SOURCE}, <{SOURCE_URL}>.",
                "",
                "## What a DMOJ site keeps, and this folder does not",
                "",
                "DMOJ keeps a problem's limits and languages in its site (the judge gets them with each submission),",
                "so `init.yml` has none. Enter these on the problem's page:",
                "",
                "| Field | Value |",
                "| --- | --- |",
                f"| Problem code | `{code}` |",
                f"| Name | {NAME} |",
                f"| Time limit | {time} s |",
                f"| Memory limit | {memory} KB ({MEMORY_LIMIT_MIB} MiB) |",
                "| Languages | all: the time limit suits Python too, no language needs its own limit |",
                "| Partial points | off: the problem is pass-fail, as at NERC 2020 |",
                "",
                f"The self-tests of `init.yml` judge the package's solutions in {tested}.",
                "The statement is `statement.md`, in DMOJ's Markdown (`~` around inline maths).",
                "",
                "## The test data",
                "",
                f"On a site, upload `{code}.zip` (`downwedig package {code} --format dmoj --zip {code}.zip`) as the",
                "data zip; its cases are these, in this order, a point each; the checker is the custom one, `bridged`",
                "of type `testlib`: `checker.cpp` with `testlib.h` (the `standard` checker gives the same verdicts on",
                "right and wrong answers, without the presentation errors' words). On a judge's own problem storage,",
                "this folder works as it stands: `init.yml` lists them.",
                "",
                "| Case | Test | n |",
                "| --- | --- | --- |",
                *rows,
                "",
                "## The solutions",
                "",
                "What `dmoj-cli test` checks (`init.yml`'s `tests`): each solution, in its language, with the limits",
                "above, gets one of the verdicts it may get on every case, and the one it must get on some:",
                "",
                "| Solution | Language | May get | Must get |",
                "| --- | --- | --- | --- |",
                *(
                    f"| `solutions/{test.file}` | {test.language} | {test.expect.strip('[]')} | "
                    + (", ".join(f"{v} on case {k}" for k, v in test.cases.items()) or "-")
                    + " |"
                    for test in self_tests(problem)
                ),
                "",
                *(f"- `solutions/{name}.py`: {MISTAKES[name].description}." for name in problem.wrong_answer),
                "",
                "## Judging it here",
                "",
                "With DMOJ's judge installed (`apt-get install libseccomp-dev`, then `pip install dmoj`) and a",
                "`judge.yml` naming the runtimes (`dmoj-autoconf` prints them; give `python3` the machine's own",
                "Python, not a version manager's shim) and `problem_storage_globs` the folder above this one:",
                "",
                "```sh",
                f"dmoj-cli -c judge.yml test {code}          # every self-test of init.yml",
                f"dmoj-cli -c judge.yml -- submit {code} PY3 mine.py -tl {time} -ml {memory}   # (-- before -tl)",
                f"downwedig test --solution 'python3 mine.py' {code}   # the same cases, downwedig's judge",
                "```",
            ]
        )
        + "\n"
    )


def _scalar(text: str) -> str:
    """A YAML scalar's value: a double-quoted one as JSON reads it, a single-quoted one unquoted, else as it is."""
    return json.loads(text) if text.startswith('"') else text.strip("'")


def _in_out(block: str) -> list[tuple[str, str]]:
    """The ``(in, out)`` paths of ``init.yml``'s ``test_cases`` text, in order (flow or block style, batches
    too); a case made by a generator (no ``in``) is left out. O(len).

    >>> _in_out("- {in: 'a.in', out: a.out, points: 1}\\n- in: b.in\\n  out: \\"b.out\\"\\n- {generator_args: [1]}\\n")
    [('a.in', 'a.out'), ('b.in', 'b.out')]
    """
    value = r"""\s*("(?:[^"\\]|\\.)*"|'[^']*'|[^,}\s#]+)"""
    found = []
    for case in re.split(r"(?m)^\s*-\s", block):
        paths = dict(re.findall(r"(?:^|[{,\s])(in|out):" + value, case))
        if "in" in paths and "out" in paths:
            found.append((_scalar(paths["in"]), _scalar(paths["out"])))
    return found


#: A tiny problem, for the doctests.
_TINY = Problem(
    "dig",
    "0",
    5,
    [("sample/1", b"1\nWWWWWWWW\n", b"2\n"), ("secret/a", b"1\nRWWWWWWW\n", b"2\n")],
    {"solution.cpp": b"", "solution.py": b""},
    {},
    b"",
    b"",
    b"",
)


class Dmoj:
    """The ``dmoj`` format (see the module docstring)."""

    name: str = "dmoj"
    summary: str = "a DMOJ problem folder (init.yml, with its self-tests), for DMOJ's judge and a DMOJ site"
    checks: tuple[str, ...] = ("dmoj-cli test",)
    judge: str = "DMOJ"
    strength_note: str = "downwedig-strength.md"  # (beside the README.md for the site's admin)

    def files(self, problem: Problem) -> list[tuple[str, bytes]]:
        """See :meth:`~downwedig.contest.shipping.formats.base.PackageFormat.files`."""
        _, sample, answer = problem.tests[0]
        solutions = {"solution.cpp": problem.accepted["solution.cpp"], "solution.py": problem.accepted["solution.py"]}
        solutions |= {f"{name}.py": text for name, text in problem.wrong_answer.items()}
        solutions["slow.py"] = problem.slow
        return [
            ("init.yml", init_yml(problem).encode()),
            ("README.md", readme(problem).encode()),
            ("statement.md", _statement(sample, answer)),
            ("checker.cpp", source("checker.cpp")),
            ("testlib.h", find_header().read_bytes()),
            *test_files(problem),
            *((f"solutions/{name}", text) for name, text in solutions.items()),
        ]

    def recognises(self, folder: Path) -> bool:
        """An ``init.yml`` at the folder's root (what DMOJ's judge requires of a problem)."""
        return (folder / "init.yml").is_file()

    def judged(self, folder: Path) -> list[PackagedTest]:
        """The cases of ``init.yml``'s ``test_cases`` whose files are in the folder, in its order, each named by
        its input's path without ``.in`` (and without ``data/``): ``sample/1``, ``secret/04-n8-equal``."""
        try:
            text = (folder / "init.yml").read_text(encoding="utf-8", errors="replace")
        except OSError:
            return []
        block = re.search(r"(?ms)^test_cases:[^\n]*\n(.*?)(?=^[^\s-])", text + "\n.")  # (to the next key)
        tests = []
        for given_in, given_out in _in_out(block.group(1) if block else ""):
            path, answer = folder / given_in, folder / given_out
            if path.is_file() and answer.is_file():
                name = given_in.removeprefix("data/").removesuffix(".in")
                tests.append(PackagedTest(name, path, answer))
        return tests

    def time_limit_note(self, limit: float, slowest_cpu_s: float | None) -> str:
        """That DMOJ keeps the limits in its site: what to enter there."""
        memory = MEMORY_LIMIT_MIB * 1024
        return (
            f". DMOJ keeps the limits in its site, not in init.yml: give the problem {limit:g} s and {memory} KB for "
            f"every language (README.md; the self-tests judge in {', '.join(LANGUAGES)})"
        )

    def missing(self, zip: bool) -> list[str]:
        """testlib.h, which the folder carries for its checker."""
        return header_missing()

    def archive(self, folder: Path, time_limit: float) -> Archive:
        """The folder's files at the zip's root, ``init.yml`` first."""
        return Archive(self.judge, folder_members(folder, "init.yml"), "init.yml first")

    def submission_path(self, mistake: str) -> str:
        """``solutions/MISTAKE.py``."""
        return f"solutions/{mistake}.py"

    def test_label(self, name: str, index: int) -> str:
        """DMOJ's case number and the plan's name: ``case 5 (secret/04-n8-equal)``."""
        return f"case {index} ({name})"

    def notes(self, problem: Problem) -> list[str]:
        """Nothing: the self-tests are the package's own (a setter's solution is judged by ``dmoj-cli submit``)."""
        return []

    def limits(self, folder: Path) -> PackageLimits:
        """The limits its self-tests judge with (a DMOJ site keeps its own: :func:`~..submissions.dmoj_limits`)."""
        return dmoj_limits(folder)

    def submissions(self, folder: Path) -> list[Submission]:
        """Its self-tests' solutions, each with what it must get (:func:`~..submissions.dmoj_submissions`)."""
        return dmoj_submissions(folder)

    def stale(self, kept: Sequence[str]) -> list[str]:
        """Nothing: DMOJ's judge makes nothing in the folder."""
        return []


#: The one object of this format, for the registry.
FORMAT = Dmoj()
