"""The seam between what a package holds and how a judge's format lays it out: :class:`Problem` and
:class:`PackageFormat`.

A :class:`Problem` is the format-neutral work, made once by
:func:`~downwedig.contest.shipping.package.package_contents`: the tests with the
engine's answers, which mistakes they catch, the programs (bundled), the time
limit and the package's uuid.  A :class:`PackageFormat` is everything that
differs between formats, so that no caller asks which format it has: it turns
the problem into files (:meth:`~PackageFormat.files`), reads its tests back
from a folder it wrote (:meth:`~PackageFormat.judged`), says whether a folder
is one of its packages (:meth:`~PackageFormat.recognises`), adds its word to
the time limit's reason (:meth:`~PackageFormat.time_limit_note`), names the
tools it needs that a machine lacks (:meth:`~PackageFormat.missing`), makes
the zip its judge imports (:meth:`~PackageFormat.archive`, an :class:`Archive`),
says where its wrong solutions go and how it calls a test
(:meth:`~PackageFormat.submission_path`, :meth:`~PackageFormat.test_label`),
and names the judges' checks that must pass on what it writes
(:attr:`~PackageFormat.checks`).  Also what every format's files share: the
opening lines of a file the tool wrote (:func:`header`), the shipping
package's own files (:func:`resource`) and a folder's files as a zip's
members (:func:`folder_members`).  O(1).

>>> header().splitlines()[1].endswith("(source).")
True
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Protocol

from .... import __version__
from ....files import natural_key
from ..facts import LICENSE
from ..manifest import MARKER

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..submissions import PackageLimits, Submission

__all__ = [
    "Archive",
    "PackageFormat",
    "PackagedTest",
    "Problem",
    "folder_members",
    "header",
    "resource",
    "tests_under",
]


def resource(*path: str) -> bytes:
    """A file of the shipping package (``problem/sample.in``, ``programs/solution.cpp``, ...). O(size).

    >>> resource("problem", "sample.in")[:3]
    b'12\\n'
    """
    return resources.files(__package__.rpartition(".")[0]).joinpath(*path).read_bytes()


def header(comment: str = "#") -> str:
    """The lines that open a file the tool wrote: who made it and under which licence. O(1).

    >>> header().startswith("# Made by downwedig")
    True
    """
    license_name, _ = LICENSE
    return (
        f"{comment} Made by downwedig {__version__} (`downwedig package`).  The statement, tests and programs are "
        f"the\n{comment} downwedig project's own work, given under {license_name.upper()}; the problem is NERC "
        "2020's (source).\n"
    )


@dataclasses.dataclass(frozen=True)
class Problem:
    """Everything a package holds, in no format's layout: a format's :meth:`PackageFormat.files` input.

    ``tests`` are ``(name, input, answer)`` with names ``sample/1`` and
    ``secret/NAME``, samples first; ``wrong_answer`` maps each mistake that some
    test catches to its program (the others are left out); ``accepted`` maps
    ``solution.cpp`` and ``solution.py`` to theirs.
    """

    name: str  # the short name ([a-z0-9]+)
    uuid: str
    time_limit: float
    tests: Sequence[tuple[str, bytes, bytes]]
    accepted: Mapping[str, bytes]
    wrong_answer: Mapping[str, bytes]
    slow: bytes  # the O(n^2) recomputation: right, too slow
    input_validator: bytes
    output_validator: bytes
    #: The generated tests' ``downwedig gen`` arguments (``random --n 10 --seed 3``), by test name; a test not
    #: here is hand-made (the sample, a plan's ``file`` line).
    generated: Mapping[str, str] = dataclasses.field(default_factory=dict)
    #: The answer validator (a format without ``answer_validators/`` leaves it out).
    answer_validator: bytes = b""
    #: The first test that catches each mistake of ``wrong_answer``, by the mistake's name.
    caught: Mapping[str, str] = dataclasses.field(default_factory=dict)
    #: The setter's files that a rebuild keeps in the package (by path inside it), where they are now.
    kept: Mapping[str, Path] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class PackagedTest:
    """A test as a format keeps it in a package: its name (``secret/41-max-novelty``), input and answer files."""

    name: str
    input: Path
    answer: Path


@dataclasses.dataclass(frozen=True)
class Archive:
    """The zip a format's judge imports (``package --zip``): who imports it, its members ``(name, bytes)`` in
    order, and what it holds beyond its files, in a few words (``the statement as problem.pdf``)."""

    judge: str
    members: list[tuple[str, bytes]]
    holds: str


class PackageFormat(Protocol):
    """A package format: one object per format, registered by name in
    :data:`~downwedig.contest.shipping.formats.FORMATS`."""

    #: The name ``--format`` takes (``2025-09``, ``legacy``).
    name: str
    #: What it is for, in a few words (``downwedig package --help`` says it).
    summary: str
    #: The judges' commands that must pass on what it writes (the tests run them where they are installed).
    checks: tuple[str, ...]
    #: Who imports the zip of :meth:`archive` (``DOMjudge``, ``Polygon``).
    judge: str
    #: Where the package keeps the note on its tests' strength (:mod:`~downwedig.contest.strength.vetting`),
    #: where the format keeps such notes.
    strength_note: str

    def missing(self, zip: bool) -> list[str]:
        """What writing a package (with ``zip``, and its :meth:`archive`) needs and this machine lacks, each with
        how to install it ([] when nothing)."""
        ...

    def archive(self, folder: Path, time_limit: float) -> Archive:
        """The zip its judge imports, of the package ``folder`` this format wrote with the time limit
        ``time_limit`` (seconds)."""
        ...

    def submission_path(self, mistake: str) -> str:
        """Where the wrong solution with the mistake ``mistake`` is in a package (``submissions/wrong_answer/X.py``)."""
        ...

    def test_label(self, name: str, index: int) -> str:
        """How the judge calls the test ``name`` (``secret/04-n8-equal``), the ``index``-th it judges (from 1)."""
        ...

    def notes(self, problem: Problem) -> list[str]:
        """What the summary says of the package beyond its files, a line each (a setter's solution the format
        lists, or cannot); [] when nothing."""
        ...

    def stale(self, kept: Sequence[str]) -> list[str]:
        """Which of the setter's entries ``kept`` by a rebuild are a judge tool's outputs made from the package
        (a ``bt zip``, a built PDF): older than the rebuilt package, so not the setter's to keep as they were."""
        ...

    def files(self, problem: Problem) -> list[tuple[str, bytes]]:
        """Every file of the package as ``(path inside it, content)``, in a fixed order."""
        ...

    def recognises(self, folder: Path) -> bool:
        """Whether ``folder`` is a package in this format (by its files, cheaply)."""
        ...

    def judged(self, folder: Path) -> list[PackagedTest]:
        """The tests of the package ``folder`` that a solution is judged on, in the judge's order."""
        ...

    def time_limit_note(self, limit: float, slowest_cpu_s: float | None) -> str:
        """What this format adds to the time limit's reason ("" when nothing)."""
        ...

    def limits(self, folder: Path) -> PackageLimits:
        """The limits the package ``folder`` gives its solutions, each with where it came from."""
        ...

    def submissions(self, folder: Path) -> list[Submission]:
        """The solutions the package ``folder`` holds, each with what it must get on the tests."""
        ...


def tests_under(data: Path, groups: Sequence[str]) -> list[PackagedTest]:
    """The ``NAME.in`` files with a ``NAME.ans`` beside them under ``data/GROUP`` for each of ``groups``, named by
    their path under ``data`` in natural order (``m2`` before ``m10``). O(files).

    >>> tests_under(Path("/nonexistent"), ["sample"])
    []
    """
    tests = []
    for group in groups:
        found = []
        for root, _, names in os.walk(data / group):
            for name in names:
                if name.endswith(".in") and os.path.isfile(os.path.join(root, name[:-3] + ".ans")):
                    path = Path(root, name)
                    found.append(
                        PackagedTest(path.relative_to(data).with_suffix("").as_posix(), path, path.with_suffix(".ans"))
                    )
        tests += sorted(found, key=lambda test: natural_key(test.name))
    return tests


def folder_members(folder: Path, first: str) -> list[tuple[str, bytes]]:
    """The files of the package ``folder`` as a zip's members, ``(path inside it, bytes)`` at the zip's root, the
    file ``first`` first and the rest in order, without the manifest. O(size).

    >>> folder_members(Path("/nonexistent"), "problem.xml")
    []
    """
    files = sorted(path for path in folder.rglob("*") if path.is_file() and path.name != MARKER)
    members = [(path.relative_to(folder).as_posix(), path.read_bytes()) for path in files]
    return sorted(members, key=lambda member: member[0] != first)
