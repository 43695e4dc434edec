"""Time from navigation to a playable table, cold and on reload, next to a minimal PyScript page.

Run by `python3 build.py loadtime` (which builds dist/ first). Each cold run uses a new browser
context (empty cache); the reload run reloads that same page. Prints medians of --runs runs.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import statistics
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
PAGES = {
    "minimal PyScript page": ("minimal/index.html", "html.ready"),
    "Chkobba table": ("index.html?seed=1", "html.ready #app[data-phase]"),
}


def load_build():
    spec = importlib.util.spec_from_file_location("chkobba_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def timed(page, action, selector: str) -> float:
    start = time.perf_counter()
    action()
    page.wait_for_selector(selector, timeout=120_000)
    return time.perf_counter() - start


def measure(browser, url: str, selector: str) -> tuple[float, float, float]:
    """Seconds to ready: cold, on reload, and when the outline first painted (cold)."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, service_workers="block")
    page = context.new_page()
    cold = timed(page, lambda: page.goto(url, wait_until="commit"), selector)
    paint = page.evaluate(
        "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1"
    )
    reload = timed(page, lambda: page.reload(wait_until="commit"), selector)
    context.close()
    return cold, reload, paint / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    server, base = load_build().start_server()
    results: dict[str, list[tuple[float, float, float]]] = {name: [] for name in PAGES}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium")
        for _ in range(args.runs):  # interleaved, so load on the machine hits both alike
            for name, (path, selector) in PAGES.items():
                results[name].append(measure(browser, base + path, selector))
        browser.close()
    server.shutdown()
    print(f"median of {args.runs} runs, headless Chromium, 360x740, localhost:")
    medians = {}
    for name, runs in results.items():
        cold, reload, paint = (statistics.median(column) for column in zip(*runs, strict=True))
        medians[name] = cold, reload
        print(
            f"  {name:24} cold {cold:5.2f} s   reload {reload:5.2f} s   first paint {paint:5.2f} s"
        )
    ours, minimal = medians["Chkobba table"], medians["minimal PyScript page"]
    cold, reload = ours[0] / minimal[0], ours[1] / minimal[1]
    print(f"  ratio (ours / minimal)   cold {cold:5.2f}    reload {reload:5.2f}")


if __name__ == "__main__":
    main()
