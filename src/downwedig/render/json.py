"""The JSON form of a day: a view of :class:`~downwedig.explain.DayAnalysis`.

:func:`to_json` gives the data as Python objects (its keys are listed in the
README's table for ``explain --format json``); :func:`json_chunks` gives the
same document as compact JSON text in pieces, so that a 300,000-step day
(about 70 MB of JSON) is written as it is made, in bounded memory and about a
second, where building the objects and encoding them took seconds and
hundreds of megabytes.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

from ..explain import DayAnalysis
from ..staircase import row_text

__all__ = ["json_chunks", "to_json"]

#: Steps per piece of :func:`json_chunks`.
CHUNK_STEPS = 4096


def _head(analysis: DayAnalysis, first: int, last: int, line: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "day": analysis.day,
        "winner": str(analysis.winner),
        "remoteness": analysis.remoteness[1],
        "winning_moves": [m.target for m in analysis.winning_moves()],
        "reason": analysis.reason(),
        "line": line if line is not None else [_ply(analysis, k, i, j) for k, (i, j) in enumerate(_pairs(analysis))],
        "first_step": first,
        "last_step": last,
    }


def _pairs(analysis: DayAnalysis) -> list[tuple[int, int]]:
    steps = analysis.line_steps()
    return list(pairwise(steps))


def _ply(analysis: DayAnalysis, number: int, source: int, target: int) -> dict[str, Any]:
    common = analysis.staircase.width - (analysis.values[source - 1] ^ analysis.values[target - 1]).bit_count()
    player = "Dima" if number & 1 else "Dina"
    return {"player": player, "from": source, "to": target, "distance": target - source, "common": common}


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
    won, rem, width, values = analysis.won, analysis.remoteness, analysis.staircase.width, analysis.values
    out: dict[str, Any] = _head(analysis, first, last)
    out["steps"] = [
        {
            "step": i,
            "pieces": row_text(values[i - 1], width),
            "status": "won" if won[i] else "lost",
            "remoteness": rem[i],
            "moves": [{"to": t, "distance": d, "common": c} for t, d, c in analysis.move_triples(i)],
        }
        for i in range(first, last + 1)
    ]
    return out


def json_chunks(analysis: DayAnalysis, steps: tuple[int, int] | None = None) -> Iterator[str]:
    """:func:`to_json` as compact JSON text (``separators=(",", ":")``), in pieces. O(day * width).

    The pieces joined are one JSON document, ``json.loads`` of which is
    :func:`to_json`'s data.  Memory: O(:data:`CHUNK_STEPS`) beyond the analysis.

    >>> from downwedig import Staircase
    >>> from downwedig.explain import analyse
    >>> "".join(json_chunks(analyse(Staircase.from_rows(["WW", "WW"]))))[-68:]
    '{"step":2,"pieces":"WW","status":"lost","remoteness":0,"moves":[]}]}'
    """
    first, last = steps or (1, analysis.day)
    won, rem, width, values = analysis.won, analysis.remoteness, analysis.staircase.width, analysis.values
    # The line of play may have 100,000 moves: written like the steps, not through json.dumps.
    head = json.dumps(_head(analysis, first, last, line=[]), separators=(",", ":"))
    before, after = head.split('"line":[]', 1)
    players = ('"Dina"', '"Dima"')
    plies = [
        f'{{"player":{players[k & 1]},"from":{i},"to":{j},"distance":{j - i},'
        f'"common":{width - (values[i - 1] ^ values[j - 1]).bit_count()}}}'
        for k, (i, j) in enumerate(_pairs(analysis))
    ]
    yield before + '"line":[' + ",".join(plies) + "]" + after[:-1] + ',"steps":['
    del plies
    triples = analysis.move_triples
    status = ('"lost"', '"won"')
    for start in range(first, last + 1, CHUNK_STEPS):
        parts = []
        for i in range(start, min(last, start + CHUNK_STEPS - 1) + 1):
            moves = ",".join([f'{{"to":{t},"distance":{d},"common":{c}}}' for t, d, c in triples(i)])
            pieces = row_text(values[i - 1], width)
            parts.append(
                f'{{"step":{i},"pieces":"{pieces}","status":{status[won[i]]},"remoteness":{rem[i]},"moves":[{moves}]}}'
            )
        yield ("," if start > first else "") + ",".join(parts)
    yield "]}"
