#!/usr/bin/env python3
"""How fast the HTML page of ``downwedig render -o page.html`` chooses a day, measured in Chromium.

Builds the page of a generated staircase (``--family``, ``--n``, ``--seed``;
the judge's largest size by default), opens it in Debian's Chromium through
Playwright, and times ``window.downwedig.chooseDay(k)`` for random days with
``performance.now()`` inside the page, two ways:

* *sync*: the call itself, plus the style and layout it causes (forced by
  reading ``document.body.offsetHeight``): what blocks the page;
* *frame*: from the call until the browser has produced the next frame
  (``requestAnimationFrame``, then a task): what a person waits for.

It prints the page's size, how long it took to load, and the median, 90th
percentile and maximum of each (after a few warm-up days, not counted).  The
issue's yardstick is a median under 50 ms at n = 300,000.

``--paste ROUNDS`` times the learner's own staircase instead: the staircase's
text pasted into "Your own staircase" (a ``paste`` event, as the browser sends
it), from the paste until the frame that shows the new picture, in a fresh tab
each round; with ``--box`` the rounds alternate with the other way in, the
text put in the box and "Use this staircase" clicked (what a paste did before
the page read long pastes at once), and it prints the paired ratios box/paste.
The yardstick (F19) is a paste of 300,000 steps shown within a second.

    python benchmarks/page.py                      # n = 300000 random rows, 41 days
    python benchmarks/page.py --family chain --days 101 --width 1280
    python benchmarks/page.py --answers            # every answer shown: the line of play drawn too
    python benchmarks/page.py --family max --paste 7 --box
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from downwedig import Staircase
from downwedig.contest.generating.registry import generate
from downwedig.render import render_html

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

_MEASURE = """async (days) => {
  const sync = [], frame = [];
  const nextFrame = () => new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)));
  for (const k of days) {
    await nextFrame();
    const start = performance.now();
    window.downwedig.chooseDay(k);
    document.body.offsetHeight;
    sync.push(performance.now() - start);
    await nextFrame();
    frame.push(performance.now() - start);
  }
  return {sync, frame};
}"""


#: The text pasted into the box, then the time until the frame after the new picture (ms, in the page's clock).
_PASTE = """async text => {
  const box = document.getElementById('own-text'), data = new DataTransfer();
  data.setData('text/plain', text);
  const start = performance.now();
  box.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));
  await new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)));
  return [performance.now() - start, window.downwedig.state().n];
}"""

#: The text put in the box and a frame drawn with it there (the browser lays the box out), then "Use this staircase"
#: clicked: the time of both, until the frame after the new picture (the learner's own pause not counted).
_BOX = """async text => {
  const box = document.getElementById('own-text'), frame = () => new Promise(done =>
    requestAnimationFrame(() => setTimeout(done, 0)));
  let start = performance.now();
  box.value = text;
  await frame();
  const shown = performance.now() - start;
  start = performance.now();
  document.getElementById('own-load').click();
  await frame();
  return [shown + performance.now() - start, window.downwedig.state().n];
}"""


def summary(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return f"{name:>6}: median {statistics.median(ordered):6.1f} ms   p90 {p90:6.1f} ms   max {ordered[-1]:6.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=300_000, help="steps (default 300000)")
    parser.add_argument("--family", default="random", help="a family of 'downwedig gen' (default random)")
    parser.add_argument("--seed", type=int, default=2020, help="the generator's seed, and the days' (default 2020)")
    parser.add_argument("--days", type=int, default=41, help="random days timed (default 41)")
    parser.add_argument("--warm-up", type=int, default=5, help="days chosen first, not timed (default 5)")
    parser.add_argument("--width", type=int, default=1100, help="the browser window's width in pixels")
    parser.add_argument("--chromium", default=CHROMIUM, help=f"the browser (default {CHROMIUM})")
    parser.add_argument("--paste", type=int, metavar="ROUNDS", help="time pasting the staircase instead, ROUNDS times")
    parser.add_argument("--box", action="store_true", help="with --paste: alternate with the box and its button")
    parser.add_argument(
        "--answers", action="store_true", help="the page with every answer shown (a coach's; default: as it opens)"
    )
    args = parser.parse_args()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("needs playwright: pip install playwright", file=sys.stderr)
        return 2
    if not Path(args.chromium).exists():
        print(f"needs Chromium at {args.chromium}: apt-get install chromium", file=sys.stderr)
        return 2

    staircase = Staircase.from_ints(generate(args.family, args.n, args.seed))
    if args.paste:
        return pasting(staircase, args)
    start = time.perf_counter()
    page_text = render_html(staircase, answers=args.answers)
    built = time.perf_counter() - start
    size = len(page_text.encode("utf-8"))
    rng = random.Random(args.seed)
    days = [rng.randint(1, args.n) for _ in range(args.warm_up + args.days)]
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        path = Path(folder) / "page.html"
        path.write_text(page_text, encoding="utf-8")
        browser = playwright.chromium.launch(executable_path=args.chromium, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": args.width, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(path.as_uri())
            page.wait_for_function("window.downwedig !== undefined")
            loaded = page.evaluate("performance.now()")
            page.evaluate(_MEASURE, days[: args.warm_up])
            times = page.evaluate(_MEASURE, days[args.warm_up :])
            version = browser.version
        finally:
            browser.close()
    if errors:
        print("the page's scripts raised errors:", *errors, sep="\n", file=sys.stderr)
        return 1
    print(f"page of {args.family} n = {args.n}: {size:,} bytes ({size / args.n:.2f} per step), built in {built:.2f} s")
    print(f"Chromium {version}, window {args.width} px: loaded and drew its first day in {loaded:.0f} ms")
    print(f"choosing a day ({args.days} random days after {args.warm_up} warm-up):")
    print(summary("sync", times["sync"]))
    print(summary("frame", times["frame"]))
    return 0


def pasting(staircase: Staircase, args: argparse.Namespace) -> int:
    """Paste ``staircase`` into the sample's page, ``args.paste`` rounds (alternating with the box, ``args.box``)."""
    from playwright.sync_api import sync_playwright

    from downwedig import parse

    sample = parse((Path(__file__).resolve().parents[1] / "examples" / "sample.in").read_bytes())
    text, ways = staircase.to_text(), {"paste": _PASTE, **({"box": _BOX} if args.box else {})}
    times: dict[str, list[float]] = {way: [] for way in ways}
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        path = Path(folder) / "page.html"
        path.write_text(render_html(sample), encoding="utf-8")
        browser = playwright.chromium.launch(executable_path=args.chromium, args=ARGS)
        try:
            for round_ in range(args.paste):
                for way, script in ways.items() if round_ % 2 == 0 else reversed(list(ways.items())):
                    page = browser.new_page(viewport={"width": args.width, "height": 900})
                    page.goto(path.as_uri())
                    page.wait_for_function("window.downwedig !== undefined")
                    page.click("#tab-own")
                    took, shown = page.evaluate(script, text)
                    page.close()
                    if shown != len(staircase):
                        print(f"{way}: the page shows {shown} steps, not {len(staircase)}", file=sys.stderr)
                        return 1
                    times[way].append(took)
            version = browser.version
        finally:
            browser.close()
    print(
        f"{args.family} n = {args.n} ({len(text):,} characters) into the sample's page, Chromium {version}, "
        f"{args.width} px, {args.paste} rounds, a fresh tab each:"
    )
    for way, taken in times.items():
        print(summary(way, taken))
    if args.box:
        ratios = [box / paste for box, paste in zip(times["box"], times["paste"], strict=True)]
        print(f"paired ratio box/paste: median {statistics.median(ratios):.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
