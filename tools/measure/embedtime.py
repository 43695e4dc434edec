"""Six boards on a page against one: renderer memory and time until every board is shown.

Run by `python3 build.py embedtime` (which builds dist/ first). Compares dist/embed-demo.html
(six boards in running text: show, line and puzzle) with dist/embed-one.html (the same text, one
board), interleaved, --runs times each; the reader presses a key once the boards' script is
there (boards start when one nears the viewport, or the reader interacts). Each run starts a
fresh browser (so that its renderer processes hold that page only) and a cold cache, then
reloads once (warm cache).

- time: from asking for the page until every board is ready (polled on each animation frame).
  The iframe form (dist/embed-frames.html: the same six boards, each in board.html) is measured
  alongside, for comparison.
- CPU: the renderer processes' user+system seconds until every board is shown (cold): the
  work done, steadier than wall time on a loaded machine.
- memory: the PSS (proportional set size, from /proc/<pid>/smaps_rollup) of the browser's
  renderer processes, summed, once every board is shown; and the page's JS heap (CDP metrics;
  Pyodide's WebAssembly memory is outside it).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT / "tools"))
from static_server import start_server  # noqa: E402

PAGES = {
    "one board": "embed-one.html",
    "six boards": "embed-demo.html",
    "six frames": "embed-frames.html",  # the iframe form: a Python per board
}
ALL_SHOWN = """() => {
    const frames = [...document.querySelectorAll('iframe')];
    const docs = [document, ...frames.map(f => f.contentDocument)];
    const boards = docs.flatMap(d => d ? [...d.querySelectorAll('chkobba-board')] : []);
    return boards.length === document.querySelectorAll('chkobba-board, iframe').length
        && boards.every(b => b.dataset.state === 'ready'); }"""


# The boards' script has defined the element (and listens for the reader), or the page holds
# frames, whose boards each start in their own page.
READER_CAN_INTERACT = """() => customElements.get('chkobba-board') !== undefined
    || document.querySelector('iframe') !== null"""


# A framed board starts when its frame nears the viewport (and its page is there to see it):
# the reader scrolls to the first frame whose board is not shown yet, again and again.
SCROLL_THROUGH_FRAMES = """async () => {
    for (let look = 0; look < 2400; look++) {
        const waiting = [...document.querySelectorAll('iframe')].find(f =>
            f.contentDocument?.querySelector('chkobba-board')?.dataset.state !== 'ready');
        if (!waiting) return;
        waiting.scrollIntoView();
        await new Promise(r => setTimeout(r, 50));
    }
}"""


def descendants(root: int) -> list[int]:
    """Every process below ``root`` (by parent pid, read from /proc)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = [], [root]
    while frontier:
        pid = frontier.pop()
        children = [child for child, parent in parents.items() if parent == pid]
        found += children
        frontier += children
    return found


def renderer_usage() -> tuple[float, float]:
    """(PSS in MB, CPU seconds so far) of the renderer processes below this one."""
    pss, ticks = 0, 0
    for pid in descendants(os.getpid()):
        try:
            if b"--type=renderer" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    pss += int(line.split()[1])
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])  # utime, stime
        except OSError:
            continue
    return pss / 1024, ticks / os.sysconf("SC_CLK_TCK")


def timed(page, action) -> float:
    """Seconds from ``action`` (a page asked for) until every board is shown. Boards start when
    one nears the viewport or the reader interacts: the reader presses a key as soon as the
    boards' script is there (a board further down would otherwise wait for the scroll)."""
    start = time.perf_counter()
    action()
    page.wait_for_function(READER_CAN_INTERACT, timeout=240_000)
    page.keyboard.press("Shift")
    page.evaluate(SCROLL_THROUGH_FRAMES)
    page.wait_for_function(ALL_SHOWN, timeout=240_000)
    return time.perf_counter() - start


def measure(p, url: str) -> tuple[float, ...]:
    """Seconds to all boards shown (cold, warm), renderer MB, JS heap MB and renderer CPU
    seconds (cold, until all shown: the work done, whatever the machine's load)."""
    browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium")
    context = browser.new_context(viewport={"width": 360, "height": 740}, service_workers="block")
    page = context.new_page()
    cold = timed(page, lambda: page.goto(url, wait_until="commit"))
    page.wait_for_timeout(500)  # let the last frame settle before reading memory (not a test)
    memory, cpu = renderer_usage()
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    heap = metrics.get("JSHeapUsedSize", 0) / 2**20
    warm = timed(page, lambda: page.reload(wait_until="commit"))
    browser.close()
    return cold, warm, memory, heap, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    server, base = start_server(DIST)
    results: dict[str, list[tuple[float, ...]]] = {name: [] for name in PAGES}
    with sync_playwright() as p:
        for _ in range(args.runs):  # interleaved: load on the machine hits both alike
            for name, path in PAGES.items():
                results[name].append(measure(p, base + path))
    server.shutdown()
    print(f"median of {args.runs} runs, headless Chromium, 360x740, localhost, fresh browser each:")
    medians = {}
    for name, runs in results.items():
        cold, warm, memory, heap, cpu = (statistics.median(c) for c in zip(*runs, strict=True))
        medians[name] = cold, warm, memory, heap, cpu
        print(
            f"  {name:10} all shown: cold {cold:5.2f} s, warm {warm:5.2f} s, renderer CPU "
            f"{cpu:5.2f} s   renderer memory {memory:6.1f} MB   JS heap {heap:5.1f} MB"
        )
    one = medians["one board"]
    for name in ("six boards", "six frames"):
        cold, warm, memory, heap, cpu = (a / b for a, b in zip(medians[name], one, strict=True))
        print(
            f"  {name} / one board: time cold {cold:4.2f}x, warm {warm:4.2f}x, CPU {cpu:4.2f}x"
            f"   memory {memory:4.2f}x   JS heap {heap:4.2f}x"
        )
    print("  goal for six boards: <= 1.3x the time and <= 1.3x the memory of one")


if __name__ == "__main__":
    main()
