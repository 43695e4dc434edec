// The game's Python, started in a worker and spoken to by messages (main.py has the other
// side). A worker of PyScript's needs no SharedArrayBuffer when nothing in it reaches for the
// page's DOM, so Python never runs on the page's thread, on any host, with or without
// COOP/COEP: the download, the start-up, the imports and the computer's search all happen in
// the worker, and the page only writes the frames it is sent (screen.js), each in one task.
//
// - Starts Python: PyScript's `<script type="py" worker>` is added here, once this build's
//   memory snapshot has passed or failed its trial (below). A start that fails (a download
//   cut, an error in main.py, no word from the worker for START_SILENCE_MS) says so, with the
//   reason in words and a Retry button.
// - Hands Python the page's facts in its first message: the address's parameters, the game's
//   keys in localStorage, the browser's languages and motion preference, and the taps made
//   while it was starting (boot.js kept them); then each tap, Escape, and any change another
//   tab makes to the game's keys.
// - Writes to localStorage what Python asks (ui/relay.py), in order, so a move is saved before
//   the frame that shows it; tells Python of a write that failed, of the first that works
//   again, and of a save it was about to replace that another tab had changed meanwhile.
// - One tab moves for the computer in the saved match: the one the player used last (a tap, a
//   key, the tab shown again) holds the Web Lock LEAD, which the browser grants to one tab at a
//   time; other tabs follow its saves, and one of them takes the lock when that tab closes.
//   Without Web Locks every tab moves for the computer (ui/controller.py FOLLOW_MS).
//   html[data-lead] says whether this tab holds it.
// - The snapshot's trial: a boot from the snapshot is on trial (this tab's sessionStorage)
//   until the table is up; a tab that finds its last one still on trial (it answered, then
//   the page failed, or the player reloaded before the table came) drops the snapshot before
//   Python starts (the next visit makes a new one); after STRIKES such trials in a row this
//   build's snapshots are refused (html[data-snapshot="refused"]: pwa.js then makes none).
//   html[data-boot] says how Python started: snapshot, plain, or fallback (a snapshot dropped).
// - Keeps Pyodide's compiled wasm, which the worker sends once Python is up (a
//   WebAssembly.Module: a reference to the code, not a copy). V8 shares a module compiled from
//   the same bytes between the pages and workers of one renderer process while any of them holds
//   it: a worker's goes with the worker when the page reloads, a page's outlives it for a while.
//   So the reload's worker finds the wasm compiled (its hot functions optimised) instead of
//   compiling 9.6 MB again, as a page that runs Pyodide on its own thread does. Without it, a
//   reload made before Python's snapshot exists took 1.4x the minimal PyScript page's
//   (docs/boot-experiments.md).
import { drawCodes, forwarded, hashParam, linkLayer, scanAnswer, useFriends } from "./friends.js";
import { hooks } from "./pyscript/core.js";
import { keys, show } from "./screen.js";
import { pickLanguage } from "./language.js";
import { makeSounds } from "./sound.js";
import { listenTaps, readTap } from "./taps.js";

const CACHE = "chkobba-__VERSION__"; // this build's cache (sw.js), filled in by build.py
const SNAPSHOT = new URL("./pyodide/snapshot.bin", import.meta.url).href;
const TRIAL = "chkobba.snapshot.trial"; // sessionStorage: the build a boot from it is on trial for
const FAILED = "chkobba.snapshot.failed"; // localStorage: "<build> <trials failed in a row>"
const STRIKES = 2; // failed trials in a row after which this build's snapshots are refused
const PREFIX = "chkobba."; // the game's keys in localStorage
// The Web Lock held by the tab that moves for the computer, in the player's match or the daily
// deal's (two matches: tabs of each lead apart).
const LEAD = `chkobba.lead${new URLSearchParams(location.search).has("daily") ? ".daily" : ""}`;
const FILE_LIMIT = 100_000; // characters of a picked file sent to Python (stats.LIMIT: 40,000)
// No word at all from a starting worker this long is a failure (a download that stalls and
// never fails: a cut one, or a Python error, fails at once). Long: a phone on slow mobile data
// takes up to a minute for the first visit's 4 MB.
const START_SILENCE_MS = 120000;
// The zones a card tap means something in: the hand of the one holding the phone (any seat, with
// people passing it: the others show no card to tap) and the table.
const ZONES = { "hand-0": "hand", "hand-1": "hand", "hand-2": "hand", "hand-3": "hand", table: "table" };
const sounds = makeSounds(new URL("./static/sounds/", import.meta.url).href);
// The start-failure screen's words in each language, {lang: {title, retry, download, python,
// silence}}: build.py fills them in from the catalogs (web/content/start_words.py marks them), as Python
// cannot be asked when it could not start.
const WORDS = __WORDS__;

const html = document.documentElement;
const app = document.getElementById("app");
let xworker = null; // PyScript's worker, while one runs
let script = null;
let watchdog = 0;
let failed = false;
let dropped = false; // this start dropped a snapshot on trial
const failedWrites = new Set();
let leads = false; // Python asked to lead: this tab shows the saved match
let leading = false; // this tab holds LEAD
let queued = false; // this tab waits in LEAD's queue
let touched = false; // the player has tapped or typed in this tab
let compiled = null; // Pyodide's compiled wasm (above): held, never read

// --- web storage, every failure caught ---------------------------------------------------------

function storage(kind) {
  try {
    return globalThis[kind] ?? null;
  } catch {
    return null; // blocked (cookies refused, some private modes)
  }
}

function read(kind, key) {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(kind, key, value) {
  try {
    if (value === null) storage(kind).removeItem(key);
    else storage(kind).setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

function gameKeys() {
  const found = {};
  try {
    const local = storage("localStorage");
    for (let i = 0; local && i < local.length; i++) {
      const key = local.key(i);
      if (key?.startsWith(PREFIX)) found[key] = local.getItem(key);
    }
  } catch {
    // blocked: Python starts with nothing kept
  }
  return found;
}

// --- the snapshot's trial ----------------------------------------------------------------------

function failures() {
  const [build, count] = (read("localStorage", FAILED) ?? "").split(" ");
  return build === CACHE ? Number(count) || 0 : 0;
}

async function forget() {
  try {
    await (await caches.open(CACHE)).delete(SNAPSHOT);
  } catch {
    // no Cache Storage here: there is no snapshot either
  }
}

async function judgeSnapshot() {
  let count = failures();
  if (read("sessionStorage", TRIAL) === CACHE) {
    console.warn("The last boot from Python's snapshot did not get the table up: dropped.");
    write("sessionStorage", TRIAL, null);
    count += 1;
    write("localStorage", FAILED, `${CACHE} ${count}`);
    dropped = true;
    await forget();
  }
  if (count >= STRIKES) {
    html.dataset.snapshot = "refused"; // pwa.js then makes none
    await forget();
  }
}

function tableUp() {
  if (read("sessionStorage", TRIAL) !== CACHE) return;
  write("sessionStorage", TRIAL, null);
  write("localStorage", FAILED, null); // a trial passed: the count starts again
}

// --- which tab moves for the computer -----------------------------------------------------------

function drive(on) {
  leading = on;
  html.dataset.lead = on ? "yes" : "no";
  post({ type: "drive", on });
}

/** Ask for LEAD: in its queue (this tab leads when no other does), or at once (``steal``: the
 * player uses this tab; the tab that held it is told and follows). */
function lead(steal) {
  leads = true;
  if (!navigator.locks || leading) return drive(true); // (a Python started again is told)
  if (queued && !steal) return;
  html.dataset.lead = "no";
  if (!steal) queued = true;
  navigator.locks
    .request(LEAD, { steal }, () => {
      if (!steal) queued = false;
      drive(true);
      return new Promise(() => {}); // held until another tab takes it, or this one closes
    })
    .catch((error) => {
      if (!steal) queued = false;
      if (error?.name !== "AbortError") return drive(true); // no locks here after all
      drive(false);
      lead(false); // leads again if the other tab closes
    });
}

function used() {
  touched = true;
  if (leads && !leading) lead(true);
}

// --- messages ----------------------------------------------------------------------------------

function post(message) {
  xworker?.postMessage(JSON.stringify(message));
}
useFriends(post);

/** Python is up (main.py not run yet): how it started; a boot from the snapshot on trial. */
function booted(boot) {
  html.dataset.boot = boot === "plain" && dropped ? "fallback" : boot;
  if (boot === "snapshot") write("sessionStorage", TRIAL, CACHE);
}

/** main.py is ready: its first message, with what Python needs to know of the page. */
async function begin() {
  const kept = Array.isArray(window.chkobbaTaps) ? window.chkobbaTaps : [];
  window.chkobbaTaps = null; // boot.js keeps no more: taps go to Python from now on
  let motion = false;
  try {
    motion = matchMedia("(prefers-reduced-motion: reduce)").matches;
  } catch {
    // no media queries: full motion
  }
  post({
    type: "start",
    query: [...new URLSearchParams(location.search)],
    stored: gameKeys(),
    storage: storage("localStorage") !== null,
    languages: [...(navigator.languages ?? [navigator.language])].filter(Boolean),
    reduced: motion,
    taps: kept.map((target) => readTap(target, ZONES)).filter(Boolean),
    join: hashParam("join").slice(0, 4000),
    webrtc: "RTCPeerConnection" in window, // (none: this browser cannot play online)
    local: location.hash.includes("&local"), // the host asked no STUN server: neither do we
    answered: await forwarded, // an answer link opened here: taken by the inviting tab, or not
  });
}

function store({ key, value, expect }) {
  const local = storage("localStorage");
  let ok = false;
  try {
    const now = local.getItem(key);
    if (expect !== undefined && value !== null && now !== null && now !== expect) {
      post({ type: "conflict", key, value: now }); // another tab's, newer: not overwritten
      return;
    }
    if (value === null) local.removeItem(key);
    else local.setItem(key, value);
    ok = true;
  } catch {
    // full or blocked: Python is told
  }
  if (!ok) {
    failedWrites.add(key);
    post({ type: "wrote", key, ok: false, value: read("localStorage", key) });
  } else if (failedWrites.delete(key)) {
    post({ type: "wrote", key, ok: true });
  }
}

function received(data) {
  clearTimeout(watchdog);
  if (data instanceof Error) return fail(data); // PyScript's worker reports its failure so
  if (data instanceof WebAssembly.Module) {
    compiled = data;
    return;
  }
  let message;
  try {
    message = JSON.parse(data);
  } catch {
    return; // PyScript's own ("polyscript:done"...)
  }
  if (message.type === "frame") {
    show(message);
    drawCodes();
    sounds.enable(message.marks?.sound !== "off");
    if (Array.isArray(message.sounds) && message.sounds.length) sounds.play(message.sounds);
    tableUp();
  } else if (message.type === "store") {
    store(message);
  } else if (message.type === "download") {
    download(message);
  } else if (message.type.startsWith("peer-")) {
    linkLayer(message);
  } else if (message.type === "lead") {
    lead(touched);
  } else if (message.type === "booted") {
    booted(message.boot);
  } else if (message.type === "ready") {
    begin();
  } else if (message.type === "failed" && !html.classList.contains("ready")) {
    fail(message);
  }
}

// --- starting, failing, retrying ---------------------------------------------------------------

/** The reason a start failed: the page's words, and the browser's or Python's own (its last
 * line, shortened; none for "silence"). ``error`` is the worker's report ({kind, reason}), an
 * Error, or "silence". */
function reason(error) {
  const { download, python, silence } = WORDS[speaks()];
  if (error === "silence") return [silence, ""];
  const text = String(error?.reason ?? error?.message ?? error ?? "");
  const last = text.split("\n").filter(Boolean).slice(-1)[0] ?? "";
  if (error?.kind === "python") return [python, last.slice(0, 160)];
  return [download, last.slice(0, 120)];
}

/** The language the page speaks, or will: ?lang=, the kept table's, the browser's. */
function speaks() {
  const asked = new URLSearchParams(location.search).get("lang");
  const kept = "saved" in app.dataset ? html.lang : null;
  const browser = navigator.languages ?? [navigator.language];
  return pickLanguage([asked, kept, ...browser], Object.keys(WORDS));
}

function stop() {
  clearTimeout(watchdog);
  xworker?.terminate();
  xworker = null;
  script?.remove();
  script = null;
}

function fail(error) {
  if (failed) return;
  failed = true;
  console.warn("The game could not start:", error);
  stop();
  const { title, retry } = WORDS[speaks()];
  const panel = document.createElement("div");
  panel.className = "start-failure";
  panel.setAttribute("role", "alert");
  panel.lang = speaks();
  panel.dir = panel.lang === "ar" ? "rtl" : "ltr";
  const heading = document.createElement("p");
  heading.className = "title";
  heading.textContent = title;
  const [words, detail] = reason(error);
  const why = document.createElement("p");
  why.className = "reason";
  why.textContent = words;
  // The browser's or Python's text, in its own language and direction, apart from the words.
  const said = document.createElement("p");
  said.className = "detail";
  said.lang = "";
  said.dir = "auto";
  said.textContent = detail;
  said.hidden = !detail;
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = retry;
  button.addEventListener("click", () => {
    panel.remove();
    start();
  });
  panel.append(heading, why, said, button);
  html.dataset.start = "failed";
  document.body.append(panel);
  button.focus();
}

function silence() {
  clearTimeout(watchdog);
  watchdog = setTimeout(() => fail("silence"), START_SILENCE_MS);
}

async function start() {
  failed = false;
  delete html.dataset.start;
  silence();
  await judgeSnapshot();
  script = document.createElement("script");
  script.type = "py";
  script.setAttribute("worker", "");
  script.setAttribute("src", "./main.py");
  script.setAttribute("config", "./pyscript.toml");
  document.body.append(script);
}

hooks.main.onWorker.add((_, worker) => {
  xworker = worker;
  silence();
  worker.addEventListener("message", ({ data }) => received(data));
  worker.addEventListener("error", (event) => fail(event.error ?? event.message ?? "worker"));
  worker.onerror = (event) => fail(event.error ?? event.message ?? "worker");
});
addEventListener("py:progress", () => {
  if (!html.classList.contains("ready")) silence();
});

/** Hand a shared deal's link (with the daily deal's result: data-text) to the phone's share
 * sheet, or copy it (the button then says so); where neither works, the link stays shown,
 * selected, to copy by hand (the daily's result is shown so, under the button). */
async function share(button) {
  const url = new URL(button.dataset.copy, location.href).href;
  const text = button.dataset.text;
  const shared = text ? { text, url } : { url };
  try {
    if (navigator.share && navigator.canShare?.(shared)) await navigator.share(shared);
    else await navigator.clipboard.writeText(text ? `${text} ${url}` : url);
    button.textContent = button.dataset.copied;
  } catch {
    const sheet = button.closest(".sheet");
    let link = sheet?.querySelector(".deal-link");
    if (sheet && !link) {
      link = document.createElement("p");
      link.className = "deal-link";
      link.textContent = `${text ?? ""} ${url}`.trim(); // text, never HTML
      button.closest(".actions")?.after(link);
    }
    if (link) getSelection()?.selectAllChildren(link);
  }
}

/** Copy a puzzle's board line (data-line: text, not a link), then say so; where the clipboard
 * is refused, the line is shown under the buttons, selected, to copy by hand. */
async function copyLine(button) {
  const text = button.dataset.line;
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = button.dataset.copied;
  } catch {
    const row = button.closest(".actions, .more");
    let shown = row?.parentElement?.querySelector(".board-line");
    if (row && !shown) {
      shown = document.createElement("p");
      shown.className = "board-line deal-link";
      shown.textContent = text; // text, never HTML
      row.after(shown);
    }
    if (shown) getSelection()?.selectAllChildren(shown);
  }
}

/** Save ``text`` as a file named ``name`` (the statistics exported), through a link. */
function download({ name, text }) {
  const url = URL.createObjectURL(new Blob([String(text)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = String(name);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A file the player picked (input[data-file]): its text, at most FILE_LIMIT characters (a
 * longer one is refused by Python for its length), goes to Python. */
async function picked(input) {
  const file = input.files?.[0];
  input.value = ""; // the same file may be picked again
  if (!file) return;
  let text;
  try {
    text = await file.slice(0, FILE_LIMIT).text();
  } catch {
    text = ""; // unreadable: Python says the file is not one it can import
  }
  post({ type: "file", purpose: input.dataset.file, text });
}

// A form of the page (the people at the table) goes to Python whole, as its fields' pairs.
app.addEventListener("submit", (event) => {
  const form = event.target.closest?.("form[data-form]");
  if (!form) return;
  event.preventDefault();
  used();
  const fields = [...new FormData(form)].map(([name, value]) => [name, String(value)]);
  post({ type: "form", form: form.dataset.form, fields });
});

app.addEventListener("change", (event) => {
  const input = event.target.closest?.("input[type=file][data-file]");
  if (input) picked(input);
});

listenTaps(app, ZONES, (target) => {
  used();
  const copy = target.closest?.("[data-copy]");
  if (copy) return share(copy);
  const line = target.closest?.("[data-line]");
  if (line) return copyLine(line);
  const scan = target.closest?.("[data-scan]");
  if (scan) return scanAnswer(scan);
  if (window.chkobbaTaps) return; // still boot.js's to keep
  const tap = readTap(target, ZONES);
  if (tap) post({ type: "tap", action: tap[0], value: tap[1] });
});
keys(() => post({ type: "escape" }));
addEventListener("keydown", used);
addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") used();
});
addEventListener("storage", (event) => {
  if (event.key?.startsWith(PREFIX)) post({ type: "stored", key: event.key, value: event.newValue });
});

start();
