"""A self-contained HTML page to browse every day of a staircase.

:func:`render_html` fills the page template (``page.html``, ``page.css`` and
``page.js``, package data files beside this module) with the staircase in
compact form: the packed rows and move masks in base64 (about 2.7 bytes per
step) and the answer strip (``n`` digits), plus the picture's layout and
colours (:mod:`downwedig.render.layout`) and the reasons' wording
(:data:`downwedig.explain.REASONS`).  The page's script analyses the chosen day
and draws it as :func:`downwedig.render.svg_element` does, from those numbers.
It honours ``#day=K`` in the address and needs no network.
"""

from __future__ import annotations

import base64
import html
import json
import re
from importlib import resources

from ..engine import answer
from ..errors import InvalidDay
from ..explain import REASONS
from ..moves import packed_move_masks
from ..staircase import Staircase
from .layout import DEFAULT_COLORS, LAYOUT, Layout

__all__ = ["page_data", "render_html"]

_PLACEHOLDER = re.compile(r"%(TITLE|STYLE|SCRIPT|N|DATA)%")


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def page_data(staircase: Staircase, day: int | None = None, *, layout: Layout = LAYOUT) -> dict[str, object]:
    """What the page embeds: the staircase, its answer, and how to draw and word it. O(n).

    >>> sorted(page_data(Staircase.from_rows(["WW", "RR"])))
    ['answer', 'colors', 'day', 'layout', 'masks', 'n', 'reasons', 'rows', 'width']
    """
    n = len(staircase)
    day = n if day is None else day
    if not 1 <= day <= n:
        raise InvalidDay(day, n)
    return {
        "n": n,
        "width": staircase.width,
        "day": day,
        "rows": base64.b64encode(staircase.packed).decode("ascii"),
        "masks": base64.b64encode(packed_move_masks(staircase.packed, staircase.width)).decode("ascii"),
        "answer": answer(staircase),
        "layout": layout.as_data(),
        "colors": DEFAULT_COLORS,
        "reasons": REASONS,
    }


def render_html(staircase: Staircase, day: int | None = None) -> str:
    """A self-contained page to browse the days of ``staircase`` (see the module docstring).

    ``day`` is the day shown first (default ``n``); ``#day=K`` in the address
    overrides it.  O(n) in Python; the page draws a day in O(day) JavaScript.

    >>> page = render_html(Staircase.from_rows(["WW", "RR"]))
    >>> page.startswith("<!DOCTYPE html>"), '"answer": "22"' in page
    (True, True)
    """
    data = json.dumps(page_data(staircase, day)).replace("</", "<\\/")
    n = str(len(staircase))
    title = html.escape(f"Down We Dig: {n} steps")
    parts = {"TITLE": title, "STYLE": _asset("page.css"), "SCRIPT": _asset("page.js"), "N": n, "DATA": data}
    # One pass over the template: what is put in is never searched for placeholders.
    return _PLACEHOLDER.sub(lambda match: parts[match[1]], _asset("page.html"))
