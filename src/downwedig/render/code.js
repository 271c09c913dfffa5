// The solution's code beside the step-through: downwedig.render.teaching.CODE, a line a row (data-code-line,
// 1-based), its keywords marked; the line in use lit (aria-current="step") and the code's variables under it.
const CODE = D.code, KEYWORD = /\b(def|for|in|if|elif|else|return|not)\b/g;
function buildCode() {
  // The comments stand in a column right of the longest line that has one (a longer line runs under it).
  const box = $("code-lines"), longest = Math.max(...CODE.filter(([, , comment]) => comment).map(([, code]) => code.length));
  box.style.setProperty("--code-width", longest + "ch");
  $("code-caption").textContent = TW.code_label;
  CODE.forEach(([, code, comment], k) => {
    const line = add(box, "div", undefined, "code-line");
    line.dataset.codeLine = k + 1;
    add(line, "span", String(k + 1), "no").setAttribute("aria-hidden", "true");
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
  });
}
let codeLit = 0;
function showCode(number, values) {  // light line `number` (0: none) and say the variables' values
  if (number !== codeLit) {
    const box = $("code-lines");
    if (codeLit) box.children[codeLit - 1].removeAttribute("aria-current");
    if (number) box.children[number - 1].setAttribute("aria-current", "step");
    codeLit = number;
  }
  $("code-values").textContent = values;
}
buildCode();
