// The answer strip: lines of digits in groups of ten days, each line led by the day of its first digit, the
// digits coloured by who wins (so that a group reads as ten days, not as a number), a ? for a day not told yet.  Only the lines in sight
// are in the document, so a day change costs the same at n = 300,000 as at n = 12.
const $ = id => document.getElementById(id);
function add(parent, tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return parent.appendChild(e);
}
function addMoves(parent, tag, text, cls) {  // add(), each move "i -> j" kept on one line (not broken at its "-")
  const e = add(parent, tag, undefined, cls);
  text.split(/(\d+ -> \d+)/).forEach((part, k) => { if (k % 2) add(e, "span", part, "ply"); else e.append(part); });
  return e;
}
const strip = $("strip"), inner = $("strip-inner"), LINE = SIZES.strip_line, GROUP = SIZES.strip_group;
let perRow = GROUP, charWidth = 0, painted = -1, paintedHidden = false;
// The strip's scroll position and height, kept here: reading them from the strip after the picture changed
// would make the browser lay the page out twice per day chosen.
let stripTop = 0, stripHeight = 0;
const stripLines = () => Math.ceil(n / perRow);
function layoutStrip() {
  if (!charWidth) {  // the width of a digit, measured once
    const probe = add(inner, "span", "0".repeat(GROUP), "group");
    charWidth = probe.getBoundingClientRect().width / (GROUP + SIZES.strip_group_extra);
    probe.remove();
  }
  const ruler = (String(n).length + 1) * charWidth, group = (GROUP + SIZES.strip_group_extra) * charWidth;
  perRow = GROUP * Math.max(1, Math.floor((strip.clientWidth - ruler - SIZES.strip_margin) / group));
  stripHeight = Math.min(SIZES.strip_lines, stripLines()) * LINE;
  inner.style.height = stripLines() * LINE + "px";
  // Whole lines and nothing more (the strip's border is outside its height): a line is never cut in half at
  // the top or the bottom, whether the strip is scrolled to the chosen day's line or to the end.
  strip.style.height = stripHeight + "px";
  stripTop = strip.scrollTop;
  painted = -1;
}
function paintStrip(force) {  // the lines in sight and one more on each side, as one string of HTML
  const top = Math.floor(stripTop / LINE), lines = Math.ceil(stripHeight / LINE);
  if (!force && painted === top) return;
  painted = top; paintedHidden = spoilersHidden();
  const from = Math.max(0, top - 1), to = Math.min(stripLines() - 1, top + lines + 1);
  const rulerWidth = String(n).length * charWidth, html = [], k = S.K;
  const runs = (a, b) => {  // days a..b: Dina's 1s in the group's colour, runs of Dima's 2s and untold ?s in spans
    let t = "";
    for (let d = a; d <= b; d++) {
      if (!told(d)) {
        let e = d;
        while (e < b && !told(e + 1)) e++;
        t += `<span class="untold">${PAGE.digit_hidden.repeat(e - d + 1)}</span>`;
        d = e;
        continue;
      }
      if (ANSWER[d] === 1) { t += "1"; continue; }
      let e = d;
      while (e < b && ANSWER[e + 1] === 2) e++;
      t += `<span class="w2">${"2".repeat(e - d + 1)}</span>`;
      d = e;
    }
    return t;
  };
  for (let r = from; r <= to; r++) {
    const start = r * perRow + 1, end = Math.min(n, start + perRow - 1);
    html.push(`<div class="strip-row" style="top:${r * LINE}px"><span class="ruler" style="width:${rulerWidth}px">${start}</span>`);
    for (let a = start; a <= end; a += GROUP) {  // a group of days; the chosen one has its own element
      const b = Math.min(end, a + GROUP - 1);
      html.push(`<span class="group w1" data-day="${a}" title="${format(PAGE.group, {first: a, last: b})}">`);
      if (a <= k && k <= b) {
        const digit = spoilersHidden() ? PAGE.digit_hidden : ANSWER[k];
        html.push(`${runs(a, k - 1)}<span class="chosen">${digit}</span>${runs(k + 1, b)}`);
      } else html.push(runs(a, b));
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
  if (r * LINE < stripTop || (r + 1) * LINE > stripTop + stripHeight) {
    const middle = (r - Math.floor(stripHeight / LINE / 2)) * LINE;  // (whole lines: none cut at the top)
    stripTop = Math.max(0, Math.min(stripLines() * LINE - stripHeight, middle));
    strip.scrollTop = stripTop;
  }
  paintStrip(true);
}
strip.addEventListener("scroll", () => { stripTop = strip.scrollTop; paintStrip(false); });
inner.addEventListener("click", e => {
  const group = e.target.closest("[data-day]"), k = group ? digitAt(group, e.clientX) : 0;
  if (k) choose(k);
});
strip.addEventListener("keydown", e => {
  const page = perRow * Math.max(1, Math.floor(stripHeight / LINE));
  const to = {ArrowLeft: S.K - 1, ArrowRight: S.K + 1, ArrowUp: S.K - perRow, ArrowDown: S.K + perRow,
    PageUp: S.K - page, PageDown: S.K + page, Home: 1, End: n}[e.key];
  if (to !== undefined) { e.preventDefault(); choose(Math.min(n, Math.max(1, to))); }
});
