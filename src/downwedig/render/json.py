"""The JSON form of a day: a view of :class:`~downwedig.explain.DayAnalysis`.

:func:`to_json` gives the data as Python objects (its keys are listed in the
README's table for ``explain --format json``).
"""

from __future__ import annotations

from typing import Any

from ..explain import DayAnalysis
from ..staircase import row_text

__all__ = ["to_json"]


def to_json(analysis: DayAnalysis, steps: tuple[int, int] | None = None) -> dict[str, Any]:
    """The analysis as JSON-able data; ``steps`` limits the ``steps`` list to a range ``(first, last)``,
    default all.  O(day * width).

    >>> from downwedig import Staircase
    >>> from downwedig.explain import analyse
    >>> data = to_json(analyse(Staircase.from_rows(["WW", "WW", "WW"])))
    >>> data["winner"], data["winning_moves"], data["line"]
    ('Dina', [3], [{'player': 'Dina', 'from': 1, 'to': 3, 'distance': 2, 'common': 2}])
    >>> data["steps"][2]
    {'step': 3, 'pieces': 'WW', 'status': 'lost', 'remoteness': 0, 'moves': []}
    """
    first, last = steps or (1, analysis.day)
    won, rem, width = analysis.won, analysis.remoteness, analysis.staircase.width
    values = analysis.staircase.values()
    out_steps: list[dict[str, Any]] = []
    append = out_steps.append
    for i in range(first, last + 1):
        moves = [{"to": m.target, "distance": m.distance, "common": m.common} for m in analysis.moves(i)]
        status = "won" if won[i] else "lost"
        pieces = row_text(values[i - 1], width)
        append({"step": i, "pieces": pieces, "status": status, "remoteness": rem[i], "moves": moves})
    return {
        "day": analysis.day,
        "winner": str(analysis.winner),
        "remoteness": analysis.remoteness[1],
        "winning_moves": [m.target for m in analysis.winning_moves()],
        "reason": analysis.reason(),
        "line": [
            {
                "player": str(ply.player),
                "from": ply.move.source,
                "to": ply.move.target,
                "distance": ply.move.distance,
                "common": ply.move.common,
            }
            for ply in analysis.line()
        ],
        "first_step": first,
        "last_step": last,
        "steps": out_steps,
    }
