// A module worker (started by pwa.js once the service worker is active): makes this build's
// memory snapshot if none is kept (interpreter.mjs loads it). Pyodide is booted for it alone,
// the engine's and the page's archives unpacked, their modules imported; then the snapshot
// goes into the build's cache. Posts "kept" (made now or before) or "failed: ...": a full
// storage or a refusal leaves the page booting as usual.
import { ARCHIVES, CACHE, MODULES, SNAPSHOT, kept, start } from "./interpreter.mjs";

async function make() {
  const pyodide = await start(ARCHIVES, { _makeSnapshot: true });
  pyodide.runPython(`import importlib\nfor name in ${JSON.stringify(MODULES)}:\n    importlib.import_module(name)`);
  const bytes = pyodide.makeMemorySnapshot();
  const headers = { "content-type": "application/octet-stream" };
  await (await caches.open(CACHE)).put(SNAPSHOT, new Response(bytes, { headers }));
}

try {
  if (!(await kept())) await make();
  postMessage("kept");
} catch (error) {
  postMessage(`failed: ${String(error).slice(0, 200)}`);
}
