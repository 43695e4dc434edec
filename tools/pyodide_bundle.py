"""Inside Pyodide under Node (tools/pyodide_run.mjs): trace, trim and compile the page's Python.

1. Trace: import the page's modules (roots.json "modules": the engine wheel's and those of the
   Python packages, ui, shared and board) and the names main.py and PyScript's own Python import
   (roots.json "extra", read by build.py from their text), on top of what Pyodide's start-up
   imports; every module then in sys.modules is needed, plus the SAFETY list below.
2. Trim and compile: out/python_stdlib.zip holds only those modules, as sourceless .pyc files
   (tracebacks name file and line: each code object keeps the path the source had in the zip).
3. Compile the app: out/pyc/<dir>/__pycache__/<name>.cpython-314.pyc for every .py under app/.

All .pyc are unchecked-hash pycs (PEP 552, flags 0b01): nothing is re-validated at start-up.
All are compiled without their docstrings (asserts and line numbers kept): 25% smaller; and
without column offsets (PYTHONNODEBUGRANGES, set by pyodide_run.mjs: a traceback loses its ^^^
marks under the failing expression, not its file and line): a further 25% smaller compressed
(wheel and app.zip 192 -> 157 kB brotli, the stdlib zip 821 -> 613 kB). The app's sources ship
beside their .pyc, so tracebacks show its lines too.
"""

import ast
import contextlib
import importlib
import importlib.util
import json
import marshal
import os
import sys
import zipfile
from pathlib import Path

WORK = Path("/work")
OUT = WORK / "out"

# Imported only on some paths at run time (so a trace can miss them), small, and wanted there.
SAFETY = [
    # codecs are looked up by name: bytes.decode("latin-1"), zip member names (cp437), urls (idna)
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.utf_8_sig",
    "encodings.utf_16",
    "encodings.utf_32",
    "encodings.cp437",
    "encodings.idna",
    "encodings.raw_unicode_escape",
    "encodings.unicode_escape",
    "stringprep",  # for idna
    # PyScript's error display
    "traceback",
    "linecache",
    "tokenize",
]


def is_docstring(statement: ast.stmt) -> bool:
    value = getattr(statement, "value", None)
    return (
        isinstance(statement, ast.Expr)
        and isinstance(value, ast.Constant)
        and isinstance(value.value, str)
    )


def without_docstrings(tree: ast.Module) -> ast.Module:
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, kinds) and body and is_docstring(body[0]):
            docstring = body.pop(0)
            if not body:
                body.append(ast.Pass(lineno=docstring.lineno, col_offset=docstring.col_offset))
    return tree


def pyc(source: bytes, filename: str, docstrings: bool = True) -> bytes:
    tree = ast.parse(source, filename)
    if not docstrings:
        tree = without_docstrings(tree)
    code = compile(tree, filename, "exec", dont_inherit=True)
    flags = (0b01).to_bytes(4, "little")  # hash-based, unchecked
    return (
        importlib.util.MAGIC_NUMBER
        + flags
        + importlib.util.source_hash(source)
        + marshal.dumps(code)
    )


def trace(roots: dict[str, list[str]]) -> set[str]:
    sys.path.insert(0, "/tmp/site")
    sys.path.insert(0, str(WORK / "app"))
    for name in roots["extra"] + SAFETY:
        # A name in PyScript's bundle may be no module of this Python (js, ujson...).
        with contextlib.suppress(ImportError):
            importlib.import_module(name)
    for name in roots["modules"]:
        importlib.import_module(name)  # the page's own: a failure here is a build error
    # Frozen modules (os, io, codecs, importlib._bootstrap...) live in the interpreter itself.
    return {n for n, m in sys.modules.items() if getattr(m.__spec__, "origin", "") != "frozen"}


def module_entry(name: str, names: set[str]) -> str | None:
    path = name.replace(".", "/")
    for candidate in (f"{path}/__init__.py", f"{path}.py"):
        if candidate in names:
            return candidate
    return None


def fixed(name: str) -> zipfile.ZipInfo:
    """A zip member dated at a fixed time, not the clock's: the same inputs, the same bytes."""
    return zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))


def trimmed_stdlib(modules: set[str]) -> tuple[int, int]:
    source = zipfile.ZipFile(WORK / "stdlib.zip")
    names = set(source.namelist())
    keep = {entry for m in modules if (entry := module_entry(m, names))}
    # Data files (not .py) of the packages kept, e.g. a package's templates.
    dirs = {os.path.dirname(n) + "/" for n in keep if n.endswith("__init__.py")}
    keep |= {n for n in names if not n.endswith((".py", "/")) and os.path.dirname(n) + "/" in dirs}
    # Where the zip sits on sys.path in the page: code objects carry that path for tracebacks.
    base = next(p for p in sys.path if p.endswith(".zip"))
    OUT.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(OUT / "python_stdlib.zip", "w", zipfile.ZIP_STORED) as out:
        for name in sorted(keep):
            data = source.read(name)
            if name.endswith(".py"):
                out.writestr(fixed(name + "c"), pyc(data, f"{base}/{name}", docstrings=False))
            else:
                out.writestr(fixed(name), data)
    return len(keep), len([n for n in names if n.endswith(".py")])


def compiled_app() -> int:
    app = WORK / "app"
    tag = sys.implementation.cache_tag
    count = 0
    for path in sorted(app.rglob("*.py")):
        rel = path.relative_to(app)
        target = OUT / "pyc" / rel.parent / "__pycache__" / f"{path.stem}.{tag}.pyc"
        target.parent.mkdir(parents=True, exist_ok=True)
        # The filename is fixed up to the real path by the importer (_imp._fix_co_filename).
        target.write_bytes(pyc(path.read_bytes(), f"/home/pyodide/{rel}", docstrings=False))
        count += 1
    return count


def main() -> None:
    probe = compile("x = 1", "<probe>", "exec")
    if any(column is not None for _, _, column, _ in probe.co_positions()):
        raise SystemExit("code objects keep column offsets: PYTHONNODEBUGRANGES=1 is not set")
    roots = json.loads((WORK / "roots.json").read_text())
    modules = trace(roots)
    kept, total = trimmed_stdlib(modules)
    count = compiled_app()
    (OUT / "trace.json").write_text(json.dumps(sorted(modules), indent=0))
    print(f"stdlib: {kept} of {total} modules kept, compiled; app: {count} modules compiled")


main()
