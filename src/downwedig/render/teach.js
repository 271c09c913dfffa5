// The step-through of the chosen day: the bottom-up pass of docs/editorial.md section 3, one step at a time
// from the last step up to step 1 (each step's status and remoteness, the moves that decide it and its window
// of the statuses below it), the learner predicting each before it is revealed and told why when it is; then
// the top-down tables G_p of section 5, one step at a time from step 1 down.  It can play by itself
// (autoplay: a tick does what Next does).  lineOf() mirrors downwedig.render.teaching.deciding_line and whyOf()
// teaching.why (the browser tests compare them, and check the reasons against the reference solver).
const TW = D.teach, CODE_LINES = D.code_lines;
// TS: null, or {K, phase: "up" | "down", revealed (steps revealed..K are), asking (the question is about step
// revealed - 1), said (step -> the learner's first guess), right, asked, p (the table shown, phase "down")}.
let TS = null;
const statusWord = won => (won ? TW.status_won : TW.status_lost);
const bits = (x, width) => x.toString(2).padStart(width, "0");

function lineOf(A, i) {  // teaching.deciding_line: the line of the code that decides step i
  return A.won[i] ? CODE_LINES.won : mask(i, A.K) ? CODE_LINES.lost : CODE_LINES.none;
}
function whyOf(A, i) {  // DayAnalysis.why: why step i is won or lost, in one clause
  if (A.won[i]) return format(R.step_won, {source: i, target: best(A, i)});
  const moves = targets(i, A.K);
  if (moves.length) return format(R.step_lost, {moves: moves.map(j => format(R.step_move, {source: i, target: j})).join(R.separator)});
  if (i === A.K) return format(R.step_last, {step: i, day: A.K});
  const far = [];
  for (let j = i + 1; j <= Math.min(A.K, i + W); j++) far.push(format(R.stuck_item, {target: j, distance: j - i, common: common(i, j)}));
  return format(R.step_stuck, {far: far.join(R.stuck_separator)});
}
function teachOrder(K) {  // teaching.teach_order: every step of day K from the last up, with its status and line
  const A = analyse(K), out = [];
  for (let i = K; i >= 1; i--) out.push({step: i, status: A.won[i] ? "won" : "lost", remoteness: A.rem[i], line: lineOf(A, i)});
  return out;
}
function startTeach() {
  S.game = null; S.note = null; S.hint = false;
  TS = {K: S.K, phase: "up", revealed: S.K + 1, asking: true, said: new Map(), right: 0, asked: 0, p: 1};
  teachFollow();
}
const teachCurrent = () => (TS.asking ? TS.revealed - 1 : TS.revealed);
const revealedCount = () => (!TS ? 0 : TS.phase === "down" ? TS.K : TS.K + 1 - TS.revealed);
function teachView() {  // what the picture shows: the step-through's statuses, or the whole day once solved
  if (!TS || TS.phase === "down") return null;
  return {revealed: TS.revealed, current: teachCurrent()};
}
function teachFollow() {  // keep the step in question (or step p of the tables) and its window in view
  if (!TS) return;
  const at = TS.phase === "up" ? teachCurrent() : TS.p, need = Math.min(S.K, at + W);
  if (at < S.first || need > lastStep()) S.first = clampFirst(at - 1);
}
function record(step, status) {  // a guess: scored when the step is hidden and not guessed before
  const A = analyse(S.K), truth = A.won[step] ? "won" : "lost", correct = status === truth;
  if (TS && TS.K === S.K && TS.phase === "up" && step < TS.revealed && !TS.said.has(step)) {
    TS.said.set(step, status); TS.asked++; if (correct) TS.right++;
  }
  return {correct, status: truth, why: whyOf(A, step)};
}
function teachGuess(status) {  // the learner's answer to the question: reveals the step
  if (!TS || TS.phase !== "up" || TS.revealed <= 1) return null;
  const step = TS.revealed - 1, result = record(step, status);
  TS.revealed = step; TS.asking = false;
  if (playing.ms) autoplay(playing.ms);  // a full tick to read the answer
  teachChanged(true);
  return result;
}
const teachDone = () => !TS || (TS.phase === "down" && TS.p >= TS.K);
function teachNext() {
  if (!TS) return;
  if (TS.phase === "down") { if (TS.p < TS.K) TS.p++; }
  else if (TS.asking) { TS.revealed--; TS.asking = false; }
  else if (TS.revealed === 1) { TS.phase = "down"; TS.p = 1; }
  else if ($("predict").checked) TS.asking = true;
  else TS.revealed--;
  teachChanged(true);
}
function teachBack() {
  if (!TS) return;
  autoplay(0);
  if (TS.phase === "down") { if (TS.p > 1) TS.p--; else TS.phase = "up"; }
  else if (!TS.asking) { TS.revealed++; TS.asking = true; }
  else if (TS.revealed <= TS.K) TS.asking = false;
  teachChanged(true);
}
function teachAll() {
  if (!TS) return;
  autoplay(0);
  if (TS.phase === "down") TS.p = TS.K;
  else { TS.revealed = 1; TS.asking = false; }
  teachChanged(true);
}
function teachChanged(say) {
  if (TS && (TS.phase === "down" || TS.revealed === 1)) tell(TS.K);  // step 1 revealed: the day is told
  teachFollow();
  render();
  keepAskInView();
  if (say) announce([$("teach-question").textContent, $("teach-says").textContent].filter(Boolean).join(" "));
}

// On a narrow screen the step-through keeps the picture on top (sticky, the legend and the paging buttons put
// away, only the step in question and its window drawn) and the question and its buttons just under it.
const narrowScreen = () => matchMedia(`(max-width: ${SIZES.narrow_page}px)`).matches;
const compact = () => !!TS && narrowScreen();
function keepAskInView() {
  if (!compact()) return;
  const view = $("view").getBoundingClientRect(), ask = $("ask").getBoundingClientRect();
  const buttons = $("steps-buttons").getBoundingClientRect(), gap = SIZES.ask_gap;
  if (buttons.bottom > innerHeight - gap) scrollBy(0, buttons.bottom - innerHeight + gap);
  else if (ask.top < view.bottom + gap) scrollBy(0, ask.top - view.bottom - gap);
}

// Playing by itself: a tick every `ms` does what Next does, into the top-down tables and up to the last.
const playing = {ms: 0, timer: 0};
function autoplay(ms) {
  clearInterval(playing.timer);
  playing.ms = ms > 0 ? ms : 0; playing.timer = 0;
  if (playing.ms) {
    if (!TS) startTeach();
    playing.timer = setInterval(() => { teachNext(); if (teachDone()) stopAutoplay(); }, playing.ms);
  }
  renderPlayButton();
}
function stopAutoplay() { if (playing.ms) autoplay(0); }
function renderPlayButton() {  // (its name says what it does: play, or pause; at the end it plays from the start)
  $("teach-play").textContent = playing.ms ? TW.pause : TW.play;
}
const speed = () => Number($("teach-speed").value);
function togglePlay() {
  if (playing.ms) autoplay(0);
  else { if (teachDone()) { startTeach(); } autoplay(speed()); teachChanged(true); }
}

function remotenessOf(A, i) {  // how the remoteness of step i follows from its moves
  if (!targets(i, A.K).length) return TW.no_move_left;
  return format(A.won[i] ? TW.hurry : TW.hold_out, {remoteness: A.rem[i], left: A.rem[i] - 1});
}
function windowAt(A, p) {  // the window at step p of day A.K: bit d for step p + d (won, or past the day)
  let x = 0;
  for (let d = 0; d < W; d++) if (p + d > A.K || A.won[p + d]) x |= 1 << d;
  return x;
}
function windowOf(A, i) {  // the window at step i + 1, which decides step i: its cells in the order of its bits
  const cells = document.createElement("div"), x = windowAt(A, i + 1);
  cells.className = "cells";
  cells.style.setProperty("--cells", W);
  for (let d = W - 1; d >= 0; d--) {  // bit W-1 first, as the number is written
    const j = i + 1 + d, present = j <= A.K, won = !!(x >> d & 1);
    const cell = add(cells, "span", present ? statusWord(won) : TW.absent, "cell " + (present ? (won ? "won" : "lost") : "absent"));
    add(cell, "small", format(TW.cell, {step: j, bit: d}));
  }
  return {cells, bits: bits(x, W)};
}
const pythonBool = won => (won ? "True" : "False");
function stepValues(A, i, decided) {  // the code's variables at step i (code.js shows them under the code)
  const moves = targets(i, A.K), values = {step: i, moves: moves.join(TW.values_separator)};
  if (!decided) return format(TW.values_ask, values);
  const known = moves.map(j => format(TW.values_known, {target: j, won: pythonBool(A.won[j])})).join(TW.values_separator);
  return format(TW.values_step, {...values, known, won: pythonBool(A.won[i])});
}

// The buttons whose words change, with every look they take: each keeps the width of its widest, so that the
// row it stands in never reflows (the "predict each step" box jumping a line when "Start on this day" becomes
// "Start again").  Measured once it is shown, in the page's own font (no length is written here).
const STEADY = [["teach-start", [TW.start, TW.restart], ["primary", ""]], ["teach-play", [TW.play, TW.pause], [""]],
  ["teach-next", [TW.reveal, TW.next, TW.next_down], [""]]];
function steadyWidths() {
  for (const [id, labels, looks] of STEADY) {
    const button = $(id);
    if (button.style.minWidth || !button.getClientRects().length) continue;  // (done, or not shown yet)
    const was = [button.textContent, button.className];
    let widest = 0;
    for (const label of labels) for (const look of looks) {
      button.textContent = label; button.className = look;
      widest = Math.max(widest, button.getBoundingClientRect().width);
    }
    [button.textContent, button.className] = was;
    button.style.minWidth = widest + "px";
  }
}

function renderTeach() {  // the step-through's panel and buttons
  const on = !!TS, up = on && TS.phase === "up", predict = $("predict").checked;
  steadyWidths();
  const q = $("teach-question"), box = $("teach-window"), says = $("teach-says"), grid = $("top-down");
  q.textContent = ""; says.replaceChildren(); says.className = ""; box.replaceChildren(); grid.replaceChildren();
  document.body.classList.toggle("compact", compact());
  const read = $("teach-read"), down = on && !up;
  read.textContent = down ? TW.read_down : TW.read_up;
  read.setAttribute("href", down ? "#learn-top-down" : "#learn-bottom-up");
  showCodePart(!on ? 0 : up ? 1 : 2);
  $("teach-title").textContent = format(TW.title, {day: S.K});
  $("teach-start").textContent = on ? TW.restart : TW.start;
  $("teach-start").className = on ? "" : "primary";
  $("teach-back").disabled = !on || (up && TS.asking && TS.revealed > TS.K);
  $("teach-next").disabled = !on || (!up && TS.p >= TS.K);
  $("teach-next").textContent = !on || (up && TS.asking) ? TW.reveal : up && TS.revealed === 1 ? TW.next_down : TW.next;
  $("teach-all").disabled = !on || (up ? TS.revealed === 1 && !TS.asking : TS.p >= TS.K);
  $("teach-stop").disabled = !on;
  $("guess-won").disabled = $("guess-lost").disabled = !(up && TS.asking && predict);
  $("teach-score").textContent = on && TS.asked ? format(TW.score, {right: TS.right, asked: TS.asked}) : "";
  renderPlayButton();
  if (!on) return showCode(0, "");
  const A = analyse(TS.K);
  if (!up) {
    showCode(CODE_LINES.g, format(TW.values_g, {p: TS.p, bits: bits((1 << W) - 2, W), digit: ANSWER[TS.p],
      winner: ANSWER[TS.p] === 1 ? "Dina" : "Dima"}));
    return renderTopDown(A, grid);
  }
  const i = teachCurrent(), win = windowOf(A, i);
  box.append(add(document.createElement("p"), "p", format(i < A.K ? TW.window : TW.window_none,
    {width: W, step: i, first: i + 1, last: i + W, bits: win.bits})), win.cells);
  showCode(TS.asking ? CODE_LINES.ask : lineOf(A, i), stepValues(A, i, !TS.asking));
  if (TS.asking) { q.textContent = format(predict ? TW.question : TW.question_plain, {step: i}); return; }
  if (TS.said.has(i)) {
    const said = TS.said.get(i), right = said === (A.won[i] ? "won" : "lost");
    add(says, "span", right ? TW.right : format(TW.wrong, {said: statusWord(said === "won")}), "verdict");
    says.className = right ? "right" : "wrong";
  }
  addMoves(says, "span", format(TW.is, {step: i, status: statusWord(A.won[i]), why: whyOf(A, i)}), "because");
  says.append(" ");
  const yours = D.mistake && STAIRCASE === EMBEDDED && D.mistake.day === A.K && D.mistake.step === i;
  if (yours) add(says, "span", format(TW.yours, {step: i, said: statusWord(D.mistake.said_won)}), "yours");
  let detail = remotenessOf(A, i);
  if (i === 1) detail += " " + format(TW.done, {status: statusWord(A.won[1]), winner: A.won[1] ? "Dina" : "Dima", day: A.K});
  add(says, "span", detail, "detail");
}

function renderTopDown(A, grid) {  // G_p as a grid of its windows, and how G_{p+1} follows
  const p = TS.p, tables = tablesOf(STAIRCASE), g = tables.tables[tables.ids[p]], size = 1 << W;
  const own = size - 2, winner = g[own] ? "Dina" : "Dima", mine = windowAt(A, p);  // (day K's: the picture's)
  add(grid, "p", format(TW.g, {p, windows: size, bits: bits(own, W), winner, digit: ANSWER[p]}));
  if (W <= SIZES.grid_width) {
    let count = 0;
    for (let x = 0; x < size; x++) count += g[x];
    grid.append(gridOf(g, p, own, mine, count));
  } else add(grid, "p", format(TW.g_wide, {windows: size, width: W}));
  add(grid, "p", format(TW.g_lookup, {p, day: A.K, bits: bits(mine, W), last: Math.min(A.K, p + W - 1),
    winner: g[mine] ? "Dina" : "Dima"}), "lookup");
  if (p < TS.K) add(grid, "p", format(TW.g_next, {p, q: p + 1, mask: M[p] ? bits(M[p], W) : TW.mask_none}));
  add(grid, "p", format(TW.g_count, {p, distinct: tables.distinct[p]}));
  if (p === TS.K) add(grid, "p", format(TW.g_end, {day: TS.K, winner: A.won[1] ? "Dina" : "Dima"}));
}

const hex = v => v.toString(16);
function gridOf(g, p, own, mine, count) {  // G_p: a row per high half of the window, a column per low half
  const low = Math.floor(W / 2), columns = 1 << low, rows = 1 << (W - low), box = document.createElement("div");
  box.className = "g-box";
  const caption = (text, cls) => add(box, "div", text, cls);
  caption(format(TW.grid_columns, {bits: low, first: p, last: p + low - 1}), "g-columns");
  caption(format(TW.grid_rows, {bits: W - low, first: p + low, last: p + W - 1}), "g-rows");
  const cells = add(box, "div", undefined, "g-grid");
  cells.style.setProperty("--columns", columns);
  cells.setAttribute("role", "img");
  cells.setAttribute("aria-label", format(TW.grid, {p, count, windows: 1 << W}));
  add(cells, "span", "", "g-corner");
  for (let c = 0; c < columns; c++) add(cells, "span", bits(c, low), "g-label g-col").setAttribute("aria-hidden", "true");
  for (let r = 0; r < rows; r++) {
    add(cells, "span", bits(r, W - low), "g-label g-row").setAttribute("aria-hidden", "true");
    for (let c = 0; c < columns; c++) {
      const x = r * columns + c, marks = (x === own ? " day" : "") + (x === mine ? " mine" : "");
      const cell = add(cells, "span", undefined, "g-cell " + (g[x] ? "won" : "lost") + marks);
      cell.dataset.window = hex(x);
      cell.title = format(TW.cell_title, {bits: bits(x, W), winner: g[x] ? "Dina" : "Dima"});
    }
  }
  return box;
}

function showMistake(m) {  // `stress --page`: the learner's program's first wrong day, and why (asked, then told)
  const box = $("mistake");
  box.hidden = false;
  add(box, "h3", TW.mistake_title);
  add(box, "p", format(TW.mistake_intro, {day: m.day, said: m.said, who: m.said === "1" ? "Dina" : "Dima"}));
  const why = add(box, "details");
  add(why, "summary", TW.mistake_show);
  for (const line of m.lines) addMoves(why, "p", line);
}

const restart = () => { autoplay(0); startTeach(); teachChanged(true); };
$("teach-start").addEventListener("click", restart);
$("teach-next").addEventListener("click", teachNext);
$("teach-back").addEventListener("click", teachBack);
$("teach-all").addEventListener("click", teachAll);
$("teach-stop").addEventListener("click", () => { autoplay(0); TS = null; render(); });
$("teach-play").addEventListener("click", togglePlay);
$("teach-speed").addEventListener("change", () => { if (playing.ms) autoplay(speed()); });
$("guess-won").addEventListener("click", () => teachGuess("won"));
$("guess-lost").addEventListener("click", () => teachGuess("lost"));
$("predict").addEventListener("change", () => { if (TS) render(); });
for (const link of document.querySelectorAll("a[href^='#learn']")) link.addEventListener("click", e => {
  e.preventDefault();  // (the address holds the page's state: an anchor there would change it)
  $("learn").open = true;
  document.querySelector(link.getAttribute("href")).scrollIntoView({block: "start"});
});
$("teach").addEventListener("keydown", e => {
  if ((e.target.tagName === "INPUT" && e.target.type !== "checkbox") || e.target.tagName === "SELECT") return;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const act = {w: () => teachGuess("won"), l: () => teachGuess("lost"), ArrowRight: teachNext, ArrowLeft: teachBack,
    Home: restart, End: teachAll, p: togglePlay}[key];
  if (act && (TS || key === "Home" || key === "p")) { e.preventDefault(); act(); }
});
