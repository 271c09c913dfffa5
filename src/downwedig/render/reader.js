// A staircase typed or pasted in the page.  readStaircase() mirrors downwedig.reader.parse: the same
// tolerance (\r\n, trailing blanks, blank lines at the end) and the same refusals, in the same words and at
// the same LINE:COLUMN (D.input holds the sentences; the browser tests compare the two on many inputs); then
// it refuses a good staircase of more than the judge's n <= 300,000 steps, in downwedig validate's words.  moveMasks()
// mirrors downwedig.moves.move_masks, and topDown() computes every day's answer as docs/editorial.md
// section 5 does, reading the staircase top-down: the table G_p (the winner of the day for each window
// at step p) from G_{p-1} and step p-1's move mask, memoised, so that most steps cost one lookup.
const INPUT = D.input;

class InvalidStaircase extends Error {
  constructor(reason, line, column) {
    super(format(INPUT.where, {source: INPUT.source, line, column, reason}));
    this.line = line; this.column = column;
  }
  get name() { return "InvalidStaircase"; }
}

// Python's repr() of a string, for the messages that quote the input.
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
function pyRepr(s) {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'", hex = (c, w) => c.toString(16).padStart(w, "0");
  let out = quote;
  for (const ch of s) {
    const c = ch.codePointAt(0);
    if (ch === quote || ch === "\\") out += "\\" + ch;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (c < 0x20 || c === 0x7f) out += "\\x" + hex(c, 2);
    else if (c < 0x7f || !NOT_PRINTABLE.test(ch)) out += ch;
    else out += c <= 0xff ? "\\x" + hex(c, 2) : c <= 0xffff ? "\\u" + hex(c, 4) : "\\U" + hex(c, 8);
  }
  return out + quote;
}
const PY_SPACE = /[\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/u;
const ENCODER = new TextEncoder();
function headBytes(s, limit, replace) {  // the characters in the first `limit` bytes of s as UTF-8
  const bytes = ENCODER.encode(s.slice(0, limit));
  return new TextDecoder().decode(bytes.subarray(0, limit), {stream: !replace});
}
const shown = (s, limit = SIZES.quote) => {  // errors.excerpt
  const chars = [...s];
  return chars.length <= limit ? pyRepr(s) : pyRepr(chars.slice(0, limit).join("")) + INPUT.cut;
};
const rstripBlank = s => s.replace(/[ \t\r]+$/, "");
const lstripBlank = s => s.replace(/^[ \t\r]+/, "");

function readN(header) {  // reader._read_n
  const line = rstripBlank(header);
  if (!line) throw new InvalidStaircase(INPUT.n_empty, 1, 1);
  const digits = /^[0-9]*/.exec(line)[0].length;
  if (digits < line.length && (line[digits] === " " || line[digits] === "\t")) throw new InvalidStaircase(  // n not alone
    format(INPUT.n_alone, {shown: shown(headBytes(line, SIZES.quote_bytes, true))}), 1, digits + 1);
  if (digits < line.length) throw new InvalidStaircase(format(INPUT.n_not_integer,
    {shown: shown(headBytes(line, SIZES.quote_bytes, true))}), 1, digits + 1);
  if (digits > SIZES.longest_n) throw new InvalidStaircase(format(  // reader.looks_like_answer
    /^2[12]+$/.test(line) ? INPUT.n_too_large_answer : INPUT.n_too_large,
    {shown: shown(line.slice(0, SIZES.quote_bytes))}), 1, 1);
  const value = Number(line);
  if (value < 1) throw new InvalidStaircase(format(INPUT.n_zero, {shown: pyRepr(line)}), 1, 1);
  return value;
}

const GOOD_ROW = new RegExp(`^[WR]{${W}}[ \t\r]*$`);
function checkRow(raw, line, step) {  // reader._check_row: the row's value
  if (GOOD_ROW.test(raw)) {  // the usual case, quickly
    let value = 0;
    for (let c = 0; c < W; c++) value = value * 2 + (raw.charCodeAt(c) === 82 ? 1 : 0);  // 82: "R"
    return value;
  }
  const row = rstripBlank(raw);
  let column = 0, value = 0;
  for (const ch of row) {
    column++;
    if (ch !== "W" && ch !== "R") throw new InvalidStaircase(format(INPUT.bad_piece, {char: pyRepr(ch), step}), line, column);
    value = value * 2 + (ch === "R" ? 1 : 0);
  }
  if (row.length !== W) throw new InvalidStaircase(format(INPUT.bad_length, {step, count: row.length, width: W}),
    line, Math.min(row.length, W) + 1);
  return value;
}

function readStaircase(text) {  // downwedig.reader.parse: {n, V} or an InvalidStaircase
  if (text.startsWith(INPUT.bom_char)) throw new InvalidStaircase(INPUT.bom, 1, 1);
  const newline = text.indexOf("\n"), header = newline < 0 ? text : text.slice(0, newline);
  const body = newline < 0 ? "" : text.slice(newline + 1);
  if (!rstripBlank(header) && !body.replace(/[ \t\r\n]/g, "")) throw new InvalidStaircase(INPUT.empty, 1, 1);
  const count = readN(header);
  // Blank lines after the last line with content are layout; the lines up to it are steps, then the tail.
  const content = body.replace(/[ \t\r\n]+$/, "").length, end = body.indexOf("\n", content);
  const kept = body.slice(0, end < 0 ? body.length : end), lines = kept ? kept.split("\n") : [];
  const steps = Math.min(count, lines.length), values = new (W <= 8 ? Uint8Array : Uint16Array)(steps + 2);
  for (let k = 0; k < steps; k++) values[k + 1] = checkRow(lines[k], k + 2, k + 1);
  for (let k = steps; k < lines.length; k++) {  // reader._check_tail
    const raw = lines[k];
    if (!raw.replace(/[ \t\r]/g, "")) continue;
    const stripped = lstripBlank(raw), column = raw.length - stripped.length + 1;
    const quoted = shown(headBytes(stripped, SIZES.quote_bytes, false).replace(PY_SPACE, ""));
    const what = format(count === 1 ? INPUT.step : INPUT.steps, {n: count});
    throw new InvalidStaircase(format(INPUT.after_end, {steps: what, shown: quoted}), k + 2, column);
  }
  if (steps < count) {
    const answer = steps === 0 && /^2[12]+$/.test(rstripBlank(header));  // reader.looks_like_answer
    throw new InvalidStaircase(format(answer ? INPUT.too_few_answer : INPUT.too_few, {n: count, found: steps}),
      steps + 2, 1);
  }
  if (count > SIZES.max_n) throw new InvalidStaircase(format(INPUT.n_over, {n: count, max: SIZES.max_n}), 1, 1);
  return {n: count, V: values};
}

function moveMasks(values, count) {  // downwedig.moves.move_masks: bit d-1 when step i+d exists and is in reach
  const masks = new (W <= 8 ? Uint8Array : Uint16Array)(count + 2), ones = Uint8Array.from({length: 1 << W}, (_, x) => pop(x));
  for (let i = 1; i <= count; i++) {
    let m = 0;
    for (let d = 1; d <= W && i + d <= count; d++) if (W - ones[values[i] ^ values[i + d]] >= d) m |= 1 << (d - 1);
    masks[i] = m;
  }
  return masks;
}

// The top-down tables of a staircase: G_p for p = 1..n, each numbered by its first appearance (ids[p]),
// the distinct tables themselves, and how many distinct tables G_1..G_p are (distinct[p]).  A table has a
// byte per window (2^W windows): 1 when Dina wins the day.  Day k's answer is G_k at "step k lost, the
// steps below won", the window of all ones but bit 0.
function topDown(masks, count) {
  const size = 1 << W, all = size - 1, ids = new Int32Array(count + 2), distinct = new Int32Array(count + 2);
  const tables = [], known = new Map(), next = new Map();
  const intern = g => {
    let key = "";
    for (let x = 0; x < size; x += 16) { let v = 0; for (let b = 0; b < 16 && x + b < size; b++) v |= g[x + b] << b; key += String.fromCharCode(v); }
    let id = known.get(key);
    if (id === undefined) { id = tables.length; tables.push(g); known.set(key, id); }
    return id;
  };
  let g = intern(Uint8Array.from({length: size}, (_, x) => x & 1));  // G_1: step 1's own status, bit 0
  for (let p = 1; p <= count; p++) {
    ids[p] = g;
    distinct[p] = tables.length;
    if (p === count) break;
    const m = masks[p], key = g * size + m;
    let h = next.get(key);
    if (h === undefined) {  // G_{p+1}(x) = G_p(T_p(x)), T_p(x) = x << 1 | (step p won: its moves meet a lost step)
      const from = tables[g], to = new Uint8Array(size);
      for (let x = 0; x < size; x++) to[x] = from[((x << 1) | ((m & ~x & all) ? 1 : 0)) & all];
      h = intern(to);
      next.set(key, h);
    }
    g = h;
  }
  const answer = new Uint8Array(count + 1);
  for (let k = 1; k <= count; k++) answer[k] = tables[ids[k]][all - 1] ? 1 : 2;
  return {ids, distinct, tables, answer};
}

function staircaseOf(text) {  // a staircase for useStaircase(): read, its masks, its answer and tables
  const {n: count, V: values} = readStaircase(text), masks = moveMasks(values, count);
  const tables = topDown(masks, count);
  return {n: count, V: values, M: masks, answer: tables.answer, text, tables};
}
function tablesOf(s) {  // the top-down tables of a staircase, computed once (the embedded one: when asked)
  if (!s.tables) s.tables = topDown(s.M, s.n);
  return s.tables;
}
function staircaseText(s) {  // the judge's format of a staircase
  const lines = [String(s.n)];
  for (let i = 1; i <= s.n; i++) lines.push(rowText(s.V[i]));
  return lines.join("\n") + "\n";
}
