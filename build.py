#!/usr/bin/env python3
"""Build, serve and test the Chkobba web app.

    python3 build.py build      write dist/: a self-contained static site
    python3 build.py serve      build, then serve dist/ on http://localhost:8000 (--port N)
    python3 build.py test       install what the tests need, build, lint, type-check, run the suite
    python3 build.py loadtime   median time to a playable table, ours vs a minimal PyScript page
    python3 build.py lighthouse Lighthouse 12's mobile scores (installs it apart, in .cache/)
    python3 build.py bottime    the hard bot's ms per move in Pyodide (under Node) and CPython
    python3 build.py screens    screenshots of the cut, a turn, a chkobba, a score sheet...
    python3 build.py embedtime  six boards on a page against one: renderer memory, time to shown
    python3 build.py stress     reload mid-deal again and again, on both kinds of host: crashes
    python3 build.py linkwait   friends' links in Chromium and Firefox, answered up to 300 s late
    python3 build.py flood      a friend far away floods the host: its page blocked, what it says
    python3 build.py catalogs   extract the page's messages and update web/locale/*/messages.po

Only the standard library is needed to start: build.py makes .venv and installs the rest
(hatchling, the dev extras) from PyPI, PyScript, Pyodide and puppeteer-core with `npm ci`, and
Debian's chromium (and for `test` firefox-esr, webkit2gtk-driver and xvfb) with apt-get when
they are missing.
"""

from __future__ import annotations

import argparse
import ast
import base64
import contextlib
import gettext
import gzip
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import urllib.parse
import venv
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "tools"))
from static_server import ISOLATION, make_server  # noqa: E402  (tools/: the static host)

DIST = ROOT / "dist"
WEB = ROOT / "web"
GAME = WEB / "game"  # the game page: its HTML, its scripts, its Python (main.py, ui/)
BOARDS = WEB / "boards"  # the tutorial boards (their Python: board/) and the tutorial page
BOOT = WEB / "boot"  # the service worker and the scripts that boot Python
CONTENT = WEB / "content"  # build-time content: read by the build, never shipped
VENV = ROOT / ".venv"
NODE = ROOT / "node_modules"
TOOLS = ROOT / "tools"
MEASURE = TOOLS / "measure"  # the measuring commands (loadtime, lighthouse...): not tests
CACHE = ROOT / ".cache"
MINIMAL = CACHE / "minimal"  # loadtime's yardstick page, built beside dist/, never shipped
BABEL = "babel==2.18.0"
# What the build itself needs in .venv: the wheel's backend, brotli, resvg for the icons,
# Babel for the message catalogs, and LAME (lameenc) to encode the sounds tools/sounds.py makes.
BUILD_TOOLS = ("hatchling==1.33.0", "brotli==1.2.1", "resvg-py==0.5.0", BABEL, "lameenc==1.9.0")
SOUND_TOOL = TOOLS / "sounds.py"
APP_ZIP = "app.zip"  # the page's packages, .py and .pyc, unpacked beside main.py by PyScript
# The Python packages, each in its folder: the page's, the boards' and what both run (shared).
PACKAGES = {"ui": GAME / "ui", "shared": WEB / "shared", "board": BOARDS / "board"}
PAGE_PACKAGES = ("ui", "shared")  # in app.zip (the boards' zip: board and what it imports)
# What dist/ serves keeps its paths whatever the sources' layout: players' deal links, installed
# service workers and tutorial pages (dist/embed.js) know them. Each file copied as it is: its
# path in dist/ and its source in web/ (static/ is copied whole; templates are filled apart).
COPIED = {
    "index.html": "game/index.html",
    "main.py": "game/main.py",
    "screen.js": "game/screen.js",
    "sound.js": "game/sound.js",
    "friends.js": "game/friends.js",
    "static/peer.js": "game/peer.js",
    "static/guard.js": "game/guard.js",
    "static/qrcode.mjs": "vendor/qrcode.mjs",
    "static/LICENSE-qrcode.txt": "vendor/LICENSE-qrcode.txt",
    "language.js": "shared/language.js",
    "taps.js": "shared/taps.js",
    "pyodide/snapshot.mjs": "boot/snapshot.mjs",
    "board.html": "boards/board.html",
    "board-frame.js": "boards/board-frame.js",
    "board-worker.mjs": "boards/board-worker.mjs",
    "embed-demo.html": "boards/embed-demo.html",
}
# The engine's modules the page never imports (its commands)
CLI_MODULES = ("__main__", "arena", "bench", "puzzle_goals")
INTERPRETER = "interpreter.mjs"  # Pyodide as PyScript loads it: from a snapshot when one is kept
HOST = "host.js"  # starts the game's Python; knows the build's cache (for the snapshot's trial)
START_WORDS = CONTENT / "start_words.py"  # host.js's words when Python could not start
# Traced modules a snapshot does not import: they need the page (PyScript's JS modules) or are
# not the game page's (the tutorial boards').
NOT_IN_SNAPSHOT = re.compile(r"(js|pyscript|polyscript|board|__main__)(\.|$)")
ICON_BACKGROUND = "#17663f"
# Imported by PyScript only to unpack .tar.gz [files]; this page's archives are .whl and .zip.
UNUSED_BY_PYSCRIPT = {"gzip", "tarfile"}
# `from x import` / `import x, y` in Python text (PyScript's bundle holds its Python as strings)
IMPORT = re.compile(
    r"(?:\bfrom\s+([A-Za-z_][\w.]*)\s+import\b|\bimport\s+([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*))"
)
LOCALE = WEB / "locale"
LANGUAGES = ("fr", "ar", "en")
CATALOG_TOOL = ROOT / "tools" / "catalogs.py"
# Babel's default keywords (_, gettext, ngettext, pgettext...), the page's context marker and
# the lessons' plural marker.
MESSAGE_KEYWORDS = ("np_:1c,2", "Nn_:1,2")
# Where the page's and the boards' messages are written (files, and folders read whole)
MESSAGE_SOURCES = (GAME / "main.py", START_WORDS, *PACKAGES.values(), CONTENT / "lessons.py")
ARABIC_FONT = NODE / "@fontsource" / "noto-sans-arabic"
ARABIC_FONT_FILES = (  # Fontsource's Arabic-script subset (Latin text uses the system font)
    "files/noto-sans-arabic-arabic-400-normal.woff2",
    "files/noto-sans-arabic-arabic-700-normal.woff2",
    "LICENSE",
)

PYSCRIPT_DIST = NODE / "@pyscript" / "core" / "dist"
# PyScript's chunks (name-HASH.js) that only its code editor and terminals import, and only
# when a page has one (this one has neither): CodeMirror, xterm.js, the terminals' MicroPython
# and Pyodide sides. Left out of dist/: every install's precache is 0.2 MB (brotli) smaller.
PYSCRIPT_UNUSED = re.compile(r"(codemirror|xterm)[\w.-]*|(index|mpy|py)-[\w-]{8}\.js")
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


def in_venv() -> None:
    """Go on under .venv's Python, where the build tools are (this file needs only the stdlib)."""
    python = pip_install(".stamp-build", *BUILD_TOOLS)
    if Path(sys.prefix).resolve() != VENV.resolve():
        os.execv(python, [str(python), str(Path(__file__).resolve()), *sys.argv[1:]])


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


# The other engines the suite drives (tests/web/engines.py): a command of each package.
ENGINES = {"firefox-esr": "firefox-esr", "WebKitWebDriver": "webkit2gtk-driver", "Xvfb": "xvfb"}


def ensure_engines() -> None:
    """Chromium, and Debian's Firefox ESR and WebKitGTK's WebDriver (its MiniBrowser comes with
    libwebkit2gtk) with an X server for it, installed when missing."""
    ensure_chromium()
    missing = [package for command, package in ENGINES.items() if not shutil.which(command)]
    if missing:
        apt_install(*missing)


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


def copy_pyscript(out: Path, unused: re.Pattern[str] | None = None) -> None:
    """PyScript's .js and .css (core.js loads its chunks lazily), but the ``unused`` ones."""
    out.mkdir(parents=True)
    for path in sorted(PYSCRIPT_DIST.iterdir()):
        if path.suffix in (".js", ".css") and not (unused and unused.fullmatch(path.name)):
            shutil.copy2(path, out / path.name)


def pyscript_toml(wheel: str, files: list[str]) -> str:
    lines = [
        f'interpreter = "./pyodide/{INTERPRETER}"',
        "sync_main_only = true",  # main.py reaches the page by messages only (host.js)
        'plugins = ["!error"]',  # a failed start is host.js's to tell, in the page's words
        "",
        "[files]",
    ]
    lines.append(f'"./wheels/{wheel}" = "./*"')
    lines.append(f'"./{APP_ZIP}" = "./*"')
    lines += [f'"./{f}" = "./{f}"' for f in files]
    return "\n".join(lines) + "\n"


def filled(template: Path, values: dict[str, str]) -> str:
    """``template`` (a file of web/) with each ``__MARKER__`` replaced by its value."""
    text = template.read_text()
    for marker, value in values.items():
        text = text.replace(f"__{marker}__", value)
    return text


def storage_names() -> dict[str, str]:
    """What boot.js and tutorial.js must know of the page's storage, as ui/storage.py names
    it (the one place): the keys of the save, the settings and the kept table, and the kept
    table's format."""
    source = ast.parse((PACKAGES["ui"] / "storage.py").read_text())
    names = {"SAVE_KEY", "FRAME_KEY", "FORMAT", "SETTINGS_KEY"}
    values = {
        node.targets[0].id: ast.literal_eval(node.value)
        for node in source.body
        if isinstance(node, ast.Assign)
        and isinstance(node.targets[0], ast.Name)
        and node.targets[0].id in names
    }
    return {name: json.dumps(values[name]) for name in sorted(names)}


def service_worker(files: list[str], version: str) -> str:
    return filled(BOOT / "sw.js", {"VERSION": version, "FILES": json.dumps(files)})


def interpreter(wheel: str, compiled: Path, version: str) -> str:
    """web/boot/interpreter.mjs with this build's cache, Python archives and the modules a snapshot
    imports (the traced ones). Written once the build's version is known, so it is left out of
    that digest (it is made of it)."""
    traced = json.loads((compiled / "trace.json").read_text())
    modules = [name for name in traced if not NOT_IN_SNAPSHOT.match(name)]
    values = {"VERSION": version, "WHEEL": wheel, "APP": APP_ZIP, "MODULES": json.dumps(modules)}
    return filled(BOOT / INTERPRETER, values)


def imported_names() -> list[str]:
    """Names imported by main.py (run as a script, so not traced by importing it) and by
    PyScript's own Python (its bundle carries that Python as text in JS strings)."""
    names: set[str] = set()
    for path in [GAME / "main.py", *sorted(PYSCRIPT_DIST.glob("*.js"))]:
        text = path.read_text().replace("\\n", "\n")
        for module, listed in IMPORT.findall(text):
            names.update([module] if module else [n.strip() for n in listed.split(",")])
    return sorted(names - UNUSED_BY_PYSCRIPT)


def page_modules(site: Path) -> list[str]:
    """The modules the page may import: the engine's (less its command-line tools) and those of
    its packages (PAGE_PACKAGES; the boards' are traced too, then left out of the snapshot)."""
    names = []
    for path in sorted(site.rglob("*.py")):
        name = ".".join(path.relative_to(site).with_suffix("").parts).removesuffix(".__init__")
        if name.split(".")[-1] not in CLI_MODULES:
            names.append(name)
    return names


def compiled_python(wheel: Path) -> Path:
    """Trace, trim and compile the page's Python in Pyodide under Node (tools/pyodide_bundle.py);
    cached in .cache/python/ by the digest of every input."""
    stdlib = NODE / "pyodide" / "python_stdlib.zip"
    packages = {name: sorted(folder.glob("*.py")) for name, folder in PACKAGES.items()}
    tools = sorted(p for p in TOOLS.iterdir() if p.is_file())  # (not measure/)
    scripts = sorted(PYSCRIPT_DIST.glob("*.js"))
    sources = [p for paths in packages.values() for p in paths]  # (board: the tutorial boards')
    key = digest(stdlib, wheel, GAME / "main.py", *sources, *tools, *scripts)[:16]
    done = CACHE / "python" / key
    if (done / "out" / "trace.json").exists():
        return done / "out"
    work = CACHE / "python" / f"{key}.tmp"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    shutil.copy2(stdlib, work / "stdlib.zip")
    shutil.copy2(wheel, work / "wheel.whl")
    with zipfile.ZipFile(wheel) as whl:
        whl.extractall(work / "app", [n for n in whl.namelist() if n.endswith(".py")])
    for name, paths in packages.items():
        (work / "app" / name).mkdir(parents=True)
        for path in paths:
            shutil.copy2(path, work / "app" / name / path.name)
    roots = {"modules": page_modules(work / "app"), "extra": imported_names()}
    (work / "roots.json").write_text(json.dumps(roots))
    run("node", TOOLS / "pyodide_run.mjs", NODE / "pyodide", work)
    shutil.rmtree(done, ignore_errors=True)
    work.rename(done)
    return done / "out"


def stored_zip(target: Path, files: dict[str, bytes]) -> None:
    """An uncompressed zip: brotli over the whole file beats per-member deflate, and nothing is
    inflated at start-up."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as out:
        for name, data in sorted(files.items()):
            out.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), data)


def add_python(wheel: Path, compiled: Path) -> None:
    """The trimmed, compiled stdlib; the wheel and the page's modules with their .pyc beside;
    Pyodide's lock file without its package list (the page loads no Pyodide package)."""
    shutil.copy2(compiled / "python_stdlib.zip", DIST / "pyodide" / "python_stdlib.zip")
    lock = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text())
    (DIST / "pyodide" / "pyodide-lock.json").write_text(json.dumps({**lock, "packages": {}}))
    pycs = compiled / "pyc"
    with zipfile.ZipFile(wheel) as whl:
        members = {n: whl.read(n) for n in whl.namelist()}
    members |= {
        str(p.relative_to(pycs)): p.read_bytes()
        for p in (pycs / "chkobba").rglob("*.pyc")
        if p.name.split(".")[0] not in CLI_MODULES
    }
    stored_zip(DIST / "wheels" / wheel.name, members)
    app = {}
    for name in PAGE_PACKAGES:
        app |= {f"{name}/{p.name}": p.read_bytes() for p in sorted(PACKAGES[name].glob("*.py"))}
        app |= {str(p.relative_to(pycs)): p.read_bytes() for p in (pycs / name).rglob("*.pyc")}
    stored_zip(DIST / APP_ZIP, app)


def draw_icons() -> None:
    """PNG icons from web/static/icon.svg (resvg): 192 and 512 px as drawn, and a full-bleed
    version (the art inside the maskable safe zone) for maskable and apple-touch icons."""
    import resvg_py

    svg = (WEB / "static" / "icon.svg").read_text()
    inner = svg[svg.index(">") + 1 : svg.rindex("</svg>")]
    bleed = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<rect width="100" height="100" fill="{ICON_BACKGROUND}"/>'
        f'<g transform="translate(15 15) scale(0.7)">{inner}</g></svg>'
    )
    for name, text, size in (
        ("icon-192.png", svg, 192),
        ("icon-512.png", svg, 512),
        ("icon-maskable-512.png", bleed, 512),
        ("apple-touch-icon.png", bleed, 180),
    ):
        png = resvg_py.svg_to_bytes(svg_string=text, width=size, height=size)
        (DIST / "static" / name).write_bytes(bytes(png))


# The felt's grain (tiled by style.css): a table that looks like one before
# Python is up. Also what Chromium takes for the largest contentful paint on a first visit: an
# image painted at once, 256 px square, larger than any text Python paints later (the status
# line is about 5,000 px2), and not "low-entropy" (about 10 KB: over Chromium's 0.05 bit/px).
FELT_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">'
    '<filter id="f" x="0" y="0" width="100%" height="100%">'
    '<feTurbulence type="fractalNoise" baseFrequency=".8" numOctaves="1" stitchTiles="stitch"/>'
    '<feColorMatrix values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 1 0"/>'
    '<feComponentTransfer><feFuncA type="discrete" tableValues="0 0 0 0 .06 .12"/>'
    "</feComponentTransfer></filter>"
    '<rect width="256" height="256" filter="url(#f)"/></svg>'
)


def draw_felt() -> None:
    """The grain, inlined into style.css as a data: URL: painted with the first frame, with no
    request of its own to queue behind the interpreter's downloads."""
    import resvg_py

    png = bytes(resvg_py.svg_to_bytes(svg_string=FELT_SVG, width=256, height=256))
    css = DIST / "static" / "style.css"
    url = "data:image/png;base64," + base64.b64encode(png).decode()
    css.write_text(css.read_text().replace('url("felt.png")', f'url("{url}")'))


def compressed(data: bytes) -> tuple[bytes, bytes]:
    """brotli (quality 11) and gzip (level 9) of data, cached in .cache/compressed/ by digest."""
    import brotli

    key = hashlib.sha256(data).hexdigest()
    cached = CACHE / "compressed" / key[:2] / key
    br, gz = cached.with_suffix(".br"), cached.with_suffix(".gz")
    if br.exists() and gz.exists():
        return br.read_bytes(), gz.read_bytes()
    made = brotli.compress(data, quality=11), gzip.compress(data, compresslevel=9, mtime=0)
    cached.parent.mkdir(parents=True, exist_ok=True)
    for path, packed in zip((br, gz), made, strict=True):  # whole, or not there (side by side)
        part = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}")
        part.write_bytes(packed)
        os.replace(part, path)
    return made


def compress(root: Path) -> dict[Path, int]:
    """.br and .gz beside each file of ``root`` that they make at least 10% smaller; returns the
    bytes each file costs to fetch (its brotli size when it has one). The files are compressed
    side by side, one a core (brotli and zlib let go of the GIL): on a fresh clone, brotli's
    quality 11 over Pyodide's 16 MB is most of the build's time."""
    paths = sorted(p for p in root.rglob("*") if p.is_file())
    datas = [path.read_bytes() for path in paths]
    small = (b"", b"")
    with ThreadPoolExecutor(os.cpu_count()) as pool:
        made = list(pool.map(lambda data: compressed(data) if len(data) >= 256 else small, datas))
    cost = {}
    for path, data, (br, gz) in zip(paths, datas, made, strict=True):
        cost[path] = len(data)
        if br and len(br) < 0.9 * len(data):
            path.with_name(path.name + ".br").write_bytes(br)
            path.with_name(path.name + ".gz").write_bytes(gz)
            cost[path] = len(br)
    return cost


def copy_pyodide(target: Path) -> None:
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE / "pyodide" / name, target / name)


def compile_catalogs(out: Path) -> list[str]:
    """Compile each language's .po into out/locale/<lang>/LC_MESSAGES/messages.mo (Babel);
    returns their paths relative to ``out``, for pyscript.toml."""
    tool = [sys.executable, str(CATALOG_TOOL), "compile"]
    result = subprocess.run(
        [*tool, str(LOCALE), str(out / "locale"), *LANGUAGES],
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
    ensure_node_modules()
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()

    wheel = build_wheel(Path(sys.executable), DIST / "wheels")
    log(f"wheel {wheel}")
    copy_pyscript(DIST / "pyscript", PYSCRIPT_UNUSED)
    copy_pyodide(DIST / "pyodide")
    compiled = compiled_python(DIST / "wheels" / wheel)
    add_python(DIST / "wheels" / wheel, compiled)

    shutil.copytree(WEB / "static", DIST / "static")
    for rel, source in COPIED.items():
        shutil.copy2(WEB / source, DIST / rel)
    shutil.copy2(GAME / HOST, DIST / HOST)  # hashed into the build's version, then filled in
    (DIST / "boot.js").write_text(filled(BOOT / "boot.js", storage_names()))
    draw_icons()
    draw_felt()
    run(sys.executable, ROOT / "tools" / "court_art.py", DIST / "static" / "style.css")  # figures
    copy_fonts(DIST / "static" / "fonts")
    run(sys.executable, SOUND_TOOL, DIST / "static" / "sounds")  # precached like every file
    (DIST / "pyscript.toml").write_text(pyscript_toml(wheel, compile_catalogs(DIST)))
    words = json.dumps(script_words(START_WORDS))  # (from the catalogs)
    (DIST / "pwa.js").write_text(filled(GAME / "pwa.js", {"WORDS": words}))
    headers = "".join(f"  {name}: {value}\n" for name, value in ISOLATION.items())
    (DIST / "_headers").write_text(f"/*\n{headers}")
    build_embed(wheel)

    files = sorted(
        str(p.relative_to(DIST)) for p in DIST.rglob("*") if p.is_file() and p.name != "_headers"
    )
    version = digest(*(DIST / f for f in files), BOOT / INTERPRETER)[:12]  # (and its template)
    (DIST / "pyodide" / INTERPRETER).write_text(interpreter(wheel, compiled, version))
    (DIST / HOST).write_text(filled(GAME / HOST, {"VERSION": version, "WORDS": words}))
    files = sorted([*files, f"pyodide/{INTERPRETER}"])
    (DIST / "sw.js").write_text(service_worker(["./", *files], version))
    cost = compress(DIST)
    size = sum(p.stat().st_size for p in cost)
    sent = sum(cost.values())
    log(
        f"dist/ written: {len(cost)} files, {size / 1e6:.1f} MB, "
        f"{sent / 1e6:.2f} MB compressed (brotli), version {version}"
    )


# --- boards for tutorial pages (issue 14) --------------------------------------------------

TUTORIAL_TOOL = ROOT / "tools" / "tutorial_page.py"


def board_modules() -> list[Path]:
    """The boards' Python: board/*.py and the modules of PACKAGES they import, transitively (of
    shared: the card markup, the game's words, the language), no more: an import made for the
    type checker only (``if TYPE_CHECKING:``) is not run, so it brings nothing."""
    todo = sorted(PACKAGES["board"].glob("*.py"))
    found: set[Path] = set()
    while todo:
        path = todo.pop()
        if path in found:
            continue
        found.add(path)
        package = path.parent.name
        tree = ast.parse(path.read_text())
        typing_only = {
            id(inner)
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
            for inner in ast.walk(node)
        }
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
                names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            elif isinstance(node, ast.ImportFrom) and node.level == 1:
                names = [f"{package}.{node.module or alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                top, _, rest = name.partition(".")
                folder = PACKAGES.get(top)
                module = folder / f"{rest or '__init__'}.py" if folder else None
                if module and module.exists():
                    todo += [module, module.parent / "__init__.py"]
    return sorted(p for p in found if p.exists())


def script_words(module: Path) -> dict[str, dict[str, str]]:
    """The words a script shows without Python (embed.js before the boards' Python answers:
    board/script_words.py; host.js when Python could not start: content/start_words.py), in
    each language, from the compiled catalogs: {lang: {name: text}}, ``NAME = N_("...")``'s
    text under ``name``."""
    source = ast.parse(module.read_text())
    english = {
        node.targets[0].id: node.value.args[0].value
        for node in source.body
        if isinstance(node, ast.Assign)
        and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.args[0], ast.Constant)
    }
    words = {}
    for lang in LANGUAGES:
        with (DIST / "locale" / lang / "LC_MESSAGES" / "messages.mo").open("rb") as file:
            catalog = gettext.GNUTranslations(file)
        words[lang] = {name.lower(): catalog.gettext(text) for name, text in english.items()}
    return words


def suit_defs() -> str:
    """The suit symbols of the game page (web/game/index.html), for each board's shadow root."""
    found = re.search(r'<svg class="defs".*?</svg>', (GAME / "index.html").read_text(), re.S)
    if not found:
        sys.exit(
            'web/game/index.html has no <svg class="defs"> block: the boards draw suits from it'
        )
    return found.group(0)


def one_board(page: str) -> str:
    """embed-demo.html with its first board only: the same text, for `embedtime`."""
    boards = re.compile(r"\s*<chkobba-board\b.*?</chkobba-board>", re.S)
    first = boards.search(page)
    assert first, "embed-demo.html holds no <chkobba-board>"
    rest = boards.sub("", page[first.end() :])
    return page[: first.end()].replace("</title>", " (one board)</title>", 1) + rest


def frames_page(page: str) -> str:
    """embed-demo.html with each board in a frame of its own (board.html?...), for `embedtime`."""

    def frame(found: re.Match[str]) -> str:
        pairs = re.findall(r'([\w-]+)="([^"]*)"', found.group(1))
        query = urllib.parse.urlencode(
            {name: html.unescape(value) for name, value in pairs if name != "id"},
            quote_via=urllib.parse.quote,
        )
        return f'<iframe src="./board.html?{query}" width="100%" height="440"></iframe>'

    boards = re.compile(r"<chkobba-board\b(.*?)>\s*</chkobba-board>", re.S)
    page = boards.sub(frame, page).replace("</title>", " (six frames)</title>", 1)
    return page.replace('<script type="module" src="./embed.js"></script>', "")


def build_embed(wheel: str) -> None:
    """dist/embed.js (the element, told where its files are), board/board.zip (its Python), the
    frame form, the demo pages and the tutorial."""
    code = DIST / "board" / "board.zip"
    code.parent.mkdir()
    modules = board_modules()
    catalogs = sorted((DIST / "locale").rglob("*.mo"))  # the game's words, for the boards
    with zipfile.ZipFile(code, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, root in [*((m, m.parents[1]) for m in modules), *((c, DIST) for c in catalogs)]:
            # fixed dates: the same sources make the same zip
            info = zipfile.ZipInfo(str(path.relative_to(root)), (2020, 1, 1, 0, 0, 0))
            archive.writestr(info, path.read_bytes(), zipfile.ZIP_DEFLATED)
    config = {
        "wheel": f"wheels/{wheel}",
        "code": "board/board.zip",
        "suits": suit_defs(),
        "words": script_words(PACKAGES["board"] / "script_words.py"),
    }
    script = (BOARDS / "embed.js").read_text().replace("__CONFIG__", json.dumps(config))
    (DIST / "embed.js").write_text(script)
    (DIST / "tutorial.js").write_text(filled(BOARDS / "tutorial.js", storage_names()))
    tutorial = (BOARDS / "tutorial.html", DIST / "locale", DIST / "tutorial.html")
    run(sys.executable, TUTORIAL_TOOL, *tutorial)
    demo = (BOARDS / "embed-demo.html").read_text()
    (DIST / "embed-one.html").write_text(one_board(demo))
    (DIST / "embed-frames.html").write_text(frames_page(demo))


def build_minimal() -> None:
    """loadtime's yardstick (tools/measure/minimal/index.html) in .cache/minimal/: PyScript and
    Pyodide as published (their own stock stdlib), compressed as dist/ is."""
    shutil.rmtree(MINIMAL, ignore_errors=True)
    MINIMAL.mkdir(parents=True)
    shutil.copy2(MEASURE / "minimal" / "index.html", MINIMAL / "index.html")
    copy_pyscript(MINIMAL / "pyscript")
    copy_pyodide(MINIMAL / "pyodide")
    compress(MINIMAL)
    log(f"the minimal page written in {MINIMAL.relative_to(ROOT)}/")


# --- serving ---------------------------------------------------------------------------------


def serve(port: int, plain: bool) -> None:
    build()
    server = make_server(DIST, port, plain=plain)
    kind = "as a plain host serves it (gzip, no COOP/COEP)" if plain else "cross-origin isolated"
    print(f"Chkobba is served on http://localhost:{port}/, {kind} (Ctrl-C to stop)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


# --- testing ---------------------------------------------------------------------------------

# (in the order collected: conftest.py puts the longest files first)
PARALLEL = ["--numprocesses", "3", "--dist", "loadfile", "--no-loadscope-reorder"]


def test(pytest_args: list[str]) -> int:
    python = pip_install(".stamp-dev", "-e", ".[dev]")
    ensure_engines()
    build()
    env = {**os.environ, "CHKOBBA_DIST": str(DIST)}
    for step in (["ruff", "check", "."], ["ruff", "format", "--check", "."], ["mypy"]):
        run(python, "-m", *step, env=env)
    # Three test processes (pytest-xdist), a file each at a time: the cores are busy through
    # the browser tests, but a test that waits on a person's pace (the friends' minute) leaves
    # its process idle; a third fills it. At e9f7be2, the same checkout: 16 min 23 s of pytest
    # against 18 min 12 s with two, all 1522 passed both times.
    parallel = [] if any(a.startswith(("-n", "--numprocesses")) for a in pytest_args) else PARALLEL
    args = [*parallel, *pytest_args]
    log("pytest " + " ".join(args))
    return subprocess.run([str(python), "-m", "pytest", *args], cwd=ROOT, env=env).returncode


# The measuring commands of tools/measure/ (each reads its own options): what they need made
# ready first (the npm packages, a browser, a fresh dist/), and what they print.
PAGES = ("chromium", "dist")
MEASURES = {
    "loadtime": (
        (*PAGES, "minimal"),
        "median time to a playable table, ours vs a minimal PyScript page",
    ),
    "lighthouse": (PAGES, "Lighthouse 12's mobile scores (--plain, --both, --keep DIR)"),
    "bottime": (("node",), "the hard bot's ms per move in Pyodide (--moves N, --players 4...)"),
    "screens": (PAGES, "screenshots of what a player sees, phone and desktop"),
    "embedtime": (PAGES, "six boards on a page against one: renderer memory, time to shown"),
    "stress": (PAGES, "reload mid-deal, again and again: renderer crashes (--rounds N)"),
    "flood": (PAGES, "a friend far away floods the host: figures (--messages N --seconds S)"),
    "linkwait": (
        ("node", "engines", "dist"),
        "friends' links opened after a person's wait, each pair of engines (--waits 0,30)",
    ),
}


def measure(name: str, args: list[str]) -> int:
    """Run tools/measure/<name>.py with ``args``, the dev tools installed first."""
    python = pip_install(".stamp-dev", "-e", ".[dev]")
    needs, _ = MEASURES[name]
    if "node" in needs:
        ensure_node_modules()
    if "chromium" in needs:
        ensure_chromium()
    if "engines" in needs:
        ensure_engines()
    if "dist" in needs:
        build()
    if "minimal" in needs:
        build_minimal()
    script = MEASURE / f"{name}.py"
    return subprocess.run([str(python), str(script), *args], cwd=ROOT).returncode


def catalogs() -> int:
    """Extract the page's and the boards' messages (MESSAGE_SOURCES) into web/locale/messages.pot
    and merge them into each language's .po (new ones empty, changed ones fuzzy); English gets its
    message ids as translations, to be edited where the English should differ."""
    python = Path(sys.executable)
    pybabel = (python, "-m", "babel.messages.frontend")
    pot = LOCALE / "messages.pot"
    LOCALE.mkdir(exist_ok=True)
    keywords = [arg for k in MESSAGE_KEYWORDS for arg in ("-k", k)]
    options = ("-c", "TRANSLATORS:", "--no-location", "--sort-output", "--no-wrap")
    run(
        *pybabel,
        "extract",
        *keywords,
        *options,
        "--project",
        "Chkobba",
        "-o",
        pot,
        *MESSAGE_SOURCES,
    )
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
    p_serve.add_argument("--plain", action="store_true", help="gzip only, no COOP/COEP headers")
    p_test = sub.add_parser("test", help="lint and run every test (extra arguments go to pytest)")
    p_test.add_argument("pytest_args", nargs=argparse.REMAINDER)
    sub.add_parser("catalogs", help="extract messages, update web/locale/*/messages.po")
    for name, (_, text) in MEASURES.items():
        sub.add_parser(name, help=text)  # its options are its own script's (passed on whole)
    args, extra = parser.parse_known_args()
    if extra and args.command not in ("test", *MEASURES):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    in_venv()

    if args.command == "build":
        build()
    elif args.command == "serve":
        serve(args.port, args.plain)
    elif args.command == "test":
        return test([a for a in [*extra, *args.pytest_args] if a != "--"])
    elif args.command == "catalogs":
        return catalogs()
    elif args.command in MEASURES:
        return measure(args.command, [a for a in extra if a != "--"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
