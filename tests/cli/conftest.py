"""The command tests' fixtures: the isolation modes of ``test`` and ``stress`` (see :mod:`tests.isolation`)."""

from ..isolation import grouped, mode, tag

__all__ = ["grouped", "mode", "tag"]
