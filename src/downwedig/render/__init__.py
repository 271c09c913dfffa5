"""Views of a day's analysis: text for a terminal, JSON, an SVG picture, and an HTML page of every day.

- :mod:`~downwedig.render.text`: :func:`render_text`, the 80-column report of ``explain``;
- :mod:`~downwedig.render.json`: :func:`to_json`, the data of ``explain --format json``;
- :mod:`~downwedig.render.layout`: :class:`Layout` and :data:`DEFAULT_COLORS`, the picture's sizes and colours;
- :mod:`~downwedig.render.svg`: :func:`render_svg`, the picture of one day, put together from the layers of
  ``render/_layers.py`` (steps, window, handkerchief, line of play, moves, Dima's answers) and the header of
  ``render/_legend.py`` (verdict, window's name, and a legend of only what is drawn);
- :mod:`~downwedig.render.page`: :func:`render_html`, the page that draws any day in the browser (its scripts,
  style sheet and template are the package's ``*.js``, ``page.css`` and ``page.html`` beside these modules);
- :mod:`~downwedig.render.teaching`: the page's step-through as data: its words, the code it shows, and why a
  step is won or lost.

All are pure functions of a :class:`~downwedig.explain.DayAnalysis` (the page:
of the staircase), so each can be tested and used on its own.

>>> from downwedig import Staircase
>>> from downwedig.explain import analyse
>>> render_svg(analyse(Staircase.from_rows(["WW", "WW"])), layout=Layout(piece=10)).startswith("<svg")
True
"""

from .json import to_json
from .layout import DEFAULT_COLORS, LAYOUT, Layout
from .page import render_html
from .svg import render_svg, svg_element
from .text import render_text

__all__ = ["DEFAULT_COLORS", "LAYOUT", "Layout", "render_html", "render_svg", "render_text", "svg_element", "to_json"]
