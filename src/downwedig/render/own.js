// The learner's own staircase (typed, pasted or opened from a file), the address (#rows=...&day=K&from=A, and
// &answers for a page that shows every answer), and the page's start.  A long paste never enters the text box: a browser lays out a box of 300,000 lines in
// seconds, while reading them takes a few hundred milliseconds, so a paste past SIZES.paste_box characters is
// read at once and the box stays free.
function hash() {
  const rows = STAIRCASE.text && n <= SIZES.address_steps ? "rows=" + staircaseRows() + "&" : "";
  return "#" + rows + "day=" + S.K + (S.first > 1 ? "&from=" + S.first : "") + (S.all ? "&answers" : "");
}
let hashWritten = 0, hashTimer = 0;
function writeHash() {  // at most a few times a second: browsers throttle history updates (a dragged slider)
  clearTimeout(hashTimer);
  const wait = hashWritten + SIZES.hash_interval_ms - performance.now();
  if (wait > 0) { hashTimer = setTimeout(writeHash, wait); return; }
  hashWritten = performance.now();
  history.replaceState(null, "", hash());
}

const staircaseRows = () => { const rows = []; for (let i = 1; i <= n; i++) rows.push(row(i)); return rows.join(","); };
function showStaircase(s, day) {  // use staircase s from day `day` (default its last), from the top
  stopAutoplay();
  useStaircase(s);
  chooseLayout();
  S.K = 0; S.first = 1; TS = null; S.told.clear();
  for (const e of [slider, input, $("win-first"), $("move-to")]) e.max = n;
  $("title").textContent = format(PAGE.title, {n});
  document.title = format(PAGE.document_title, {n});
  $("own-original").disabled = s === EMBEDDED;
  layoutStrip();
  choose(day || n);
}
function load(text, note) {  // read text as a staircase and show it, or throw the reader's refusal
  const s = staircaseOf(String(text));
  $("own-error").textContent = "";
  $("own-text").removeAttribute("aria-invalid");
  showStaircase(s);
  const small = n <= SIZES.address_steps;
  // A long text stays out of the box: the browser would lay its lines out again at every change of the page.
  if (small || $("own-text").value) $("own-text").value = small ? s.text : "";
  $("own-note").textContent = [format(small ? PAGE.loaded : PAGE.loaded_long, {n, most: SIZES.address_steps}), note]
    .filter(Boolean).join(" ");
  return state();
}
function refuse(err, box) {  // the reader's refusal in the page, the caret put where it points
  if (!(err instanceof InvalidStaircase)) throw err;
  $("own-error").textContent = err.message;
  $("own-note").textContent = "";  // (what it said of the staircase before is not about this text)
  showTab("tab-own");
  if (!box) return;
  box.setAttribute("aria-invalid", "true");
  const lines = box.value.split("\n"), at = lines.slice(0, err.line - 1).reduce((t, l) => t + l.length + 1, 0);
  box.focus();
  box.setSelectionRange(at + err.column - 1, at + err.column);
}
function loadAndShow(text, box, note) {  // a staircase the learner gave: shown with the picture in view
  try { load(text, note); } catch (err) { refuse(err, box); return; }
  $("view").scrollIntoView({block: "start"});
  announce($("own-note").textContent);
}
$("own-load").addEventListener("click", () => loadAndShow($("own-text").value, $("own-text")));
$("own-text").addEventListener("paste", e => {
  const text = e.clipboardData ? e.clipboardData.getData("text/plain") : "";
  if (text.length <= SIZES.paste_box) return;  // (a small paste goes into the box, to be edited)
  e.preventDefault();
  $("own-text").value = "";
  loadAndShow(text, null, format(PAGE.pasted, {chars: text.length}));
});
$("own-file").addEventListener("change", async () => {
  const file = $("own-file").files[0];
  if (!file) return;
  const text = await file.text(), small = text.length <= SIZES.paste_box;
  $("own-file").value = "";
  $("own-text").value = small ? text : "";  // (in the box, a refusal can point at its place)
  loadAndShow(text, small ? $("own-text") : null, format(PAGE.opened, {name: file.name}));
});
$("own-original").addEventListener("click", () => {
  showStaircase(EMBEDDED, D.day);
  $("own-text").value = n <= SIZES.address_steps ? staircaseText(EMBEDDED) : "";
  $("own-note").textContent = PAGE.original;
});

function fromHash() {
  const get = name => (new RegExp("[#&]" + name + "=([^&]*)").exec(location.hash) || [])[1];
  const answers = /[#&]answers(&|$)/.test(location.hash);
  return {day: Number(get("day")) || 0, from: Number(get("from")) || 0, rows: get("rows"), answers};
}
function followHash() {  // the staircase, day and steps the address names, and whether it shows every answer
  const {day, from, rows, answers} = fromHash();
  if (answers) S.all = true;
  if (rows !== undefined) {
    let listed = null;
    try { listed = decodeURIComponent(rows).split(",").filter(Boolean); } catch (err) {
      if (!(err instanceof URIError)) throw err;  // a % not followed by two hex digits of UTF-8
      $("own-error").textContent = format(PAGE.bad_address, {shown: shown(rows)});
      showTab("tab-own");
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
if (D.mistake) showMistake(D.mistake);
if (D.start_teaching) { startTeach(); showTab("tab-teach"); teachChanged(false); }
