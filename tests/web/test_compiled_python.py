"""The build's Python, run in its own Pyodide under Node as the page unpacks it: the engine loads
from its .pyc (nothing compiled at start-up), and tracebacks still name file and line."""

from __future__ import annotations

import json
import shutil
import subprocess

from conftest import load_build

DIST = load_build().DIST

RUNNER = """
const [dist, wheel, code] = process.argv.slice(2);
const { readFileSync } = await import("node:fs");
const { loadPyodide } = await import(dist + "/pyodide/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: dist + "/pyodide/" });
const home = { extractDir: "/home/pyodide" };
for (const [file, format] of [[wheel, "whl"], [dist + "/app.zip", "zip"]]) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(file)), format, home);
}
process.stdout.write(pyodide.runPython(code));
"""

PROBE = """
import importlib._bootstrap_external as external, json, sys, traceback

compiled = []
to_code = external.SourceLoader.source_to_code
external.SourceLoader.source_to_code = lambda self, data, path, *a, **k: (
    compiled.append(path), to_code(self, data, path, *a, **k))[1]
import chkobba, chkobba.bots, ui.model, ui.render
from chkobba import Game, Rules

def trace(action):
    try:
        action()
    except Exception:
        return traceback.format_exc()

json.dumps({
    "compiled": compiled,
    "engine": trace(lambda: Game.new(Rules(), seed=7).play("keep").play("3D")),
    "stdlib": trace(lambda: json.loads("{")),
    "stdlib_file": json.decoder.__file__,
    "zip_sources": [n for n in __import__("zipfile").ZipFile(sys.path[1]).namelist()
                    if n.endswith(".py")],
})
"""


def run_in_pyodide(tmp_path) -> dict:
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide here"
    script = tmp_path / "run.mjs"
    script.write_text(RUNNER)
    [wheel] = (DIST / "wheels").glob("*.whl")
    done = subprocess.run(
        [node, str(script), str(DIST), str(wheel), PROBE], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_the_page_python_loads_precompiled_and_its_tracebacks_name_file_and_line(tmp_path):
    result = run_in_pyodide(tmp_path)
    assert result["compiled"] == []  # every module came from a .pyc
    assert result["zip_sources"] == []  # the stdlib zip holds bytecode only
    engine = result["engine"]
    assert 'chkobba/game.py", line ' in engine and "IllegalMove" in engine
    assert "raise " in engine  # the engine's sources ship beside its .pyc: lines are shown
    source = result["stdlib_file"].removesuffix("c")  # /lib/python314.zip/json/decoder.py
    assert source.endswith(".zip/json/decoder.py")
    assert f'File "{source}", line ' in result["stdlib"]
    assert "JSONDecodeError" in result["stdlib"]
