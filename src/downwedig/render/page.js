// The page itself: the day, the window of steps shown, the facts, the key, a game against the perfect player,
// the tabs that hold the tasks, and the scripting interface window.downwedig.
for (const role of ["won", "lost", "line", "handkerchief", "window"]) document.documentElement.style.setProperty("--" + role, C[role]);
// S.told: the days whose answer the learner has been told (predicted, stepped through to step 1, or a game
// ended); S.all: every answer shown (the "Show the answers" button, or #answers in the address: a coach's link).
const S = {K: 0, first: 1, size: Math.max(1, D.window), game: null, statuses: false, hint: false, note: null,
  told: new Set(), all: !!D.answers, predicted: null};
// The steps drawn at a time: the window's size, or on a narrow screen during the step-through (compact(), in
// teach.js) only the step in question, its window and one step on each side.
const shownSize = () => (compact() ? Math.min(S.size, W + 3) : S.size);
const lastStep = () => Math.min(S.K, S.first + shownSize() - 1);
const clampFirst = f => Math.max(1, Math.min(Math.floor(f) || 1, S.K - shownSize() + 1));
let lineCache = {K: 0, s: null, steps: [1]};
function line() {  // the day's line of play (computed once per day)
  if (lineCache.K !== S.K || lineCache.s !== STAIRCASE) lineCache = {K: S.K, s: STAIRCASE, steps: lineSteps(analyse(S.K))};
  return lineCache.steps;
}
const gameOn = () => !!S.game && !S.game.over;
const path = () => (S.game ? S.game.path : line());
// The page asks before it tells: who wins a day, its digit and its steps' statuses stay unsaid until the learner
// predicts it, steps through it to step 1, finishes a game on it, or shows the answers; and while a game is on
// (unless the learner asks) or the step-through goes.
const told = day => S.all || S.told.has(day);
function tell(day) {  // the answer of `day` is the learner's now
  if (told(day)) return;
  S.told.add(day);
  paintStrip(true);
}
function spoilersHidden() {
  if (gameOn()) return !S.statuses;
  if (TS && TS.phase === "up" && TS.revealed > 1) return true;
  return !told(S.K);
}
function hiddenWords() {  // what the day's verdict says while it is hidden
  if (gameOn()) return PAGE.winner_hidden;
  return TS ? PAGE.winner_hidden_teach : PAGE.winner_ask;
}
const announce = words => { $("announce").textContent = words; };

function chooseLayout() {  // the wide layout when its smallest text stays readable, else the narrow one
  const box = $("picture").clientWidth, readable = lay => box * lay.font >= lay.bare_width * SIZES.min_text;
  L = readable(WIDE) || !box ? WIDE : NARROW;
  // (one pixel more than the bare minimum: the browser lays out in fractions of a pixel)
  $("picture").style.setProperty("--min-picture", Math.ceil(L.bare_width * SIZES.min_text / L.font) + 1 + "px");
}

function movesInView(steps) {  // the first and last move of the line with both ends in the window (0: none)
  let a = 0, b = 0;
  const first = S.first, last = lastStep();
  for (let k = 1; k < steps.length; k++) if (first <= steps[k - 1] && steps[k] <= last) { if (!a) a = k; b = k; }
  return [a, b];
}
function windowName(steps) {  // the window and the moves in view
  const [a, b] = movesInView(steps);
  let name = format(T.window, {first: S.first, last: lastStep(), day: S.K});
  if (steps.length > 1) name += a ? format(T.window_moves, {a, b, count: steps.length - 1})
    : format(T.window_no_move, {count: steps.length - 1});
  return name;
}

function render() {  // everything that depends on the day, the window, the game and the step-through
  const A = analyse(S.K), first = S.first, last = lastStep(), teaching = teachView();
  const hidden = spoilersHidden(), shownSteps = S.game ? S.game.path : hidden || teaching ? [1] : line();
  const view = teaching ? {played: null, statuses: false, hint: false, ...teaching}
    : {played: S.game ? S.game.path : null, statuses: !hidden && (!S.game || S.statuses || S.game.over), hint: S.hint,
      current: 0, revealed: 0};
  const svg = drawSvg(A, first, last, view);
  if (TS && TS.phase === "down") markTable(svg, A, first, last, TS.p);
  $("picture").replaceChildren(svg);
  $("picture").classList.toggle("playing", gameOn());
  $("window-name").textContent = windowName(shownSteps);
  $("win-first").value = first;
  $("win-first").max = S.K;
  const steps = path();
  $("day-prev").disabled = S.K <= 1;
  $("day-next").disabled = S.K >= n;
  $("win-top").disabled = $("win-up").disabled = first <= 1;
  $("win-down").disabled = last >= S.K;
  $("moves-prev").disabled = !steps.some((s, k) => k && steps[k - 1] < first) || !!teaching;
  $("moves-next").disabled = !steps.some((s, k) => k && s > last) || !!teaching;
  $("winner").textContent = hidden ? format(hiddenWords(), {day: S.K}) : winnerWords();
  $("predict-day").hidden = !hidden || !!TS || !!S.game;
  $("show-answers").setAttribute("aria-pressed", String(S.all));
  $("show-answers").textContent = S.all ? PAGE.hide_answers : PAGE.show_answers;
  renderFacts(A, hidden, first, last);
  renderLegend(svg);
  renderGame();
  renderTeach();
  if (paintedHidden !== hidden) paintStrip(true);  // the chosen digit is hidden, or shown again
  const focused = document.activeElement, home = focused && focused.disabled && focused.closest("[data-focus]");
  if (home) $(home.dataset.focus).focus();  // a control that can do nothing now hands the keys to its neighbour
}

function winnerWords() {  // who wins the day, and whether the learner's prediction was right
  const winner = ANSWER[S.K] === 1 ? "Dina" : "Dima", p = S.predicted;
  const words = format(PAGE.winner, {winner, day: S.K});
  if (!p || p.day !== S.K) return words;
  return p.said === winner ? format(PAGE.predicted_right, {words}) : format(PAGE.predicted_wrong, {words, said: p.said});
}
function renderFacts(A, hidden, first, last) {  // who wins and why, and the moves of the line in view
  const facts = $("facts");
  facts.replaceChildren();
  $("facts-hidden").textContent = !hidden ? "" : gameOn() ? PAGE.facts_hidden_game
    : TS ? PAGE.facts_hidden_teach : PAGE.facts_hidden_ask;
  if (hidden) return;
  const winner = A.won[1] ? "Dina" : "Dima", best = line(), count = best.length - 1;
  add(facts, "h2", format(REPORT.heading, {day: S.K, n, winner, moves: movesWord(A.rem[1])}));
  addMoves(facts, "p", reason(A));
  add(facts, "p", REPORT.line);
  const ol = add(facts, "ol"), [a, b] = movesInView(best);
  ol.id = "line";
  const gap = (words, values) => add(ol, "li", format(words, values), "gap");  // where moves are left out
  if (count && !a) gap(PAGE.line_none, {count});
  if (a > 1) gap(PAGE.line_above, {a: 1, b: a - 1});
  for (let k = a; a && k <= b; k++) {
    const i = best[k - 1], j = best[k];
    const li = addMoves(ol, "li", format(T.line_title, {number: k, player: PLAYERS[(k - 1) % 2], source: i, target: j,
      why: why(i, j)}));
    li.value = k;
  }
  if (a && b < count) gap(PAGE.line_below, {a: b + 1, b: count});
  add(facts, "p", format(REPORT.stuck, {player: PLAYERS[count % 2], step: best[count]}));
}

let legendKey = "";
function renderLegend(svg) {  // the key to what the picture draws now, in HTML (it wraps on a narrow screen)
  const has = selector => !!svg.querySelector(selector), head = name => `[marker-end="url(#head-${name})"]`;
  const drawn = {won: has(".status.won"), lost: has(".status.lost"), hidden: has(".status.unknown"),
    win: has(head("win")), move: has(head("move")), line: has(head("line")), played: has(head("played")),
    reply: has(head("reply")), window: has(".window-box"), decides: has(".decides")};
  const key = JSON.stringify(drawn) + (L === WIDE);
  if (key === legendKey) return;
  legendKey = key;
  const box = $("legend"), h = L.head, len = SIZES.legend_sample;
  box.replaceChildren();
  const entry = (words, wide) => { const e = add(box, "span", undefined, "entry" + (wide ? " wide" : "")); add(e, "span", words); return e; };
  const sample = (e, role, stroke, dashed) => {
    const svg = document.createElementNS(NS, "svg");
    for (const [k, v] of [["width", len + h], ["height", h], ["aria-hidden", "true"]]) svg.setAttribute(k, v);
    const attrs = {d: `M0,${half(h)} L${len},${half(h)}`, stroke: C[role], "stroke-width": stroke};
    if (dashed) attrs["stroke-dasharray"] = `${L.dash},${L.dash_gap}`;
    el(svg, "path", attrs);
    el(svg, "path", {d: `M${len},0 L${len + h},${half(h)} L${len},${h} z`, fill: C[role]});
    e.prepend(svg);
  };
  for (const status of ["won", "lost", "hidden"]) {
    if (!drawn[status]) continue;
    const badge = add(entry(T["legend_" + status]), "span", T["sample_" + status], "badge");
    badge.style.background = C[status === "hidden" ? "unknown" : status];
    badge.parentNode.prepend(badge);
  }
  if (drawn.win) sample(entry(T.legend_win), "winning_move", L.arrow_stroke, false);
  if (drawn.move) sample(entry(T.legend_move), "move", L.arrow_stroke, false);
  if (drawn.decides) entry(T.legend_decides);
  if (drawn.window) sample(entry(T.legend_window), "window", L.outline_stroke, true);
  if (drawn.line) sample(entry(T.legend_line), "line", L.line_stroke, false);
  if (drawn.played) sample(entry(T.legend_played), "played", L.line_stroke, false);
  if (drawn.reply) sample(entry(T.legend_reply), "reply", L.arrow_stroke, true);
  if (drawn.win || drawn.move || drawn.line || drawn.played) entry(T.legend_shared, true);
}

function renderGame() {
  const g = S.game, log = $("log");
  log.replaceChildren();
  for (const t of g ? g.turns : []) {
    const values = {player: t.player, source: t.source, target: t.target, why: why(t.source, t.target)};
    addMoves(log, "li", format(t.byPerson ? WORDS.you_move : WORDS.computer_moves, values));
  }
  if (S.note) add(log, "li", S.note[0], S.note[1]);
  $("game-verdict").textContent = g && g.over ? g.verdict() : "";
  $("hint").disabled = !gameOn();
  $("undo").disabled = !g || !g.turns.some(t => t.byPerson);
  $("stop").disabled = !g;
  $("move-go").disabled = $("move-to").disabled = !gameOn();
  $("move-to").max = S.K;
}

// The tabs: one task at a time beside the picture (the step-through, a game, the facts, your own staircase).
const TABS = [...document.querySelectorAll("#tabs [role=tab]")];
function showTab(id, focus) {
  for (const tab of TABS) {
    const chosen = tab.id === id;
    tab.setAttribute("aria-selected", String(chosen));
    tab.tabIndex = chosen ? 0 : -1;
    $(tab.getAttribute("aria-controls")).hidden = !chosen;
    if (chosen && focus) tab.focus();
  }
}
for (const tab of TABS) tab.addEventListener("click", () => showTab(tab.id, true));
$("tabs").addEventListener("keydown", e => {
  const at = TABS.indexOf(document.activeElement), count = TABS.length;
  const to = {ArrowRight: at + 1, ArrowLeft: at - 1 + count, Home: 0, End: count - 1}[e.key];
  if (at < 0 || to === undefined) return;
  e.preventDefault();
  showTab(TABS[to % count].id, true);
});
for (const go of document.querySelectorAll("[data-go]")) go.addEventListener("click", () => {
  const target = $(go.dataset.go);
  if (target.getAttribute("role") === "tab") showTab(target.id, true); else target.focus();
  target.scrollIntoView({block: "nearest"});
});

// The day.
const slider = $("day-slider"), input = $("day-input");
function choose(K, fromHash) {
  K = Math.min(n, Math.max(1, Math.floor(Number(K)) || 1));
  if (K !== S.K) {
    stopAutoplay();
    S.K = K; S.game = null; S.note = null; S.hint = false; TS = null; S.predicted = null;
    S.first = clampFirst(S.first);
  }
  slider.value = K; input.value = K;
  render();
  showChosenDigit();
  if (!fromHash) writeHash();
  announce(format(PAGE.day_chosen, {day: K, n}) + " " + $("winner").textContent);
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
const page = () => Math.max(1, shownSize() - W);  // pages overlap by W steps, so every move is whole in one of them
function movesPrev() {  // the last move starting above the window ends at its bottom
  const steps = path();
  for (let k = steps.length - 1; k >= 1; k--) if (steps[k - 1] < S.first) return showSteps(steps[k] + 2 - shownSize());
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
  const to = {ArrowUp: S.first - 1, ArrowDown: S.first + 1, PageUp: S.first - page(), PageDown: S.first + page(),
    Home: 1, End: S.K}[e.key];
  if (to !== undefined) { e.preventDefault(); showSteps(to); }
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
function said(from) {  // the log from turn `from` on, and the verdict, for a screen reader
  const items = [...$("log").children].slice(from).map(li => li.textContent);
  return [...items, $("game-verdict").textContent].filter(Boolean).join(" ");
}
function newGame(you) {
  if (you !== "Dina" && you !== "Dima") throw new TypeError(format(PAGE.bad_player, {player: you}));
  stopAutoplay();
  TS = null;
  S.game = new Game(analyse(S.K), you); S.note = null; S.hint = false;
  S.statuses = $("show-statuses").checked;
  computerPlays();
  if (S.game.over) tell(S.K);
  follow();
  showTab("tab-play");
  render();
  announce(said(0));
  return state();
}
function move(step) {
  if (!S.game) throw new IllegalMove(PAGE.no_game);
  const before = S.game.turns.length;
  S.game.play(Number(step));
  S.hint = false; S.note = null;
  computerPlays();
  if (S.game.over) tell(S.K);
  follow();
  render();
  announce(said(before));
  return state();
}
function hint() {
  if (!S.game) return "";
  const text = S.game.hint();
  S.hint = true; S.note = [text, "hint"];
  render();
  announce(text);
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
    game: g && {you: g.you, handkerchief: g.position, toMove: g.toMove, over: g.over, winner: g.winner},
    revealed: revealedCount(), autoplay: playing.ms, shown: !spoilersHidden(), answers: S.all,
    teaching: TS ? {phase: TS.phase, step: TS.phase === "up" ? teachCurrent() : TS.p} : null};
}
function predict(who) {  // the learner's prediction of who wins the chosen day: the day is told
  if (who !== "Dina" && who !== "Dima") throw new TypeError(format(PAGE.bad_player, {player: who}));
  const winner = ANSWER[S.K] === 1 ? "Dina" : "Dima";
  S.predicted = {day: S.K, said: who};
  tell(S.K);
  const from = $("predict-day").contains(document.activeElement);
  render();
  if (from) slider.focus({preventScroll: true});  // (the buttons are gone: the keys go on with the day)
  announce($("winner").textContent);
  return {correct: who === winner, winner};
}
function showAnswers(on) {  // every answer shown (a coach's page), or hidden again
  S.all = !!on;
  if (!S.all) S.told.clear();
  render();
  paintStrip(true);
  writeHash();
  return state();
}
$("predict-dina").addEventListener("click", () => predict("Dina"));
$("predict-dima").addEventListener("click", () => predict("Dima"));
$("show-answers").addEventListener("click", () => showAnswers(!S.all));
const startGame = you => { newGame(you); if (gameOn()) $("move-to").focus(); };
$("as-dina").addEventListener("click", () => startGame("Dina"));
$("as-dima").addEventListener("click", () => startGame("Dima"));
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
    announce(S.note[0]);
  }
}
$("move-form").addEventListener("submit", e => {
  e.preventDefault();
  if (S.game) tryMove(Number($("move-to").value));
});
$("show-statuses").addEventListener("change", () => { S.statuses = $("show-statuses").checked; render(); });
$("picture").addEventListener("click", e => {  // a click anywhere on a step's row, gaps between pieces too
  const svg = $("picture").querySelector("svg"), at = svg.createSVGPoint();
  if (!gameOn()) return;
  at.x = e.clientX; at.y = e.clientY;
  const y = at.matrixTransform(svg.getScreenCTM().inverse()).y, step = S.first + Math.floor((y - L.bare_top) / L.row);
  if (step >= S.first && step <= lastStep()) tryMove(step);
});

window.downwedig = Object.freeze({
  chooseDay(k) {
    if (!Number.isInteger(k) || k < 1 || k > n) throw new RangeError(format(PAGE.bad_day, {day: k, n}));
    choose(k);
    return state();
  },
  newGame, move, hint, undo, state, load, predict, showAnswers,
  showSteps(first) { showSteps(first); return this.view(); },
  view: () => ({first: S.first, last: lastStep(), layout: L === WIDE ? "wide" : "narrow"}),
  answer: () => Array.from(ANSWER.subarray(1, n + 1)).join(""),
  teach(day) {
    this.chooseDay(day);
    startTeach();
    showTab("tab-teach");
    teachChanged(false);
    return teachOrder(day);
  },
  guess(step, status) {
    if (status !== "won" && status !== "lost") throw new TypeError(format(PAGE.bad_status, {status}));
    if (!Number.isInteger(step) || step < 1 || step > S.K) throw new RangeError(format(PAGE.bad_step, {step, n: S.K}));
    if (!TS || TS.phase !== "up") { startTeach(); }
    showTab("tab-teach");
    if (step === TS.revealed - 1) return teachGuess(status);
    const result = record(step, status);
    render();
    return result;
  },
  autoplay(ms) {
    if (typeof ms !== "number" || !(ms >= 0)) throw new TypeError(format(PAGE.bad_autoplay, {ms}));
    if (ms && !TS) { startTeach(); teachChanged(false); }
    if (ms) showTab("tab-teach");
    autoplay(ms);
    return state();
  },
});
