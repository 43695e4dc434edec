// <chkobba-board>: a live Chkobba position for any page, drawn by Python (web/boards/board/*.py).
// One script, one Python for all the boards of a page, in a worker (board-worker.mjs): the
// host page's thread never runs Python, so its own scripts and scrolling go on while boards
// boot. Nothing starts before the first board nears the viewport (or the reader interacts);
// each board is then a few kilobytes of state in that Python, and each answer is written in
// one task. Every word from outside (captions, errors) is set with textContent, never as HTML.
// See README.md, "Boards for tutorial pages".
import { pickLanguage } from "./language.js";
import { listenTaps, readTap } from "./taps.js";

const CONFIG = __CONFIG__; // build.py: {code, wheel, suits, words: {lang: {loading, ...}}}
const BASE = new URL(".", import.meta.url);
const ATTRIBUTES = ["position", "mode", "seat", "play", "moves", "caption", "captions", "explain", "lang", "deal"];
const EVENTS = "chkobba:";
const NEAR = "600px 0px"; // how near the viewport a board starts Python
const INTERACTIONS = ["pointerdown", "keydown"];
const ZONES = { hand: "hand", table: "table" }; // a card tapped there: an action of that name

let worker = null; // the boards' Python, once wanted
let wanted = false; // a board neared the viewport, or the reader interacted
let wantNow;
const whenWanted = new Promise((resolve) => {
  wantNow = resolve;
});
let sheets = null; // the promise of the shared stylesheets
let counter = 0;
let nextCall = 0;
const calls = new Map(); // id -> {resolve, reject}, answered in the order asked
const boards = new Set(); // the boards on the page

function url(path) {
  return new URL(path, BASE).href;
}

/** The worker, from a same-origin URL, or (embed.js served from another origin, which a
 * Worker cannot load directly) from a blob that imports it. */
function spawn() {
  const src = url("board-worker.mjs");
  if (new URL(src).origin === location.origin) return new Worker(src, { type: "module" });
  const blob = new Blob([`import ${JSON.stringify(src)};`], { type: "text/javascript" });
  return new Worker(URL.createObjectURL(blob), { type: "module" });
}

function settle(id, how, value) {
  const call = calls.get(id);
  calls.delete(id);
  call?.[how](value);
}

function down(reason) {
  for (const id of [...calls.keys()]) settle(id, "reject", new Error(reason));
  worker?.terminate();
  worker = null;
}

function python() {
  if (worker) return worker;
  try {
    worker = spawn();
  } catch (error) {
    throw new Error(`no worker: ${String(error?.message ?? error).slice(0, 120)}`);
  }
  worker.addEventListener("message", ({ data }) => {
    if ("error" in data) settle(data.id, "reject", new Error(data.error));
    else settle(data.id, "resolve", data.out);
  });
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    down(event.message || "its script could not be loaded");
  });
  worker.postMessage({ type: "start", archives: [[url(CONFIG.wheel), "whl"], [url(CONFIG.code), "zip"]] });
  return worker;
}

function send(message) {
  try {
    python().postMessage(message);
  } catch (error) {
    settle(message.id, "reject", error);
  }
}

/** One of board.glue's functions, called in the worker once Python is wanted (calls are sent
 * in the order made): its JSON answer, parsed. */
function call(op, ...args) {
  const id = ++nextCall;
  const answer = new Promise((resolve, reject) => calls.set(id, { resolve, reject }));
  whenWanted.then(() => send({ id, op, args }));
  return answer.then((text) => JSON.parse(text ?? "null"));
}

function want() {
  if (wanted) return;
  wanted = true;
  near?.disconnect();
  for (const type of INTERACTIONS) removeEventListener(type, want, true);
  wantNow();
}

const near =
  typeof IntersectionObserver === "function"
    ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), {
        rootMargin: NEAR,
      })
    : null;
if (near) for (const type of INTERACTIONS) addEventListener(type, want, { capture: true, passive: true });
else want();

/** Start the boards' Python afresh (a Retry after a start that failed). */
function restart() {
  down("restarted");
  for (const board of boards) if (board._broken) board._queue();
}

function styles() {
  sheets ??= Promise.all(
    ["static/style.css", "static/board.css"].map(async (path) => {
      const response = await fetch(url(path));
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      const text = await response.text();
      try {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(text);
        return sheet;
      } catch {
        return text; // no constructable stylesheets: a <style> per board
      }
    }),
  );
  sheets.catch(() => {
    sheets = null; // asked again on the next try
  });
  return sheets;
}

class ChkobbaBoard extends HTMLElement {
  static observedAttributes = ATTRIBUTES;

  constructor() {
    super();
    this._key = `board-${++counter}`;
    this._root = this.attachShadow({ mode: "open" });
    listenTaps(this._root, ZONES, (target) => this._tap(target));
    this._params = null; // URL parameters, when board.html made this board
    this._queued = false;
    this._broken = false; // Python could not start for it (a Retry remakes it)
  }

  connectedCallback() {
    boards.add(this);
    near?.observe(this);
    this._queue();
  }

  disconnectedCallback() {
    boards.delete(this);
    near?.unobserve(this);
    if (wanted) call("forget", this._key).catch(() => {});
  }

  attributeChangedCallback() {
    if (this.isConnected) this._queue();
  }

  /** Make the board from URL parameters (board.html): unknown names are then errors. */
  fromParams(params) {
    this._params = params;
    this._queue();
  }

  /** A command: {type: "chkobba:load", position, ...attributes} or {type: "chkobba:reset"}. */
  command(message, problem = "") {
    let text = "null";
    try {
      text = JSON.stringify(message) ?? "null";
    } catch {
      problem ||= "a message that is not plain data";
    }
    this._flush(); // a board made just before is made first: the command applies to it
    this._call("command", text, problem);
  }

  load(position) {
    this.command({ type: "chkobba:load", position: String(position) });
  }

  reset() {
    this.command({ type: "chkobba:reset" });
  }

  _queue() {
    if (this._queued) return;
    this._queued = true;
    this._loading();
    queueMicrotask(() => this._flush());
  }

  _flush() {
    if (!this._queued) return;
    this._queued = false;
    if (!this.isConnected) return;
    this._call("create", JSON.stringify(this._values()), this._params !== null, JSON.stringify(this._around()));
  }

  /** The language tags around the board, for one with no lang of its own: the nearest lang
   * attribute of the page (of the frame, for board.html), then the browser's languages. */
  _around() {
    const page = this.parentElement?.closest("[lang]")?.getAttribute("lang");
    return [...(page ? [page] : []), ...(navigator.languages ?? [])].map(String);
  }

  /** The words embed.js shows itself (loading, a start that failed), in the board's language. */
  _words() {
    const tags = [this.getAttribute("lang") ?? this._params?.lang, ...this._around()];
    return CONFIG.words[pickLanguage(tags, Object.keys(CONFIG.words))];
  }

  _values() {
    if (this._params) return this._params;
    const values = {};
    for (const name of ATTRIBUTES) if (this.hasAttribute(name)) values[name] = this.getAttribute(name);
    return values;
  }

  async _call(op, ...args) {
    let out;
    try {
      [out] = await Promise.all([call(op, this._key, ...args), this._dress()]);
      this._broken = false;
    } catch (error) {
      this._broken = true;
      const words = this._words();
      out = failure(words, words.no_start.replace("{reason}", String(error?.message ?? error).slice(0, 160)));
    }
    if (out && out.state !== "gone") this._show(out);
  }

  async _dress() {
    if (this._dressed) return;
    await whenWanted;
    const list = await styles();
    if (list.every((s) => typeof s !== "string")) this._root.adoptedStyleSheets = list;
    else this._styleText = list.map((s) => (typeof s === "string" ? s : "")).join("\n");
    this._dressed = true;
  }

  _loading() {
    if (this.dataset.state === "loading") return;
    this.dataset.state = "loading";
    this._root.innerHTML =
      '<div class="board loading" role="status"><span class="spinner"></span><span></span></div>' + LOADING_STYLE;
    this._root.querySelector(".loading span:last-child").textContent = this._words().loading;
  }

  _show(out) {
    this._root.innerHTML = (this._styleText ? "<style></style>" : "") + CONFIG.suits + out.html;
    if (this._styleText) this._root.querySelector("style").textContent = this._styleText;
    for (const el of this._root.querySelectorAll("[data-text]")) {
      el.textContent = out.texts[el.dataset.text] ?? "";
    }
    this.dataset.state = out.state;
    for (const event of out.events) this._emit(event);
  }

  _emit(event) {
    const detail = { ...event, board: this.id || "", state: this.dataset.state };
    this.dispatchEvent(new CustomEvent(EVENTS + event.type, { detail, bubbles: true, composed: true }));
  }

  _tap(target) {
    const tap = readTap(target, ZONES);
    if (tap?.[0] === "retry") restart();
    else if (tap) this._call("act", ...tap);
  }
}

// Drawn before any stylesheet is loaded: a box that keeps its place in the text, about as tall
// as the board it becomes (350-480 px from a phone to a desktop), so the text below hardly moves.
const LOADING_STYLE =
  "<style>.loading{display:flex;gap:10px;align-items:center;justify-content:center;min-height:400px;" +
  "border-radius:14px;background:#0b3a23;color:#b9d3c2;font:15px system-ui,sans-serif}" +
  ".spinner{width:20px;height:20px;border-radius:50%;border:3px solid rgba(255,255,255,.2);" +
  "border-top-color:#e9b949;animation:spin .9s linear infinite}@keyframes spin{to{transform:rotate(360deg)}}</style>";

/** A board Python could not be started for: the reason, and a Retry button. */
function failure(words, message) {
  const html =
    '<div class="board broken" role="alert"><p class="title" data-text="title"></p>' +
    '<p class="error" data-text="error"></p>' +
    '<button type="button" data-action="retry" data-text="retry"></button></div>' +
    "<style>.broken{padding:12px 16px;border-radius:14px;background:#fff4d6;color:#4a3000;" +
    "font:15px system-ui,sans-serif}.broken .title{font-weight:700;margin:0 0 4px}" +
    ".broken button{min-height:44px;margin-top:8px;padding:0 18px;border:0;border-radius:22px;" +
    "background:#0d3b26;color:#fff;font:600 15px system-ui,sans-serif;cursor:pointer}</style>";
  const texts = { title: words.cannot, error: message, retry: words.retry };
  return { state: "error", html, texts, events: [{ type: "error", message }] };
}

if (!customElements.get("chkobba-board")) customElements.define("chkobba-board", ChkobbaBoard);
