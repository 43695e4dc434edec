"""A guest floods the host: what the host's page does, in figures.

Run by `python3 build.py flood` (which builds dist/ first). Chromium, three phones at 360x740 on
the loopback: a host and two friends far away in a four-player match (seat 2 the computer's).
When the second friend (seat 3) is to play, a script in the first friend's page (seat 1) sends
--messages move messages with rising sequence numbers over --seconds. Printed: the host's page
thread's longest task (PerformanceObserver "longtask") and its longest gap between 10 ms timers
while the flood is read, the messages the host sent back to the flooding friend, the notices the
host's player is shown (each read and dismissed; screenshots in test-results/screens/), whether
the flooding friend was told and dropped, and whether the other friend then plays its move. The
goal (issue 32): at most 1 s blocked, at most 50 messages sent back, at most 3 notices, the
other friend unaffected.
tests/web/test_flood_page.py runs it and checks the figures.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from static_server import start_server  # noqa: E402

# A guest page's data channels and the texts they receive (to send raw texts).
LISTEN = (Path(__file__).parent / "channel_listener.js").read_text()

NO_MDNS = "--disable-features=WebRtcHideLocalIpsWithMdns"  # host candidates on the loopback
READY = "html.ready #app[data-phase]"
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True}

# The host's page: its long tasks and the longest gap between its timers, from a mark on.
MONITOR = """() => {
    window.flood = { tasks: [], gap: 0, gaps: [], from: Infinity };
    window.mark = () => {
        Object.assign(flood, { tasks: [], gap: 0, gaps: [], from: performance.now() });
    };
    try {
        new PerformanceObserver((list) => {
            for (const task of list.getEntries()) {
                if (task.startTime >= flood.from) flood.tasks.push(task.duration);
            }
        }).observe({ type: "longtask", buffered: true });
    } catch {}
    let last = performance.now();
    setInterval(() => {
        const now = performance.now();
        if (last >= flood.from) {
            flood.gap = Math.max(flood.gap, now - last);
            if (now - last > 100) flood.gaps.push([last - flood.from, now - last]);
        }
        last = now;
    }, 10);
}"""
# The flood: ``count`` move messages, rising seq, in batches over ``ms``; resolves when sent.
FLOOD = """([count, ms]) => new Promise((done) => {
    const channel = channels.at(-1);
    const batches = 20;
    let seq = 1;
    let batch = 0;
    const timer = setInterval(() => {
        for (let i = 0; i < count / batches; i += 1) {
            if (channel.readyState !== "open") break;
            const text = JSON.stringify({ format: "chkobba-move", version: 1, seq, move: "keep" });
            channel.send(text);
            seq += 1;
        }
        batch += 1;
        if (batch === batches) {
            clearInterval(timer);
            done(seq - 1);
        }
    }, ms / batches);
})"""


def phase(page: Any) -> str:
    return str(page.get_attribute("#app", "data-phase"))


def moves(page: Any) -> int:
    return int(page.get_attribute("#app", "data-moves") or 0)


def tap_first(page: Any) -> None:
    """The page's seat moves: the cut kept, or its hand's first card (its first group)."""
    before = moves(page)
    if phase(page) == "cut":
        page.click('[data-move="keep"]')
    else:
        page.click("[data-zone^='hand-'] [data-card] >> nth=0")
        page.wait_for_function(
            "n => +document.querySelector('#app').dataset.moves > n"
            " || document.querySelector('#app').dataset.phase === 'choose'",
            arg=before,
        )
        if phase(page) == "choose":
            page.click(".choice[data-move] >> nth=0")
    page.wait_for_function("n => +document.querySelector('#app').dataset.moves > n", arg=before)


def open_page(browser: Any, url: str, script: str) -> Any:
    context = browser.new_context(**PHONE, service_workers="block")
    context.add_init_script(f"({script})()")
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(READY, timeout=90_000)
    return page


def link_up(host: Any, browser: Any, base: str, seat: int) -> Any:
    """The friend at ``seat`` opens the host's invitation; the host enters its answer."""
    code = f'[data-link-seat="{seat}"][data-link-state="waiting"] [data-code]'
    host.wait_for_selector(code, timeout=30_000)
    invitation = host.inner_text(code).split("#join=")[1]
    guest = open_page(browser, f"{base}index.html?pace=0#join={invitation}", LISTEN)
    guest.wait_for_selector('[data-link-state="waiting"] [data-code]', timeout=30_000)
    answer = guest.inner_text('[data-link-state="waiting"] [data-code]')
    host.fill(f"#answer-{seat}", answer)
    host.click(f'form[data-form="answer"]:has(#answer-{seat}) button[type="submit"]')
    guest.wait_for_selector("#app:not([data-phase='friends'])", timeout=30_000)
    return guest


def to_turn_of(host: Any, guests: dict[int, Any], seat: int) -> None:
    """Play on (the host's seat 0 and the friends by taps, seat 2 the computer) until the
    friend at ``seat`` is to play."""
    for _ in range(200):
        if phase(guests[seat]) in ("cut", "play"):
            return
        for page in (host, *guests.values()):
            if phase(page) == "sheet":
                page.click('[data-action="next"]')
            elif phase(page) in ("cut", "play") and page is not guests[seat]:
                tap_first(page)
        host.wait_for_timeout(50)  # (a tool, not a test: the computer's move lands meanwhile)
    raise RuntimeError(f"seat {seat} never came to play")


def notices(page: Any, shots: Path | None = None) -> list[str]:
    """Every notice the page has for its player, read and dismissed one by one (each shown
    saved in ``shots``, if given)."""
    said = []
    while page.locator("[data-notice]").count():
        text = page.inner_text("[data-notice]")
        said.append(text)
        if shots is not None:
            page.screenshot(path=str(shots / f"flood-host-notice-{len(said)}.png"))
        page.click('[data-action="dismiss"]')
        page.wait_for_function(
            "t => document.querySelector('[data-notice]')?.innerText !== t", arg=text
        )
    return said


def flood_figures(
    browser: Any, base: str, messages: int, seconds: float, shots: Path | None = None
) -> dict[str, Any]:
    """The flood's figures (see the module); the pages' notices saved in ``shots``."""
    host = open_page(browser, f"{base}index.html?seed=8&pace=0&players=4", MONITOR)
    host.click('[data-action="settings"]')
    host.click('[data-action="people"]')
    host.select_option('select[name="kind-1"]', "friend")
    host.fill('input[name="name-1"]', "Sami")
    host.select_option('select[name="kind-3"]', "friend")
    host.fill('input[name="name-3"]', "Omar")
    host.uncheck('input[name="stun"]')  # one network: no STUN server asked
    host.click('form[data-form="people"] button[type="submit"]')
    guests = {seat: link_up(host, browser, base, seat) for seat in (1, 3)}
    to_turn_of(host, guests, 3)
    flooder, other = guests[1], guests[3]
    heard = flooder.evaluate("heard.length")
    host.evaluate("mark()")  # the same time with no flood: what the machine's load does alone
    host.wait_for_timeout(seconds * 1000 + 500)
    quiet = host.evaluate("flood")
    host.evaluate("mark()")
    sent = flooder.evaluate(FLOOD, [messages, seconds * 1000])
    flooder.wait_for_selector("[data-notice]:has-text('far more messages')", timeout=30_000)
    back = flooder.evaluate("n => heard.slice(n)", heard)
    blocked = host.evaluate("flood")
    if shots is not None:
        flooder.screenshot(path=str(shots / "flood-guest-dropped.png"))
    said = notices(host, shots)
    before = moves(host)
    tap_first(other)  # the other friend plays on
    host.wait_for_function("n => +document.querySelector('#app').dataset.moves > n", arg=before)
    return {
        "sent": sent,
        "longest_task_ms": max(blocked["tasks"], default=0),
        "long_tasks": len(blocked["tasks"]),
        "longest_gap_ms": blocked["gap"],
        "gaps": blocked["gaps"],
        "quiet_longest_task_ms": max(quiet["tasks"], default=0),
        "quiet_longest_gap_ms": quiet["gap"],
        "sent_back": len(back),
        "last_sent_back": back[-1] if back else "",
        "notices": said,
        "other_moved": moves(host) > before,
    }


def main() -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=3000)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=[NO_MDNS])
        server, url = start_server(ROOT / "dist")
        shots = ROOT / "test-results" / "screens"
        shots.mkdir(parents=True, exist_ok=True)
        figures = flood_figures(browser, url, args.messages, args.seconds, shots)
        server.shutdown()
        browser.close()
    print(
        f"{figures['sent']} of {args.messages} messages sent by the flooding friend in "
        f"{args.seconds} s (it stops when the host closes the link)"
    )
    quiet_task, quiet_gap = figures["quiet_longest_task_ms"], figures["quiet_longest_gap_ms"]
    print(
        f"host's page thread with no flood, as long: longest task {quiet_task:.0f} ms, "
        f"longest gap {quiet_gap:.0f} ms"
    )
    print(
        f"host's page thread: longest task {figures['longest_task_ms']:.0f} ms "
        f"({figures['long_tasks']} tasks over 50 ms), longest gap between 10 ms timers "
        f"{figures['longest_gap_ms']:.0f} ms"
    )
    print(
        f"messages the host sent back to the flooding friend: {figures['sent_back']} "
        f"(the last: {figures['last_sent_back'][:60]})"
    )
    print(f"notices shown to the host's player: {len(figures['notices'])}")
    for text in figures["notices"]:
        print(f"  - {text}")
    print(f"the other friend played on: {figures['other_moved']}")
    print(f"the notices as shown: {shots}/flood-*.png")
    print("gaps over 100 ms (ms after the flood's start, length):", figures["gaps"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
