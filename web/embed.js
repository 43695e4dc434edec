// <chkobba-board>: a live Chkobba position for any page, drawn by Python (web/board/*.py).
// One script, one Python for all the boards of a page: the first board that appears starts
// Pyodide; each board is a few kilobytes of state in it. Every word from outside (captions,
// errors) is set with textContent, never as HTML. See README.md, "Boards for tutorial pages".
const CONFIG = __CONFIG__; // build.py: {code, wheel, suits, version}
const BASE = new URL(".", import.meta.url);
const ATTRIBUTES = ["position", "mode", "seat", "play", "moves", "caption", "captions", "explain", "lang"];
const EVENTS = "chkobba:";

let python = null; // the promise of board.glue, started once
let sheets = null; // the promise of the shared stylesheets

function url(path) {
  return new URL(path, BASE).href;
}

async function bytes(path) {
  const response = await fetch(url(path));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

function glue() {
  python ??= (async () => {
    const { loadPyodide } = await import(url("pyodide/pyodide.mjs"));
    const [py, wheel, code] = await Promise.all([
      loadPyodide({ indexURL: url("pyodide/") }),
      bytes(CONFIG.wheel),
      bytes(CONFIG.code),
    ]);
    py.unpackArchive(wheel, "wheel", { extractDir: "/home/pyodide" });
    py.unpackArchive(code, "zip", { extractDir: "/home/pyodide" });
    return py.pyimport("board.glue");
  })();
  return python;
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
  return sheets;
}

let counter = 0;

class ChkobbaBoard extends HTMLElement {
  static observedAttributes = ATTRIBUTES;

  constructor() {
    super();
    this._key = `board-${++counter}`;
    this._root = this.attachShadow({ mode: "open" });
    this._root.addEventListener("click", (event) => this._tap(event));
    this._params = null; // URL parameters, when board.html made this board
    this._queued = false;
  }

  connectedCallback() {
    this._queue();
  }

  disconnectedCallback() {
    python?.then((g) => g.forget(this._key)).catch(() => {});
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
    this._call((g) => g.command(this._key, text, problem));
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
    queueMicrotask(() => {
      this._queued = false;
      if (this.isConnected) this._create();
    });
  }

  _values() {
    if (this._params) return this._params;
    const values = {};
    for (const name of ATTRIBUTES) if (this.hasAttribute(name)) values[name] = this.getAttribute(name);
    return values;
  }

  async _create() {
    const values = JSON.stringify(this._values());
    const strict = this._params !== null;
    this._call((g) => g.create(this._key, values, strict));
  }

  async _call(action) {
    let out;
    try {
      const [g] = await Promise.all([glue(), this._dress()]);
      out = JSON.parse(action(g));
    } catch (error) {
      out = failure(`The board could not start: ${String(error?.message ?? error).slice(0, 160)}`);
    }
    if (out.state !== "gone") this._show(out);
  }

  async _dress() {
    if (this._dressed) return;
    const list = await styles();
    if (list.every((s) => typeof s !== "string")) this._root.adoptedStyleSheets = list;
    else this._styleText = list.map((s) => (typeof s === "string" ? s : "")).join("\n");
    this._dressed = true;
  }

  _loading() {
    if (this.dataset.state === "loading") return;
    this.dataset.state = "loading";
    this._root.innerHTML =
      '<div class="board loading" role="status"><span class="spinner"></span><span>Loading the board…</span></div>' +
      LOADING_STYLE;
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

  _tap(event) {
    const target = event.target;
    const button = target.closest("button[data-action]");
    if (button && !button.disabled) {
      this._call((g) => g.act(this._key, button.dataset.action, button.dataset.value ?? ""));
      return;
    }
    const card = target.closest("button[data-card]");
    const zone = card?.closest("[data-zone]");
    if (zone) this._call((g) => g.act(this._key, zone.dataset.zone, card.dataset.card));
  }
}

// Drawn before any stylesheet is loaded: a box that keeps its place in the text.
const LOADING_STYLE =
  "<style>.loading{display:flex;gap:10px;align-items:center;justify-content:center;min-height:160px;" +
  "border-radius:14px;background:#0b3a23;color:#b9d3c2;font:15px system-ui,sans-serif}" +
  ".spinner{width:20px;height:20px;border-radius:50%;border:3px solid rgba(255,255,255,.2);" +
  "border-top-color:#e9b949;animation:spin .9s linear infinite}@keyframes spin{to{transform:rotate(360deg)}}</style>";

function failure(message) {
  const html =
    '<div class="board broken" role="alert"><p class="title">This board cannot be shown</p>' +
    '<p class="error" data-text="error"></p></div>' +
    "<style>.broken{padding:12px 16px;border-radius:14px;background:#fff4d6;color:#4a3000;" +
    "font:15px system-ui,sans-serif}.broken .title{font-weight:700;margin:0 0 4px}</style>";
  return { state: "error", html, texts: { error: message }, events: [{ type: "error", message }] };
}

if (!customElements.get("chkobba-board")) customElements.define("chkobba-board", ChkobbaBoard);
