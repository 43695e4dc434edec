// The offline copy and the update notice (the page's JavaScript side, apart from Python).
// - Registers sw.js once the table is up (html.ready), so the precache never competes with
//   the first boot for the network and the CPU.
// - When a new build's worker is installed and waiting, shows a small "Updated — tap to
//   reload" button; a tap lets the new worker take over, then reloads. The game is saved after
//   every move, so the reload resumes it: nothing in progress is lost.
// - Once the service worker controls the page, has Python's memory snapshot made for the next
//   visits if this build has none yet (pyodide/snapshot.mjs, a worker of its own: the page and
//   its Python go on meanwhile); html[data-snapshot] says "kept" or "failed" when it is done
//   ("refused" from the start when boots from this build's snapshots kept failing).
import { pickLanguage } from "./language.js";

const sw = navigator.serviceWorker;
const html = document.documentElement;
// The notice's words in each language, from the catalogs (build.py: content/start_words.py).
const WORDS = __WORDS__;

function snapshot() {
  // Python booted from this build's snapshot (interpreter.mjs): it is kept, no worker needed.
  if (html.dataset.boot === "snapshot") {
    html.dataset.snapshot = "kept";
    return;
  }
  if (html.dataset.snapshot === "refused") return; // this build's failed (interpreter.mjs)
  const worker = new Worker("./pyodide/snapshot.mjs", { type: "module" });
  const done = (how) => {
    html.dataset.snapshot = how;
    worker.terminate();
  };
  worker.addEventListener("message", ({ data }) => {
    if (data !== "kept") console.warn("Python's snapshot was not made:", data);
    done(data === "kept" ? "kept" : "failed");
  });
  worker.addEventListener("error", () => done("failed"));
}

function controlled(callback) {
  if (sw.controller) return callback();
  sw.addEventListener("controllerchange", callback, { once: true });
}

function offer(worker) {
  if (document.querySelector(".update-notice")) return;
  const note = document.createElement("button");
  note.type = "button";
  note.className = "update-notice";
  const lang = pickLanguage([html.lang], Object.keys(WORDS)); // the table is up: Python set it
  note.lang = lang;
  note.textContent = WORDS[lang].updated;
  note.style.cssText =
    "position:fixed;left:50%;bottom:max(12px,env(safe-area-inset-bottom));z-index:1000;" +
    "transform:translateX(-50%);min-height:44px;padding:0 18px;border:0;border-radius:22px;" +
    "background:#fffdf6;color:#0d3b26;font:600 15px/44px system-ui,sans-serif;" +
    "box-shadow:0 4px 16px rgb(0 0 0 / 45%);cursor:pointer";
  note.addEventListener("click", () => {
    note.disabled = true;
    sw.addEventListener("controllerchange", () => location.reload(), { once: true });
    worker.postMessage("skip-waiting");
  });
  document.body.append(note);
}

function watch(registration) {
  if (!registration) return; // none yet, or service workers blocked (tests, private mode)
  if (registration.waiting && sw.controller) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && sw.controller) offer(worker);
    });
  });
}

function whenReady(callback) {
  if (html.classList.contains("ready")) return callback();
  const observer = new MutationObserver(() => {
    if (html.classList.contains("ready")) {
      observer.disconnect();
      callback();
    }
  });
  observer.observe(html, { attributes: true, attributeFilter: ["class"] });
}

if (sw) {
  // A page opened with an update already waiting shows the notice at once.
  sw.getRegistration().then(watch);
  whenReady(() =>
    // Refused (file://, some private modes): the game still plays, only not offline.
    sw.register("./sw.js").then((registration) => {
      watch(registration);
      controlled(snapshot);
    }, () => {}),
  );
}
