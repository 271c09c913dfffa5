"""A problem package in the Kattis / ICPC format, made from the package itself, whole or not at all.

:func:`write_package` writes a folder that Kattis' ``verifyproblem`` (PyPI
``problemtools``) accepts with no error and no warning, in the ``legacy``
format or the ``2023-07`` draft (:data:`FORMATS`):

- ``problem.yaml``: the name, the source (NERC 2020, problem D), the licence
  (:data:`LICENSE`: the package's text, tests and programs are this project's,
  given under CC BY; the problem itself is NERC's, credited as its source), a
  uuid derived from the short name, 512 MiB of memory (and, in 2023-07, the
  original judge's 5 s time limit; legacy derives it from the accepted run);
- the statement, in this project's words (LaTeX for legacy, Markdown for
  2023-07; the files under ``problem/``);
- ``data/sample/1``: the statement's 12-step example; ``data/secret``: the
  tests of a plan (:mod:`~downwedig.contest.generating.plan`), each checked by the strict
  validator, with the engine's answers;
- the validators and the submissions, each one file made by
  :func:`~downwedig.contest.shipping.bundle.bundle` from the programs of
  :mod:`downwedig.contest.shipping.programs`: ``accepted/solution.py``, one
  ``wrong_answer/`` file per mistake of
  :data:`~downwedig.contest.shipping.programs.mistakes.MISTAKES` (the plan must catch
  each: some test must get a wrong answer from it), and
  ``time_limit_exceeded/slow.py``.

Everything is written under a temporary name beside the folder and renamed at
the end, so a failure leaves nothing behind, and the same version of downwedig
writes the same bytes every time.  The package also holds a manifest of what
was written (:data:`~downwedig.contest.shipping.destination.MARKER`); an
existing folder is replaced (``force``) only when it is such a package,
unchanged (:mod:`~downwedig.contest.shipping.destination`).

>>> sorted(FORMATS)
['2023-07', 'legacy']
"""

from __future__ import annotations

import dataclasses
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from importlib import resources
from pathlib import Path

from ... import __version__
from ...engine.solver import answer
from ...errors import InvalidPlan
from ...reader import parse
from ...staircase import MEMORY_LIMIT_MIB, TIME_LIMIT_S
from ..generating.registry import GeneratedTest, to_text
from ..generating.validate import validate
from .bundle import PROGRAMS, bundle, mistake_program
from .destination import check_destination, write_folder
from .programs.mistakes import MISTAKES, wrong_answer

__all__ = [
    "FORMATS",
    "LICENSE",
    "Built",
    "Contents",
    "check_destination",
    "package_contents",
    "write_package",
]

#: The formats of ``problem.yaml`` (and of the folder's layout) that can be written.
FORMATS = ("legacy", "2023-07")
#: The licence of what the package holds, and whose it is.
LICENSE = ("cc by", "downwedig maintainers")
SOURCE = "Northern Eurasia Finals Online 2020 (NERC 2020), problem D"
SOURCE_URL = "https://codeforces.com/gym/102896/problem/D"
_UUIDS = uuid.UUID("4b1c1a52-9a4f-5c1e-8d64-2f0e8a6a7d11")  # namespace of this project's problem uuids


@dataclasses.dataclass(frozen=True)
class Built:
    """What :func:`write_package` wrote."""

    path: Path
    format: str
    tests: list[tuple[str, int]]  # (name under data/, n), samples first
    files: int
    bytes: int
    seconds: float
    caught: dict[str, str]  # each mistake -> the first test that catches it


def _problem_yaml(fmt: str, name: str) -> str:
    license_name, owner = LICENSE
    identity = uuid.uuid5(_UUIDS, name)
    header = (
        f"# Made by downwedig {__version__} (`downwedig package`).  The statement, tests and programs are the\n"
        f"# downwedig project's own work, given under {license_name.upper()}; the problem is NERC 2020's (source).\n"
    )
    if fmt == "legacy":
        return header + (
            f"name: Down We Dig\nsource: {SOURCE}\nsource_url: {SOURCE_URL}\nlicense: {license_name}\n"
            f"rights_owner: {owner}\nuuid: {identity}\nvalidation: custom\nlimits:\n  memory: {MEMORY_LIMIT_MIB}\n"
        )
    return header + (
        f"problem_format_version: 2023-07-draft\nname: Down We Dig\nuuid: {identity}\n"
        f"source:\n  name: {SOURCE}\n  url: {SOURCE_URL}\nlicense: {license_name}\nrights_owner: {owner}\n"
        f"limits:\n  memory: {MEMORY_LIMIT_MIB}\n  time_limit: {TIME_LIMIT_S}\n"
    )


def _data(name: str) -> bytes:
    return resources.files(__package__).joinpath("problem", name).read_bytes()


def _tests(plan: Sequence[GeneratedTest], progress: Callable[[str], None] | None) -> Iterator[tuple[str, bytes]]:
    """``(name under data/, input)`` for the sample and every test of the plan; inputs checked strict and distinct."""
    seen: dict[bytes, str] = {}
    sample = _data("sample.in")
    yield "sample/1", sample
    seen[sample] = "sample/1"
    for test in plan:
        if progress is not None:
            progress(test.name)
        data = to_text(test.rows()).encode("ascii")
        validate(data, source=test.name)  # a generator fault must not reach a judge
        if data in seen:
            raise InvalidPlan(f"test {test.name!r} is the same input as {seen[data]!r}", line=1, column=1)
        seen[data] = f"secret/{test.name}"
        yield f"secret/{test.name}", data


@dataclasses.dataclass(frozen=True)
class Contents:
    """Every file of a package as ``(path inside it, content)``, in a fixed order; which test catches each mistake."""

    files: list[tuple[str, bytes]]
    caught: dict[str, str]


def package_contents(
    fmt: str, name: str, plan: Sequence[GeneratedTest], progress: Callable[[str], None] | None = None
) -> Contents:
    """The files of the package of short name ``name``. O(total size of the tests), plus their generation.

    Raises :class:`~downwedig.errors.InvalidPlan` when two tests are
    the same input or no test catches one of the mistakes.

    >>> from downwedig.contest.generating.plan import read_plan
    >>> contents = package_contents("legacy", "downwedig", read_plan("n9 equal --n 9"))
    >>> contents.files[0][0], contents.caught["short_window"]
    ('problem.yaml', 'secret/n9')
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; known: {', '.join(FORMATS)}")
    legacy = fmt == "legacy"
    files = [("problem.yaml", _problem_yaml(fmt, name).encode())]
    if legacy:
        files.append(("problem_statement/problem.en.tex", _data("problem.en.tex")))
    else:
        files.append(("statement/problem.en.md", _data("problem.en.md")))
    caught = dict.fromkeys(MISTAKES, "")
    for path, data in _tests(plan, progress):
        expected = answer(parse(data))
        for mistake in [m for m, test in caught.items() if not test]:
            if wrong_answer(mistake, data) != expected:
                caught[mistake] = path
        files += [(f"data/{path}.in", data), (f"data/{path}.ans", expected.encode("ascii") + b"\n")]
    missed = [mistake for mistake, test in caught.items() if not test]
    if missed:
        reason = "no test catches the mistake " + "; ".join(f"{m!r} ({MISTAKES[m].description})" for m in missed)
        raise InvalidPlan(reason, line=1, column=1)
    files += [
        ("input_validators/validate.py", bundle(PROGRAMS["input-validator"]).encode()),
        (
            f"{'output_validators' if legacy else 'output_validator'}/validate.py",
            bundle(PROGRAMS["output-validator"]).encode(),
        ),
        ("submissions/accepted/solution.py", bundle(PROGRAMS["solution"]).encode()),
        *((f"submissions/wrong_answer/{m}.py", bundle(mistake_program(m)).encode()) for m in MISTAKES),
        ("submissions/time_limit_exceeded/slow.py", bundle(PROGRAMS["slow"]).encode()),
    ]
    return Contents(files, caught)


def write_package(
    path: Path,
    fmt: str = "legacy",
    plan: Sequence[GeneratedTest] = (),
    *,
    force: bool = False,
    progress: Callable[[str], None] | None = None,
) -> Built:
    """Write the package to the folder ``path`` (see the module docstring); what was written.

    ``path`` is checked first (:func:`check_destination`); the files go to a
    temporary folder beside it, renamed to ``path`` once all are written and
    ``path`` checked again (an old package replaced with ``force`` is removed
    only then: :func:`~downwedig.contest.shipping.destination.write_folder`).  Cost: the
    tests' generation (about 30 s for a ``novelty`` test of n = 300,000) and
    O(total size) more.

    >>> import pathlib, tempfile
    >>> from downwedig.contest.generating.plan import read_plan
    >>> built = write_package(pathlib.Path(tempfile.mkdtemp()) / "dig", "2023-07", read_plan("n9 equal --n 9"))
    >>> built.tests, built.files
    ([('sample/1', 12), ('secret/n9', 9)], 14)
    >>> (built.path / "downwedig-package.sha256").read_text().count("\\n")
    14
    """
    start = time.monotonic()
    destination = check_destination(path, force)
    contents = package_contents(fmt, destination.path.name, plan, progress)
    write_folder(destination, contents.files)
    tests = [
        (name[len("data/") : -len(".in")], int(data[: data.index(b"\n")]))
        for name, data in contents.files
        if name.endswith(".in")
    ]
    size = sum(len(data) for _, data in contents.files)
    return Built(path, fmt, tests, len(contents.files), size, time.monotonic() - start, contents.caught)
