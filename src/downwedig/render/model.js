// The page's model: the staircase shown, one day's analysis, and a game.
// analyse() mirrors downwedig.explain.analyse, best() DayAnalysis.best_target, reason() DayAnalysis.reason,
// replies() DayAnalysis.replies and Game downwedig.play.Game (the browser tests compare them).  Every
// sentence is a template from Python (D.reasons, D.words, D.texts, D.report, D.page, D.teach, D.input) and
// every length comes from D.layout, D.narrow (fitted by D.fits) or D.sizes.  The embedded staircase comes with the move
// masks computed by downwedig.moves and its answer computed by downwedig.engine; a staircase loaded in the
// page gets both from reader.js.
const D = JSON.parse(document.getElementById("data").textContent);
const C = D.colors, T = D.texts, R = D.reasons, WORDS = D.words, REPORT = D.report, PAGE = D.page, SIZES = D.sizes;
const W = D.width, PLAYERS = ["Dina", "Dima"];
const format = (template, values) => template.replace(/\{(\w+)\}/g, (_, k) => String(values[k]));
// The picture's layouts for the staircase shown, D.layout and D.narrow with the room its numbers need
// (downwedig.render.layout.Layout.fitted, sent as D.fits by the digits of n), and the one in use, L: WIDE, or
// NARROW in a narrow window (page.js chooses).
let WIDE = D.layout, NARROW = D.narrow, L = WIDE;

function unpack(text, size, count) {  // big-endian values of `size` bytes, index 1..count
  const raw = atob(text), out = size === 1 ? new Uint8Array(count + 2) : new Uint16Array(count + 2);
  for (let i = 1; i <= count; i++) {
    let v = 0;
    for (let b = 0; b < size; b++) v = (v << 8) | raw.charCodeAt((i - 1) * size + b);
    out[i] = v;
  }
  return out;
}
function unpackAnswer(text, count) {  // digit k of the answer: bit k-1 set when Dina wins day k
  const raw = atob(text), out = new Uint8Array(count + 1);
  for (let k = 1; k <= count; k++) out[k] = (raw.charCodeAt((k - 1) >> 3) >> ((k - 1) & 7)) & 1 ? 1 : 2;
  return out;
}
const bytesPerStep = W <= 8 ? 1 : 2;
// The staircase shown: n steps, their values V and move masks M (index 1..n), the answer's digits.
const EMBEDDED = {n: D.n, V: unpack(D.rows, bytesPerStep, D.n), M: unpack(D.masks, bytesPerStep, D.n),
  answer: unpackAnswer(D.answer, D.n), text: null, tables: null};
let STAIRCASE = EMBEDDED, n = 0, V = null, M = null, ANSWER = null;
let WON = null, REM = null, analysed = 0;  // one analysis at a time, in arrays allocated once per staircase
function useStaircase(s) {
  STAIRCASE = s; n = s.n; V = s.V; M = s.M; ANSWER = s.answer;
  const fit = D.fits[String(n).length];
  WIDE = {...D.layout, ...fit.wide}; NARROW = {...D.narrow, ...fit.narrow}; L = WIDE;  // (then page.js chooses)
  WON = new Uint8Array(n + 2); REM = new Int32Array(n + 2); analysed = 0;
}
useStaircase(EMBEDDED);

const pop = x => { let c = 0; while (x) { x &= x - 1; c++; } return c; };
const common = (i, j) => W - pop(V[i] ^ V[j]);
const rowText = v => { let s = ""; for (let c = W - 1; c >= 0; c--) s += (v >> c) & 1 ? "R" : "W"; return s; };
const row = i => rowText(V[i]);
const piecesWord = (words, count) => words[count === 1 ? "piece" : "pieces"];
const why = (i, j) => { const c = common(i, j); return format(R.move, {distance: j - i, common: c, pieces: piecesWord(R, c)}); };
const mask = (i, K) => (K - i >= W ? M[i] : M[i] & ((1 << (K - i)) - 1));  // the moves that stay on day K
function targets(i, K) {  // the legal moves from step i on day K, nearest first
  const t = [];
  for (let m = mask(i, K); m; m &= m - 1) t.push(i + 32 - Math.clz32(m & -m));
  return t;
}

// A day of 300,000 steps costs a few ms.
function analyse(K) {  // downwedig.explain.analyse
  if (analysed === K) return {K, won: WON, rem: REM};
  for (let i = K; i >= 1; i--) {
    let m = mask(i, K), fast = -1, long = 0;
    WON[i] = 0; REM[i] = 0;
    if (!m) continue;
    for (; m; m &= m - 1) {
      const j = i + 32 - Math.clz32(m & -m), r = REM[j];
      if (WON[j]) { if (r > long) long = r; } else if (fast < 0 || r < fast) fast = r;
    }
    if (fast >= 0) { WON[i] = 1; REM[i] = fast + 1; } else REM[i] = long + 1;
  }
  analysed = K;
  return {K, won: WON, rem: REM};
}
function best(A, i) {  // DayAnalysis.best_target: the winner hurries, the loser holds out; 0 without moves
  let b = 0;
  const won = A.won, rem = A.rem, winning = won[i];
  for (let m = mask(i, A.K); m; m &= m - 1) {
    const j = i + 32 - Math.clz32(m & -m);
    if (winning) { if (!won[j] && (!b || rem[j] < rem[b])) b = j; }
    else if (!b || rem[j] > rem[b]) b = j;
  }
  return b;
}
function lineSteps(A) {  // DayAnalysis.line_steps
  const steps = [1];
  for (let s = best(A, 1); s; s = best(A, s)) steps.push(s);
  return steps;
}
const winningTargets = (A, i) => targets(i, A.K).filter(j => !A.won[j]);
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
const replies = A => (A.won[1] ? [] : targets(1, A.K).map(j => [j, best(A, j)]));  // DayAnalysis.replies
const movesWord = count => format(count === 1 ? T.move_count : T.moves_count, {count});

class IllegalMove extends Error {
  get name() { return "IllegalMove"; }
}

class Game {  // downwedig.play.Game against the perfect player, on day A.K
  constructor(A, you) {
    this.A = A; this.you = you; this.position = 1; this.toMove = "Dina"; this.turns = [];
  }
  get over() { return !mask(this.position, this.A.K); }
  get winner() { return this.over ? other(this.toMove) : null; }
  get personsTurn() { return this.toMove === this.you && !this.over; }
  get path() { return [1, ...this.turns.map(t => t.target)]; }
  check(target) {  // Game.check: the reason a move is refused, in play's words
    const i = this.position, day = this.A.K;
    if (target <= i) throw new IllegalMove(format(WORDS.not_below, {target, source: i}));
    if (target > day) throw new IllegalMove(format(WORDS.no_step, {target, day}));
    const distance = target - i, c = common(i, target);
    if (distance > W || !((M[i] >> (distance - 1)) & 1)) {
      const steps = WORDS[distance === 1 ? "step" : "steps"];
      throw new IllegalMove(format(WORDS.too_far, {target, source: i, distance, common: c, steps, pieces: piecesWord(WORDS, c)}));
    }
  }
  make(target, byPerson) {
    const source = this.position, won = this.A.won;
    const turn = {player: this.toMove, source, target, byPerson, mistake: !!won[source] && !!won[target]};
    this.turns.push(turn);
    this.position = target; this.toMove = other(this.toMove);
    return turn;
  }
  play(target) {  // Game.play
    if (!this.personsTurn) throw new IllegalMove(this.over ? WORDS.game_over : WORDS.not_your_turn);
    this.check(target);
    return this.make(target, true);
  }
  reply() {  // Game.reply
    const target = best(this.A, this.position);
    if (!target || this.personsTurn) throw new IllegalMove(WORDS.cannot_reply);
    return this.make(target, false);
  }
  undo() {  // Game.undo: back to the person's previous turn; false when there is none
    const last = this.turns.map(t => t.byPerson).lastIndexOf(true);
    if (last < 0) return false;
    this.turns.length = last;
    this.position = last ? this.turns[last - 1].target : 1;
    this.toMove = PLAYERS[last % 2];
    return true;
  }
  hint() {  // Game.hint
    if (this.over) return WORDS.hint_over;
    const i = this.position, wins = winningTargets(this.A, i);
    if (wins.length) return format(WORDS.hint_wins, {source: i, targets: wins.join(WORDS.separator)});
    return format(WORDS.hint_loses, {source: i, opponent: other(this.toMove), target: best(this.A, i)});
  }
  verdict() {  // Game.verdict
    if (!this.over) return WORDS.not_over;
    const stuck = this.toMove, step = this.position;
    if (this.winner === this.you) return format(WORDS.won, {stuck, step});
    const lines = [format(WORDS.lost, {stuck, step})];
    const mine = this.turns.filter(t => t.byPerson), wrong = mine.find(t => t.mistake);
    if (wrong) {
      const number = this.turns.indexOf(wrong) + 1;
      lines.push(format(WORDS.went_wrong, {number, source: wrong.source, target: wrong.target,
        opponent: other(wrong.player)}));
      const better = winningTargets(this.A, wrong.source).map(b => format(WORDS.instead_step, {target: b}));
      lines.push(format(WORDS.instead, {steps: better.join(WORDS.instead_separator)}));
    } else lines.push(this.you === "Dina" ? WORDS.no_way_dina : WORDS.no_way_dima);
    if (!wrong && mine.length) {
      const played = this.turns.length, bestCount = this.A.rem[1];
      lines.push(played === bestCount ? format(WORDS.held_out, {played})
        : format(WORDS.could_have, {played, best: bestCount}));
    }
    return lines.join(WORDS.line_separator);
  }
}
function other(player) { return player === "Dina" ? "Dima" : "Dina"; }
