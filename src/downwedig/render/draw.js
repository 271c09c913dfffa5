// The picture: drawSvg() follows downwedig.render.svg.svg_element element for element, attribute
// for attribute (the browser tests compare the two), from the same layout, colours and words.
const NS = "http://www.w3.org/2000/svg";
function el(parent, tag, attrs, text) {
  const e = document.createElementNS(NS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  parent.appendChild(e);
  return e;
}
const arc = (x, y1, y2, b) => `M${x},${y1} C${x + b},${y1} ${x + b},${y2} ${x},${y2}`;
const half = x => Math.floor(x / 2);

function curve(g, d, stroke, width, head, dashed) {  // _Drawing.curve
  el(g, "path", {d, fill: "none", stroke, "stroke-opacity": 0, "stroke-width": 12});
  const attrs = {d, fill: "none", stroke, "stroke-width": width, class: "arc"};
  if (dashed) attrs["stroke-dasharray"] = "5,3";
  attrs["marker-end"] = `url(#head-${head})`;
  el(g, "path", attrs);
}

function legend(svg, played) {  // _Drawing.legend
  const g = el(svg, "g", {class: "legend", "font-size": 11});
  ["won", "lost"].forEach((status, r) => {
    const y = L.legend_y + r * L.legend_row;
    el(g, "rect", {x: 10, y: y - 14, width: L.badge_width, height: L.badge_height, rx: half(L.badge_height),
      fill: C[status]});
    el(g, "text", {x: 10 + half(L.badge_width), y, fill: C.badge_text, "text-anchor": "middle"}, T["sample_" + status]);
    el(g, "text", {x: 18 + L.badge_width, y, fill: C.note}, T["legend_" + status]);
  });
  const line = played ? ["played", "legend_played"] : ["line", "legend_line"];
  const samples = [[["winning_move", "win", 2, false, "legend_win"], ["move", "move", 2, false, "legend_move"]],
    [[line[0], line[0], 3, false, line[1]], ["reply", "reply", 2, true, "legend_reply"]]];
  samples.forEach((pair, r) => {
    const y = L.legend_y + (r + 2) * L.legend_row;
    pair.forEach(([role, head, strokeWidth, dashed, words], k) => {
      const x = k ? L.legend_column : 10;
      const attrs = {d: `M${x},${y - 4} L${x + 30},${y - 4}`, fill: "none", stroke: C[role], "stroke-width": strokeWidth,
        "marker-end": `url(#head-${head})`};
      if (dashed) attrs["stroke-dasharray"] = "5,3";
      el(g, "path", attrs);
      el(g, "text", {x: x + 36, y, fill: C.note}, T[words]);
    });
  });
  el(g, "text", {x: 10, y: L.legend_y + 4 * L.legend_row, fill: C.note}, T.legend_shared);
}

// The picture of day A.K, steps first..last.  view: {played (a game's steps, or null), statuses, hint,
// current (or null)}; the defaults of svg_element are the caller's (see page.js).
function drawSvg(A, first, last, view) {
  const K = A.K, played = view.played, statuses = view.statuses;
  const y = s => L.top + (s - first) * L.row + half(L.row);
  const shown = s => first <= s && s <= last;
  const path = played || (statuses ? lineSteps(A) : [1]);
  let current = view.current;
  if (!current) current = played ? path[path.length - 1] : first === 1 ? 1 : path.find(s => shown(s)) || first;
  const right = L.right, ax = L.arrows_x, tw = L.total_width, th = L.top + (last - first + 1) * L.row + L.bottom;
  const shared = (g, i, j) => {  // _Drawing.shared
    for (let c = 0; c < W; c++) {
      const bit = 1 << (W - 1 - c);
      if ((V[i] ^ V[j]) & bit) continue;
      for (const s of [i, j]) if (shown(s)) el(g, "rect", {x: L.left + c * (L.piece + L.gap) - 2,
        y: y(s) - half(L.piece) - 2, width: L.piece + 4, height: L.piece + 4, rx: 4, fill: "none",
        stroke: C.shared, "stroke-width": 3, class: "shared"});
    }
  };
  const svg = document.createElementNS(NS, "svg");
  for (const [k, v] of [["width", tw], ["height", th], ["viewBox", `0 0 ${tw} ${th}`], ["font-family", "sans-serif"],
    ["class", "downwedig"], ["style", "max-width:100%;height:auto"]]) svg.setAttribute(k, v);
  el(svg, "style", {}, D.style);
  const defs = el(svg, "defs", {});
  for (const name of ["line", "played", "move", "win", "reply"]) {
    const m = el(defs, "marker", {id: "head-" + name, viewBox: "0 0 10 10", refX: 9, refY: 5,
      markerWidth: 10, markerHeight: 10, markerUnits: "userSpaceOnUse", orient: "auto"});
    el(m, "path", {d: "M0,0 L10,5 L0,10 z", fill: C[name === "win" ? "winning_move" : name]});
  }
  el(svg, "rect", {x: 0, y: 0, width: tw, height: th, fill: C.background});
  const verdict = statuses
    ? format(T.verdict, {day: K, n, winner: A.won[1] ? "Dina" : "Dima", moves: movesWord(A.rem[1])})
    : format(T.verdict_hidden, {day: K, n});
  el(svg, "text", {x: 10, y: L.verdict_y, "font-size": 16, "font-weight": "bold", class: "verdict"}, verdict);
  const inView = [];
  for (let k = 1; k < path.length; k++) if (first <= path[k - 1] && path[k] <= last) inView.push(k);
  let name = format(T.window, {first, last, day: K});
  if (path.length > 1) name += inView.length
    ? format(T.window_moves, {a: inView[0], b: inView[inView.length - 1], count: path.length - 1})
    : format(T.window_no_move, {count: path.length - 1});
  el(svg, "text", {x: 10, y: L.window_y, "font-size": 13, fill: C.text, class: "window"}, name);
  legend(svg, !!played);
  if (first > 1) el(svg, "text", {x: L.left, y: L.top - 6, "font-size": 11, class: "more"},
    format(T.above, {last: first - 1}));
  if (last < K) el(svg, "text", {x: L.left, y: th - 24, "font-size": 11, class: "more"},
    format(T.below, {first: last + 1, day: K}));

  const onPath = new Set(path);
  for (let i = first; i <= last; i++) {
    const status = statuses ? (A.won[i] ? "won" : "lost") : "unknown", yi = y(i), pieces = row(i);
    const g = el(svg, "g", {class: "step " + status, id: "step-" + i});
    const listed = targets(i, K).map(j => format(T.step_move, {target: j, distance: j - i, common: common(i, j)}))
      .join(T.step_moves_separator);
    const values = {step: i, pieces, moves: listed || T.no_moves, status, remoteness: A.rem[i]};
    el(g, "title", {}, format(statuses ? T.step_title : T.step_title_hidden, values));
    if (onPath.has(i)) el(g, "rect", {x: 4, y: yi - half(L.row) + 1, width: tw - 8, height: L.row - 2,
      fill: C.on_line, class: "on-line"});
    el(g, "text", {x: L.number_x, y: yi + 4, "font-size": 12, "text-anchor": "end"}, String(i));
    for (let c = 0; c < W; c++) el(g, "rect", {x: L.left + c * (L.piece + L.gap), y: yi - half(L.piece),
      width: L.piece, height: L.piece, rx: 3, fill: pieces[c] === "R" ? C.red : C.white, stroke: C.outline,
      class: "piece"});
    const b = el(g, "g", {class: "status " + status});
    el(b, "rect", {x: right + L.badge_gap, y: yi - half(L.badge_height), width: L.badge_width,
      height: L.badge_height, rx: half(L.badge_height), fill: C[status]});
    el(b, "text", {x: right + L.badge_gap + half(L.badge_width), y: yi + 4, "font-size": 11, fill: C.badge_text,
      "text-anchor": "middle"}, statuses ? format(T.badge, values) : T.badge_hidden);
  }

  const kerchief = played ? path[path.length - 1] : 1;
  if (shown(kerchief)) {
    const x = L.kerchief_x, cy = y(kerchief), g = el(svg, "g", {class: "handkerchief"});
    el(g, "title", {}, format(T.kerchief, {step: kerchief}));
    el(g, "polygon", {points: `${x},${cy - 8} ${x + L.kerchief},${cy} ${x},${cy + 8}`, fill: C.handkerchief,
      stroke: C.handkerchief_edge, "stroke-width": 2});
  }

  const role = played ? "played" : "line";
  for (const number of inView) {
    const i = path[number - 1], j = path[number], player = PLAYERS[(number - 1) % 2];
    const g = el(svg, "g", {class: "line"});
    el(g, "title", {}, format(T.line_title, {number, player, source: i, target: j, why: why(i, j)}));
    shared(g, i, j);
    curve(g, arc(L.line_x, y(i) + L.line_gap, y(j) - L.line_gap, -L.line_bend[j - i]), C[role], 3, role, false);
    el(g, "text", {x: L.line_x - L.line_reach[j - i] - 4, y: half(y(i) + y(j)) + 4, "font-size": 11, fill: C[role],
      "text-anchor": "end", class: "line-label"}, format(T.line_label, {number, player}));
  }

  if (shown(current)) {
    const moves = targets(current, K).filter(j => j <= last);
    const lx = ax + L.arrow_reach[moves.length ? moves[moves.length - 1] - current : 0] + L.label_gap;
    for (const j of moves) {
      const d = j - current, winning = !A.won[j] && (statuses || view.hint);
      const colour = winning ? C.winning_move : C.move, g = el(svg, "g", {class: "move"});
      el(g, "title", {}, format(T.move_title, {source: current, target: j, why: why(current, j)}));
      shared(g, current, j);
      curve(g, arc(ax, y(current), y(j), L.arrow_bend[d]), colour, 2, winning ? "win" : "move", false);
      el(g, "text", {x: lx, y: y(j) + 4, "font-size": 11, fill: colour, class: "move-label"},
        format(T.move_label, {distance: d, common: common(current, j)}));
    }
  }

  if (statuses && !played && current === 1 && first === 1 && !A.won[1]) {
    for (const [j, r] of replies(A)) {
      if (r > last) continue;
      const g = el(svg, "g", {class: "reply"});
      el(g, "title", {}, format(T.reply_title, {source: 1, target: j, reply: r, why: why(j, r)}));
      shared(g, j, r);
      curve(g, arc(L.replies_x, y(j), y(r), L.reply_bend[r - j]), C.reply, 2, "reply", true);
    }
  }
  return svg;
}
