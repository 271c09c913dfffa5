"""The package formats, one object each, registered by name in :data:`FORMATS` (as problemtools'
``FormatVersion``).

A format is a :class:`~.base.PackageFormat`: it is given the format-neutral
:class:`~.base.Problem` (tests with answers, programs, time limit, uuid) and
says what files it writes and where (``files``), which folders it recognises
as its packages (``recognises``), which of their tests a solution is judged on
(``judged``), what it adds to the time limit's reason (``time_limit_note``),
what it needs of the machine (``missing``), the zip its judge imports
(``judge``, ``archive``), where its wrong solutions go and how it calls a test
(``submission_path``, ``test_label``), and which judges' checks must pass on
it (``checks``).  A new format is one new module with one such object, added
to :data:`FORMATS`: nothing else names a format.  O(1).

>>> list(FORMATS)
['2025-09', 'legacy', 'polygon', 'dmoj']
>>> get_format("legacy").checks
('verifyproblem',)
"""

from __future__ import annotations

from pathlib import Path

from . import dmoj, kattis2025, legacy, polygon
from .base import PackagedTest, PackageFormat, Problem, resource

__all__ = [
    "DEFAULT",
    "FORMATS",
    "PackageFormat",
    "PackagedTest",
    "Problem",
    "format_of",
    "get_format",
    "resource",
]

#: Every format that can be written, by the name ``--format`` takes; the default first.
FORMATS: dict[str, PackageFormat] = {
    format.name: format for format in (kattis2025.FORMAT, legacy.FORMAT, polygon.FORMAT, dmoj.FORMAT)
}
#: The default format's name.
DEFAULT = next(iter(FORMATS))


def get_format(name: str | PackageFormat) -> PackageFormat:
    """The format named ``name`` (a format object is returned as it is); ValueError if there is none. O(1).

    >>> get_format("2025-09").name
    '2025-09'
    """
    if not isinstance(name, str):
        return name
    try:
        return FORMATS[name]
    except KeyError:
        raise ValueError(f"unknown format {name!r}; known: {', '.join(FORMATS)}") from None


def format_of(folder: Path) -> PackageFormat | None:
    """The format whose package ``folder`` is, or None. O(formats) small reads.

    >>> format_of(Path("/nonexistent")) is None
    True
    """
    return next((format for format in FORMATS.values() if format.recognises(folder)), None)
