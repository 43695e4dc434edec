"""Firefox and WebKit for the browser tests, behind the few calls of Playwright's Page that the
suite's helpers make, so that conftest.Table and the friends' helpers drive them unchanged:

- Firefox: Debian's firefox-esr over WebDriver BiDi, by puppeteer-core in a Node process
  (firefox_bridge.mjs) spoken to in JSON lines;
- WebKit: WebKitGTK's MiniBrowser through WebKitWebDriver, by Selenium, on an Xvfb display of
  its own.

Each engine brings its own input and screenshots: a tap is a mouse click, pressed and released
in one action (a touch held longer than a tap by a loaded machine would be no tap), and text is
typed key by key. Finding an element (also inside a shadow root: ``host >>> inner``), reading
it and waiting on it are done in the page by the same JavaScript for both.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BRIDGE = Path(__file__).with_name("firefox_bridge.mjs")
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
PHONE = (360, 740)
# MiniBrowser's toolbar would keep its window 447 px wide at least: a GTK style sheet of its own
# shrinks the browser's widgets (never the page, which GTK does not style).
SMALL_TOOLBAR = "* { min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 1px; }"
SLICE_MS = 5_000  # the longest one wait runs in the page before it answers

# The elements a selector finds: CSS, where ` >>> ` steps into the shadow roots found so far,
# and a last ` >> nth=N` keeps the Nth (as Playwright's selectors).
FIND = """(selector) => {
    const [css, nth] = selector.split(" >> nth=");
    let found = [document];
    for (const part of css.split(" >>> ")) {
        found = found.flatMap((scope) => [...(scope.shadowRoot ?? scope).querySelectorAll(part)]);
    }
    return nth === undefined ? found : found.slice(+nth, +nth + 1);
}"""
VISIBLE = """(element) => !!element && element.getClientRects().length > 0
    && getComputedStyle(element).visibility !== "hidden" """
# The centre of a shown, enabled element, scrolled into view first when it is not all in view,
# once it stands still (the same box two frames apart: a sheet sliding in is not tapped yet) and
# takes the tap (it is what the point hits: a sheet just opened lets taps through a moment).
CENTRE = f"""async (selector) => {{
    const element = ({FIND})(selector)[0];
    if (!({VISIBLE})(element) || element.disabled) return null;
    let box = element.getBoundingClientRect();
    if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) {{
        element.scrollIntoView({{ block: "center", inline: "center", behavior: "instant" }});
    }}
    box = element.getBoundingClientRect();
    for (let frame = 0; frame < 2; frame += 1) await new Promise(requestAnimationFrame);
    const still = element.getBoundingClientRect();
    if (["x", "y", "width", "height"].some((side) => box[side] !== still[side])) return null;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    const hit = element.getRootNode().elementFromPoint?.(x, y);
    return hit && element.contains(hit) ? {{ x, y }} : null;
}}"""
# Runs ``test(arg)`` until it gives a true value (returned) or ``ms`` have passed (null).
WAIT = """async (test, arg, ms) => {
    const end = Date.now() + ms;
    for (;;) {
        const value = await test(arg);
        if (value) return value;
        if (Date.now() >= end) return null;
        await new Promise((wake) => setTimeout(wake, 20));
    }
}"""
ANIMATIONS_DONE = """(() => { for (const running of document.getAnimations()) {
    if (running.effect?.getComputedTiming().iterations === Infinity) running.cancel();
    else running.finish();
} })()"""
STATES = {  # wait_for_selector's states, as a test of the first element found
    "attached": "(element) => !!element",
    "detached": "(element) => !element",
    "visible": VISIBLE,
    "hidden": f"(element) => !({VISIBLE})(element)",
}
FUNCTION = re.compile(r"\s*(async\s+)?(function\b|\([^()]*\)\s*=>|[\w$]+\s*=>)")


class EngineError(RuntimeError):
    """What a browser answered to a command it could not do."""


def called(script: str, *args: Any) -> str:
    """An expression: ``script`` called with ``args`` if it is a function, else ``script``."""
    if not FUNCTION.match(script):
        return f"({script})"
    return f"({script})({', '.join(json.dumps(a) for a in args)})"


class Page:
    """A page of an engine, with Playwright's names for what the suite's helpers call."""

    def __init__(self, tab: Any) -> None:
        self.tab = tab
        self.handlers: dict[str, list[Any]] = {"console": [], "pageerror": [], "request": []}
        tab.listen(self._report)

    def _report(self, event: str, text: str) -> None:
        value = {
            "console": SimpleNamespace(type="error", text=text),
            "pageerror": text,
            "request": SimpleNamespace(url=text),
        }[event]
        for handler in self.handlers[event]:
            handler(value)

    def on(self, event: str, handler: Any) -> None:
        """console (errors), pageerror and request reports: the ones the engine makes."""
        self.handlers[event].append(handler)

    def goto(self, url: str) -> None:
        self.tab.goto(url)

    def reload(self) -> None:
        self.tab.reload()

    def close(self) -> None:
        self.tab.close()

    @property
    def url(self) -> str:
        return self.evaluate("location.href")

    def evaluate(self, script: str, arg: Any = None) -> Any:
        return self.tab.evaluate(called(script, arg))

    def wait_for_function(self, script: str, arg: Any = None, timeout: float = 30_000) -> Any:
        """The first true value of ``script`` (a function of ``arg``, or an expression), tried
        in the page until ``timeout`` ms have passed. A page that navigates meanwhile is asked
        again."""
        test = script if FUNCTION.match(script) else f"() => ({script})"
        end = time.monotonic() + timeout / 1000
        why = ""
        while (left := end - time.monotonic()) > 0:
            ms = int(min(left * 1000, SLICE_MS))
            try:
                value = self.tab.evaluate(f"({WAIT})({test}, {json.dumps(arg)}, {ms})")
            except EngineError as error:  # (the page was navigating)
                why = f": {error}"
                continue
            if value:
                return value
        raise TimeoutError(f"not true after {timeout} ms: {script[:120]}{why}")

    def wait_for_selector(
        self, selector: str, state: str = "visible", timeout: float = 30_000
    ) -> Locator:
        test = f"(s) => ({STATES[state]})(({FIND})(s)[0])"
        self.wait_for_function(test, selector, timeout)
        return self.locator(selector)

    def _first(self, selector: str, script: str, *args: Any) -> Any:
        """``script`` (a function of the element and ``args``) on the first element found,
        once there is one."""
        self.wait_for_selector(selector, "attached")
        return self.evaluate(f"(s) => ({script})(({FIND})(s)[0], ...{json.dumps(args)})", selector)

    def get_attribute(self, selector: str, name: str) -> str | None:
        return self._first(selector, "(e, name) => e.getAttribute(name)", name)

    def inner_text(self, selector: str) -> str:
        return self._first(selector, "(e) => e.innerText")

    def eval_on_selector_all(self, selector: str, script: str) -> Any:
        return self.evaluate(f"(s) => ({script})(({FIND})(s))", selector)

    def locator(self, selector: str) -> Locator:
        return Locator(self, selector)

    def fill(self, selector: str, text: str) -> None:
        """The field focused, its text selected, then ``text`` typed over it (real keys)."""
        self._first(selector, "(e) => { e.focus(); e.select(); }")
        self.tab.type(text)

    def select_option(self, selector: str, value: str) -> None:
        """As Playwright does: the value set, then the input and change events."""
        self._first(
            selector,
            """(e, value) => { e.value = value;
                for (const type of ["input", "change"])
                    e.dispatchEvent(new Event(type, { bubbles: true })); }""",
            value,
        )

    def uncheck(self, selector: str) -> None:
        if self._first(selector, "(e) => e.checked"):
            self.locator(selector).tap()

    def screenshot(self, path: str, animations: str | None = None) -> None:
        """The viewport. ``animations="disabled"`` as Playwright's: the page's finite
        animations finished first (a sheet fading in is shot whole), endless ones stopped."""
        if animations == "disabled":
            self.tab.evaluate(ANIMATIONS_DONE)
        self.tab.screenshot(str(path))


class Locator:
    """A selector on a page: tapped, counted, read."""

    def __init__(self, page: Page, selector: str) -> None:
        self.page, self.selector = page, selector

    def tap(self) -> None:
        """A click at the centre of the first element found, once it is shown and enabled."""
        point = self.page.wait_for_function(CENTRE, self.selector)
        self.page.tab.click(point["x"], point["y"])

    def touch(self, between: str) -> None:
        """A finger pressed at the centre of the first element found (as ``tap``), the
        expression ``between`` evaluated, then the finger lifted."""
        point = self.page.wait_for_function(CENTRE, self.selector)
        self.page.tab.touch(point["x"], point["y"], between)

    def count(self) -> int:
        return self.page.eval_on_selector_all(self.selector, "(found) => found.length")

    def is_hidden(self) -> bool:
        return self.page.evaluate(f"(s) => !({VISIBLE})(({FIND})(s)[0])", self.selector)

    def inner_text(self) -> str:
        return self.page.inner_text(self.selector)

    def get_attribute(self, name: str) -> str | None:
        return self.page.get_attribute(self.selector, name)


# --- Firefox ---------------------------------------------------------------------------------


class Firefox:
    """Debian's Firefox ESR, run by firefox_bridge.mjs: each page in a browser context of its
    own (its own storage, service workers and cache)."""

    name = "firefox"

    def __init__(self, prefs: dict[str, Any] | None = None) -> None:
        command = ["node", str(BRIDGE), FIREFOX, json.dumps(prefs or {})]
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT
        )
        self.listeners: dict[str, Any] = {}
        self.asked = 0
        ready = self._read()
        if "ready" not in ready:
            raise EngineError(f"Firefox did not start: {ready}")
        self.version = ready["ready"]

    def _read(self) -> dict[str, Any]:
        line = self.process.stdout.readline()
        if not line:
            raise EngineError(f"the Firefox bridge ended (exit code {self.process.wait()})")
        return json.loads(line)

    def call(self, op: str, **args: Any) -> Any:
        self.asked += 1
        self.process.stdin.write(json.dumps({"id": self.asked, "op": op, **args}) + "\n")
        self.process.stdin.flush()
        while "id" not in (message := self._read()):  # what the pages reported meanwhile
            self.listeners.get(message["page"], lambda *_: None)(message["event"], message["text"])
        if "error" in message:
            raise EngineError(message["error"])
        return message["value"]

    def new_page(self, size: tuple[int, int] = PHONE) -> Page:
        return Page(FirefoxTab(self, self.call("open", width=size[0], height=size[1])))

    def close(self) -> None:
        self.process.stdin.close()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()


class FirefoxTab:
    def __init__(self, firefox: Firefox, page: str) -> None:
        self.firefox, self.page = firefox, page

    def listen(self, report: Any) -> None:
        self.firefox.listeners[self.page] = report

    def _call(self, op: str, **args: Any) -> Any:
        return self.firefox.call(op, page=self.page, **args)

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def reload(self) -> None:
        self._call("reload")

    def evaluate(self, expression: str) -> Any:
        return self._call("evaluate", expression=expression)

    def click(self, x: float, y: float) -> None:
        self._call("click", x=x, y=y)

    def touch(self, x: float, y: float, between: str) -> None:
        self._call("touch", x=x, y=y, between=between)

    def type(self, text: str) -> None:
        self._call("type", text=text)

    def screenshot(self, path: str) -> None:
        self._call("screenshot", path=path)

    def close(self) -> None:
        self._call("close")
        self.firefox.listeners.pop(self.page, None)


# --- WebKit ----------------------------------------------------------------------------------


class WebKit:
    """WebKitGTK's MiniBrowser in automation mode (an ephemeral session), through
    WebKitWebDriver, on a display of its own. One window: each new page is that window, blank,
    at the size asked (the tests give each page an origin of its own, so nothing is shared).
    WebKitWebDriver reports no console messages, errors or requests: the tests read the page's
    own marks."""

    name = "webkit"

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.home = tempfile.mkdtemp(prefix="chkobba-webkit-")
        (Path(self.home) / "gtk-3.0").mkdir()
        (Path(self.home) / "gtk-3.0" / "gtk.css").write_text(SMALL_TOOLBAR)
        read, write = os.pipe()
        self.display = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as answer:
            number = answer.readline().strip()
        env = {**os.environ, "DISPLAY": f":{number}", "XDG_CONFIG_HOME": self.home}
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        self.driver = webdriver.WebKitGTK(options=options, service=Service(WEBKIT_DRIVER, env=env))
        self.version = self.driver.capabilities.get("browserVersion", "")

    def new_page(self, size: tuple[int, int] = PHONE) -> Page:
        """A blank page whose viewport is ``size``: the window set to it, then grown by its
        frame (the window's size less the viewport's, read once the first size has applied:
        Xvfb's window manager applies it later, and a viewport read before was the old one)."""
        from selenium.webdriver.support.wait import WebDriverWait

        self.driver.get("about:blank")
        width, height = size
        self.driver.set_window_rect(width=width, height=height)
        inner = WebDriverWait(self.driver, 20, poll_frequency=0.05).until(
            lambda driver: (
                (viewport := driver.execute_script("return [innerWidth, innerHeight]"))[0] <= width
                and viewport[1] <= height
                and viewport
            )
        )
        self.driver.set_window_rect(width=2 * width - inner[0], height=2 * height - inner[1])
        return Page(WebKitTab(self.driver))

    def close(self) -> None:
        self.driver.quit()
        self.display.terminate()
        self.display.wait()
        shutil.rmtree(self.home, ignore_errors=True)


class WebKitTab:
    def __init__(self, driver: Any) -> None:
        self.driver = driver

    def listen(self, report: Any) -> None:
        """(WebKitWebDriver reports nothing to listen to.)"""

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def evaluate(self, expression: str) -> Any:
        from selenium.common.exceptions import WebDriverException

        try:
            return self.driver.execute_script(f"return {expression};")
        except WebDriverException as error:
            raise EngineError(error.msg) from error

    def click(self, x: float, y: float) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(round(x), round(y)).click()
        actions.perform()

    def touch(self, x: float, y: float, between: str) -> None:
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput

        finger = PointerInput(interaction.POINTER_TOUCH, "finger")
        press = ActionBuilder(self.driver, mouse=finger)
        press.pointer_action.move_to_location(round(x), round(y)).pointer_down()
        press.perform()
        self.evaluate(between)
        lift = ActionBuilder(self.driver, mouse=finger)
        lift.pointer_action.pointer_up()
        lift.perform()

    def type(self, text: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.driver).send_keys(text).perform()

    def screenshot(self, path: str) -> None:
        self.driver.save_screenshot(path)

    def close(self) -> None:
        self.driver.get("about:blank")


def launch(name: str) -> Firefox | WebKit:
    return Firefox() if name == "firefox" else WebKit()


class Host:
    """dist/ served by ``handler`` (the build's: static hosts) on a port of its own: an origin
    no browser has kept anything for. Stopped, it refuses every connection (the network gone)."""

    def __init__(self, handler: type[http.server.BaseHTTPRequestHandler]) -> None:
        serving = functools.partial(handler, directory=str(ROOT / "dist"))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), serving)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
