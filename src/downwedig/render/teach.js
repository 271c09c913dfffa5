// The step-through of the chosen day: the bottom-up pass of docs/editorial.md section 3, one step at a time
// from the last step up to step 1 (each step's status and remoteness, the moves that decide it and its window
// of the statuses below it), the learner predicting each before it is revealed; then the top-down tables
// G_p of section 5, one step at a time from step 1 down.
const TW = D.teach;
// TS: null, or {K, phase: "up" | "down", revealed (steps revealed..K are), asking (the question is about step
// revealed - 1), said (step -> the learner's first guess), right, asked, p (the table shown, phase "down")}.
let TS = null;
const statusWord = won => (won ? TW.status_won : TW.status_lost);
const bits = (x, width) => x.toString(2).padStart(width, "0");

function teachOrder(K) {  // the reveal order: every step of day K from the last up, with its status
  const A = analyse(K), out = [];
  for (let i = K; i >= 1; i--) out.push({step: i, status: A.won[i] ? "won" : "lost", remoteness: A.rem[i]});
  return out;
}
function startTeach() {
  S.game = null; S.note = null; S.hint = false;
  TS = {K: S.K, phase: "up", revealed: S.K + 1, asking: true, said: new Map(), right: 0, asked: 0, p: 1};
  teachFollow();
}
const teachCurrent = () => (TS.asking ? TS.revealed - 1 : TS.revealed);
function teachView() {  // what the picture shows: the step-through's statuses, or the whole day once solved
  if (!TS || TS.phase === "down") return null;
  return {revealed: TS.revealed, current: teachCurrent()};
}
function teachFollow() {  // keep the step in question and its window in view
  if (TS.phase !== "up") return;
  const at = teachCurrent(), need = Math.min(S.K, at + W);
  if (at < S.first || need > lastStep()) S.first = clampFirst(at - 1);
}
function record(step, status) {  // a guess: scored when the step is hidden and not guessed before
  const A = analyse(S.K), truth = A.won[step] ? "won" : "lost", correct = status === truth;
  if (TS && TS.K === S.K && TS.phase === "up" && step < TS.revealed && !TS.said.has(step)) {
    TS.said.set(step, status); TS.asked++; if (correct) TS.right++;
  }
  return {correct, status: truth};
}
function teachGuess(status) {  // the learner's answer to the question: reveals the step
  if (!TS || TS.phase !== "up" || TS.revealed <= 1) return null;
  const step = TS.revealed - 1, result = record(step, status);
  TS.revealed = step; TS.asking = false;
  teachChanged(true);
  return result;
}
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
  if (TS.phase === "down") { if (TS.p > 1) TS.p--; else TS.phase = "up"; }
  else if (!TS.asking) { TS.revealed++; TS.asking = true; }
  else if (TS.revealed <= TS.K) TS.asking = false;
  teachChanged(true);
}
function teachAll() {
  if (!TS) return;
  if (TS.phase === "down") TS.p = TS.K;
  else { TS.revealed = 1; TS.asking = false; }
  teachChanged(true);
}
function teachChanged(say) {
  teachFollow();
  render();
  if (say) announce([$("teach-question").textContent, $("teach-says").textContent].filter(Boolean).join(" "));
}

function explainStep(A, i) {  // why step i is won or lost, with its remoteness
  const moves = targets(i, A.K), values = {step: i, remoteness: A.rem[i], day: A.K};
  if (!moves.length) return format(i === A.K ? TW.lost_last : TW.lost_stuck, values);
  const wins = moves.filter(j => !A.won[j]), shownMoves = A.won[i] ? wins : moves;
  const left = A.rem[i] - 1;
  return format(A.won[i] ? TW.won : TW.lost, {...values, left,
    targets: shownMoves.map(j => format(TW.target, {step: j, status: statusWord(A.won[j]), remoteness: A.rem[j]}))
      .join(TW.separator)});
}
function windowOf(A, i) {  // the cells of step i's window (steps i+1..i+W) and its value, bit 0 for step i+1
  const cells = document.createElement("div");
  cells.className = "cells";
  let x = 0;
  for (let d = 1; d <= W; d++) {
    const j = i + d, present = j <= A.K, won = !present || A.won[j];
    if (won) x |= 1 << (d - 1);
    const cell = add(cells, "span", present ? statusWord(won) : TW.absent, "cell " + (present ? (won ? "won" : "lost") : "absent"));
    add(cell, "small", format(TW.cell, {step: j}));
  }
  return {cells, bits: bits(x, W)};
}

function renderTeach() {  // the step-through's panel and buttons
  const on = !!TS, up = on && TS.phase === "up", predict = $("predict").checked;
  const q = $("teach-question"), box = $("teach-window"), says = $("teach-says"), grid = $("top-down");
  q.textContent = ""; says.textContent = ""; says.className = ""; box.replaceChildren(); grid.replaceChildren();
  $("teach-start").disabled = false;
  $("teach-back").disabled = !on || (up && TS.asking && TS.revealed > TS.K);
  $("teach-next").disabled = !on || (!up && TS.p >= TS.K);
  $("teach-next").textContent = !on || (up && TS.asking) ? TW.reveal : up && TS.revealed === 1 ? TW.next_down : TW.next;
  $("teach-all").disabled = !on || (up ? TS.revealed === 1 && !TS.asking : TS.p >= TS.K);
  $("teach-stop").disabled = !on;
  $("guess-won").disabled = $("guess-lost").disabled = !(up && TS.asking && predict);
  $("teach-score").textContent = on && TS.asked ? format(TW.score, {right: TS.right, asked: TS.asked}) : "";
  if (!on) return;
  const A = analyse(TS.K);
  if (!up) return renderTopDown(A, grid);
  const i = teachCurrent(), win = windowOf(A, i);
  box.append(add(document.createElement("p"), "p", format(i < A.K ? TW.window : TW.window_none,
    {width: W, first: i + 1, bits: win.bits})), win.cells);
  if (TS.asking) { q.textContent = format(predict ? TW.question : TW.question_plain, {step: i}); return; }
  let prefix = "";
  if (TS.said.has(i)) {
    const said = TS.said.get(i), right = said === (A.won[i] ? "won" : "lost");
    prefix = right ? TW.right : format(TW.wrong, {said: statusWord(said === "won")});
    says.className = right ? "right" : "wrong";
  }
  let text = prefix + explainStep(A, i);
  if (i === 1) text += " " + format(TW.done, {status: statusWord(A.won[1]), winner: A.won[1] ? "Dina" : "Dima", day: A.K});
  says.textContent = text;
}

function renderTopDown(A, grid) {  // G_p as a grid of its windows, and how G_{p+1} follows
  const p = TS.p, tables = tablesOf(STAIRCASE), g = tables.tables[tables.ids[p]], size = 1 << W;
  const own = size - 2, winner = g[own] ? "Dina" : "Dima";
  add(grid, "p", format(TW.g, {p, windows: size, bits: bits(own, W), winner, digit: ANSWER[p]}));
  if (W <= SIZES.grid_width) {
    let count = 0;
    for (let x = 0; x < size; x++) count += g[x];
    const cells = add(grid, "div", undefined, "g-grid");
    cells.setAttribute("role", "img");
    cells.setAttribute("aria-label", format(TW.grid, {p, count, windows: size}));
    for (let x = 0; x < size; x++) {
      const cell = add(cells, "span", undefined, (g[x] ? "won" : "lost") + (x === own ? " day" : ""));
      cell.title = format(TW.cell_title, {bits: bits(x, W), winner: g[x] ? "Dina" : "Dima"});
    }
  } else add(grid, "p", format(TW.g_wide, {windows: size, width: W}));
  if (p < TS.K) add(grid, "p", format(TW.g_next, {p, q: p + 1, mask: M[p] ? bits(M[p], W) : TW.mask_none}));
  add(grid, "p", format(TW.g_count, {p, distinct: tables.distinct[p]}));
  if (p === TS.K) add(grid, "p", format(TW.g_end, {day: TS.K, winner: A.won[1] ? "Dina" : "Dima"}));
}

$("teach-start").addEventListener("click", () => { startTeach(); teachChanged(true); });
$("teach-next").addEventListener("click", teachNext);
$("teach-back").addEventListener("click", teachBack);
$("teach-all").addEventListener("click", teachAll);
$("teach-stop").addEventListener("click", () => { TS = null; render(); });
$("guess-won").addEventListener("click", () => teachGuess("won"));
$("guess-lost").addEventListener("click", () => teachGuess("lost"));
$("predict").addEventListener("change", () => { if (TS) render(); });
$("teach").addEventListener("keydown", e => {
  if (e.target.tagName === "INPUT" && e.target.type !== "checkbox") return;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const act = {w: () => teachGuess("won"), l: () => teachGuess("lost"), ArrowRight: teachNext, ArrowLeft: teachBack,
    Home: () => { startTeach(); teachChanged(true); }, End: teachAll}[key];
  if (act && (TS || key === "Home")) { e.preventDefault(); act(); }
});
