"""Pictures of a day: an SVG of the staircase, and a self-contained HTML page to browse the days.

The SVG (:func:`render_svg`) is built with :mod:`xml.etree.ElementTree`, no
drawing library.  Each step is a row (``<g class="step won|lost">`` with a
``<title>`` for hover text) of its pieces (``rect.piece``, white or red), a
status badge (``g.status``: won/lost and remoteness), the handkerchief
(``.handkerchief``) on step 1, the legal moves from the *current* step (step 1
by default) as arrows on the right (``g.move``, labelled ``distance/common``),
and the optimal line of play as orange arcs on the left (``g.line``), its
steps shaded (``rect.on-line``).  A long staircase is windowed: ``steps=(A, B)``,
by default the top :data:`WINDOW` steps, where the line of play starts; notes
say what lies above and below.

The page (:func:`render_html`) embeds the staircase compactly (the packed
rows in base64, about 1.4 bytes per step) and the answer strip (``n``
digits), and draws the chosen day's picture in JavaScript with the same
layout and the same rules as :func:`render_svg` -- so it stays about
``2.4 * n`` bytes plus 8 kB of code, whatever ``n``.  It honours ``#day=K``
in the address, and needs no network.
"""

from __future__ import annotations

import base64
import html
import json
import xml.etree.ElementTree as ET
from itertools import pairwise

from .engine import answer
from .explain import DayAnalysis
from .staircase import Staircase

__all__ = ["LAYOUT", "WINDOW", "default_window", "render_html", "render_svg", "svg_element"]

#: How many steps the picture shows by default.
WINDOW = 30

#: Sizes in pixels, shared with the page's JavaScript so both draw alike.
LAYOUT = {"piece": 22, "gap": 3, "row": 30, "top": 64, "left": 110, "line_x": 70, "colors": ["#fafafa", "#d32f2f"]}
_WON, _LOST, _LINE, _MOVE, _WIN_MOVE = "#2e7d32", "#c62828", "#f57c00", "#607d8b", "#2e7d32"


def default_window(analysis: DayAnalysis, rows: int = WINDOW) -> tuple[int, int]:
    """The steps drawn by default: from step 1, where the line starts, ``rows`` steps down. O(1).

    >>> default_window(DayAnalysis(Staircase.from_rows(["WW"]), 1, b"\\0\\0", [0, 0], b"\\0", 1))
    (1, 1)
    """
    return 1, min(analysis.day, rows)


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: object) -> ET.Element:
    element = ET.SubElement(parent, tag, {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items()})
    if text is not None:
        element.text = text
    return element


def _arc(x: float, y1: float, y2: float, bulge: float) -> str:
    return f"M{x},{y1} C{x + bulge},{y1} {x + bulge},{y2} {x},{y2}"


def svg_element(analysis: DayAnalysis, steps: tuple[int, int] | None = None, current: int | None = None) -> ET.Element:
    """The picture of a day as an ``<svg>`` element (see the module docstring).

    ``current`` is the step whose moves are drawn (default: step 1 when shown,
    else the first step of the line in the window, else the window's first).
    Cost: O(day) for the line of play, plus O(shown steps * width).

    >>> from downwedig.explain import analyse
    >>> svg = svg_element(analyse(Staircase.from_rows(["WW", "WW", "WW"])))
    >>> len(svg.findall(".//*[@class='piece']")), len(svg.findall(".//*[@class='move']"))
    (6, 2)
    """
    a, lay = analysis, LAYOUT
    width = a.staircase.width
    first, last = steps or default_window(a)
    if not 1 <= first <= last <= a.day:
        raise ValueError(f"steps {first}..{last} are not within 1..{a.day}")
    line_steps = a.line_steps()
    on_line = set(line_steps)
    if current is None:
        current = 1 if first == 1 else next((s for s in line_steps if first <= s <= last), first)
    piece, gap, row, top, left = lay["piece"], lay["gap"], lay["row"], lay["top"], lay["left"]
    assert isinstance(piece, int) and isinstance(gap, int) and isinstance(row, int)
    assert isinstance(top, int) and isinstance(left, int)
    right = left + width * (piece + gap)
    arrows_x = right + 84
    total_w = arrows_x + (20 + 24 * width) * 3 // 4 + 50
    total_h = top + (last - first + 1) * row + 40

    def y_of(step: int) -> int:
        return top + (step - first) * row + row // 2

    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": str(total_w), "height": str(total_h)})
    svg.set("viewBox", f"0 0 {total_w} {total_h}")
    svg.set("font-family", "sans-serif")
    defs = _sub(svg, "defs")
    for name, colour in (("line", _LINE), ("move", _MOVE), ("win", _WIN_MOVE)):
        marker = _sub(defs, "marker", id=f"head-{name}", viewBox="0 0 10 10", refX=9, refY=5)
        marker.set("markerWidth", "10")
        marker.set("markerHeight", "10")
        marker.set("markerUnits", "userSpaceOnUse")
        marker.set("orient", "auto")
        _sub(marker, "path", d="M0,0 L10,5 L0,10 z", fill=colour)
    _sub(svg, "rect", x=0, y=0, width=total_w, height=total_h, fill="#ffffff")
    remaining = len(line_steps) - 1
    verdict = f"Day {a.day} of {a.n}: {a.winner} wins ({remaining} move{'s' * (remaining != 1)} with best play)"
    _sub(svg, "text", verdict, x=10, y=22, font_size=16, font_weight="bold", class_="verdict")
    legend = f"steps {first}-{last}; arrows: moves from step {current} (distance/common); orange: optimal line"
    _sub(svg, "text", legend, x=10, y=42, font_size=11, fill="#555")
    if first > 1:
        _sub(svg, "text", f"\u22ee steps 1-{first - 1} above", x=left, y=top - 6, font_size=11, class_="more")
    if last < a.day:
        below = f"\u22ee steps {last + 1}-{a.day} below"
        _sub(svg, "text", below, x=left, y=total_h - 24, font_size=11, class_="more")
    for i in range(first, last + 1):
        won, y = bool(a.won[i]), y_of(i)
        status = "won" if won else "lost"
        g = _sub(svg, "g", class_=f"step {status}", id=f"step-{i}")
        moves = a.moves(i)
        listed = ", ".join(f"{m.target} (distance {m.distance}, {m.common} common)" for m in moves) or "none"
        hover = f"Step {i}: {a.staircase.row(i)}, {status} for the player to move, remoteness {a.remoteness[i]}"
        _sub(g, "title", f"{hover}; moves to {listed}")
        if i in on_line:
            _sub(
                g, "rect", x=4, y=y - row // 2 + 1, width=total_w - 8, height=row - 2, fill="#fff3e0", class_="on-line"
            )
        _sub(g, "text", str(i), x=left - 10, y=y + 4, font_size=12, text_anchor="end")
        for c, colour in enumerate(a.staircase.row(i)):
            fill = LAYOUT["colors"][colour == "R"]  # type: ignore[index]
            x = left + c * (piece + gap)
            _sub(
                g,
                "rect",
                x=x,
                y=y - piece // 2,
                width=piece,
                height=piece,
                rx=3,
                fill=fill,
                stroke="#333",
                class_="piece",
            )
        badge = _sub(g, "g", class_=f"status {status}")
        _sub(badge, "rect", x=right + 8, y=y - 10, width=66, height=20, rx=10, fill=_WON if won else _LOST)
        label = f"{status} {a.remoteness[i]}"
        _sub(badge, "text", label, x=right + 41, y=y + 4, font_size=11, fill="#fff", text_anchor="middle")
    if first == 1:
        cx, cy = left + width * (piece + gap) // 2, y_of(1)
        kerchief = _sub(svg, "g", class_="handkerchief")
        _sub(kerchief, "title", "the handkerchief starts on step 1")
        points = f"{cx - 16},{cy - 9} {cx + 16},{cy - 9} {cx},{cy + 11}"
        _sub(kerchief, "polygon", points=points, fill="#fdd835", stroke="#1565c0", stroke_width=2)
    line_x = LAYOUT["line_x"]
    assert isinstance(line_x, int)
    for number, (i, j) in enumerate(pairwise(line_steps), 1):
        if first <= i and j <= last:
            g = _sub(svg, "g", class_="line")
            _sub(g, "title", f"move {number}: {('Dina', 'Dima')[(number - 1) % 2]} {i} -> {j}")
            path = _arc(line_x, y_of(i), y_of(j), -(18 + 5 * (j - i)))
            _sub(g, "path", d=path, fill="none", stroke=_LINE, stroke_width=3, marker_end="url(#head-line)")
    if first <= current <= last:
        shown = [m for m in a.moves(current) if m.target <= last]
        label_x = arrows_x + (20 + 24 * max((m.distance for m in shown), default=0)) * 3 // 4 + 8
        for m in shown:
            winning = not a.won[m.target]
            g = _sub(svg, "g", class_="move")
            _sub(g, "title", f"{current} -> {m.target}: distance {m.distance} <= {m.common} common pieces")
            bulge = 20 + 24 * m.distance
            head = "win" if winning else "move"
            colour = _WIN_MOVE if winning else _MOVE
            path = _arc(arrows_x, y_of(current), y_of(m.target), bulge)
            _sub(g, "path", d=path, fill="none", stroke=colour, stroke_width=2, marker_end=f"url(#head-{head})")
            text = f"{m.distance}/{m.common}"
            _sub(g, "text", text, x=label_x, y=y_of(m.target) + 4, font_size=11, fill=colour, class_="move-label")
    return svg


def render_svg(analysis: DayAnalysis, steps: tuple[int, int] | None = None, current: int | None = None) -> str:
    """The picture of a day as SVG text (see :func:`svg_element`). O(day + shown * width).

    >>> from downwedig.explain import analyse
    >>> render_svg(analyse(Staircase.from_rows(["WW"]))).startswith("<svg")
    True
    """
    return ET.tostring(svg_element(analysis, steps, current), encoding="unicode") + "\n"


def render_html(staircase: Staircase, day: int | None = None) -> str:
    """A self-contained page to browse the days of ``staircase`` (see the module docstring).

    ``day`` is the day shown first (default ``n``); ``#day=K`` in the address
    overrides it.  O(n) in Python; the page draws a day in O(day) JavaScript.

    >>> page = render_html(Staircase.from_rows(["WW", "RR"]))
    >>> page.startswith("<!DOCTYPE html>"), '"answer": "22"' in page
    (True, True)
    """
    n = len(staircase)
    day = n if day is None else day
    if not 1 <= day <= n:
        raise ValueError(f"day {day} is not in 1..{n}")
    data = {
        "n": n,
        "width": staircase.width,
        "day": day,
        "rows": base64.b64encode(staircase.packed).decode("ascii"),
        "answer": answer(staircase),
        "layout": {**LAYOUT, "window": WINDOW, "won": _WON, "lost": _LOST, "line": _LINE},
        "move": _MOVE,
    }
    title = html.escape(f"Down We Dig: {n} steps")
    return (
        _PAGE.replace("%TITLE%", title).replace("%DATA%", json.dumps(data).replace("</", "<\\/")).replace("%N%", str(n))
    )


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>%TITLE%</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:sans-serif;margin:16px;color:#222;background:#f4f4f4}
#controls{display:flex;gap:12px;align-items:center;margin-bottom:8px}
#day-slider{flex:1;max-width:600px}
#day-input{width:7em}
#main{display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap}
#picture{background:#fff;border:1px solid #ccc}
#facts{max-width:420px;font-size:14px;line-height:1.4}
#strip{font-family:monospace;font-size:14px;word-break:break-all;max-height:7.5em;overflow:auto;
background:#fff;border:1px solid #ccc;padding:4px 6px;margin-bottom:12px}
#chosen{background:#f57c00;color:#fff;font-weight:bold;padding:0 2px}
</style></head><body>
<h1 style="font-size:20px;margin:0 0 8px">Down We Dig &mdash; %N% steps</h1>
<div id="controls"><label for="day-slider">Day</label>
<input id="day-slider" type="range" min="1" max="%N%" step="1">
<input id="day-input" type="number" min="1" max="%N%" step="1">
<span id="winner"></span></div>
<div>Answer strip (digit k: 1 = Dina wins day k, 2 = Dima wins):</div>
<div id="strip"><span id="before"></span><span id="chosen"></span><span id="after"></span></div>
<div id="main"><div id="picture"></div><div id="facts"></div></div>
<script type="application/json" id="data">%DATA%</script>
<script>
"use strict";
const D = JSON.parse(document.getElementById("data").textContent), L = D.layout, W = D.width, n = D.n;
const raw = atob(D.rows), V = new Uint16Array(n + 2);
for (let i = 1; i <= n; i++)
  V[i] = W <= 8 ? raw.charCodeAt(i - 1) : (raw.charCodeAt(2 * i - 2) << 8) | raw.charCodeAt(2 * i - 1);
const pop = x => { let c = 0; while (x) { x &= x - 1; c++; } return c; };
const common = (i, j) => W - pop(V[i] ^ V[j]);
const row = i => { let s = ""; for (let c = W - 1; c >= 0; c--) s += (V[i] >> c) & 1 ? "R" : "W"; return s; };
function targets(i, K) {
  const t = [];
  for (let d = 1; d <= W && i + d <= K; d++) if (d <= common(i, i + d)) t.push(i + d);
  return t;
}
function analyse(K) {  // the same rules as downwedig.explain.analyse
  const won = new Uint8Array(K + 1), rem = new Int32Array(K + 1);
  for (let i = K; i >= 1; i--) {
    let fast = -1, long = 0, any = false;
    for (const j of targets(i, K)) {
      any = true;
      if (won[j]) { if (rem[j] > long) long = rem[j]; } else if (fast < 0 || rem[j] < fast) fast = rem[j];
    }
    if (fast >= 0) { won[i] = 1; rem[i] = fast + 1; } else if (any) rem[i] = long + 1;
  }
  return {K, won, rem};
}
function best(A, i) {  // winner hurries, loser holds out, nearest first on ties
  let b = 0;
  for (const j of targets(i, A.K)) {
    if (A.won[i]) { if (!A.won[j] && (!b || A.rem[j] < A.rem[b])) b = j; }
    else if (!b || A.rem[j] > A.rem[b]) b = j;
  }
  return b;
}
const NS = "http://www.w3.org/2000/svg";
function el(parent, tag, attrs, text) {
  const e = document.createElementNS(NS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  parent.appendChild(e);
  return e;
}
const arc = (x, y1, y2, b) => `M${x},${y1} C${x + b},${y1} ${x + b},${y2} ${x},${y2}`;
function draw(K) {
  const A = analyse(K), first = 1, last = Math.min(K, L.window), current = 1;
  const line = [1];
  for (let s = best(A, 1); s; s = best(A, s)) line.push(s);
  const onLine = new Set(line), P = L.piece + L.gap, right = L.left + W * P, ax = right + 84;
  const tw = ax + Math.floor((20 + 24 * W) * 3 / 4) + 50, th = L.top + (last - first + 1) * L.row + 40;
  const y = s => L.top + (s - first) * L.row + Math.floor(L.row / 2);
  const svg = document.createElementNS(NS, "svg");
  for (const [k, v] of [["width", tw], ["height", th], ["viewBox", `0 0 ${tw} ${th}`], ["font-family", "sans-serif"]])
    svg.setAttribute(k, v);
  const defs = el(svg, "defs", {});
  for (const [name, colour] of [["line", L.line], ["move", D.move], ["win", L.won]]) {
    const m = el(defs, "marker", {id: "head-" + name, viewBox: "0 0 10 10", refX: 9, refY: 5,
      markerWidth: 10, markerHeight: 10, markerUnits: "userSpaceOnUse", orient: "auto"});
    el(m, "path", {d: "M0,0 L10,5 L0,10 z", fill: colour});
  }
  el(svg, "rect", {x: 0, y: 0, width: tw, height: th, fill: "#ffffff"});
  const winner = A.won[1] ? "Dina" : "Dima";
  el(svg, "text", {x: 10, y: 22, "font-size": 16, "font-weight": "bold", class: "verdict"},
    `Day ${K} of ${n}: ${winner} wins (${line.length - 1} move${line.length === 2 ? "" : "s"} with best play)`);
  el(svg, "text", {x: 10, y: 42, "font-size": 11, fill: "#555"},
    `steps ${first}-${last}; arrows: moves from step ${current} (distance/common); orange: optimal line`);
  if (last < K) el(svg, "text", {x: L.left, y: th - 24, "font-size": 11, class: "more"},
    `\\u22ee steps ${last + 1}-${K} below`);
  for (let i = first; i <= last; i++) {
    const won = A.won[i], st = won ? "won" : "lost", yi = y(i), t = targets(i, K);
    const g = el(svg, "g", {class: "step " + st, id: "step-" + i});
    const listed = t.map(j => `${j} (distance ${j - i}, ${common(i, j)} common)`).join(", ") || "none";
    const hover = `Step ${i}: ${row(i)}, ${st} for the player to move, remoteness ${A.rem[i]}`;
    el(g, "title", {}, `${hover}; moves to ${listed}`);
    if (onLine.has(i)) el(g, "rect", {x: 4, y: yi - Math.floor(L.row / 2) + 1, width: tw - 8, height: L.row - 2,
      fill: "#fff3e0", class: "on-line"});
    el(g, "text", {x: L.left - 10, y: yi + 4, "font-size": 12, "text-anchor": "end"}, String(i));
    const r = row(i);
    for (let c = 0; c < W; c++) el(g, "rect", {x: L.left + c * P, y: yi - Math.floor(L.piece / 2), width: L.piece,
      height: L.piece, rx: 3, fill: L.colors[r[c] === "R" ? 1 : 0], stroke: "#333", class: "piece"});
    const b = el(g, "g", {class: "status " + st});
    el(b, "rect", {x: right + 8, y: yi - 10, width: 66, height: 20, rx: 10, fill: won ? L.won : L.lost});
    el(b, "text", {x: right + 41, y: yi + 4, "font-size": 11, fill: "#fff", "text-anchor": "middle"},
      `${st} ${A.rem[i]}`);
  }
  const cx = L.left + Math.floor(W * P / 2), cy = y(1), k = el(svg, "g", {class: "handkerchief"});
  el(k, "title", {}, "the handkerchief starts on step 1");
  el(k, "polygon", {points: `${cx - 16},${cy - 9} ${cx + 16},${cy - 9} ${cx},${cy + 11}`, fill: "#fdd835",
    stroke: "#1565c0", "stroke-width": 2});
  for (let m = 1; m < line.length; m++) {
    const i = line[m - 1], j = line[m];
    if (j > last) break;
    const g = el(svg, "g", {class: "line"});
    el(g, "title", {}, `move ${m}: ${m % 2 ? "Dina" : "Dima"} ${i} -> ${j}`);
    el(g, "path", {d: arc(L.line_x, y(i), y(j), -(18 + 5 * (j - i))), fill: "none", stroke: L.line,
      "stroke-width": 3, "marker-end": "url(#head-line)"});
  }
  const shown = targets(current, K).filter(j => j <= last);
  const lx = ax + Math.floor((20 + 24 * (shown.length ? shown[shown.length - 1] - current : 0)) * 3 / 4) + 8;
  for (const j of shown) {
    const d = j - current, c = common(current, j), win = !A.won[j], colour = win ? L.won : D.move;
    const g = el(svg, "g", {class: "move"}), bulge = 20 + 24 * d;
    el(g, "title", {}, `${current} -> ${j}: distance ${d} <= ${c} common pieces`);
    el(g, "path", {d: arc(ax, y(current), y(j), bulge), fill: "none", stroke: colour, "stroke-width": 2,
      "marker-end": `url(#head-${win ? "win" : "move"})`});
    el(g, "text", {x: lx, y: y(j) + 4, "font-size": 11, fill: colour, class: "move-label"}, `${d}/${c}`);
  }
  const pic = document.getElementById("picture");
  pic.replaceChildren(svg);
  const wins = targets(1, K).filter(j => !A.won[j]);
  const facts = document.getElementById("facts");
  facts.replaceChildren();
  const p = (text, tag) => {
    const e = document.createElement(tag || "p");
    e.textContent = text;
    return facts.appendChild(e);
  };
  const plies = `${line.length - 1} move${line.length === 2 ? "" : "s"}`;
  p(`Day ${K}: ${winner} wins; ${plies} with best play.`, "h2").style.fontSize = "16px";
  p(K === 1 ? "Step 1 is the only step: Dina cannot move and loses at once."
    : wins.length ? `Dina's winning moves from step 1: to ${wins.join(", ")}.`
    : targets(1, K).length ? "Every move from step 1 reaches a step won for Dima."
    : "Dina cannot move from step 1: no step below shares enough pieces.");
  const ol = document.createElement("ol"); ol.id = "line"; facts.appendChild(ol);
  for (let m = 1; m < line.length && m <= 40; m++) {
    const li = document.createElement("li"), i = line[m - 1], j = line[m];
    li.textContent = `${m % 2 ? "Dina" : "Dima"} ${i} \\u2192 ${j} (distance ${j - i} \\u2264 ${common(i, j)} common)`;
    ol.appendChild(li);
  }
  if (line.length > 41) p(`\\u2026 and ${line.length - 41} more moves.`);
  p(`${line.length % 2 ? "Dina" : "Dima"} is on step ${line[line.length - 1]} and cannot move.`);
  document.getElementById("winner").textContent = `${winner} wins day ${K}`;
  document.getElementById("before").textContent = D.answer.slice(0, K - 1);
  document.getElementById("chosen").textContent = D.answer[K - 1];
  document.getElementById("after").textContent = D.answer.slice(K);
  const chosen = document.getElementById("chosen");
  chosen.title = `day ${K}`;
  chosen.dataset.day = K;
  const strip = document.getElementById("strip");
  strip.scrollTop = Math.max(0, chosen.offsetTop - strip.offsetTop - strip.clientHeight / 2);
}
const slider = document.getElementById("day-slider"), input = document.getElementById("day-input");
function choose(K, fromHash) {
  K = Math.min(n, Math.max(1, Math.floor(Number(K)) || 1));
  slider.value = K; input.value = K;
  draw(K);
  if (!fromHash) history.replaceState(null, "", "#day=" + K);
}
slider.addEventListener("input", () => choose(slider.value));
input.addEventListener("change", () => choose(input.value));
const fromHash = () => { const m = /day=(\\d+)/.exec(location.hash); return m ? Number(m[1]) : 0; };
window.addEventListener("hashchange", () => { if (fromHash()) choose(fromHash(), true); });
choose(fromHash() || D.day, true);
</script></body></html>
"""
