#!/usr/bin/env python3
"""Build, serve and test the Chkobba web app.

    python3 build.py build      write dist/: a self-contained static site
    python3 build.py serve      build, then serve dist/ on http://localhost:8000 (--port N)
    python3 build.py test       install what the tests need, build, lint, type-check, run the suite
    python3 build.py loadtime   median time to a playable table, ours vs a minimal PyScript page
    python3 build.py bottime    the hard bot's ms per move in Pyodide (under Node) and CPython
    python3 build.py screens    screenshots of the cut, a turn, a chkobba, a score sheet...
    python3 build.py catalogs   extract the page's messages and update web/locale/*/messages.po

Only the standard library is needed to start: build.py makes .venv and installs the rest
(hatchling, the dev extras) from PyPI, PyScript and Pyodide with `npm ci`, and Debian's chromium
with apt-get when it is missing.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import threading
import venv
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
VENV = ROOT / ".venv"
NODE = ROOT / "node_modules"
HATCHLING = "hatchling==1.33.0"
BABEL = "babel==2.18.0"
LOCALE = WEB / "locale"
LANGUAGES = ("fr", "ar", "en")
CATALOG_TOOL = ROOT / "tools" / "catalogs.py"
# Babel's default keywords (_, gettext, ngettext, pgettext...) and the page's context marker.
MESSAGE_KEYWORDS = ("np_:1c,2",)
ARABIC_FONT = NODE / "@fontsource" / "noto-sans-arabic"
ARABIC_FONT_FILES = (  # Fontsource's Arabic-script subset (Latin text uses the system font)
    "files/noto-sans-arabic-arabic-400-normal.woff2",
    "files/noto-sans-arabic-arabic-700-normal.woff2",
    "LICENSE",
)

PYSCRIPT_DIST = NODE / "@pyscript" / "core" / "dist"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


def log(text: str) -> None:
    print(f"[build] {text}", flush=True)


def run(*cmd: str | Path, **kwargs) -> None:
    log(" ".join(str(c) for c in cmd))
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT, **kwargs)


def digest(*paths: Path) -> str:
    h = hashlib.sha256()
    for path in paths:
        h.update(path.read_bytes())
    return h.hexdigest()


def stamped(stamp: Path, value: str) -> bool:
    return stamp.exists() and stamp.read_text() == value


# --- installing what is needed ---------------------------------------------------------------


def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv() -> Path:
    python = venv_python()
    if not python.exists():
        log(f"creating {VENV.name}")
        try:
            venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
        except (subprocess.CalledProcessError, OSError):  # Debian's python3 without ensurepip
            version = f"python3.{sys.version_info.minor}-venv"
            apt_install("python3-venv", version)
            venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    return python


def pip_install(stamp_name: str, *requirements: str) -> Path:
    """pip-install into .venv, skipped when pyproject.toml and the request are unchanged."""
    python = ensure_venv()
    stamp = VENV / stamp_name
    key = digest(ROOT / "pyproject.toml") + " ".join(requirements)
    if not stamped(stamp, key):
        run(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *requirements)
        stamp.write_text(key)
    return python


def ensure_node_modules() -> None:
    stamp = NODE / ".chkobba-lock-digest"
    key = digest(ROOT / "package-lock.json")
    if not stamped(stamp, key):
        run("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund")
        stamp.write_text(key)


def apt_install(*packages: str) -> None:
    if not shutil.which("apt-get"):
        sys.exit(f"{' '.join(packages)} missing and apt-get is not available to install it")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run("apt-get", "update", env=env)
    run("apt-get", "install", "-y", *packages, env=env)


def ensure_chromium() -> None:
    if not shutil.which("chromium"):
        apt_install("chromium", "fonts-dejavu-core")


# --- the build -------------------------------------------------------------------------------


def build_wheel(python: Path, out: Path) -> str:
    out.mkdir(parents=True)
    code = (
        "import os, sys; from hatchling.build import build_wheel; "
        "os.chdir(sys.argv[1]); print(build_wheel(sys.argv[2]))"
    )
    result = subprocess.run(
        [str(python), "-c", code, str(ROOT), str(out)], capture_output=True, text=True
    )
    if result.returncode:
        sys.exit(f"building the chkobba wheel failed:\n{result.stderr}")
    return result.stdout.strip().splitlines()[-1]


def pyscript_toml(wheel: str, modules: list[str]) -> str:
    lines = ['interpreter = "./pyodide/pyodide.mjs"', "", "[files]"]
    lines.append(f'"./wheels/{wheel}" = "./*"')
    lines += [f'"./{m}" = "./{m}"' for m in modules]
    return "\n".join(lines) + "\n"


def service_worker(files: list[str], version: str) -> str:
    template = (WEB / "sw.js").read_text()
    return template.replace("__VERSION__", version).replace("__FILES__", json.dumps(files))


def compile_catalogs(python: Path, out: Path) -> list[str]:
    """Compile each language's .po into out/locale/<lang>/LC_MESSAGES/messages.mo (Babel);
    returns their paths relative to ``out``, for pyscript.toml."""
    result = subprocess.run(
        [str(python), str(CATALOG_TOOL), "compile", str(LOCALE), str(out / "locale"), *LANGUAGES],
        capture_output=True,
        text=True,
    )
    if result.returncode:
        sys.exit(f"compiling the message catalogs failed:\n{result.stderr}")
    log(f"catalogs compiled, messages translated: {result.stdout.strip()}")
    return [f"locale/{lang}/LC_MESSAGES/messages.mo" for lang in LANGUAGES]


def copy_fonts(out: Path) -> None:
    """The Arabic-script font (Noto Sans Arabic, OFL) into out/, for the Arabic page."""
    out.mkdir(parents=True, exist_ok=True)
    for rel in ARABIC_FONT_FILES:
        shutil.copy2(ARABIC_FONT / rel, out / Path(rel).name.replace("LICENSE", "OFL.txt"))


def build() -> None:
    python = pip_install(".stamp-hatchling", HATCHLING)
    pip_install(".stamp-babel", BABEL)
    ensure_node_modules()
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()

    wheel = build_wheel(python, DIST / "wheels")
    log(f"wheel {wheel}")

    (DIST / "pyscript").mkdir()
    for path in sorted(PYSCRIPT_DIST.iterdir()):
        if path.suffix in (".js", ".css"):
            shutil.copy2(path, DIST / "pyscript" / path.name)
    (DIST / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(NODE / "pyodide" / name, DIST / "pyodide" / name)

    modules = [str(p.relative_to(WEB)) for p in sorted((WEB / "ui").glob("*.py"))]
    for rel in ["main.py", "index.html", *modules]:
        (DIST / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(WEB / rel, DIST / rel)
    shutil.copytree(WEB / "static", DIST / "static")
    copy_fonts(DIST / "static" / "fonts")
    catalogs = compile_catalogs(python, DIST)
    (DIST / "pyscript.toml").write_text(pyscript_toml(wheel, modules + catalogs))
    shutil.copytree(WEB / "minimal", DIST / "minimal")

    files = sorted(
        str(p.relative_to(DIST))
        for p in DIST.rglob("*")
        if p.is_file() and not p.is_relative_to(DIST / "minimal")
    )
    version = digest(*(DIST / f for f in files))[:12]
    (DIST / "sw.js").write_text(service_worker(["./", *files], version))
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    log(f"dist/ written: {len(files)} files, {size / 1e6:.1f} MB, version {version}")


# --- serving ---------------------------------------------------------------------------------


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".toml": "text/plain",
        ".py": "text/plain",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
    }

    def log_message(self, format: str, *args) -> None:
        if os.environ.get("CHKOBBA_SERVER_LOG"):
            super().log_message(format, *args)


def make_server(port: int, host: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    handler = functools.partial(Handler, directory=str(DIST))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def start_server(port: int = 0) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve dist/ from a background thread; returns the server and its base URL."""
    server = make_server(port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def serve(port: int) -> None:
    build()
    server = make_server(port)
    print(f"Chkobba is served on http://localhost:{port}/ (Ctrl-C to stop)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


# --- testing ---------------------------------------------------------------------------------


def test(pytest_args: list[str]) -> int:
    python = pip_install(".stamp-dev", "-e", ".[dev]")
    ensure_chromium()
    build()
    env = {**os.environ, "CHKOBBA_DIST": str(DIST)}
    for step in (["ruff", "check", "."], ["ruff", "format", "--check", "."], ["mypy"]):
        run(python, "-m", *step, env=env)
    log("pytest " + " ".join(pytest_args))
    return subprocess.run([str(python), "-m", "pytest", *pytest_args], cwd=ROOT, env=env).returncode


def loadtime(runs: int) -> int:
    python = pip_install(".stamp-dev", "-e", ".[dev]")
    ensure_chromium()
    build()
    script = ROOT / "tests" / "web" / "loadtime.py"
    return subprocess.run([str(python), str(script), "--runs", str(runs)], cwd=ROOT).returncode


def screens() -> int:
    python = pip_install(".stamp-dev", "-e", ".[dev]")
    ensure_chromium()
    build()
    script = ROOT / "tests" / "web" / "screens.py"
    return subprocess.run([str(python), str(script)], cwd=ROOT).returncode


def bottime(extra: list[str]) -> int:
    python = pip_install(".stamp-dev", "-e", ".[dev]")
    ensure_node_modules()
    script = ROOT / "tests" / "web" / "bottime.py"
    return subprocess.run([str(python), str(script), *extra], cwd=ROOT).returncode


def catalogs() -> int:
    """Extract the page's messages (web/main.py, web/ui/) into web/locale/messages.pot and
    merge them into each language's .po (new ones empty, changed ones fuzzy); English gets
    its message ids as translations, to be edited where the English should differ."""
    python = pip_install(".stamp-babel", BABEL)
    pybabel = (python, "-m", "babel.messages.frontend")
    pot = LOCALE / "messages.pot"
    LOCALE.mkdir(exist_ok=True)
    keywords = [arg for k in MESSAGE_KEYWORDS for arg in ("-k", k)]
    options = ("-c", "TRANSLATORS:", "--no-location", "--sort-output", "--no-wrap")
    sources = (WEB / "main.py", WEB / "ui")
    run(*pybabel, "extract", *keywords, *options, "--project", "Chkobba", "-o", pot, *sources)
    for lang in LANGUAGES:
        po = LOCALE / lang / "LC_MESSAGES" / "messages.po"
        step = ("update", "--ignore-obsolete") if po.exists() else ("init",)
        run(*pybabel, *step, "--no-wrap", "-i", pot, "-d", LOCALE, "-l", lang)
        if lang == "en":
            run(python, CATALOG_TOOL, "english", po)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build", help="write dist/")
    p_serve = sub.add_parser("serve", help="build, then serve dist/")
    p_serve.add_argument("--port", type=int, default=8000)
    p_test = sub.add_parser("test", help="lint and run every test (extra arguments go to pytest)")
    p_test.add_argument("pytest_args", nargs=argparse.REMAINDER)
    p_load = sub.add_parser("loadtime", help="measure time to a playable table")
    p_load.add_argument("--runs", type=int, default=5)
    p_bot = sub.add_parser("bottime", help="time the hard bot in Pyodide and CPython")
    p_bot.add_argument("bottime_args", nargs=argparse.REMAINDER, help="--moves N, --try S:MS")
    sub.add_parser("screens", help="screenshots of what a player sees, phone and desktop")
    sub.add_parser("catalogs", help="extract messages, update web/locale/*/messages.po")
    args = parser.parse_args()

    if args.command == "build":
        build()
    elif args.command == "serve":
        serve(args.port)
    elif args.command == "test":
        return test([a for a in args.pytest_args if a != "--"])
    elif args.command == "loadtime":
        return loadtime(args.runs)
    elif args.command == "screens":
        return screens()
    elif args.command == "catalogs":
        return catalogs()
    elif args.command == "bottime":
        return bottime([a for a in args.bottime_args if a != "--"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
