"""The judging tests' fixtures: the isolation modes (see :mod:`tests.isolation`)."""

from ...isolation import boxed, grouped, mode, tag, unboxed

__all__ = ["boxed", "grouped", "mode", "tag", "unboxed"]
