"""The Kattis problem package format before ``problem_format_version`` (``legacy``): what Kattis' problemtools
(``verifyproblem``) checks best.  Beside the shared layout (:mod:`.kattis`): a ``problem.yaml`` without a time
limit (verifyproblem derives one from the accepted runs), the statement in ``problem_statement/`` and
``output_validators/``; no validators' cases and no ``submissions.yaml``.  O(size of what it writes).

>>> print(FORMAT.time_limit_note(2, None))
. A legacy problem.yaml has no time limit: 'verifyproblem -t 2' judges with this one
"""

from __future__ import annotations

import math
from pathlib import Path

from ....staircase import MEMORY_LIMIT_MIB
from ...running.limits import LEGACY_MULTIPLIER
from ..facts import LICENSE, NAME, SOURCE, SOURCE_URL
from ..submissions import PackageLimits, Submission, kattis_limits, kattis_submissions
from . import kattis
from .base import Problem, header, resource

__all__ = ["FORMAT", "Legacy", "problem_yaml"]


def problem_yaml(uuid: str) -> str:
    """``problem.yaml`` with the package's ``uuid``; no time limit, which this format has no key for. O(1).

    >>> "time_limit" in problem_yaml("0"), "validation: custom" in problem_yaml("0")
    (False, True)
    """
    license_name, owner = LICENSE
    return header() + (
        f"name: {NAME}\nsource: {SOURCE}\nsource_url: {SOURCE_URL}\nlicense: {license_name}\n"
        f"rights_owner: {owner}\nuuid: {uuid}\nvalidation: custom\nlimits:\n  memory: {MEMORY_LIMIT_MIB}\n"
    )


class Legacy(kattis.Kattis):
    """The ``legacy`` format (see the module docstring)."""

    name: str = "legacy"
    summary: str = "the format before problem_format_version, for Kattis' verifyproblem"
    checks: tuple[str, ...] = ("verifyproblem",)

    def files(self, problem: Problem) -> list[tuple[str, bytes]]:
        """See :meth:`~downwedig.contest.shipping.formats.base.PackageFormat.files`."""
        files = [
            ("problem.yaml", problem_yaml(problem.uuid).encode()),
            ("problem_statement/problem.en.tex", resource("problem", "problem.en.tex")),
        ]
        files += kattis.test_files(problem.tests)
        files += [
            ("input_validators/validate.py", problem.input_validator),
            ("output_validators/validate.py", problem.output_validator),
        ]
        return files + kattis.submission_files(problem)

    def recognises(self, folder: Path) -> bool:
        """A ``problem.yaml`` without ``problem_format_version``."""
        text = kattis.problem_yaml_text(folder)
        return text is not None and "problem_format_version:" not in text

    def time_limit_note(self, limit: float, slowest_cpu_s: float | None) -> str:
        """That verifyproblem derives its own limit, about how much, and how to judge with this one."""
        note = ". A legacy problem.yaml has no time limit: "
        if slowest_cpu_s is not None:
            derived = max(1, math.ceil(slowest_cpu_s * LEGACY_MULTIPLIER))
            note += f"verifyproblem derives about {derived} s ({LEGACY_MULTIPLIER} x the slowest accepted run, "
            note += "on its machine); "
        return note + f"'verifyproblem -t {limit:g}' judges with this one"

    def limits(self, folder: Path) -> PackageLimits:
        """The package's limits, each with where it came from (:mod:`~downwedig.contest.shipping.submissions`)."""

        return kattis_limits(folder, legacy=True)

    def submissions(self, folder: Path) -> list[Submission]:
        """The package's solutions, each with what it must get (:mod:`~downwedig.contest.shipping.submissions`)."""

        return kattis_submissions(folder, legacy=True)


#: The one object of this format, for the registry.
FORMAT = Legacy()
