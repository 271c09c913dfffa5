"""The engine room: every day's winner in one pass down the staircase, in O(n) on the inputs tried.

What is public here is re-exported from its module:

- :mod:`~downwedig.engine.solver`: :class:`Solver` (masks in, digits out, O(1) state),
  :func:`answer`, :func:`answer_chunks` (streaming), :func:`winners`; its docstring
  states the idea, the three width-8 routes, and what bounds their time and memory;
- :mod:`~downwedig.engine.limits`: :class:`MemoLimits`, the routes' budgets that tests vary;
- :mod:`~downwedig.engine.tables`: the tables ``G`` as bytes, their one composer, and the
  stores a memo interns them in; :mod:`~downwedig.engine.bit_tables`: the tables as
  integers, for every width (the test generators step these).

The routes are private modules: ``_memo`` (the width-8 memo and its walks up),
``_partners`` (merge partners for a block of days at once) and ``_generic`` (every
other width); :mod:`~downwedig.engine.sweep` (the days in plain loops, for PyPy) is the
one-file solution's under PyPy.  Programs that a bundle carries (:mod:`downwedig.contest.bundling.bundle`)
import from the modules, not from this package: a bundle does not run a package's
``__init__``.

>>> from downwedig import Staircase
>>> answer(Staircase.from_rows(["WWWWWWWW", "WWWWWWWW", "RRRRRRRR"]))
'211'
"""

from __future__ import annotations

from .limits import MemoLimits
from .solver import Solver, answer, answer_chunks, winners

__all__ = ["MemoLimits", "Solver", "answer", "answer_chunks", "winners"]
