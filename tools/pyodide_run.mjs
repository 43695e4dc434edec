// Run tools/pyodide_bundle.py inside the pinned Pyodide under Node (only a Python 3.14 writes
// 3.14 bytecode). Usage: node pyodide_run.mjs PYODIDE_DIR WORK_DIR
// WORK_DIR holds the inputs (stdlib.zip, wheel.whl, app/, roots.json) and receives out/.
import { readFileSync } from "node:fs";

const [pyodideDir, work] = process.argv.slice(2);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
// PYTHONNODEBUGRANGES: code objects without column offsets (a traceback's ^^^ marks), a
// quarter smaller compressed; file and line numbers stay.
const env = { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" };
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", env });

// The page's modules import `from pyscript import document, window`: a stand-in that answers
// every attribute, call and `new` with itself is enough for their import-time code.
const stub = new Proxy(function () {}, {
  get: (_, key) => (key === Symbol.toPrimitive ? () => "" : stub),
  apply: () => stub,
  construct: () => stub,
});
pyodide.registerJsModule("pyscript", { document: stub, window: stub });

pyodide.FS.mkdirTree("/work");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: work }, "/work");
// Unpack the wheel the way PyScript's [files] "./*" does, so the trace sees what that imports.
pyodide.unpackArchive(new Uint8Array(readFileSync(work + "/wheel.whl")), "whl", { extractDir: "/tmp/site" });
const script = new URL("./pyodide_bundle.py", import.meta.url);
pyodide.runPython(readFileSync(script, "utf8"), { filename: "pyodide_bundle.py" });
