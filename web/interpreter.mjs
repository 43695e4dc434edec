// Pyodide for PyScript (pyscript.toml's `interpreter`): boots from a memory snapshot of this
// build when one is kept, and as usual otherwise.
//
// A snapshot is Pyodide's memory once Python is up with the page's modules imported (made by
// snapshot.mjs after a first visit, kept in this build's service-worker cache, so it goes with
// the build). Loading it skips Python's own start-up and those imports: the README's measuring
// section has the figures. Pyodide's `_loadSnapshot` and `makeMemorySnapshot` are undocumented,
// so every failure falls back: a snapshot that does not load, or whose Python does not answer,
// is deleted and Pyodide boots without it. build.py fills in the names below.
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
  const snapshot = await kept();
  let how = "plain";
  if (snapshot) {
    try {
      // A promise: Pyodide awaits it only once its own script is loaded (read meanwhile).
      const bytes = snapshot.arrayBuffer();
      const pyodide = await boot({ ...options, _loadSnapshot: bytes });
      if (pyodide.runPython(CHECK) === "chkobba") {
        mark("snapshot");
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
