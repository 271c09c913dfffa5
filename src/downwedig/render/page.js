// The page itself: the day, the window of steps shown, the facts, the key, a game against the perfect player,
// the learner's own staircase, the address, and the scripting interface window.downwedig.
for (const role of ["won", "lost", "line", "handkerchief"]) document.documentElement.style.setProperty("--" + role, C[role]);
const S = {K: 0, first: 1, size: Math.max(1, D.window), game: null, statuses: false, hint: false, note: null};
const lastStep = () => Math.min(S.K, S.first + S.size - 1);
const clampFirst = f => Math.max(1, Math.min(Math.floor(f) || 1, S.K - S.size + 1));
let lineCache = {K: 0, s: null, steps: [1]};
function line() {  // the day's line of play (computed once per day)
  if (lineCache.K !== S.K || lineCache.s !== STAIRCASE) lineCache = {K: S.K, s: STAIRCASE, steps: lineSteps(analyse(S.K))};
  return lineCache.steps;
}
const gameOn = () => !!S.game && !S.game.over;
const path = () => (S.game ? S.game.path : line());
// Who wins the day stays unsaid while a game is on (unless the learner asks) and during the step-through.
function spoilersHidden() {
  return (gameOn() && !S.statuses) || (!!TS && TS.phase === "up" && TS.revealed > 1);
}
const announce = words => { $("announce").textContent = words; };

function chooseLayout() {  // the wide layout when its smallest text stays readable, else the narrow one
  const box = $("picture").clientWidth, readable = lay => box * lay.font >= lay.bare_width * SIZES.min_text;
  L = readable(WIDE) || !box ? WIDE : NARROW;
  // (one pixel more than the bare minimum: the browser lays out in fractions of a pixel)
  $("picture").style.setProperty("--min-picture", Math.ceil(L.bare_width * SIZES.min_text / L.font) + 1 + "px");
}

function windowName(steps) {  // the window and the moves in view
  let a = 0, b = 0;
  const first = S.first, last = lastStep();
  for (let k = 1; k < steps.length; k++) if (first <= steps[k - 1] && steps[k] <= last) { if (!a) a = k; b = k; }
  let name = format(T.window, {first, last, day: S.K});
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
  $("picture").replaceChildren(drawSvg(A, first, last, view));
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
  $("winner").textContent = hidden
    ? format(TS && !gameOn() ? PAGE.winner_hidden_teach : PAGE.winner_hidden, {day: S.K})
    : format(PAGE.winner, {winner: ANSWER[S.K] === 1 ? "Dina" : "Dima", day: S.K});
  renderFacts(A, hidden, first, last);
  renderLegend(view);
  renderGame();
  renderTeach();
  if (paintedHidden !== hidden) paintStrip(true);  // the chosen digit is hidden, or shown again
  const focused = document.activeElement, home = focused && focused.disabled && focused.closest("[data-focus]");
  if (home) $(home.dataset.focus).focus();  // a control that can do nothing now hands the keys to its neighbour
}

function renderFacts(A, hidden, first, last) {
  const facts = $("facts");
  facts.replaceChildren();
  if (hidden) return;
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

let legendKey = "";
function renderLegend(view) {  // the key to the picture, in HTML (it wraps on a narrow screen)
  const key = [!!view.played, !!view.revealed, L === WIDE].join();
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
  for (const status of ["won", "lost"]) {
    const badge = add(entry(T["legend_" + status]), "span", T["sample_" + status], "badge");
    badge.style.background = C[status];
    badge.parentNode.prepend(badge);
  }
  sample(entry(T.legend_win), "winning_move", L.arrow_stroke, false);
  sample(entry(T.legend_move), "move", L.arrow_stroke, false);
  if (view.revealed) sample(entry(T.legend_window), "window", L.outline_stroke, true);
  else {
    sample(entry(view.played ? T.legend_played : T.legend_line), view.played ? "played" : "line", L.line_stroke, false);
    if (!view.played) sample(entry(T.legend_reply), "reply", L.arrow_stroke, true);
  }
  entry(T.legend_shared, true);
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
  $("hint").disabled = !gameOn();
  $("undo").disabled = !g || !g.turns.some(t => t.byPerson);
  $("stop").disabled = !g;
  $("move-go").disabled = $("move-to").disabled = !gameOn();
  $("move-to").max = S.K;
}

// The day.
const slider = $("day-slider"), input = $("day-input");
function hash() {
  const rows = STAIRCASE.text && n <= SIZES.address_steps ? "rows=" + staircaseRows() + "&" : "";
  return "#" + rows + "day=" + S.K + (S.first > 1 ? "&from=" + S.first : "");
}
let hashWritten = 0, hashTimer = 0;
function writeHash() {  // at most a few times a second: browsers throttle history updates (a dragged slider)
  clearTimeout(hashTimer);
  const wait = hashWritten + SIZES.hash_interval_ms - performance.now();
  if (wait > 0) { hashTimer = setTimeout(writeHash, wait); return; }
  hashWritten = performance.now();
  history.replaceState(null, "", hash());
}
function choose(K, fromHash) {
  K = Math.min(n, Math.max(1, Math.floor(Number(K)) || 1));
  if (K !== S.K) {
    S.K = K; S.game = null; S.note = null; S.hint = false; TS = null;
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
  TS = null;
  S.game = new Game(analyse(S.K), you); S.note = null; S.hint = false;
  S.statuses = $("show-statuses").checked;
  computerPlays();
  follow();
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
    game: g && {you: g.you, handkerchief: g.position, toMove: g.toMove, over: g.over, winner: g.winner}};
}
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
$("picture").addEventListener("click", e => {
  const row = e.target.closest && e.target.closest(".step");
  if (gameOn() && row) tryMove(Number(row.id.slice(5)));
});

// The learner's own staircase.
const staircaseRows = () => { const rows = []; for (let i = 1; i <= n; i++) rows.push(row(i)); return rows.join(","); };
function showStaircase(s, day) {  // use staircase s from day `day` (default its last), from the top
  useStaircase(s);
  chooseLayout();
  S.K = 0; S.first = 1; TS = null;
  for (const e of [slider, input, $("win-first"), $("move-to")]) e.max = n;
  $("title").textContent = format(PAGE.title, {n});
  document.title = format(PAGE.document_title, {n});
  $("own-original").disabled = s === EMBEDDED;
  layoutStrip();
  choose(day || n);
}
function load(text) {  // read text as a staircase and show it, or throw the reader's refusal
  const s = staircaseOf(String(text));
  $("own-error").textContent = "";
  $("own-text").removeAttribute("aria-invalid");
  showStaircase(s);
  const small = n <= SIZES.address_steps;
  // A long text stays out of the box: the browser would lay its lines out again at every change of the page.
  $("own-text").value = small ? s.text : "";
  $("own-note").textContent = format(small ? PAGE.loaded : PAGE.loaded_long, {n, most: SIZES.address_steps});
  return state();
}
function refuse(err, box) {  // the reader's refusal in the page, the caret put where it points
  if (!(err instanceof InvalidStaircase)) throw err;
  $("own-error").textContent = err.message;
  if (!box) return;
  box.setAttribute("aria-invalid", "true");
  const lines = box.value.split("\n"), at = lines.slice(0, err.line - 1).reduce((t, l) => t + l.length + 1, 0);
  box.focus();
  box.setSelectionRange(at + err.column - 1, at + err.column);
}
$("own-load").addEventListener("click", () => { try { load($("own-text").value); } catch (err) { refuse(err, $("own-text")); } });
$("own-original").addEventListener("click", () => {
  showStaircase(EMBEDDED, D.day);
  $("own-text").value = n <= SIZES.address_steps ? staircaseText(EMBEDDED) : "";
  $("own-note").textContent = PAGE.original;
});

window.downwedig = Object.freeze({
  chooseDay(k) {
    if (!Number.isInteger(k) || k < 1 || k > n) throw new RangeError(format(PAGE.bad_day, {day: k, n}));
    choose(k);
    return state();
  },
  newGame, move, hint, undo, state, load,
  showSteps(first) { showSteps(first); return this.view(); },
  view: () => ({first: S.first, last: lastStep(), layout: L === WIDE ? "wide" : "narrow"}),
  answer: () => Array.from(ANSWER.subarray(1, n + 1)).join(""),
  teach(day) {
    this.chooseDay(day);
    startTeach();
    teachChanged(false);
    return teachOrder(day);
  },
  guess(step, status) {
    if (status !== "won" && status !== "lost") throw new TypeError(format(PAGE.bad_status, {status}));
    if (!Number.isInteger(step) || step < 1 || step > S.K) throw new RangeError(format(PAGE.bad_step, {step, n: S.K}));
    if (!TS || TS.phase !== "up") { startTeach(); }
    if (step === TS.revealed - 1) return teachGuess(status);
    const result = record(step, status);
    render();
    return result;
  },
});

function fromHash() {
  const get = name => (new RegExp("[#&]" + name + "=([^&]*)").exec(location.hash) || [])[1];
  return {day: Number(get("day")) || 0, from: Number(get("from")) || 0, rows: get("rows")};
}
function followHash() {  // the staircase, day and steps the address names
  const {day, from, rows} = fromHash();
  if (rows !== undefined) {
    let listed = null;
    try { listed = decodeURIComponent(rows).split(",").filter(Boolean); } catch (err) {
      if (!(err instanceof URIError)) throw err;  // a % not followed by two hex digits of UTF-8
      $("own-error").textContent = format(PAGE.bad_address, {shown: shown(rows)});
    }
    if (listed && (!STAIRCASE.text || staircaseRows() !== listed.join(","))) {
      try { load(listed.length + "\n" + listed.join("\n") + "\n"); } catch (err) { refuse(err, null); }
    }
  } else if (STAIRCASE !== EMBEDDED) showStaircase(EMBEDDED, D.day);
  if (day) { S.first = from || S.first; S.K = 0; choose(day, true); }
}
window.addEventListener("hashchange", followHash);
window.addEventListener("resize", () => { chooseLayout(); layoutStrip(); render(); showChosenDigit(); });
chooseLayout();
layoutStrip();
$("own-text").value = n <= SIZES.address_steps ? staircaseText(EMBEDDED) : "";
S.first = D.first;
choose(D.day, true);
followHash();
