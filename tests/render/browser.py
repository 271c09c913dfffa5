"""Driving the HTML page in a real Chromium with Playwright for Python.

Debian's ``chromium`` package provides the browser (Playwright's own browser
downloads are not used).  Without it, or without the ``playwright`` package,
the tests skip saying how to install the missing part; under
``DOWNWEDIG_REQUIRE_TOOLS=1`` (CI) they fail instead.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from downwedig import Staircase
from downwedig.explain import DayAnalysis
from downwedig.render import render_html, svg_element
from downwedig.render.layout import LAYOUT, NARROW_LAYOUT

from ..conftest import missing_tool, need_tool

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

#: How the tests start Chromium: headless, no sandbox (as root), no network chatter.  benchmarks/page.py, which
#: runs without the tests, keeps a copy (``ARGS``); test_page.py checks that the two agree.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def launch() -> Iterator[Browser]:
    """A headless Chromium for a test module; skips (or fails under CI) when Chromium or Playwright is missing."""
    executable = need_tool(["chromium", "chromium-browser"], "apt-get install chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing_tool("needs playwright: pip install playwright (or pip install -e '.[test]')")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


class Opened:
    """A page of the browser showing one HTML file, with the errors its scripts raised.

    ``page`` is a tab to show it in: a new one, or one a test before used and gave back (:meth:`close`).
    Chromium starts a process for each new tab (about half a second of CPU), so the tests reuse theirs;
    a new file loaded in a tab starts afresh (its scripts, its address), and the mouse is moved away
    from where the last test left it.
    """

    def __init__(self, page: Page, path: Path, fragment: str = "", width: int = 1100) -> None:
        self.errors: list[str] = []
        self.page = page
        page.set_viewport_size({"width": width, "height": 900})
        page.mouse.move(0, 0)
        if page.url.split("#")[0] == path.as_uri():  # (else only the fragment would change: no new load)
            page.goto("about:blank")
        page.on("pageerror", self._error)
        page.goto(path.as_uri() + fragment)
        page.wait_for_function("window.downwedig !== undefined")

    def _error(self, error: Exception) -> None:
        self.errors.append(str(error))

    def js(self, expression: str, argument: Any = None) -> Any:
        """The value of a JavaScript expression (a function of ``argument`` when it is given)."""
        if argument is None:
            return self.page.evaluate(expression)
        return self.page.evaluate(expression, argument)

    def click(self, selector: str) -> None:
        """Click an element as a person does (Playwright waits until it is enabled)."""
        self.page.click(selector)

    def disabled(self, *ids: str) -> list[bool]:
        """Whether each button (by id) is disabled."""
        value: list[bool] = self.js("ids => ids.map(i => document.getElementById(i).disabled)", list(ids))
        return value

    def state(self) -> dict[str, Any]:
        value: dict[str, Any] = self.js("window.downwedig.state()")
        return value

    def view(self) -> tuple[int, int]:
        value = self.js("window.downwedig.view()")
        return value["first"], value["last"]

    def picture(self) -> ET.Element:
        """The picture in the page, serialised by the browser as XML and parsed by Python."""
        return ET.fromstring(self.js(_PICTURE))

    def view_and_picture(self) -> tuple[dict[str, Any], ET.Element]:
        """:meth:`view`'s whole answer (``first``, ``last``, ``layout``) and :meth:`picture`, asked at once (each
        question to the browser is a round trip, and a test of a whole game asks hundreds)."""
        view, text = self.js(f"[window.downwedig.view(), {_PICTURE}]")
        return view, ET.fromstring(text)

    def text(self, selector: str) -> str:
        value: str = self.js("s => document.querySelector(s).textContent", selector)
        return value

    def wait_for_hash(self, fragment: str) -> None:
        """Wait until the address ends in ``fragment`` (the page writes it at most a few times a second)."""
        self.page.wait_for_function("f => location.hash === f", arg=fragment, timeout=5000)

    def close(self) -> Page:
        """Check that the page's scripts raised no error, and give the tab back for another test."""
        self.page.remove_listener("pageerror", self._error)
        assert self.errors == [], "the page's scripts raised errors"
        return self.page


_PICTURE = "new XMLSerializer().serializeToString(document.querySelector('#picture svg'))"


def canonical(element: ET.Element) -> list[tuple[str, dict[str, str], str]]:
    """Every element in document order: its tag without namespace, its attributes and its text."""
    return [
        (e.tag.rsplit("}", 1)[-1], {k: v for k, v in e.attrib.items() if k != "xmlns"}, (e.text or "").strip())
        for e in element.iter()
    ]


def scrambled(n: int, width: int = 8, seed: int = 1) -> Staircase:
    """A staircase of ``n`` random rows."""
    rng = random.Random(seed)
    return Staircase.from_ints([rng.getrandbits(width) for _ in range(n)], width)


def write(folder: Path, staircase: Staircase, name: str = "page.html", **options: Any) -> Path:
    """The page of ``staircase`` written to ``folder/name``."""
    path = folder / name
    path.write_text(render_html(staircase, **options), encoding="utf-8")
    return path


def same_picture(page: Opened, a: DayAnalysis, **options: Any) -> None:
    """The page's picture is :func:`svg_element` of the same day and window, in the layout the page chose
    (without its header: the page writes it in HTML), element for element."""
    view, picture = page.view_and_picture()
    first, last = view["first"], view["last"]
    layout = LAYOUT if view["layout"] == "wide" else NARROW_LAYOUT
    expected = svg_element(a, steps=(first, last), header=False, layout=layout, **options)
    assert canonical(picture) == canonical(expected), f"day {a.day}, steps {first}-{last}, {options}"
