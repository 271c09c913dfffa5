"""The browser the page's tests share (one Chromium for the whole run), and a way to open pages in it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from .browser import Opened, launch

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    yield from launch()


@pytest.fixture(scope="session")
def tabs() -> list[Page]:
    """Tabs the tests gave back, for the next ones to reuse (see :class:`Opened`)."""
    return []


@pytest.fixture
def opener(browser: Browser, tabs: list[Page]) -> Iterator[Callable[..., Opened]]:
    """``opener(path, fragment="", width=1100)``: a page of the browser; checked for script errors after the
    test, and its tab given back."""
    opened: list[Opened] = []

    def open_page(path: Path, fragment: str = "", width: int = 1100) -> Opened:
        tab = tabs.pop() if tabs else browser.new_page()  # (Opened sizes it)
        opened.append(Opened(tab, path, fragment, width))
        return opened[-1]

    yield open_page
    for page in opened:
        tabs.append(page.close())
