"""Time to a playable table next to the minimal PyScript page, in one run, interleaved.

Run by `python3 build.py loadtime`, which builds dist/ first and the minimal page
(tools/measure/minimal/) in .cache/minimal/, never shipped: PyScript and Pyodide as published,
with their own stock stdlib, compressed alike. Each is served by its own server of the same kind
(tools/static_server.py: precompressed files, as a static host sends them). Each round loads both
pages, in turn, in fresh browser contexts (empty caches):

- cold: navigation to ready (ours: html.ready and #app[data-phase], i.e. a playable table);
- reload: ours once its service worker controls the page (the precache complete) and Python's
  memory snapshot is made (html[data-snapshot], pwa.js), the minimal page from the HTTP cache
  (it has no worker);
- a later reload, SETTLE_MS after the first was ready: the browser's caches as a player's later
  visits find them (Chromium keeps a wasm module's compiled code with the response it came from
  once the module has run for a while: the first reload from the service worker compiles
  Pyodide's wasm again, the later ones do not; a trace shows it);
- a reload at once (or --delays seconds) after a cold visit is ready, in a fresh context: ours
  before its service worker and Python's snapshot are ready (the snapshot is made only once the
  worker controls the page), so Python boots in its worker without the snapshot, beside the
  service worker's precache;
- cold with the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate, a mid-range phone's CPU);
- the bytes a cold visit transferred (Resource Timing transferSize: compressed bodies + headers,
  the page's and its workers');
- ours only: the player's cards on screen after a reload (the cold visit waits for the player's
  turn first): the later of when they are first in the DOM (boot.js paints the kept table) and
  the first contentful paint, from navigation.

Times are taken in the page (performance.now() when a MutationObserver first sees the ready
selector), so Playwright's polling adds nothing. Then one page of each, alone in the browser:
its renderer's resident memory. Prints medians of --runs rounds and our/minimal ratios.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
MINIMAL = ROOT / ".cache" / "minimal"  # (build.py's MINIMAL)
sys.path.insert(0, str(ROOT / "tools"))
from static_server import start_server  # noqa: E402

PAGES = {  # each page: the folder served, the address in it, what shows it ready
    "minimal PyScript page": (MINIMAL, "index.html", "html.ready"),
    "Chkobba table": (DIST, "index.html?seed=1&pace=0", "html.ready #app[data-phase]"),
}
VIEWPORT = {"width": 360, "height": 740}
TIMEOUT_MS = 180_000
SETTLE_MS = 4_000  # a benchmark's pause, not a test's wait: lets the browser write its caches
# Records, from the page's own clock, when the ready selector first matches.
READY_CLOCK = """
(() => {
  const selector = %r;
  const seen = () => {
    if (window.__readyAt === undefined && document.querySelector(selector)) {
      window.__readyAt = performance.now();
    }
  };
  const all = { attributes: true, childList: true, subtree: true };
  new MutationObserver(seen).observe(document, all);
})();
"""
CARDS = '#app [data-zone="hand-0"] [data-card]'
CARDS_CLOCK = """
(() => {
  const seen = () => {
    if (window.__cardsAt === undefined && document.querySelector(CARDS)) {
      window.__cardsAt = performance.now();
    }
  };
  const all = { attributes: true, childList: true, subtree: true };
  new MutationObserver(seen).observe(document, all);
})();
""".replace("CARDS", repr(CARDS))
CARDS_SHOWN = """
(() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return Math.max(window.__cardsAt, paint ? paint.startTime : 0);
})()
"""
# Run in the page and in each of its workers (ours fetches Pyodide and its Python from one).
TRANSFERRED = """
[...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]
  .reduce((sum, entry) => sum + entry.transferSize, 0)
"""


# Under Node, the build's Pyodide and stdlib: ms to import the engine, then its bots, from the
# build's wheel as the page unpacks it (with or without the .pyc beside the sources).
IMPORTS = """
const [dist, wheel] = process.argv.slice(2);
const { readFileSync } = await import("node:fs");
const { loadPyodide } = await import(dist + "/pyodide/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: dist + "/pyodide/" });
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "whl", { extractDir: "/home/pyodide" });
process.stdout.write(pyodide.runPython(`
import json, time
start = time.perf_counter(); import chkobba; engine = time.perf_counter() - start
start = time.perf_counter(); import chkobba.bots; bots = time.perf_counter() - start
json.dumps([engine * 1000, bots * 1000])
`));
"""


def import_ms(dist: Path, runs: int) -> dict[str, list[float]]:
    """Median ms to import chkobba and then chkobba.bots, with the .pyc and from sources."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "imports.mjs"
        script.write_text(IMPORTS)
        [wheel] = (dist / "wheels").glob("*.whl")
        sources = Path(tmp) / "sources.whl"
        with zipfile.ZipFile(wheel) as full, zipfile.ZipFile(sources, "w") as bare:
            for name in full.namelist():
                if not name.endswith(".pyc"):
                    bare.writestr(name, full.read(name))
        for label, path in (("with .pyc", wheel), ("from sources", sources)):
            rows = [
                json.loads(
                    subprocess.run(
                        ["node", str(script), str(dist), str(path)],
                        capture_output=True,
                        text=True,
                        check=True,
                    ).stdout
                )
                for _ in range(runs)
            ]
            out[label] = [statistics.median(column) for column in zip(*rows, strict=True)]
    return out


def ready_seconds(page) -> float:
    page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS)
    return page.evaluate("window.__readyAt") / 1000


def new_page(browser, selector: str, workers: str = "allow", throttle: float = 1):
    context = browser.new_context(viewport=VIEWPORT, service_workers=workers)
    context.add_init_script(READY_CLOCK % selector)
    context.add_init_script(CARDS_CLOCK)
    page = context.new_page()
    if throttle != 1:
        page.context.new_cdp_session(page).send(
            "Emulation.setCPUThrottlingRate", {"rate": throttle}
        )
    return context, page


def cold_and_reload(browser, url: str, selector: str, ours: bool) -> tuple[float, ...]:
    """Seconds to ready cold, on reload and on a later reload, the bytes the cold visit
    transferred, and (ours) seconds to the player's cards on screen on the reload."""
    context, page = new_page(browser, selector)
    page.goto(url, wait_until="commit")
    cold = ready_seconds(page)
    transferred = page.evaluate(TRANSFERRED) + sum(w.evaluate(TRANSFERRED) for w in page.workers)
    if ours:  # wait for the offline copy (the reload is served by the worker), the snapshot
        # (the reload boots from it) and the cards
        page.wait_for_function(
            "navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS, polling=100
        )
        page.wait_for_selector("html[data-snapshot]", state="attached", timeout=TIMEOUT_MS)
        page.wait_for_selector(CARDS, timeout=TIMEOUT_MS)
    page.reload(wait_until="commit")
    reload = ready_seconds(page)
    cards = page.evaluate(CARDS_SHOWN) / 1000 if ours else float("nan")
    page.wait_for_timeout(SETTLE_MS)
    page.reload(wait_until="commit")
    later = ready_seconds(page)
    context.close()
    return cold, reload, later, transferred, cards


# Long tasks of the page's own thread, from navigation (a worker's are not the page's).
LONG_TASKS = """
(() => {
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__long.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask", buffered: true });
})();
"""
BLOCKED = """
window.__long.filter(([start]) => start < window.__readyAt)
  .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0)
"""


# How ours booted (html[data-boot]: snapshot, plain, fallback); the minimal page says nothing.
BOOT = "document.documentElement.dataset.boot || '-'"


def early_reload(browser, url: str, selector: str, delay: float) -> tuple[float, str]:
    """Seconds to ready on a reload made ``delay`` seconds after a cold visit was ready, and
    how the page booted on that reload."""
    context, page = new_page(browser, selector)
    page.goto(url, wait_until="commit")
    ready_seconds(page)
    if delay:
        page.wait_for_timeout(delay * 1000)  # the player's pause, not a test's wait
    page.reload(wait_until="commit")
    seconds = ready_seconds(page)
    boot = page.evaluate(BOOT)
    context.close()
    return seconds, boot


def reload_blocking(browser, url: str, selector: str) -> tuple[float, float]:
    """A later visit on a mid-range phone's CPU (4x slower): seconds to ready on a reload from
    the service worker and Python's snapshot, and the page thread's total blocking time until
    then (the sum of each long task's time over 50 ms), in seconds."""
    context, page = new_page(browser, selector)
    context.add_init_script(LONG_TASKS)
    page.goto(url, wait_until="commit")
    ready_seconds(page)
    page.wait_for_function(
        "navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS, polling=100
    )
    page.wait_for_selector("html[data-snapshot]", state="attached", timeout=TIMEOUT_MS)
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.reload(wait_until="commit")
    seconds = ready_seconds(page)
    blocked = page.evaluate(BLOCKED) / 1000
    context.close()
    return seconds, blocked


def throttled(browser, url: str, selector: str) -> float:
    context, page = new_page(browser, selector, workers="block", throttle=4)
    page.goto(url, wait_until="commit")
    seconds = ready_seconds(page)
    context.close()
    return seconds


def renderer_megabytes(browser, url: str, selector: str) -> float:
    """Resident memory of the page's renderer process (the largest one: only this page is open)."""
    context, page = new_page(browser, selector, workers="block")
    page.goto(url, wait_until="commit")
    ready_seconds(page)
    info = browser.new_browser_cdp_session().send("SystemInfo.getProcessInfo")
    rss = []
    for process in info["processInfo"]:
        if process["type"] == "renderer":
            status = Path(f"/proc/{process['id']}/status")
            if status.exists():
                line = next(x for x in status.read_text().splitlines() if x.startswith("VmRSS"))
                rss.append(int(line.split()[1]) / 1024)
    context.close()
    return max(rss, default=float("nan"))


def ratio(ours: float, theirs: float) -> str:
    return f"{ours / theirs:5.2f}x"


def print_early(early: dict[tuple[str, float], list[tuple[float, str]]], delays: list[float]):
    """The early reloads: each page's median, ours' boots, the ratio of the medians and its
    range over the runs (each run's ratio of ours to the minimal page's)."""
    for delay in delays:
        minimal = early[("minimal PyScript page", delay)]
        ours = early[("Chkobba table", delay)]
        theirs, mine = (statistics.median(s for s, _ in runs) for runs in (minimal, ours))
        each = sorted(o / m for (o, _), (m, _) in zip(ours, minimal, strict=True))
        boots = ", ".join(sorted({boot for _, boot in ours}))
        runs = " ".join(f"{o:.1f}/{m:.1f}" for (o, _), (m, _) in zip(ours, minimal, strict=True))
        print(
            f"  reload {delay:g} s after the first visit: minimal {theirs:5.2f} s, Chkobba"
            f" {mine:5.2f} s (booted: {boots}), ratio {ratio(mine, theirs)}"
            f" ({each[0]:.2f}-{each[-1]:.2f}; each run, ours/minimal s: {runs})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--plain", action="store_true", help="as a plain host: no COOP/COEP")
    parser.add_argument(
        "--reloads", action="store_true", help="only the reloads (early, after the snapshot)"
    )
    parser.add_argument(
        "--delays", default="0", help="seconds after a cold visit to reload early (e.g. 0,2,4,8)"
    )
    args = parser.parse_args()
    delays = [float(d) for d in args.delays.split(",")]
    imports = {} if args.reloads else import_ms(DIST, 3)
    servers = {root: start_server(root, plain=args.plain) for root, _, _ in PAGES.values()}
    urls = {name: servers[root][1] + path for name, (root, path, _) in PAGES.items()}
    blocking = []
    rounds: dict[str, list[tuple[float, ...]]] = {name: [] for name in PAGES}
    early: dict[tuple[str, float], list[tuple[float, str]]] = {}
    memory = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium")
        for _ in range(args.runs):  # interleaved, so load on the machine hits both alike
            for name, (root, _, selector) in PAGES.items():
                url = urls[name]
                for delay in delays:
                    got = early_reload(browser, url, selector, delay)
                    early.setdefault((name, delay), []).append(got)
                ours = root == DIST
                cold, reload, later, sent, cards = cold_and_reload(browser, url, selector, ours)
                slow = float("nan") if args.reloads else throttled(browser, url, selector)
                rounds[name].append((cold, reload, later, slow, sent, cards))
            if not args.reloads:
                _, _, selector = PAGES["Chkobba table"]
                blocking.append(reload_blocking(browser, urls["Chkobba table"], selector))
        for name, (_, _, selector) in PAGES.items():
            memory[name] = (
                float("nan") if args.reloads else renderer_megabytes(browser, urls[name], selector)
            )
        browser.close()
    for server, _ in servers.values():
        server.shutdown()

    host = "a plain host (gzip, no COOP/COEP)" if args.plain else "COOP/COEP"
    print(f"median of {args.runs} interleaved runs, headless Chromium, 360x740, localhost, {host}:")
    print_early(early, delays)
    medians = {}
    for name, runs in rounds.items():
        medians[name] = cold, reload, later, slow, sent, _ = [
            statistics.median(c) for c in zip(*runs, strict=True)
        ]
        print(
            f"  {name:22} cold {cold:5.2f} s  reload {reload:5.2f} s  later {later:5.2f} s"
            f"  4x CPU cold {slow:5.2f} s  cold transfer {sent / 1e6:5.2f} MB"
            f"  renderer {memory[name]:4.0f} MB"
        )
    ours, minimal = medians["Chkobba table"], medians["minimal PyScript page"]
    print(
        f"  ratio ours/minimal     cold {ratio(ours[0], minimal[0])}  reload"
        f" {ratio(ours[1], minimal[1])}  later {ratio(ours[2], minimal[2])}"
        f"  4x CPU cold {ratio(ours[3], minimal[3])}"
    )
    print(
        "  (reload: ours once its service worker controls the page and Python's snapshot is made,"
        " from that worker; the minimal page, which has none, from the HTTP cache"
        + ("; --reloads: no 4x CPU or memory figures)" if args.reloads else ")")
    )
    print(f"  the player's cards on screen after a reload: {ours[5]:5.2f} s from navigation")
    if args.reloads:
        return
    seconds, blocked = (statistics.median(c) for c in zip(*blocking, strict=True))
    print(
        f"  a reload with the CPU slowed 4x: ready {seconds:5.2f} s, the page's thread blocked"
        f" {blocked:5.2f} s (total blocking time until ready)"
    )
    print("Pyodide under Node, the build's stdlib and wheel, median of 3 fresh interpreters:")
    for label, (engine, bots) in imports.items():
        print(f"  {label:13} import chkobba {engine:6.1f} ms, then chkobba.bots {bots:6.1f} ms")


if __name__ == "__main__":
    main()
