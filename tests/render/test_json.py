"""The JSON view: it follows the schema of the README's table and says what the analysis says."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from downwedig import Staircase
from downwedig.explain import analyse
from downwedig.render.json import json_chunks, to_json

from ..strategies import days, examples

SCHEMA: dict[str, Any] = {
    "day": int,
    "winner": ("Dina", "Dima"),
    "remoteness": int,
    "winning_moves": [int],
    "reason": str,
    "line": [{"player": ("Dina", "Dima"), "from": int, "to": int, "distance": int, "common": int}],
    "first_step": int,
    "last_step": int,
    "steps": [
        {
            "step": int,
            "pieces": str,
            "status": ("won", "lost"),
            "remoteness": int,
            "moves": [{"to": int, "distance": int, "common": int}],
        }
    ],
}


def validate(value: Any, schema: Any, where: str = "$") -> None:
    """A tiny validator: dict = object with exactly these keys, [s] = array of s, tuple = enum, type = type."""
    if isinstance(schema, dict):
        assert isinstance(value, dict), where
        assert set(value) == set(schema), f"{where}: keys {sorted(value)}"
        for key, sub in schema.items():
            validate(value[key], sub, f"{where}.{key}")
    elif isinstance(schema, list):
        assert isinstance(value, list), where
        for k, item in enumerate(value):
            validate(item, schema[0], f"{where}[{k}]")
    elif isinstance(schema, tuple):
        assert value in schema, f"{where}: {value!r}"
    else:
        assert type(value) is schema, f"{where}: {value!r} is not {schema.__name__}"


@examples(100)
@given(days(), st.data())
def test_json_follows_the_schema_and_the_analysis(case: tuple[Staircase, int], data: st.DataObject) -> None:
    staircase, day = case
    a = analyse(staircase, day)
    first = data.draw(st.integers(1, day))
    last = data.draw(st.integers(first, day))
    steps = data.draw(st.sampled_from([None, (first, last)]))
    out = json.loads(json.dumps(to_json(a, steps)))
    assert json.loads("".join(json_chunks(a, steps))) == out
    assert "".join(json_chunks(a, steps)) == json.dumps(out, separators=(",", ":"))
    validate(out, SCHEMA)
    assert out["day"] == day and out["winner"] == str(a.winner)
    assert (out["first_step"], out["last_step"]) == (steps or (1, day))
    assert [s["step"] for s in out["steps"]] == list(range(out["first_step"], out["last_step"] + 1))
    for s in out["steps"]:
        info = a.step(s["step"])
        assert s["status"] == info.status and s["remoteness"] == info.remoteness and s["pieces"] == info.pieces
        assert s["moves"] == [{"to": m.target, "distance": m.distance, "common": m.common} for m in info.moves]
    assert out["winning_moves"] == [m.target for m in a.winning_moves()]
    assert [(p["player"], p["from"], p["to"]) for p in out["line"]] == [
        (str(p.player), p.move.source, p.move.target) for p in a.line()
    ]
