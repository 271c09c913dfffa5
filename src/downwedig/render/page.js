"use strict";
// The page of downwedig.render.render_html.  Everything it knows comes from the data
// block: the packed rows and move masks (the rule applied by downwedig.moves), the
// answer strip, the picture's layout and colours (downwedig.render.layout) and the
// sentences of downwedig.explain.REASONS.  analyse() and best() follow
// downwedig.explain.analyse and DayAnalysis.best_target; draw() follows
// downwedig.render.svg.svg_element, element for element (the browser tests compare them).
const D = JSON.parse(document.getElementById("data").textContent);
const L = D.layout, C = D.colors, R = D.reasons, W = D.width, n = D.n;
const bytesPerStep = W <= 8 ? 1 : 2;
function unpack(text) {
  const raw = atob(text), out = new Uint16Array(n + 2);
  for (let i = 1; i <= n; i++) {
    out[i] = 0;
    for (let b = 0; b < bytesPerStep; b++) out[i] = (out[i] << 8) | raw.charCodeAt((i - 1) * bytesPerStep + b);
  }
  return out;
}
const V = unpack(D.rows), M = unpack(D.masks);
const pop = x => { let c = 0; while (x) { x &= x - 1; c++; } return c; };
const common = (i, j) => W - pop(V[i] ^ V[j]);
const row = i => { let s = ""; for (let c = W - 1; c >= 0; c--) s += (V[i] >> c) & 1 ? "R" : "W"; return s; };
const format = (template, values) => template.replace(/\{(\w+)\}/g, (_, k) => String(values[k]));
function targets(i, K) {  // the legal moves from step i on day K, nearest first
  const t = [];
  for (let d = 1; d <= W && i + d <= K; d++) if ((M[i] >> (d - 1)) & 1) t.push(i + d);
  return t;
}
function analyse(K) {
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
function reason(A) {  // DayAnalysis.reason
  const K = A.K, moves = targets(1, K), wins = moves.filter(j => !A.won[j]);
  if (wins.length) return format(R.wins, {targets: wins.join(R.separator)});
  if (K === 1) return R.only_step;
  if (!moves.length) {
    const far = [];
    for (let j = 2; j <= Math.min(K, 1 + W); j++) far.push(format(R.stuck_item, {target: j, distance: j - 1, common: common(1, j)}));
    return format(R.stuck, {far: far.join(R.stuck_separator)});
  }
  return format(R.loses, {answers: moves.map(j => format(R.loses_item, {target: j, reply: best(A, j)})).join(R.separator)});
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
const movesWord = k => `${k} move${k === 1 ? "" : "s"}`;
const half = x => Math.floor(x / 2);
function draw(K) {
  const A = analyse(K), first = 1, last = Math.min(K, L.window), current = 1;
  const line = [1];
  for (let s = best(A, 1); s; s = best(A, s)) line.push(s);
  const onLine = new Set(line), P = L.piece + L.gap, right = L.left + W * P, ax = right + L.arrows_gap;
  const reach = d => Math.floor((L.arrow_bulge + L.arrow_bulge_per_step * d) * 3 / 4);
  const tw = ax + reach(W) + L.margin, th = L.top + (last - first + 1) * L.row + L.bottom;
  const y = s => L.top + (s - first) * L.row + half(L.row);
  const svg = document.createElementNS(NS, "svg");
  for (const [k, v] of [["width", tw], ["height", th], ["viewBox", `0 0 ${tw} ${th}`], ["font-family", "sans-serif"]])
    svg.setAttribute(k, v);
  const defs = el(svg, "defs", {});
  for (const [name, role] of [["line", "line"], ["move", "move"], ["win", "winning_move"]]) {
    const m = el(defs, "marker", {id: "head-" + name, viewBox: "0 0 10 10", refX: 9, refY: 5,
      markerWidth: 10, markerHeight: 10, markerUnits: "userSpaceOnUse", orient: "auto"});
    el(m, "path", {d: "M0,0 L10,5 L0,10 z", fill: C[role]});
  }
  el(svg, "rect", {x: 0, y: 0, width: tw, height: th, fill: C.background});
  const winner = A.won[1] ? "Dina" : "Dima";
  el(svg, "text", {x: 10, y: L.verdict_y, "font-size": 16, "font-weight": "bold", class: "verdict"},
    `Day ${K} of ${n}: ${winner} wins (${movesWord(line.length - 1)} with best play)`);
  el(svg, "text", {x: 10, y: L.legend_y, "font-size": 11, fill: C.note},
    `steps ${first}-${last}; arrows: moves from step ${current} (distance/common); orange: optimal line`);
  if (last < K) el(svg, "text", {x: L.left, y: th - 24, "font-size": 11, class: "more"},
    `\u22ee steps ${last + 1}-${K} below`);
  for (let i = first; i <= last; i++) {
    const won = A.won[i], st = won ? "won" : "lost", yi = y(i), t = targets(i, K);
    const g = el(svg, "g", {class: "step " + st, id: "step-" + i});
    const listed = t.map(j => `${j} (distance ${j - i}, ${common(i, j)} common)`).join(", ") || "none";
    const hover = `Step ${i}: ${row(i)}, ${st} for the player to move, remoteness ${A.rem[i]}`;
    el(g, "title", {}, `${hover}; moves to ${listed}`);
    if (onLine.has(i)) el(g, "rect", {x: 4, y: yi - half(L.row) + 1, width: tw - 8, height: L.row - 2,
      fill: C.on_line, class: "on-line"});
    el(g, "text", {x: L.left - L.number_gap, y: yi + 4, "font-size": 12, "text-anchor": "end"}, String(i));
    const r = row(i);
    for (let c = 0; c < W; c++) el(g, "rect", {x: L.left + c * P, y: yi - half(L.piece), width: L.piece,
      height: L.piece, rx: 3, fill: r[c] === "R" ? C.red : C.white, stroke: C.outline, class: "piece"});
    const b = el(g, "g", {class: "status " + st});
    el(b, "rect", {x: right + L.badge_gap, y: yi - half(L.badge_height), width: L.badge_width,
      height: L.badge_height, rx: half(L.badge_height), fill: won ? C.won : C.lost});
    el(b, "text", {x: right + L.badge_gap + half(L.badge_width), y: yi + 4, "font-size": 11, fill: C.badge_text,
      "text-anchor": "middle"}, `${st} ${A.rem[i]}`);
  }
  const cx = half(L.left + right), cy = y(1), k = el(svg, "g", {class: "handkerchief"});
  el(k, "title", {}, "the handkerchief starts on step 1");
  el(k, "polygon", {points: `${cx - 16},${cy - 9} ${cx + 16},${cy - 9} ${cx},${cy + 11}`, fill: C.handkerchief,
    stroke: C.handkerchief_edge, "stroke-width": 2});
  for (let m = 1; m < line.length; m++) {
    const i = line[m - 1], j = line[m];
    if (j > last) break;
    const g = el(svg, "g", {class: "line"});
    el(g, "title", {}, `move ${m}: ${m % 2 ? "Dina" : "Dima"} ${i} -> ${j}`);
    el(g, "path", {d: arc(L.line_x, y(i), y(j), -(L.line_bulge + L.line_bulge_per_step * (j - i))), fill: "none",
      stroke: C.line, "stroke-width": 3, "marker-end": "url(#head-line)"});
  }
  const shown = targets(current, K).filter(j => j <= last);
  const lx = ax + reach(shown.length ? shown[shown.length - 1] - current : 0) + L.label_gap;
  for (const j of shown) {
    const d = j - current, c = common(current, j), win = !A.won[j], colour = win ? C.winning_move : C.move;
    const g = el(svg, "g", {class: "move"}), bulge = L.arrow_bulge + L.arrow_bulge_per_step * d;
    el(g, "title", {}, `${current} -> ${j}: distance ${d} <= ${c} common pieces`);
    el(g, "path", {d: arc(ax, y(current), y(j), bulge), fill: "none", stroke: colour, "stroke-width": 2,
      "marker-end": `url(#head-${win ? "win" : "move"})`});
    el(g, "text", {x: lx, y: y(j) + 4, "font-size": 11, fill: colour, class: "move-label"}, `${d}/${c}`);
  }
  document.getElementById("picture").replaceChildren(svg);
  const facts = document.getElementById("facts");
  facts.replaceChildren();
  const p = (text, tag) => {
    const e = document.createElement(tag || "p");
    e.textContent = text;
    return facts.appendChild(e);
  };
  p(`Day ${K}: ${winner} wins; ${movesWord(line.length - 1)} with best play.`, "h2").style.fontSize = "16px";
  p(reason(A));
  const ol = document.createElement("ol"); ol.id = "line"; facts.appendChild(ol);
  for (let m = 1; m < line.length && m <= 40; m++) {
    const li = document.createElement("li"), i = line[m - 1], j = line[m];
    li.textContent = `${m % 2 ? "Dina" : "Dima"} ${i} \u2192 ${j} (distance ${j - i} \u2264 ${common(i, j)} common)`;
    ol.appendChild(li);
  }
  if (line.length > 41) p(`\u2026 and ${line.length - 41} more moves.`);
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
const fromHash = () => { const m = /day=(\d+)/.exec(location.hash); return m ? Number(m[1]) : 0; };
window.addEventListener("hashchange", () => { if (fromHash()) choose(fromHash(), true); });
choose(fromHash() || D.day, true);
