// The one way this build boots Python, for the game and for the tutorial boards alike.
//
// - The game: PyScript's `interpreter` (pyscript.toml), in the game's worker (host.js). It
//   boots from a memory snapshot of this build when one is kept, and as usual otherwise.
// - The boards (board-worker.mjs) and the snapshot's maker (snapshot.mjs): `start(archives)`,
//   Pyodide with the given archives unpacked as PyScript unpacks its [files].
//
// A snapshot is Pyodide's memory once Python is up with the page's modules imported (made by
// snapshot.mjs after a first visit, kept in this build's service-worker cache, so it goes with
// the build). Loading it skips Python's own start-up and those imports: the README's measuring
// section has the figures. Pyodide's `_loadSnapshot` and `makeMemorySnapshot` are undocumented,
// so every failure falls back: a snapshot that does not load, or whose Python does not answer,
// is deleted and Pyodide boots without it. A boot from it is on trial until the table is up,
// which host.js, on the page, keeps track of. build.py fills in the names below.
import { loadPyodide as load, version } from "./pyodide.mjs";

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

let compiled = null; // Pyodide's compiled wasm, once instantiated (boot keeps it)

/** Pyodide's loadPyodide, failing instead of hanging: Pyodide only logs a wasm it could not
 * instantiate, then waits (it has no second try), and a download cut while Emscripten
 * instantiates it may surface only as an unhandled rejection of this worker. A cut download is
 * a network error in Chromium; Firefox and WebKit take a connection closed before the promised
 * length for the body's end, so theirs is a short wasm that does not compile. Any failed
 * instantiation of the wasm, streamed or not, is the boot's failure. */
function boot(options) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  return new Promise((resolve, reject) => {
    const failed = (event) => reject(event.reason ?? event.error ?? new Error(event.message));
    const watched = (original) =>
      function (...args) {
        return original.apply(this, args).then(
          (result) => {
            if (result?.module) compiled = result.module;
            return result;
          },
          (error) => {
            reject(error);
            throw error;
          },
        );
      };
    WebAssembly.instantiate = watched(instantiate);
    WebAssembly.instantiateStreaming = watched(instantiateStreaming);
    addEventListener("unhandledrejection", failed);
    addEventListener("error", failed);
    load(options)
      .then(resolve, reject)
      .finally(() => {
        Object.assign(WebAssembly, { instantiate, instantiateStreaming });
        removeEventListener("unhandledrejection", failed);
        removeEventListener("error", failed);
      });
  });
}

/** Tells the game's page (host.js) that the start failed: "download" (Pyodide could not be
 * fetched or instantiated) or "python" (the page's Python raised). PyScript's worker reports
 * neither to the page when it has no SharedArrayBuffer. */
function tell(kind, error) {
  const reason = String(error?.message ?? error).slice(-600);
  globalThis.postMessage(JSON.stringify({ type: "failed", kind, reason }));
}

/** ``pyodide`` whose runs (PyScript runs main.py by one of them) tell the page when they raise. */
function told(pyodide) {
  for (const name of ["runPython", "runPythonAsync"]) {
    const run = pyodide[name];
    pyodide[name] = function (...args) {
      try {
        const out = run.apply(this, args);
        if (out instanceof Promise) out.catch((error) => tell("python", error));
        return out;
      } catch (error) {
        tell("python", error);
        throw error;
      }
    };
  }
  return pyodide;
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

async function fetched(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.split("/").pop()}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/** Pyodide with ``archives`` ([url, format] pairs) unpacked where PyScript unpacks its files;
 * ``options`` go to loadPyodide. */
export async function start(archives, options = {}) {
  const [pyodide, ...unpacked] = await Promise.all([
    boot(options),
    ...archives.map(([url]) => fetched(url)),
  ]);
  unpacked.forEach((bytes, i) => {
    pyodide.unpackArchive(bytes, archives[i][1], { extractDir: "/home/pyodide" });
  });
  return pyodide;
}

// PyScript's entry, in the game's worker. The page (host.js) is told how Python started, before
// PyScript runs main.py: "snapshot", "plain", or "fallback" (a snapshot that failed); and a
// start that fails, or a page's Python that raises. It is sent the compiled wasm too, which it
// holds so that the next reload's worker finds it compiled (host.js says why).
export async function loadPyodide(options) {
  let pyodide;
  try {
    pyodide = told(await started(options));
  } catch (error) {
    tell("download", error);
    throw error;
  }
  globalThis.postMessage(JSON.stringify({ type: "booted", boot: globalThis.chkobbaBoot }));
  if (compiled) globalThis.postMessage(compiled);
  return pyodide;
}

async function started(options) {
  let how = "plain";
  const snapshot = await kept();
  if (snapshot) {
    try {
      // A promise: Pyodide awaits it only once its own script is loaded (read meanwhile).
      const bytes = snapshot.arrayBuffer();
      const pyodide = await boot({ ...options, _loadSnapshot: bytes });
      if (pyodide.runPython(CHECK) === "chkobba") {
        globalThis.chkobbaBoot = "snapshot";
        return pyodide;
      }
    } catch (error) {
      console.warn("Python's snapshot did not load; starting without it.", error);
    }
    await forget();
    how = "fallback";
  }
  globalThis.chkobbaBoot = how;
  return boot(options);
}
