// A Python text run in Pyodide under Node, with the engine's source on its path; prints what its
// last expression gives (a string). node tools/pyodide_engine.mjs <pyodide dir> <engine dir> <code>
// (tests/test_pyodide_parity.py, tools/measure/bottime.py).
const { loadPyodide } = await import(process.argv[2] + "/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: process.argv[2] + "/" });
pyodide.FS.mkdirTree("/engine");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: process.argv[3] }, "/engine");
pyodide.runPython("import sys; sys.path.insert(0, '/engine')");
process.stdout.write(pyodide.runPython(process.argv[4]));
