// The picture: drawSvg() mirrors downwedig.render.svg.svg_element(..., header=False) element for element,
// attribute for attribute (the browser tests compare the two), from the same layout, colours and words:
// every length below is a name of the Layout (L), never a number of this file's own.
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
const text = (parent, x, y, size, words, attrs) => el(parent, "text", {x, y, "font-size": size, ...attrs}, words);

function outline(parent, x, y, width, height, role, cls) {  // _Drawing.outline
  const m = L.outline_margin;
  return el(parent, "rect", {x: x - m, y: y - m, width: width + 2 * m, height: height + 2 * m, rx: L.outline_radius,
    fill: "none", stroke: C[role], "stroke-width": L.outline_stroke, class: cls});
}

function curve(g, d, stroke, width, head, dashed) {  // _Drawing.curve
  el(g, "path", {d, fill: "none", stroke, "stroke-opacity": 0, "stroke-width": L.hit_width});
  const attrs = {d, fill: "none", stroke, "stroke-width": width, class: "arc"};
  if (dashed) attrs["stroke-dasharray"] = `${L.dash},${L.dash_gap}`;
  attrs["marker-end"] = `url(#head-${head})`;
  el(g, "path", attrs);
}

// The picture of day A.K, steps first..last.  view: {played (a game's steps, or null), statuses, hint,
// current (0: the default), revealed (the step-through's first revealed step, or 0)}.
function drawSvg(A, first, last, view) {
  const K = A.K, played = view.played, teaching = !!view.revealed;
  const revealFrom = teaching ? view.revealed : view.statuses ? 1 : K + 1, statuses = view.statuses && !teaching;
  const top = L.bare_top, y = s => top + (s - first) * L.row + half(L.row);
  const shown = s => first <= s && s <= last;
  const path = played || (statuses ? lineSteps(A) : [1]);
  let current = view.current;
  if (!current) {
    if (played) current = path[path.length - 1];
    else if (teaching) current = Math.min(K, Math.max(1, view.revealed - 1));
    else current = first === 1 ? 1 : path.find(s => shown(s)) || first;
  }
  const right = L.right, ax = L.arrows_x, tw = L.bare_width, th = top + (last - first + 1) * L.row + L.bottom;
  const shared = (g, i, j) => {  // _Drawing.shared
    for (let c = 0; c < W; c++) {
      if ((V[i] ^ V[j]) & (1 << (W - 1 - c))) continue;
      for (const s of [i, j]) if (shown(s)) outline(g, L.piece_x[c], y(s) - half(L.piece), L.piece, L.piece, "shared", "shared");
    }
  };
  const svg = document.createElementNS(NS, "svg");
  for (const [k, v] of [["width", tw], ["height", th], ["viewBox", `0 0 ${tw} ${th}`], ["font-family", "sans-serif"],
    ["class", "downwedig"], ["style", "max-width:100%;height:auto"]]) svg.setAttribute(k, v);
  el(svg, "style", {}, D.style);
  const defs = el(svg, "defs", {}), head = L.head;
  for (const name of ["line", "played", "move", "win", "reply"]) {
    const m = el(defs, "marker", {id: "head-" + name, viewBox: `0 0 ${head} ${head}`, refX: head - 1, refY: half(head),
      markerWidth: head, markerHeight: head, markerUnits: "userSpaceOnUse", orient: "auto"});
    el(m, "path", {d: `M0,0 L${head},${half(head)} L0,${head} z`, fill: C[name === "win" ? "winning_move" : name]});
  }
  el(svg, "rect", {x: 0, y: 0, width: tw, height: th, fill: C.background});
  const inView = [];
  for (let k = 1; k < path.length; k++) if (first <= path[k - 1] && path[k] <= last) inView.push(k);
  if (first > 1) text(svg, L.left, top - L.above_rise, L.font, format(T.above, {last: first - 1}), {class: "more"});
  if (last < K) text(svg, L.left, th - L.below_rise, L.font, format(T.below, {first: last + 1, day: K}), {class: "more"});

  const onPath = new Set(path);
  for (let i = first; i <= last; i++) {
    const status = i >= revealFrom ? (A.won[i] ? "won" : "lost") : "unknown", yi = y(i), pieces = row(i);
    const g = el(svg, "g", {class: "step " + status, id: "step-" + i});
    const listed = targets(i, K).map(j => format(T.step_move, {target: j, distance: j - i, common: common(i, j)}))
      .join(T.step_moves_separator);
    const values = {step: i, pieces, moves: listed || T.no_moves, status, remoteness: A.rem[i]};
    el(g, "title", {}, format(status !== "unknown" ? T.step_title : T.step_title_hidden, values));
    if (onPath.has(i)) el(g, "rect", {x: L.shade_inset, y: yi - half(L.row) + L.shade_gap, width: tw - 2 * L.shade_inset,
      height: L.row - 2 * L.shade_gap, fill: C.on_line, class: "on-line"});
    text(g, L.number_x, yi + L.baseline, L.font_number, String(i), {"text-anchor": "end"});
    for (let c = 0; c < W; c++) el(g, "rect", {x: L.piece_x[c], y: yi - half(L.piece), width: L.piece, height: L.piece,
      rx: L.piece_radius, fill: pieces[c] === "R" ? C.red : C.white, stroke: C.outline, class: "piece"});
    const b = el(g, "g", {class: "status " + status});
    el(b, "rect", {x: right + L.badge_gap, y: yi - half(L.badge_height), width: L.badge_width,
      height: L.badge_height, rx: half(L.badge_height), fill: C[status]});
    text(b, right + L.badge_gap + half(L.badge_width), yi + L.baseline, L.font,
      status !== "unknown" ? format(T.badge, values) : T.badge_hidden, {fill: C.badge_text, "text-anchor": "middle"});
  }

  if (teaching && shown(current) && current < Math.min(K, last)) {  // the window that decides the current step
    const a = current + 1, b = Math.min(current + W, K, last), g = el(svg, "g", {class: "window-box"});
    el(g, "title", {}, format(T.window_box, {step: current, first: a, last: Math.min(current + W, K)}));
    const box = outline(g, L.left, y(a) - half(L.row), right + L.badge_gap + L.badge_width - L.left,
      (b - a + 1) * L.row, "window", "box");
    box.setAttribute("stroke-dasharray", `${L.dash},${L.dash_gap}`);
  }

  const kerchief = played ? path[path.length - 1] : 1;
  if (shown(kerchief)) {
    const x = L.kerchief_x, cy = y(kerchief), h = L.kerchief_half, g = el(svg, "g", {class: "handkerchief"});
    el(g, "title", {}, format(T.kerchief, {step: kerchief}));
    el(g, "polygon", {points: `${x},${cy - h} ${x + L.kerchief},${cy} ${x},${cy + h}`, fill: C.handkerchief,
      stroke: C.handkerchief_edge, "stroke-width": L.kerchief_stroke});
  }

  const role = played ? "played" : "line";
  for (const number of inView) {
    const i = path[number - 1], j = path[number], player = PLAYERS[(number - 1) % 2];
    const g = el(svg, "g", {class: "line"});
    el(g, "title", {}, format(T.line_title, {number, player, source: i, target: j, why: why(i, j)}));
    shared(g, i, j);
    curve(g, arc(L.line_x, y(i) + L.line_gap, y(j) - L.line_gap, -L.line_bend[j - i]), C[role], L.line_stroke, role, false);
    text(g, L.line_x - L.line_reach[j - i] - L.line_label_gap, half(y(i) + y(j)) + L.baseline, L.font,
      format(T.line_label, {number, player}), {fill: C[role], "text-anchor": "end", class: "line-label"});
  }

  if (shown(current)) {
    const moves = targets(current, K).filter(j => j <= last), decided = current >= revealFrom || view.hint;
    const deciding = teaching && current >= revealFrom;  // the step in question, revealed: what decides it
    const lx = ax + L.arrow_reach[moves.length ? moves[moves.length - 1] - current : 0] + L.label_gap;
    for (const j of moves) {
      const d = j - current, winning = !A.won[j] && decided;
      const role = !deciding ? "move" : A.won[current] && A.won[j] ? "move aside" : "move decides";
      const colour = winning ? C.winning_move : C.move, g = el(svg, "g", {class: role});
      el(g, "title", {}, format(T.move_title, {source: current, target: j, why: why(current, j)}));
      shared(g, current, j);
      curve(g, arc(ax, y(current), y(j), L.arrow_bend[d]), colour, L.arrow_stroke, winning ? "win" : "move", false);
      text(g, lx, y(j) + L.baseline, L.font, format(T.move_label, {distance: d, common: common(current, j)}),
        {fill: colour, class: "move-label"});
    }
  }

  if (statuses && !played && current === 1 && first === 1 && !A.won[1]) {  // Dima's answers, nested
    const answers = replies(A).filter(([, r]) => r <= last);
    answers.forEach(([j, r], k) => {
      const g = el(svg, "g", {class: "reply"}), x = L.reply_x[answers.length - 1 - k], start = y(j);
      el(g, "title", {}, format(T.reply_title, {source: 1, target: j, reply: r, why: why(j, r)}));
      shared(g, j, r);
      curve(g, `M${L.replies_x},${start} H${x} V${y(r)} H${x - L.reply_stub}`, C.reply, L.arrow_stroke, "reply", true);
      text(g, L.replies_x + L.replies_gap, start - L.baseline, L.font, format(T.reply_label, {reply: r}),
        {fill: C.reply, class: "reply-label"});
    });
  }
  return svg;
}

// The page's own mark, which the Python picture has no use for (it has no top-down phase): in the step-through's
// top-down tables, step p lit and the window at step p (steps p..p+W-1 of the day, which G_p is read at) outlined.
function markTable(svg, A, first, last, p) {
  const top = L.bare_top, y = s => top + (s - first) * L.row + half(L.row), g = el(svg, "g", {class: "table-step"});
  const a = Math.max(first, p), b = Math.min(last, p + W - 1, A.K), right = L.right + L.badge_gap + L.badge_width;
  el(g, "title", {}, format(D.teach.table_step, {step: p, last: Math.min(p + W - 1, A.K)}));
  if (p >= first && p <= last) {  // (from the pieces to the badge: the line of play's labels stay clear)
    outline(g, L.left, y(p) - half(L.row) + L.shade_gap, right - L.left, L.row - 2 * L.shade_gap, "line", "lit");
  }
  if (a <= b) {
    const box = outline(g, L.left, y(a) - half(L.row), right - L.left, (b - a + 1) * L.row, "window", "box");
    box.setAttribute("stroke-dasharray", `${L.dash},${L.dash_gap}`);
  }
}
