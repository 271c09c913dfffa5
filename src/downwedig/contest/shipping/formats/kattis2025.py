"""The Kattis problem package format as finished in September 2025 (``2025-09``): what BAPCtools reads and
DOMjudge imports, and the default.  Beside the shared layout (:mod:`.kattis`): ``problem.yaml`` with the time
limit, the statement in LaTeX (with the format's ``Input``/``Output`` environments) and Markdown, the problem's
slide and the solution's slides (``bt problem_slides``, ``bt solutions``), ``output_validator/``, the validators'
own cases (:mod:`~downwedig.contest.shipping.cases`), ``submissions/submissions.yaml``, and ``generators/`` that
``bt generate`` makes ``data/`` again with, ``data/fuzz``'s rules for ``bt fuzz`` among them.  O(size of what it
writes).

>>> FORMAT.name, FORMAT.recognises(Path("/nonexistent"))
('2025-09', False)
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from .... import __version__
from ....engine.solver import answer as engine_answer
from ....reader import parse
from ....staircase import MEMORY_LIMIT_MIB
from ...generating.registry import parse_gen_words, to_text
from ...running.limits import AC_TO_TIME_LIMIT, TIME_LIMIT_TO_TLE
from ..cases import INVALID_INPUTS, INVALID_OUTPUTS, STRICT_FLAGS, STRICT_INVALID_OUTPUTS, VALID_OUTPUTS
from ..facts import LICENSE, NAME, SOURCE, SOURCE_URL
from ..programs.mistakes import MISTAKES
from ..submissions import PackageLimits, Submission, kattis_limits, kattis_submissions
from . import kattis
from .base import Problem, header, resource
from .generators import FUZZ, MANUAL, fuzz_arguments, generators_yaml

__all__ = [
    "FORMAT",
    "Kattis2025",
    "problem_yaml",
    "submissions_yaml",
    "validation_files",
]

VERSION = "2025-09"


def problem_yaml(uuid: str, time_limit: float) -> str:
    """``problem.yaml`` with the package's ``uuid`` and the time limit ``time_limit`` (seconds).  ``type`` is
    one string, as DOMjudge reads it (it splits the value at spaces). O(1).

    >>> print(problem_yaml("0", 5).splitlines()[2])
    problem_format_version: 2025-09
    """
    license_name, owner = LICENSE
    return header() + (
        f"problem_format_version: {VERSION}\ntype: pass-fail\nname: {NAME}\nuuid: {uuid}\n"
        f"version: downwedig {__version__}\ncredits:\n  packagers: {owner}\n"
        f"source:\n  name: {SOURCE}\n  url: {SOURCE_URL}\nlicense: {license_name}\nrights_owner: {owner}\n"
        f"limits:\n  time_limit: {time_limit:g}\n  memory: {MEMORY_LIMIT_MIB}\n"
        f"  time_multipliers:\n    ac_to_time_limit: {AC_TO_TIME_LIMIT:g}\n"
        f"    time_limit_to_tle: {TIME_LIMIT_TO_TLE:g}\n"
    )


def submissions_yaml(mistakes: list[str]) -> str:
    """``submissions/submissions.yaml``: the verdicts each submission must get. O(mistakes).

    >>> [line for line in submissions_yaml([]).splitlines() if not line.startswith(("#", " "))]
    ['accepted/solution.cpp:  # top-down over the functions G_p; O(256 n), no recursion', \
'accepted/solution.py:  # `downwedig bundle`: the engine, one file, standard library only', \
'time_limit_exceeded/slow.py:  # every day recomputed from the rules: right, but O(n^2)']
    """
    _, owner = LICENSE
    lines = [
        header().rstrip("\n"),
        "# What each submission must get on the tests (AC, WA, TLE, RTE); a file added to a folder gets the",
        "# folder's default (accepted: all AC; wrong_answer: AC or WA, some WA; time_limit_exceeded: AC or TLE,",
        "# some TLE).",
        "accepted/solution.cpp:  # top-down over the functions G_p; O(256 n), no recursion",
        "  permitted: [AC]",
        "  model_solution: true",
        f"  authors: {owner}",
        "accepted/solution.py:  # `downwedig bundle`: the engine, one file, standard library only",
        "  permitted: [AC]",
        f"  authors: {owner}",
    ]
    for mistake in mistakes:
        lines += [
            f"wrong_answer/{mistake}.py:  # {MISTAKES[mistake].description}",
            "  permitted: [AC, WA]",
            "  required: [WA]",
        ]
    lines += [
        "time_limit_exceeded/slow.py:  # every day recomputed from the rules: right, but O(n^2)",
        "  permitted: [AC, TLE]",
        "  required: [TLE]",
    ]
    return "\n".join(lines) + "\n"


def validation_files(sample_in: bytes, sample_ans: bytes) -> list[tuple[str, bytes]]:
    """``data/invalid_input``, ``data/valid_output`` and ``data/invalid_output``: the cases of
    :mod:`~downwedig.contest.shipping.cases`, the output ones for the sample (the whitespace ones that only
    ``space_change_sensitive`` rejects, for the one-step test). O(cases).

    >>> names = [path for path, _ in validation_files(b"", b"")]
    >>> "data/invalid_output/space_change_sensitive/test_group.yaml" in names
    True
    """
    files = [(f"data/invalid_input/{name}.in", data) for name, data in INVALID_INPUTS.items()]
    digits = sample_ans.rstrip(b"\n")
    # (The strict cases are the valid ones' whitespace on the one-step test, whose answer is 2: the same files
    # as valid_output's would be one rule twice to bt generate, which warns.)
    strict = {name: out.replace(digits, b"2") if digits else out for name, out in STRICT_INVALID_OUTPUTS.items()}
    for folder, cases, test, answer in (
        ("valid_output", VALID_OUTPUTS, sample_in, sample_ans),
        ("invalid_output", INVALID_OUTPUTS, sample_in, sample_ans),
        ("invalid_output/space_change_sensitive", strict, b"1\nWWWWWWWW\n", b"2\n"),
    ):
        for name, out in cases.items():
            base = f"data/{folder}/{name}"
            files += [(f"{base}.in", test), (f"{base}.ans", answer), (f"{base}.out", out)]
    flags = ", ".join(STRICT_FLAGS)
    # (As bt generate writes it from generators.yaml, byte for byte: no comment.)
    files.append(
        ("data/invalid_output/space_change_sensitive/test_group.yaml", f"output_validator_args: [{flags}]\n".encode())
    )
    return files


def _generator_files(problem: Problem, files: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """``generators/``: ``gen.cpp``, ``generators.yaml`` and the hand-made files it copies (every file of
    ``data/`` that ``gen.cpp`` does not make, answers aside). O(size of those)."""
    from ..testlib import source

    generated = {**problem.generated, **{f"fuzz/{name}": rule for name, rule in FUZZ.items()}}
    tests = [name for name, _, _ in problem.tests] + [f"fuzz/{name}" for name in FUZZ]
    data = {name: content for name, content in files if name.startswith("data/")}
    stems = sorted({name[len("data/") :].rsplit(".", 1)[0] for name in data if not name.endswith(".yaml")})
    cases = [stem for stem in stems if stem.split("/")[0] not in (*kattis.JUDGED, "fuzz")]
    manual = [
        (f"generators/{MANUAL}/{name[len('data/') :]}", content)
        for name, content in data.items()
        if not name.endswith((".ans", ".yaml")) or name.startswith(("data/invalid", "data/valid"))
        if name[len("data/") :].rsplit(".", 1)[0] not in generated
    ]
    groups = {"invalid_output/space_change_sensitive": {"output_validator_args": list(STRICT_FLAGS)}}
    return [
        ("generators/gen.cpp", source("gen.cpp")),
        ("generators/generators.yaml", generators_yaml(generated, tests, cases, groups)),
        *manual,
    ]


def fuzz_files() -> list[tuple[str, bytes]]:
    """``data/fuzz``: each test of :data:`~.generators.FUZZ` as ``bt generate`` makes it from its rule, with the
    engine's answer. O(their size).

    >>> [path for path, _ in fuzz_files()][:2]
    ['data/fuzz/random-10.in', 'data/fuzz/random-10.ans']
    """
    files = []
    for name, arguments in fuzz_arguments().items():
        test, _ = parse_gen_words(shlex.split(arguments), name)
        data = to_text(test.rows())
        digits = engine_answer(parse(data))
        files += [(f"data/{name}.in", data.encode("ascii")), (f"data/{name}.ans", f"{digits}\n".encode())]
    return files


class Kattis2025(kattis.Kattis):
    """The ``2025-09`` format (see the module docstring)."""

    name: str = VERSION
    summary: str = "the current Kattis format, for BAPCtools and DOMjudge"
    checks: tuple[str, ...] = ("bt validate", "bt run", "bt pdf")

    def files(self, problem: Problem) -> list[tuple[str, bytes]]:
        """See :meth:`~downwedig.contest.shipping.formats.base.PackageFormat.files`."""
        _, sample_in, sample_ans = problem.tests[0]
        files = [("problem.yaml", problem_yaml(problem.uuid, problem.time_limit).encode()), *kattis.statement_files()]
        files.append(("problem_slide/problem-slide.en.tex", resource("problem", "problem-slide.en.tex")))
        files += kattis.test_files(problem.tests)
        files += fuzz_files()
        files += validation_files(sample_in, sample_ans)
        files += [
            ("input_validators/validate.py", problem.input_validator),
            *([("answer_validators/validate.py", problem.answer_validator)] if problem.answer_validator else []),
            ("output_validator/validate.py", problem.output_validator),
            ("submissions/submissions.yaml", submissions_yaml(list(problem.wrong_answer)).encode()),
        ]
        files += kattis.submission_files(problem)
        return files + _generator_files(problem, files)

    def recognises(self, folder: Path) -> bool:
        """A ``problem.yaml`` that names a ``problem_format_version``."""
        text = kattis.problem_yaml_text(folder)
        return text is not None and re.search(r"(?m)^problem_format_version:", text) is not None

    def time_limit_note(self, limit: float, slowest_cpu_s: float | None) -> str:
        """Nothing: ``problem.yaml`` holds the limit."""
        return ""

    def limits(self, folder: Path) -> PackageLimits:
        """The package's limits, each with where it came from (:mod:`~downwedig.contest.shipping.submissions`)."""

        return kattis_limits(folder, legacy=False)

    def submissions(self, folder: Path) -> list[Submission]:
        """The package's solutions, each with what it must get (:mod:`~downwedig.contest.shipping.submissions`)."""

        return kattis_submissions(folder, legacy=False)


#: The one object of this format, for the registry.
FORMAT = Kattis2025()
