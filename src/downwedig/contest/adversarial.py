"""The engine's adversarial test families (inputs built to defeat its memo).

Each entry is a :class:`~downwedig.contest.family.Family` in the same form as
:data:`downwedig.contest.families.FAMILIES`; :func:`downwedig.contest.families.all_families`
merges them into ``downwedig gen``, ``gen --list`` and ``stress``.  A name
must not repeat one of the ordinary families.

>>> isinstance(FAMILIES, dict)
True
"""

from __future__ import annotations

from .family import Family

__all__ = ["FAMILIES"]

#: Adversarial families by name.
FAMILIES: dict[str, Family] = {}
