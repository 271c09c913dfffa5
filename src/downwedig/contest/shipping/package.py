"""A problem package in one judge's format, made from the package itself, whole or not at all; and its zip.

:func:`write_package` writes a folder in a format of :data:`~.formats.FORMATS`:
``2025-09`` (the default: what BAPCtools checks and DOMjudge imports),
``legacy`` (what Kattis' ``verifyproblem``, PyPI ``problemtools``, checks
best), ``polygon`` (a Polygon package, for Codeforces and the systems that
import one: :mod:`.formats.polygon`) and ``dmoj`` (a DMOJ problem folder, for
DMOJ's judge and sites: :mod:`.formats.dmoj`); :func:`write_zip` writes the
zip its judge imports.
The work is done once, in no format's layout (:class:`~.formats.Problem`);
each format is one object that lays it out as files and knows the rest of
what differs (:mod:`.formats`).  A Kattis package holds:

- ``problem.yaml``: the name, the source (NERC 2020, problem D), the licence
  (:data:`~.facts.LICENSE`: the package's text, tests and programs are this project's,
  given under CC BY; the problem itself is NERC's, credited as its source), a
  uuid made at random for a new package and kept by every rebuild, 512 MiB of memory and, in 2025-09, the time
  limit chosen by :mod:`.timing` (legacy has no key for it);
- the statement, in this project's words, with notes that explain the sample
  (LaTeX, and Markdown too in 2025-09; the files under ``problem/``);
- ``data/sample/1``: the statement's 12-step example; ``data/secret``: the
  tests of a plan (:mod:`~downwedig.contest.generating.plan`), each checked by the strict
  validator, with the engine's answers; in 2025-09 also the validators' own
  cases (:mod:`.cases`) in ``data/invalid_input``, ``valid_output`` and ``invalid_output``;
- the validators and the submissions: ``accepted/solution.cpp`` (this
  project's C++ solution) and ``accepted/solution.py``, one ``wrong_answer/``
  file per mistake of :data:`~downwedig.contest.shipping.programs.mistakes.MISTAKES`
  (the plan must catch each -- some test must get a wrong answer from it --
  or, with ``allow_uncaught``, the ones it misses are left out), and
  ``time_limit_exceeded/slow.py``; each Python one is one file made by
  :func:`~downwedig.contest.bundling.bundle.bundle`; in 2025-09,
  ``submissions/submissions.yaml`` says what each must get;
- the note on the tests' strength (where the format keeps notes:
  ``downwedig-strength.md``, Polygon's ``documents/``): how many of the
  mutants of ``downwedig strength`` the tests catch, each mutant's first
  catching test, and each survivor's witness (:mod:`~downwedig.contest.strength.vetting`).

Everything is written under a temporary name beside the folder and moved into
place at the end, so a failure leaves nothing behind, and the same version of
downwedig writes the same bytes every time (given the time limit), but for
the uuid of a new package.  The package also holds a manifest of what was
written (:data:`~downwedig.contest.shipping.manifest.MARKER`); with
``force`` a package the tool wrote is rebuilt: its files are regenerated and
everything else in it (the setter's submissions, notes, ``bt pdf`` output) is
kept (:mod:`~downwedig.contest.shipping.destination`, :mod:`.rebuild`).

>>> list(FORMATS)
['2025-09', 'legacy', 'polygon', 'dmoj']
"""

from __future__ import annotations

import dataclasses
import os
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from ...engine.solver import answer
from ...errors import InvalidPlan
from ...reader import parse
from ..bundling.bundle import bundle
from ..generating.plan import PlanTest, plan_inputs
from ..generating.registry import GeneratedTest
from ..strength.kill import Case
from ..strength.vetting import Vetting, vet
from .destination import check_destination, write_archive, write_folder
from .formats import DEFAULT, FORMATS, PackageFormat, Problem, get_format, resource
from .programs import PROGRAMS, mistake_program
from .programs.mistakes import MISTAKES, wrong_answer
from .timing import Timing, choose, measure

__all__ = ["FORMATS", "Built", "Contents", "package_contents", "write_package", "write_zip"]

_UUIDS = uuid.UUID("4b1c1a52-9a4f-5c1e-8d64-2f0e8a6a7d11")  # namespace of this project's problem uuids


@dataclasses.dataclass(frozen=True)
class Built:
    """What :func:`write_package` wrote."""

    path: Path
    format: PackageFormat
    tests: list[tuple[str, int]]  # (name under data/, n), samples first
    files: int
    bytes: int
    seconds: float
    caught: dict[str, str]  # each mistake -> the first test that catches it ("" when none does)
    timing: Timing
    kept: list[str] = dataclasses.field(default_factory=list)  # what a rebuild kept: the setter's, by path
    uuid: str = ""
    #: What the format says of the package beyond its files (:meth:`~.formats.PackageFormat.notes`).
    notes: list[str] = dataclasses.field(default_factory=list)
    #: The tests vetted against the mutants (None when the package was built without).
    vetting: Vetting | None = None

    @property
    def stale(self) -> list[str]:
        """What a rebuild kept that a judge tool made from the package: now older than it
        (:meth:`~downwedig.contest.shipping.formats.PackageFormat.stale`). O(kept)."""
        return self.format.stale(self.kept)

    @property
    def labels(self) -> dict[str, str]:
        """Each test's name (``secret/04-n8-equal``) as its format's judge calls it (``test 05 (...)``). O(tests)."""
        return {name: self.format.test_label(name, index) for index, (name, _) in enumerate(self.tests, 1)}


@dataclasses.dataclass(frozen=True)
class Contents:
    """Every file of a package as ``(path inside it, content)``, in a fixed order; which test catches each
    mistake ("" for none: that submission is left out); the time limit and why."""

    files: list[tuple[str, bytes]]
    caught: dict[str, str]
    timing: Timing
    notes: list[str] = dataclasses.field(default_factory=list)
    vetting: Vetting | None = None


def package_contents(
    fmt: str | PackageFormat,
    name: str,
    plan: Sequence[PlanTest],
    progress: Callable[[str], None] | None = None,
    *,
    time_limit: float | None = None,
    allow_uncaught: bool = False,
    identity: str | None = None,
    kept: Mapping[str, Path] | None = None,
    strength: bool = True,
) -> Contents:
    """The files of the package of short name ``name`` in the format ``fmt`` (a name of
    :data:`~downwedig.contest.shipping.formats.FORMATS` or a format object). O(total size of the tests), plus
    their generation.

    The format-neutral work is done here (the tests, the engine's answers,
    which test catches each mistake, the programs, the time limit: a
    :class:`~downwedig.contest.shipping.formats.Problem`); the format lays it
    out.  ``time_limit`` (seconds) is the setter's; None measures the accepted
    solutions on the tests and chooses (:mod:`.timing`).  ``identity`` is the
    package's uuid (None: one made from the short name, as the doctests' packages have); ``kept``, the setter's files
    a rebuild keeps (path inside the package -> where it is), which a format may list.  ``strength``: vet the
    tests against the mutants and keep the note (:mod:`~downwedig.contest.strength.vetting`; a second or a few,
    most of it a witness search for each survivor).  Raises
    :class:`~downwedig.errors.InvalidPlan` when two tests are the same input or
    no test catches one of the mistakes (unless ``allow_uncaught``: its
    submission is then left out), all of them in one error (its ``also``).

    >>> from downwedig.contest.generating.plan import read_plan
    >>> contents = package_contents("legacy", "downwedig", read_plan("n9 equal --n 9"), time_limit=5, strength=False)
    >>> contents.files[0][0], contents.caught["short_window"]
    ('problem.yaml', 'secret/n9')
    """
    layout = get_format(fmt)
    sample = resource("problem", "sample.in")
    tests = [("sample/1", sample)]
    errors: list[InvalidPlan] = []
    tests += [(f"secret/{test}", data) for test, data in plan_inputs(plan, progress, {sample: "sample/1"}, errors)]
    caught = dict.fromkeys(MISTAKES, "")
    answered: list[tuple[str, bytes, bytes]] = []
    expected: list[tuple[str, bytes, str]] = []
    cases: list[Case] = []
    for path, data in tests:
        staircase = parse(data)
        digits = answer(staircase)
        cases.append(Case(path, staircase.packed, digits))
        for mistake in [m for m, test in caught.items() if not test]:
            if wrong_answer(mistake, data) != digits:
                caught[mistake] = path
        answered.append((path, data, digits.encode("ascii") + b"\n"))
        expected.append((path, data, digits))
    missed = [mistake for mistake, test in caught.items() if not test]
    if missed and not allow_uncaught:
        reason = "no test catches the mistake " + "; ".join(f"{m!r} ({MISTAKES[m].description})" for m in missed)
        errors.append(InvalidPlan(reason + " (--allow-uncaught leaves its submission out)", line=1, column=1))
    if errors:
        raise InvalidPlan.of(errors)
    vetting = None
    if strength:
        tell = (lambda mutant: progress(f"mutant {mutant} (strength)")) if progress else None
        vetting = vet(cases, jobs=os.cpu_count() or 1, progress=tell)
    accepted = {
        "solution.cpp": resource("programs", "solution.cpp"),
        "solution.py": bundle(PROGRAMS["solution"]).encode(),
    }
    if time_limit is None:
        measured, skipped = measure(accepted, expected, progress)
        timing = choose(None, measured, skipped, layout)
    else:
        timing = choose(time_limit, [], [], layout)
    problem = Problem(
        name=name,
        uuid=identity or str(uuid.uuid5(_UUIDS, name)),
        time_limit=timing.time_limit,
        tests=answered,
        accepted=accepted,
        wrong_answer={m: bundle(mistake_program(m)).encode() for m, test in caught.items() if test},
        slow=bundle(PROGRAMS["slow"]).encode(),
        input_validator=bundle(PROGRAMS["input-validator"]).encode(),
        output_validator=bundle(PROGRAMS["output-validator"]).encode(),
        answer_validator=bundle(PROGRAMS["answer-validator"]).encode(),
        generated={
            f"secret/{test.name}": test.command.removeprefix("downwedig gen ")
            for test in plan
            if isinstance(test, GeneratedTest)
        },
        caught={m: test for m, test in caught.items() if test},
        kept=dict(kept or {}),
    )
    files = layout.files(problem)
    if vetting is not None:
        files.append((layout.strength_note, vetting.note(f"downwedig strength {name}").encode()))
    return Contents(files, caught, timing, layout.notes(problem), vetting)


def write_package(
    path: Path,
    fmt: str | PackageFormat = DEFAULT,
    plan: Sequence[PlanTest] = (),
    *,
    force: bool = False,
    progress: Callable[[str], None] | None = None,
    time_limit: float | None = None,
    allow_uncaught: bool = False,
    strength: bool = True,
) -> Built:
    """Write the package to the folder ``path`` (see the module docstring); what was written.

    ``path`` is checked first
    (:func:`~downwedig.contest.shipping.destination.check_destination`); the
    files go to a temporary folder beside it, renamed to ``path`` once all are
    written and ``path`` checked again (an old package replaced with ``force``
    is removed only then:
    :func:`~downwedig.contest.shipping.destination.write_folder`).
    ``time_limit``, ``allow_uncaught`` and ``strength`` are :func:`package_contents`'.  Cost:
    the tests' generation (about 12 s for a ``novelty`` test of n = 300,000),
    the accepted solutions' runs unless ``time_limit`` is given, and O(total
    size) more.

    >>> import pathlib, tempfile
    >>> from downwedig.contest.generating.plan import read_plan
    >>> plan = read_plan("n9 equal --n 9")
    >>> built = write_package(pathlib.Path(tempfile.mkdtemp()) / "dig", "legacy", plan, time_limit=5)
    >>> built.tests, built.files, built.vetting.summary()[:42]
    ([('sample/1', 12), ('secret/n9', 9)], 17, 'the tests catch 41 of 47 mutants (and 4 mo')
    >>> (built.path / "downwedig-package.sha256").read_text().count("\\n")  # (every file but itself)
    16
    """
    start = time.monotonic()
    layout = get_format(fmt)
    destination = check_destination(path, force)
    identity = destination.uuid or str(uuid.uuid4())  # (made once per package, kept by every rebuild)
    contents = package_contents(
        layout,
        destination.path.name,
        plan,
        progress,
        time_limit=time_limit,
        allow_uncaught=allow_uncaught,
        identity=identity,
        kept={name: destination.path / name for name in destination.kept if not name.endswith("/")},
        strength=strength,
    )
    kept = write_folder(destination, contents.files)
    sample = resource("problem", "sample.in")
    tests = [("sample/1", int(sample[: sample.index(b"\n")]))] + [(f"secret/{t.name}", t.steps) for t in plan]
    size = sum(len(data) for _, data in contents.files)
    files = len(contents.files) + 1  # (and the manifest)
    seconds = time.monotonic() - start
    notes = contents.notes
    return Built(
        path,
        layout,
        tests,
        files,
        size,
        seconds,
        contents.caught,
        contents.timing,
        kept,
        identity,
        notes,
        contents.vetting,
    )


def write_zip(built: Built, path: Path, force: bool = False) -> str:
    """Write the zip that the judge of ``built``'s format imports (its
    :meth:`~downwedig.contest.shipping.formats.PackageFormat.archive`) to ``path``, whole; what it holds, in words.

    ``path`` is checked again first, and replaced only with ``force`` and when it is a zip this tool made
    (:func:`~downwedig.contest.shipping.destination.write_archive`).  Cost: the archive's (a statement built, for
    DOMjudge's), and O(package size) of compressing.
    """
    made = built.format.archive(built.path, built.timing.time_limit)
    size = write_archive(path, made.members, made.judge, force)
    shown = f"{size / 1e6:.1f} MB" if size >= 100_000 else f"{size / 1e3:.1f} kB"
    return f"{len(made.members)} files at its root, {made.holds}, {shown}"
