// Pyodide for PyScript (pyscript.toml's `interpreter`): boots from a memory snapshot of this
// build when one is kept, and as usual otherwise.
//
// A snapshot is Pyodide's memory once Python is up with the page's modules imported (made by
// snapshot.mjs after a first visit, kept in this build's service-worker cache, so it goes with
// the build). Loading it skips Python's own start-up and those imports: the README's measuring
// section has the figures. Pyodide's `_loadSnapshot` and `makeMemorySnapshot` are undocumented,
// so every failure falls back: a snapshot that does not load, or whose Python does not answer,
// is deleted and Pyodide boots without it. A boot from it is also on trial until the table is
// up (TRIAL, this tab's): a tab that finds its last one still on trial (it failed later, in
// PyScript's set-up or the page's first frame, or the player reloaded before the table came)
// drops the snapshot, and the next visit makes a new one; after STRIKES such trials in a row
// this build's snapshots are refused (FAILED: pwa.js then makes none). build.py fills in the
// names below.
import { loadPyodide as boot, version } from "./pyodide.mjs";

export { version };
export const CACHE = "chkobba-__VERSION__"; // this build's cache (sw.js)
export const SNAPSHOT = new URL("./snapshot.bin", import.meta.url).href;
// The archives pyscript.toml unpacks beside main.py (the engine, the page's modules).
export const ARCHIVES = [
  [new URL("../wheels/__WHEEL__", import.meta.url).href, "whl"],
  [new URL("../__APP__", import.meta.url).href, "zip"],
];
export const MODULES = __MODULES__; // what the snapshot imports: the page's, less JS-bound ones
// Run on the restored interpreter: it must answer, and `random` must not replay the numbers
// the snapshot froze (a new match's seed comes from it).
const CHECK = "import random, chkobba; random.seed(); chkobba.__name__";
const TRIAL = "chkobba.snapshot.trial"; // sessionStorage: the build a boot from it is on trial for
const FAILED = "chkobba.snapshot.failed"; // localStorage: "<build> <trials failed in a row>"
const STRIKES = 2; // failed trials in a row after which this build's snapshots are refused

// Web storage where there is some (not in a worker; blocked storage reads as none).
function stored(kind, key) {
  try {
    return globalThis[kind]?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function store(kind, key, value) {
  try {
    if (value === null) globalThis[kind]?.removeItem(key);
    else globalThis[kind]?.setItem(key, value);
  } catch {
    // full or blocked: the trial is not kept, and a failure is only retried
  }
}

function failures() {
  const [build, count] = (stored("localStorage", FAILED) ?? "").split(" ");
  return build === CACHE ? Number(count) || 0 : 0;
}

// Puts this boot on trial until the page's table is up (html.ready, which screen.js sets with
// Python's first frame, so never before this). In a worker (a page the service worker does not
// serve) there is no page to watch, nor any trial.
function onTrial() {
  if (!globalThis.document) return;
  store("sessionStorage", TRIAL, CACHE);
  const html = document.documentElement;
  const observer = new MutationObserver(() => {
    if (!html.classList.contains("ready")) return;
    observer.disconnect();
    store("sessionStorage", TRIAL, null);
    store("localStorage", FAILED, null); // a trial passed: the count starts again
  });
  observer.observe(html, { attributes: true, attributeFilter: ["class"] });
}

export async function kept() {
  try {
    return (await caches.match(SNAPSHOT, { cacheName: CACHE })) ?? null;
  } catch {
    return null; // no Cache Storage here (an insecure origin), or it is unreadable
  }
}

async function forget() {
  try {
    await (await caches.open(CACHE)).delete(SNAPSHOT);
  } catch {
    // nothing more to do: the next visit finds it again and falls back again
  }
}

function mark(how) {
  if (globalThis.document) document.documentElement.dataset.boot = how;
}

export async function loadPyodide(options) {
  let how = "plain";
  let failed = failures();
  if (stored("sessionStorage", TRIAL) === CACHE) {
    console.warn("The last boot from Python's snapshot did not get the table up: dropped.");
    store("sessionStorage", TRIAL, null);
    failed += 1;
    store("localStorage", FAILED, `${CACHE} ${failed}`);
    await forget();
    how = "fallback";
  }
  const refused = failed >= STRIKES;
  // pwa.js then makes none:
  if (refused && globalThis.document) document.documentElement.dataset.snapshot = "refused";
  const snapshot = refused ? null : await kept();
  if (snapshot) {
    try {
      // A promise: Pyodide awaits it only once its own script is loaded (read meanwhile).
      const bytes = snapshot.arrayBuffer();
      const pyodide = await boot({ ...options, _loadSnapshot: bytes });
      if (pyodide.runPython(CHECK) === "chkobba") {
        mark("snapshot");
        onTrial();
        return pyodide;
      }
    } catch (error) {
      console.warn("Python's snapshot did not load; starting without it.", error);
    }
    await forget();
    how = "fallback";
  }
  mark(how);
  return boot(options);
}
