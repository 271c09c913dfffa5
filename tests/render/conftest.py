"""The browser the page's tests share (one Chromium for the whole run), and a way to open pages in it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from .browser import Opened, launch

if TYPE_CHECKING:
    from playwright.sync_api import Browser


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    yield from launch()


@pytest.fixture
def opener(browser: Browser) -> Iterator[Callable[..., Opened]]:
    """``opener(path, fragment="", width=1100)``: a page of the browser; closed (and checked for script
    errors) after the test."""
    opened: list[Opened] = []

    def open_page(path: Path, fragment: str = "", width: int = 1100) -> Opened:
        opened.append(Opened(browser, path, fragment, width))
        return opened[-1]

    yield open_page
    for page in opened:
        page.close()
