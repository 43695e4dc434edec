// Firefox for the Python tests (tests/web/engines.py): Debian's firefox-esr driven over WebDriver
// BiDi by puppeteer-core, one request a line on stdin, one answer a line on stdout (JSON).
//
//   {"id": 1, "op": "open", "width": 360, "height": 740}  -> {"id": 1, "value": "p1"}
//   {"id": 2, "op": "goto", "page": "p1", "url": "..."}   -> {"id": 2, "value": null}
//   any op that fails                                     -> {"id": n, "error": "why"}
//
// Ops: open (a fresh browser context and its page: its own storage), close, goto, reload,
// evaluate (an expression; a promise is awaited), click (x, y: the mouse pressed and released
// in one action, whatever the machine's load: Firefox takes a touch held over 300 ms for no
// tap), touch (x, y, between: a finger pressed, the expression evaluated, the finger lifted),
// type (text, into the focused element), screenshot (path). Besides the answers, what
// the browser reports on a page comes as it happens (console: errors only):
// {"page": "p1", "event": "console" | "pageerror" | "request", "text": ...}
//
//   node firefox_bridge.mjs /usr/bin/firefox-esr '{"pref": value}'

import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath, prefs = "{}"] = process.argv.slice(2);
const browser = await puppeteer.launch({
  browser: "firefox",
  protocol: "webDriverBiDi",
  executablePath,
  headless: true,
  extraPrefsFirefox: JSON.parse(prefs),
});
const pages = new Map();
let opened = 0;

const say = (message) => process.stdout.write(JSON.stringify(message) + "\n");

const ops = {
  async open({ width, height }) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const id = `p${++opened}`;
    await page.setViewport({ width, height, hasTouch: true, isMobile: true });
    const report = (event, text) => say({ page: id, event, text });
    page.on("console", (m) => m.type() === "error" && report("console", m.text()));
    page.on("pageerror", (error) => report("pageerror", String(error)));
    page.on("request", (request) => report("request", request.url()));
    pages.set(id, page);
    return id;
  },
  async close({ page }) {
    await pages.get(page).browserContext().close();
    pages.delete(page);
  },
  goto: ({ page, url }) => pages.get(page).goto(url).then(() => null),
  reload: ({ page }) => pages.get(page).reload().then(() => null),
  evaluate: ({ page, expression }) => pages.get(page).evaluate(expression),
  click: ({ page, x, y }) => pages.get(page).mouse.click(x, y),
  async touch({ page, x, y, between }) {
    const tab = pages.get(page);
    await tab.touchscreen.touchStart(x, y);
    await tab.evaluate(between);
    await tab.touchscreen.touchEnd();
    return null;
  },
  type: ({ page, text }) => pages.get(page).keyboard.type(text),
  screenshot: ({ page, path }) => pages.get(page).screenshot({ path }).then(() => null),
};

say({ ready: await browser.version() });
for await (const line of createInterface({ input: process.stdin })) {
  const { id, op, ...args } = JSON.parse(line);
  try {
    say({ id, value: (await ops[op](args)) ?? null });
  } catch (error) {
    say({ id, error: String(error?.message ?? error) });
  }
}
await browser.close();
