#!/usr/bin/env python3
"""Makes the screenshots of the HTML page in ``docs/understanding.md``, in Chromium: ``python docs/screenshots.py``.

Each screenshot is the page of ``downwedig render`` (:func:`downwedig.render.render_html`) in one state, reached
through its scripting interface, ``window.downwedig``, as a learner would reach it: the sample's day 12 stepped
through with a wrong prediction, its top-down tables, the same at 400 pixels, and the last days
of the judge's largest staircase.  The browser is Debian's Chromium (``--chromium``), driven by Playwright, as the
tests drive it.  Fonts differ from machine to machine, so the pictures are not compared byte for byte:
``tests/render/test_editorial.py`` checks that the docs show exactly the screenshots :data:`SHOTS` names.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from downwedig import Staircase, parse
from downwedig.contest.generating.registry import generate
from downwedig.diagnosis import diagnose
from downwedig.render import render_html

HERE = Path(__file__).resolve().parent
FOLDER = HERE / "screenshots"
SAMPLE = HERE.parent / "examples" / "sample.in"
CHROMIUM = "/usr/bin/chromium"
#: How Chromium is started: as the tests start it (tests/render/test_page.py checks that the copies agree).
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

#: Days 12 to 9 of the sample predicted right, step 8 wrong: the page answers why, and lights the code's line.
_PREDICTED = """() => {
  const page = window.downwedig;
  page.teach(12);
  for (const [step, said] of [[12, 'lost'], [11, 'won'], [10, 'won'], [9, 'won'], [8, 'lost']]) {
    page.guess(step, said);
    if (step > 8) document.getElementById('teach-next').click();
  }
}"""

#: The top-down table G_4 of the sample, the window at step 4 of day 12 dashed in the grid and in the picture.
_TOP_DOWN = """() => {
  window.downwedig.teach(12);
  document.getElementById('teach-all').click();
  for (let p = 0; p < 4; p++) document.getElementById('teach-next').click();
}"""

#: At 400 pixels: the step-through tapped through as a learner would, steps 12 to 9 right, step 8 wrong (the page
#: keeps the picture on top and scrolls the question under it: no scrolling here).
_TAPPED = """() => {
  document.getElementById('teach-start').click();
  for (const id of ['guess-lost', 'guess-won', 'guess-won', 'guess-won']) {
    document.getElementById(id).click();
    document.getElementById('teach-next').click();
  }
  document.getElementById('guess-lost').click();
}"""

#: The last days of the largest staircase, and why Dina wins day 299,993, its long line of play cut.
_LONG = """() => { document.getElementById('tab-why').click(); document.activeElement.blur(); }"""

#: The page of a learner's mistake (`stress --page`), its explanation opened.
_MISTAKE = """() => { document.querySelector('#mistake summary').click(); document.activeElement.blur(); }"""


@dataclass(frozen=True)
class Shot:
    """One screenshot: the file, the page's width, what to do first, and where to scroll (an element's id)."""

    name: str
    width: int
    script: str
    scroll: str = ""
    staircase: str = "sample"
    fragment: str = ""


SHOTS = (
    Shot("page-desktop.png", 1280, "() => {}"),
    Shot("page-step-through.png", 1280, _PREDICTED, "panes"),
    Shot("page-top-down.png", 1280, _TOP_DOWN, "panes"),
    Shot("page-400px-picture.png", 400, "() => {}"),
    Shot("page-400px-step-through.png", 400, _TAPPED),
    Shot("page-300000-steps.png", 1280, _LONG, "panes", "stutter", "#day=299993&answers"),
    Shot("page-mistake.png", 1280, _MISTAKE, "panes", "mistake"),
)

#: The minimal test that ``stress --solution examples/wrong.py`` finds, and that program's answer to it.
MISTAKE_ROWS = ["WWWWWWWW", "WWWWWWWW", "WRWRRRRR"]
MISTAKE_ANSWER = "212"


def staircases() -> dict[str, Staircase]:
    """The staircases the screenshots show: the problem's sample, ``gen max --kind stutter --seed 1`` and the
    failing test of ``examples/wrong.py``. O(n)."""
    return {
        "sample": parse(SAMPLE.read_bytes()),
        "stutter": Staircase.from_ints(generate("max", 300_000, 1, kind="stutter")),
        "mistake": Staircase.from_rows(MISTAKE_ROWS),
    }


def page_text(name: str, staircase: Staircase) -> str:
    """The page a screenshot shows: ``stress --page``'s for the mistake, ``render``'s for the others. O(n)."""
    if name != "mistake":
        return render_html(staircase)
    wrong = HERE.parent / "examples" / "wrong.py"

    def says(part: Staircase) -> str:  # examples/wrong.py's answer
        run = subprocess.run([sys.executable, str(wrong)], input=part.to_text().encode(), capture_output=True)
        return run.stdout.decode().strip()

    found = diagnose(staircase, MISTAKE_ANSWER, says)
    return render_html(staircase, found.day if found else None, teach=True, diagnosis=found)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chromium", default=CHROMIUM, help=f"the browser (default {CHROMIUM})")
    args = parser.parse_args()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("needs playwright: pip install playwright (or pip install -e '.[test]')", file=sys.stderr)
        return 2
    if not Path(args.chromium).exists():
        print(f"needs Chromium at {args.chromium}: apt-get install chromium", file=sys.stderr)
        return 2
    FOLDER.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        pages = {}
        for name, staircase in staircases().items():
            pages[name] = Path(folder) / f"{name}.html"
            pages[name].write_text(page_text(name, staircase), encoding="utf-8")
        browser = playwright.chromium.launch(executable_path=args.chromium, args=ARGS)
        errors: list[str] = []
        try:
            for shot in SHOTS:
                page = browser.new_page(viewport={"width": shot.width, "height": 900})
                page.on("pageerror", lambda error: errors.append(str(error)))
                page.goto(pages[shot.staircase].as_uri() + shot.fragment)
                page.wait_for_function("window.downwedig !== undefined")
                page.evaluate(shot.script)
                if shot.scroll:
                    page.evaluate("id => document.getElementById(id).scrollIntoView({block: 'start'})", shot.scroll)
                page.mouse.move(0, 0)
                page.screenshot(path=FOLDER / shot.name)
                page.close()
                if errors:
                    print(f"{shot.name}: the page's scripts raised errors:", *errors, sep="\n", file=sys.stderr)
                    return 1
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
