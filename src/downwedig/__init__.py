"""downwedig: the staircase game "Down We Dig" (NERC 2020, problem D), solved fast.

Quick start: read a staircase in the judge's format, answer every day, then ask why about one.

>>> import downwedig
>>> staircase = downwedig.parse("3\\nWWWWWWWW\\nWWWWWWWW\\nRRRRRRRR\\n")
>>> downwedig.answer(staircase)  # one digit per day: 1 when Dina wins it, 2 when Dima does
'211'
>>> downwedig.winners(staircase)[1]
<Player.DINA: 1>
>>> from downwedig.explain import analyse
>>> day = analyse(staircase, 3)  # day 3 in full: each step's status, its moves, the line of play
>>> day.reason()
'Dina wins by moving to a step lost for Dima: 2.'
>>> from downwedig.play import Game  # play it against the perfect player
>>> Game(day).hint()
'Winning moves from step 1: 2.'

``parse`` raises :class:`InvalidStaircase` (a :class:`ValueError` saying ``source:line:column``) on a bad
input; every error a user can cause is a :class:`DownwedigError`.  ``docs/library.md`` walks through the rest:
streaming a long input, other widths, the pictures (:mod:`downwedig.render`) and the contest tools
(:mod:`downwedig.contest`).

For contributors, a map of the package.  Data flows one way, from text to answers and pictures;
each layer imports only the layers above it in this list:

1. :mod:`~downwedig.errors` -- every failure a user can cause, one ``Invalid...`` class each,
   each knowing its exit status;
   :mod:`~downwedig.staircase` -- the model (:class:`Staircase`, :class:`Player`), the judge's
   constants (``MAX_N``, ``TIME_LIMIT_S``, ``MEMORY_LIMIT_MIB``) and *the* move rule
   (:func:`~downwedig.staircase.allows_move`);
   :mod:`~downwedig.interrupts`, :mod:`~downwedig.files` and :mod:`~downwedig.owner` -- ``SIGTERM``
   taken as Ctrl-C, a file written whole, whose a leftover in a shared place is.
2. :mod:`~downwedig.reader` -- the judge's text to a :class:`Staircase` (whole or streamed);
   :mod:`~downwedig.moves` -- the rule applied to every step at once (move masks);
   :mod:`~downwedig.reference` -- the slow, obviously right oracle the tests trust.
3. :mod:`~downwedig.engine` -- the fast solver, one room: ``solver`` (the idea and the
   routes), ``limits`` (the budgets tests vary, :class:`MemoLimits`), ``tables`` (``G`` as bytes, the
   one composer), ``bit_tables`` (``G`` as integers, any width), the private routes
   ``_memo``, ``_partners``, ``_generic``, and ``sweep`` (plain loops, the one-file solution's under PyPy);
   :mod:`~downwedig.explain` -- one day solved in full: statuses, remoteness, best moves, the reason.
4. Views and uses of those: :mod:`~downwedig.render` (text, JSON, SVG, the HTML page),
   :mod:`~downwedig.play` (a game against the perfect player), :mod:`~downwedig.diagnosis` (why a
   program's answer is wrong, in the page's words), and :mod:`~downwedig.contest`,
   six rooms by job: ``generating`` (families, plans, the validator, answer files), ``running``
   (a solution run under limits, isolated), ``judging`` (the checker, the judge, the stress
   tester), ``strength`` (the tests against plausible wrong solutions), ``bundling`` (the one-file
   bundle) and ``shipping`` (the problem package).
5. :mod:`~downwedig.cli` -- the ``downwedig`` command, a thin layer over all of it.

Where a change belongs: a rule of the game goes in ``staircase`` (and its fast form in
``moves``); how fast the answer comes, in ``engine``; what is said about a day, in
``explain``; how it looks, in ``render``; a new test shape, in ``contest.generating``;
how solutions are run, in ``contest.running``, and judged, in ``contest.judging``; what
goes to a judge, in ``contest.shipping``; a new option, in ``cli``.

The names below are imported when first used (PEP 562), so that ``downwedig
--version`` and ``downwedig solve`` load only what they need.
"""

from __future__ import annotations

__version__ = "0.2.0"

#: Where each public name lives.
_HOMES = {
    "MemoLimits": "engine",
    "Solver": "engine",
    "answer": "engine",
    "answer_chunks": "engine",
    "winners": "engine",
    "CommandError": "errors",
    "DownwedigError": "errors",
    "IllegalMove": "errors",
    "InvalidAnswer": "errors",
    "InvalidDay": "errors",
    "InvalidDestination": "errors",
    "InvalidMask": "errors",
    "InvalidOption": "errors",
    "InvalidOutput": "errors",
    "InvalidPlan": "errors",
    "InvalidStaircase": "errors",
    "InvalidStep": "errors",
    "InvalidSteps": "errors",
    "InvalidTests": "errors",
    "InvalidText": "errors",
    "InvalidWidth": "errors",
    "UnknownFamily": "errors",
    "UsageError": "errors",
    "move_masks": "moves",
    "parse": "reader",
    "read_chunks": "reader",
    "reference_answer": "reference",
    "reference_statuses": "reference",
    "MAX_N": "staircase",
    "MAX_WIDTH": "staircase",
    "MEMORY_LIMIT_MIB": "staircase",
    "TIME_LIMIT_S": "staircase",
    "WIDTH": "staircase",
    "Player": "staircase",
    "Staircase": "staircase",
}

__all__ = [
    "MAX_N",
    "MAX_WIDTH",
    "MEMORY_LIMIT_MIB",
    "TIME_LIMIT_S",
    "WIDTH",
    "CommandError",
    "DownwedigError",
    "IllegalMove",
    "InvalidAnswer",
    "InvalidDay",
    "InvalidDestination",
    "InvalidMask",
    "InvalidOption",
    "InvalidOutput",
    "InvalidPlan",
    "InvalidStaircase",
    "InvalidStep",
    "InvalidSteps",
    "InvalidTests",
    "InvalidText",
    "InvalidWidth",
    "MemoLimits",
    "Player",
    "Solver",
    "Staircase",
    "UnknownFamily",
    "UsageError",
    "__version__",
    "answer",
    "answer_chunks",
    "move_masks",
    "parse",
    "read_chunks",
    "reference_answer",
    "reference_statuses",
    "winners",
]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .engine import MemoLimits, Solver, answer, answer_chunks, winners
    from .errors import (
        CommandError,
        DownwedigError,
        IllegalMove,
        InvalidAnswer,
        InvalidDay,
        InvalidDestination,
        InvalidMask,
        InvalidOption,
        InvalidOutput,
        InvalidPlan,
        InvalidStaircase,
        InvalidStep,
        InvalidSteps,
        InvalidTests,
        InvalidText,
        InvalidWidth,
        UnknownFamily,
        UsageError,
    )
    from .moves import move_masks
    from .reader import parse, read_chunks
    from .reference import reference_answer, reference_statuses
    from .staircase import MAX_N, MAX_WIDTH, MEMORY_LIMIT_MIB, TIME_LIMIT_S, WIDTH, Player, Staircase


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'downwedig' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value  # (the next use is a plain attribute)
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})
