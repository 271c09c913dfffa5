// The page itself: the day controls, the answer strip (only the rows in sight are in the document,
// so a day change costs the same at n = 300,000 as at n = 12), the window of steps shown, the facts,
// a game against the perfect player, and the scripting interface window.downwedig.
const $ = id => document.getElementById(id);
const S = {K: 0, first: 1, size: Math.max(1, D.window), game: null, statuses: false, hint: false, note: null};
const lastStep = () => Math.min(S.K, S.first + S.size - 1);
const clampFirst = f => Math.max(1, Math.min(Math.floor(f) || 1, S.K - S.size + 1));
let lineCache = {K: 0, steps: [1]};
function line() {  // the day's line of play (computed once per day)
  if (lineCache.K !== S.K) lineCache = {K: S.K, steps: lineSteps(analyse(S.K))};
  return lineCache.steps;
}
const path = () => (S.game ? S.game.path : line());
const statusesShown = () => !S.game || S.statuses;

function windowName(steps) {  // the window and the moves in view, as the picture names them
  let a = 0, b = 0;
  const first = S.first, last = lastStep();
  for (let k = 1; k < steps.length; k++) if (first <= steps[k - 1] && steps[k] <= last) { if (!a) a = k; b = k; }
  let name = format(T.window, {first, last, day: S.K});
  if (steps.length > 1) name += a ? format(T.window_moves, {a, b, count: steps.length - 1})
    : format(T.window_no_move, {count: steps.length - 1});
  return name;
}

function add(parent, tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return parent.appendChild(e);
}

function render() {  // the picture, the window's name, the facts and the game
  const A = analyse(S.K), steps = path(), first = S.first, last = lastStep();
  const view = {played: S.game ? steps : null, statuses: statusesShown(), hint: S.hint, current: 0};
  $("picture").replaceChildren(drawSvg(A, first, last, view));
  $("picture").classList.toggle("playing", !!S.game);
  $("window-name").textContent = windowName(steps);
  $("win-first").value = first;
  $("win-first").max = S.K;
  const facts = $("facts");
  facts.replaceChildren();
  if (statusesShown()) {
    const winner = A.won[1] ? "Dina" : "Dima", best = line(), count = best.length - 1;
    add(facts, "h2", format(REPORT.heading, {day: S.K, n, winner, moves: movesWord(A.rem[1])}));
    add(facts, "p", reason(A));
    add(facts, "p", REPORT.line);
    const ol = add(facts, "ol");
    ol.id = "line";
    for (let k = 1; k <= count; k++) {
      const i = best[k - 1], j = best[k];
      if (i < first || j > last) continue;
      const li = add(ol, "li", format(T.line_title, {number: k, player: PLAYERS[(k - 1) % 2], source: i, target: j,
        why: why(i, j)}));
      li.value = k;
    }
    add(facts, "p", format(REPORT.stuck, {player: PLAYERS[count % 2], step: best[count]}));
  }
  renderGame();
}

function renderGame() {
  const g = S.game, log = $("log");
  log.replaceChildren();
  for (const t of g ? g.turns : []) {
    const values = {player: t.player, source: t.source, target: t.target, why: why(t.source, t.target)};
    add(log, "li", format(t.byPerson ? WORDS.you_move : WORDS.computer_moves, values));
  }
  if (S.note) add(log, "li", S.note[0], S.note[1]);
  $("game-verdict").textContent = g && g.over ? g.verdict() : "";
  $("hint").disabled = !g || g.over;
  $("undo").disabled = !g || !g.turns.some(t => t.byPerson);
  $("stop").disabled = !g;
  $("move-go").disabled = $("move-to").disabled = !g || g.over;
}

// The answer strip: rows of digits in groups of ten, each row led by the day of its first digit.
const strip = $("strip"), inner = $("strip-inner"), LINE = 20;
let perRow = 50, charWidth = 0, painted = -1;
function layoutStrip() {
  if (!charWidth) {
    const probe = add(inner, "span", "0000000000");
    charWidth = probe.getBoundingClientRect().width / 10 || 8.4;
    probe.remove();
  }
  const ruler = (String(n).length + 1) * charWidth, group = 10.6 * charWidth;
  perRow = 10 * Math.max(1, Math.floor((strip.clientWidth - ruler - 24) / group));
  inner.style.height = Math.ceil(n / perRow) * LINE + "px";
  strip.style.height = Math.min(6, Math.ceil(n / perRow)) * LINE + 8 + "px";
  painted = -1;
}
function paintStrip(force) {  // the rows in sight and one more on each side, as one string of HTML
  const top = Math.floor(strip.scrollTop / LINE), rows = Math.ceil(strip.clientHeight / LINE);
  if (!force && painted === top) return;
  painted = top;
  const from = Math.max(0, top - 1), to = Math.min(Math.ceil(n / perRow) - 1, top + rows + 1);
  const rulerWidth = (String(n).length + 0.5) * charWidth, html = [];
  const digits = (a, b) => { let t = ""; for (let k = a; k <= b; k++) t += ANSWER[k]; return t; };
  for (let r = from; r <= to; r++) {
    const start = r * perRow + 1, end = Math.min(n, start + perRow - 1);
    html.push(`<div class="strip-row" style="top:${r * LINE}px"><span class="ruler" style="width:${rulerWidth}px">${start}</span>`);
    for (let a = start; a <= end; a += 10) {  // a group of ten digits; the chosen one has its own element
      const b = Math.min(end, a + 9), k = S.K;
      html.push(`<span class="group" data-day="${a}">`);
      if (a <= k && k <= b) html.push(`${digits(a, k - 1)}<span class="chosen">${ANSWER[k]}</span>${digits(k + 1, b)}`);
      else html.push(digits(a, b));
      html.push("</span>");
    }
    html.push("</div>");
  }
  inner.innerHTML = html.join("");
}
function digitAt(group, x) {  // the day of the digit of `group` under x (the digits are text: measure each)
  const walker = document.createTreeWalker(group, NodeFilter.SHOW_TEXT), range = document.createRange();
  let k = Number(group.dataset.day);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let c = 0; c < node.length; c++, k++) {
      range.setStart(node, c); range.setEnd(node, c + 1);
      const box = range.getBoundingClientRect();
      if (box.left <= x && x < box.right) return k;
    }
  }
  return 0;
}
function showChosenDigit() {
  const r = Math.floor((S.K - 1) / perRow);
  if (r * LINE < strip.scrollTop || (r + 1) * LINE > strip.scrollTop + strip.clientHeight)
    strip.scrollTop = Math.max(0, r * LINE - Math.floor(strip.clientHeight / 2) + LINE / 2);
  paintStrip(true);
}
strip.addEventListener("scroll", () => paintStrip(false));
inner.addEventListener("click", e => {
  const group = e.target.closest("[data-day]"), k = group ? digitAt(group, e.clientX) : 0;
  if (k) choose(k);
});
strip.addEventListener("keydown", e => {
  const step = {ArrowLeft: -1, ArrowRight: 1, ArrowUp: -perRow, ArrowDown: perRow}[e.key];
  if (step) { e.preventDefault(); choose(S.K + step); }
});
window.addEventListener("resize", () => { layoutStrip(); showChosenDigit(); });

// The day.
const slider = $("day-slider"), input = $("day-input");
function hash() { return "#day=" + S.K + (S.first > 1 ? "&from=" + S.first : ""); }
let hashWritten = 0, hashTimer = 0;
function writeHash() {  // at most a few times a second: browsers throttle history updates (a dragged slider)
  clearTimeout(hashTimer);
  const wait = hashWritten + 200 - performance.now();
  if (wait > 0) { hashTimer = setTimeout(writeHash, wait); return; }
  hashWritten = performance.now();
  history.replaceState(null, "", hash());
}
function choose(K, fromHash) {
  K = Math.min(n, Math.max(1, Math.floor(Number(K)) || 1));
  if (K !== S.K) {
    S.K = K; S.game = null; S.note = null; S.hint = false;
    S.first = clampFirst(S.first);
  }
  slider.value = K; input.value = K;
  $("winner").textContent = format(PAGE.winner, {winner: ANSWER[K] === 1 ? "Dina" : "Dima", day: K});
  render();
  showChosenDigit();
  if (!fromHash) writeHash();
}
slider.addEventListener("input", () => choose(slider.value));
input.addEventListener("change", () => choose(input.value));
$("day-prev").addEventListener("click", () => choose(S.K - 1));
$("day-next").addEventListener("click", () => choose(S.K + 1));

// The window of steps.
function showSteps(first) {
  S.first = clampFirst(first);
  render();
  writeHash();
}
const page = () => Math.max(1, S.size - W);  // pages overlap by W steps, so every move is whole in one of them
function movesPrev() {  // the last move starting above the window ends at its bottom
  const steps = path();
  for (let k = steps.length - 1; k >= 1; k--) if (steps[k - 1] < S.first) return showSteps(steps[k] + 2 - S.size);
}
function movesNext() {  // the first move ending below the window starts at its top
  const steps = path(), last = lastStep();
  for (let k = 1; k < steps.length; k++) if (steps[k] > last) return showSteps(steps[k - 1] - 1);
}
$("win-top").addEventListener("click", () => showSteps(1));
$("win-up").addEventListener("click", () => showSteps(S.first - page()));
$("win-down").addEventListener("click", () => showSteps(S.first + page()));
$("moves-prev").addEventListener("click", movesPrev);
$("moves-next").addEventListener("click", movesNext);
$("win-first").addEventListener("change", () => showSteps(Number($("win-first").value)));
$("picture").addEventListener("keydown", e => {
  const step = {ArrowUp: -1, ArrowDown: 1, PageUp: -page(), PageDown: page()}[e.key];
  if (step) { e.preventDefault(); showSteps(S.first + step); }
});

// A game.
function follow() {  // keep the handkerchief and the steps it can reach in view
  const at = S.game.position, need = Math.min(S.K, at + W);
  if (at < S.first || need > lastStep()) S.first = clampFirst(at - 1);
}
function computerPlays() {
  const g = S.game;
  while (!g.over && !g.personsTurn) g.reply();
}
function newGame(you) {
  if (you !== "Dina" && you !== "Dima") throw new TypeError(format(PAGE.bad_player, {player: you}));
  S.game = new Game(analyse(S.K), you); S.note = null; S.hint = false;
  S.statuses = $("show-statuses").checked;
  computerPlays();
  follow();
  render();
  return state();
}
function move(step) {
  if (!S.game) throw new IllegalMove(PAGE.no_game);
  S.game.play(Number(step));
  S.hint = false; S.note = null;
  computerPlays();
  follow();
  render();
  return state();
}
function hint() {
  if (!S.game) return "";
  const text = S.game.hint();
  S.hint = true; S.note = [text, "hint"];
  render();
  return text;
}
function undo() {
  if (!S.game || !S.game.undo()) return false;
  S.hint = false; S.note = null;
  follow();
  render();
  return true;
}
function stop() { S.game = null; S.note = null; S.hint = false; render(); }
function state() {
  const g = S.game;
  return {day: S.K, n, winner: ANSWER[S.K] === 1 ? "Dina" : "Dima",
    game: g && {you: g.you, handkerchief: g.position, toMove: g.toMove, over: g.over, winner: g.winner}};
}
$("as-dina").addEventListener("click", () => newGame("Dina"));
$("as-dima").addEventListener("click", () => newGame("Dima"));
$("hint").addEventListener("click", hint);
$("undo").addEventListener("click", undo);
$("stop").addEventListener("click", stop);
function tryMove(step) {  // a move asked for in the page: refused moves are said, not thrown
  try {
    move(step);
  } catch (err) {
    if (!(err instanceof IllegalMove)) throw err;
    S.note = [format(WORDS.illegal, {why: err.message}), "illegal"];
    renderGame();
  }
}
$("move-form").addEventListener("submit", e => {
  e.preventDefault();
  if (S.game) tryMove(Number($("move-to").value));
});
$("show-statuses").addEventListener("change", () => { S.statuses = $("show-statuses").checked; render(); });
$("picture").addEventListener("click", e => {
  const row = e.target.closest && e.target.closest(".step");
  if (S.game && row) tryMove(Number(row.id.slice(5)));
});

window.downwedig = Object.freeze({
  chooseDay(k) {
    if (!Number.isInteger(k) || k < 1 || k > n) throw new RangeError(format(PAGE.bad_day, {day: k, n}));
    choose(k);
    return state();
  },
  newGame, move, hint, undo, state,
  showSteps(first) { showSteps(first); return this.view(); },
  view: () => ({first: S.first, last: lastStep()}),
});

const fromHash = () => {
  const day = /day=(\d+)/.exec(location.hash), from = /from=(\d+)/.exec(location.hash);
  return [day ? Number(day[1]) : 0, from ? Number(from[1]) : 0];
};
window.addEventListener("hashchange", () => {
  const [day, from] = fromHash();
  if (day) { S.first = from || S.first; S.K = 0; choose(day, true); }
});
layoutStrip();
{
  const [day, from] = fromHash();
  S.first = from || D.first;
  choose(day || D.day, true);
}
