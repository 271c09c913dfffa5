"""The judging tests' fixtures: the isolation modes (see :mod:`tests.isolation`)."""

from ...isolation import grouped, mode, tag

__all__ = ["grouped", "mode", "tag"]
