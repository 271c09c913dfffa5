"""The command tests' fixtures: the isolation modes of ``test`` and ``stress`` (see :mod:`tests.isolation`)."""

from ..isolation import boxed, grouped, mode, tag, unboxed

__all__ = ["boxed", "grouped", "mode", "tag", "unboxed"]
