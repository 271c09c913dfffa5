// The solution's code beside the step-through: downwedig.render.teaching.CODE, a line a row (data-code-line,
// 1-based), its keywords marked, in its two programs (CODE_PARTS), each under its caption, the one not in use
// muted; the line in use lit (aria-current="step") and the code's variables under it.
const CODE = D.code, KEYWORD = /\b(def|for|in|if|elif|else|return|not)\b/g, LINES = [];
function buildCode() {
  // The comments stand in a column right of the longest line that has one (a longer line runs under it).
  const box = $("code-lines"), longest = Math.max(...CODE.filter(([, , comment]) => comment).map(([, code]) => code.length));
  box.style.setProperty("--code-width", longest + "ch");
  $("code-caption").textContent = TW.code_label;
  for (const [number, [first, last, caption]] of D.code_parts.entries()) {  // two programs, each with its caption
    const part = add(box, "div", undefined, "code-part");
    part.dataset.part = number + 1;
    add(part, "div", caption, "code-part-caption");
    for (let k = first; k <= last; k++) LINES[k] = codeLine(part, CODE[k - 1], k);
  }
}
function codeLine(box, [, code, comment], number) {  // line `number` of the code, its keywords marked
  const line = add(box, "div", undefined, "code-line");
  line.dataset.codeLine = number;
  add(line, "span", String(number), "no").setAttribute("aria-hidden", "true");
  const text = add(line, "code");
  let at = 0;
  for (const match of code.matchAll(KEYWORD)) {
    text.append(code.slice(at, match.index));
    add(text, "span", match[0], "kw");
    at = match.index + match[0].length;
  }
  text.append(code.slice(at));
  if (comment) add(line, "span", "# " + comment, "comment");
  line.style.setProperty("--indent", code.length - code.trimStart().length + "ch");  // (a narrow page's comments)
  return line;
}
function showCodePart(number) {  // the program in use (0: none) in full colour, the other muted
  for (const part of document.querySelectorAll(".code-part")) {
    part.classList.toggle("idle", !!number && Number(part.dataset.part) !== number);
  }
}
let codeLit = 0;
function showCode(number, values) {  // light line `number` (0: none) and say the variables' values
  if (number !== codeLit) {
    if (codeLit) LINES[codeLit].removeAttribute("aria-current");
    if (number) LINES[number].setAttribute("aria-current", "step");
    codeLit = number;
  }
  $("code-values").textContent = values;
}
buildCode();
