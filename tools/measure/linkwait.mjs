// How the friends' link (dist/static/peer.js) waits for a person: for each pairing of engines
// (host → guest: Chromium or Firefox) and each wait between the guest's answer being made and the
// host entering it, whether the link opens and a text goes each way, with the ICE and connection
// states each side's RTCPeerConnections went through, and when (seconds after the guest's page
// made its answer). Debian's /usr/bin/chromium and /usr/bin/firefox-esr (over WebDriver BiDi),
// both driven by puppeteer-core, on this machine's own addresses, no STUN server; every case at
// once (a wait is idle time). Run by tools/measure/linkwait.py (`python3 build.py linkwait`).
//
//   node tools/measure/linkwait.mjs <dist dir> <waits, seconds, comma-separated> [pairings]
//
// Prints one JSON object per case on stdout.

import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import puppeteer from "puppeteer-core";

const ALL = "chromium>chromium,chromium>firefox,firefox>chromium,firefox>firefox";
const [root, waitList = "0,30", pairList = ALL] = process.argv.slice(2);
const WAITS = waitList.split(",").map(Number);
const PAIRS = pairList.split(",").map((pair) => pair.split(">"));
const OPEN_MS = 30_000; // after the answer is entered: the most a link may take to open
const TYPES = { ".js": "text/javascript", ".mjs": "text/javascript", ".html": "text/html" };

// Each RTCPeerConnection of the page logs its states with the time (Date.now()).
const RECORD = () => {
  window.events = [];
  const Native = window.RTCPeerConnection;
  if (!Native) return;
  let count = 0;
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      const id = (count += 1);
      const log = (what, value) => window.events.push([Date.now(), id, what, value]);
      this.addEventListener("iceconnectionstatechange", () => log("ice", this.iceConnectionState));
      this.addEventListener("connectionstatechange", () => log("pc", this.connectionState));
      this.addEventListener("signalingstatechange", () => {
        const dtls = this.sctp?.transport;
        if (dtls && !dtls.logged) {
          dtls.logged = true;
          dtls.addEventListener("statechange", () => log("dtls", dtls.state));
        }
      });
    }
  };
};

const SETUP = async () => {
  window.peer = await import("./static/peer.js");
  window.states = [];
  window.got = [];
  window.calls = {
    stun: null,
    onState: (state) => window.states.push([Date.now(), state]),
    onMessage: (text) => window.got.push(text),
  };
};

function serve(dir) {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url, "http://x").pathname;
    try {
      const blank = path === "/blank.html";
      const body = blank ? "<!doctype html><title>link</title>" : await readFile(join(dir, normalize(path)));
      const type = TYPES[extname(path)] ?? "application/octet-stream";
      response.writeHead(200, { "content-type": type });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done(server)));
}

async function launch(engine) {
  if (engine === "firefox") {
    return puppeteer.launch({
      browser: "firefox",
      executablePath: "/usr/bin/firefox-esr",
      headless: true,
      extraPrefsFirefox: {
        "media.peerconnection.ice.obfuscate_host_addresses": false, // (no mDNS on this machine)
      },
    });
  }
  return puppeteer.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-features=WebRtcHideLocalIpsWithMdns"],
  });
}

async function side(browser, base) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.evaluateOnNewDocument(RECORD);
  await page.goto(`${base}/blank.html`);
  await page.evaluate(SETUP);
  return page;
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function opened(page, until) {
  while (Date.now() < until) {
    const states = await page.evaluate(() => window.states.map((s) => s[1]));
    if (states.includes("open")) return true;
    if (states.includes("lost")) return false;
    await sleep(250);
  }
  return false;
}

async function one(browsers, base, [hostEngine, guestEngine], wait) {
  const host = await side(browsers[hostEngine], base);
  const guest = await side(browsers[guestEngine], base);
  const row = { host: hostEngine, guest: guestEngine, wait, result: "" };
  try {
    const invitation = await host.evaluate(async () => {
      window.link = await peer.hostLink(calls);
      return link.invitation();
    });
    const answer = await guest.evaluate(async (code) => {
      window.link = await peer.joinLink(code, calls);
      return link.reply();
    }, invitation);
    const start = Date.now();
    row.sizes = [invitation.length, answer.length];
    const count = (code) => peer.decodeCode(code).then((c) => c.sdp.split("a=candidate:").length - 1);
    row.candidates = [await host.evaluate(count, invitation), await host.evaluate(count, answer)];
    await sleep(wait * 1000);
    const entered = Date.now();
    const error = await host.evaluate(async (code) => {
      try {
        await link.accept(code);
        return "";
      } catch (error) {
        return String(error?.message ?? error);
      }
    }, answer);
    const until = Date.now() + OPEN_MS;
    const both = !error && (await opened(host, until)) && (await opened(guest, until));
    let flows = false;
    if (both) {
      await host.evaluate(() => link.send("from the host"));
      await guest.evaluate(() => link.send("from the guest"));
      const heard = (page, text) =>
        page.waitForFunction((t) => window.got.includes(t), { timeout: 10_000 }, text).then(
          () => true,
          () => false,
        );
      flows = (await heard(guest, "from the host")) && (await heard(host, "from the guest"));
    }
    const opens = flows ? "connects, texts both ways" : "opens, no texts";
    row.result = error ? `refused: ${error}` : both ? opens : "fails";
    const open = async (page) => (await page.evaluate(() => window.states.find((s) => s[1] === "open")))[0];
    if (both) row.opened_after = (Math.max(await open(host), await open(guest)) - entered) / 1000;
    const since = (t) => ((t - start) / 1000).toFixed(1);
    for (const [name, page] of [["host", host], ["guest", guest]]) {
      const log = await page.evaluate(() => ({ events: window.events, states: window.states }));
      row[`${name}_log`] = [
        ...log.events.map(([t, id, what, value]) => `${what}${id}:${value}@${since(t)}`),
        ...log.states.map(([t, state]) => `link:${state}@${since(t)}`),
      ];
    }
  } catch (error) {
    row.result = `error: ${String(error?.message ?? error).slice(0, 200)}`;
  } finally {
    await host.browserContext().close().catch(() => {});
    await guest.browserContext().close().catch(() => {});
  }
  return row;
}

const server = await serve(root);
const base = `http://127.0.0.1:${server.address().port}`;
const engines = [...new Set(PAIRS.flat())];
const launched = await Promise.all(engines.map(async (engine) => [engine, await launch(engine)]));
const browsers = Object.fromEntries(launched);
try {
  const cases = PAIRS.flatMap((pair) => WAITS.map((wait) => [pair, wait]));
  await Promise.all(
    cases.map(async ([pair, wait]) => {
      console.log(JSON.stringify(await one(browsers, base, pair, wait)));
    }),
  );
} finally {
  await Promise.all(Object.values(browsers).map((b) => b.close()));
  server.close();
}
