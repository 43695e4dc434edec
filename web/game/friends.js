// Friends far away, on the page's thread: the links of ./static/peer.js (one a seat; a guest's
// page has one, seat -1, to its host), the codes drawn as QR codes, the answer read by the
// camera, an answer link opened in another tab taken by the inviting one. Python (the game's
// worker) asks through ``linkLayer`` and hears back through the ``post`` it is given.

let post = () => {}; // to the game's Python (``useFriends``)
const app = document.getElementById("app");
const links = new Map();
const made = new Map(); // each seat's link layer's latest making: the words of older ones dropped
const STUN = "stun:stun.l.google.com:19302"; // (README: the one server a link may ask)
const CLOSE_MS = 1000; // a link closed by Python: its last message (a goodbye) sent first

/** Where the link layer's words go: host.js's message to Python. */
export function useFriends(send) {
  post = send;
}

/** A new link's hooks: its words to Python (``said``), a guest's messages on the host's page
 * through a budget's gate (on a guest's page, the host's pass at once). */
async function hooksFor(seat, stun, said) {
  const { makeGate } = await import("./static/guard.js");
  const gate = makeGate(
    (text) => said({ type: "peer-message", text }),
    () => said({ type: "peer-flood" }),
  );
  return {
    stun: stun ? STUN : null,
    onState: (state) => {
      // A guest's page once linked: its address no longer holds the invitation, used now (a
      // reload shows the player's own match; a lost link asks the host for a new one).
      const here = location.pathname + location.search;
      if (seat < 0 && state === "open") history.replaceState(null, "", here);
      said({ type: "peer-state", state });
    },
    onMessage: (text) => (seat < 0 ? said({ type: "peer-message", text }) : gate.offer(text)),
    onRefused: (reason) => said({ type: "peer-refused", reason }),
  };
}

/** A message of Python's for the link layer: a link made, joined, answered, a text sent. */
export async function linkLayer(message) {
  const { seat } = message;
  const making = message.type === "peer-invite" || message.type === "peer-join";
  const mine = making ? {} : made.get(seat);
  if (making) made.set(seat, mine);
  const said = (word) => made.get(seat) === mine && post({ ...word, seat });
  try {
    const peer = await import("./static/peer.js");
    if (message.type === "peer-invite") {
      links.get(seat)?.close(); // (its last word, "closed", is dropped: this one replaces it)
      links.delete(seat);
      const link = await peer.hostLink(await hooksFor(seat, message.stun, said));
      links.set(seat, link);
      const code = await link.invitation();
      const local = message.stun ? "" : "&local";
      said({ type: "peer-code", code, link: `./index.html#join=${code}&seat=${seat}${local}` });
    } else if (message.type === "peer-join") {
      const link = await peer.joinLink(message.code, await hooksFor(seat, message.stun, said));
      links.set(seat, link);
      const code = await link.reply();
      const to = hashParam("seat"); // the host's seat for this guest, from the invitation
      said({ type: "peer-code", code, link: `./index.html#answer=${code}&seat=${to}` });
    } else if (message.type === "peer-accept") {
      await links.get(seat)?.accept(answerIn(message.code));
    } else if (message.type === "peer-send") {
      links.get(seat)?.send(message.text);
    } else if (message.type === "peer-close") {
      const link = links.get(seat);
      setTimeout(() => link?.close(), CLOSE_MS); // once the last word sent has left
    }
  } catch (error) {
    // Said in the player's words by Python from a CodeError's reason; the browser's own error
    // (in English, perhaps quoting a crafted code) is never shown.
    const { reason = "unusable", quote = "", detail = "" } = error ?? {};
    said({ type: "peer-error", step: message.type, reason, quote, detail });
  }
}

// An invitation opened in a tab that shows this page already (a messaging app changes only
// the #join= fragment): read like a fresh one, as on opening it.
addEventListener("hashchange", () => {
  if (hashParam("join")) location.reload();
});

/** The answer code in what the host entered: an answer link (…#answer=CODE&seat=1), or the
 * code itself (an invitation link pasted by mistake: its code, which peer.js names). */
function answerIn(text) {
  const fragment = new URLSearchParams(text.slice(text.indexOf("#") + 1));
  return (text.includes("#") && (fragment.get("answer") || fragment.get("join"))) || text;
}

/** A parameter of the address's fragment (#join=…&seat=1): its value, or "". */
export function hashParam(name) {
  return new URLSearchParams(location.hash.slice(1)).get(name) ?? "";
}

// An answer link opened on the host's device (its camera read the guest's QR code, or a tap in a
// message) goes to the tab whose invitation it answers, which says it took it.
const ANSWERS = "chkobba-answers";

function forwardAnswer() {
  const code = hashParam("answer");
  const seat = Number(hashParam("seat"));
  if (!code || !("BroadcastChannel" in window)) return Promise.resolve(null);
  const channel = new BroadcastChannel(ANSWERS);
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), 1500);
    channel.onmessage = (event) => {
      if (event.data?.took !== code) return;
      clearTimeout(timer);
      done(true);
    };
    channel.postMessage({ code, seat });
  }).finally(() => channel.close());
}

if ("BroadcastChannel" in window) {
  new BroadcastChannel(ANSWERS).onmessage = (event) => {
    const { code, seat } = event.data ?? {};
    if (typeof code !== "string" || !links.has(seat) || seat < 0) return; // not this tab's
    event.target.postMessage({ took: code });
    post({ type: "form", form: "answer", fields: [["seat", String(seat)], ["code", code]] });
  };
}
export const forwarded = forwardAnswer();

/** The QR codes of the frame just shown (data-qr: a link, made absolute), and their links
 * written out whole. */
export async function drawCodes() {
  for (const code of app.querySelectorAll("[data-code]")) {
    code.textContent = new URL(code.textContent, location.href).href; // text, never HTML
  }
  const scans = app.querySelectorAll("[data-scan][hidden]");
  const boxes = [...app.querySelectorAll("[data-qr]:empty")];
  if (!boxes.length && !scans.length) return;
  const { canScan, qrSvg } = await import("./static/peer.js");
  if (scans.length && (await canScan())) for (const scan of scans) scan.hidden = false;
  for (const box of boxes) {
    try {
      box.innerHTML = qrSvg(new URL(box.dataset.qr, location.href).href); // our own SVG
    } catch {
      box.remove(); // too long for a code: the link and its copy button remain
    }
  }
}

/** The answer's QR code read by the camera (where the browser reads QR codes) into its form,
 * which is then sent. */
export async function scanAnswer(button) {
  const form = button.closest("form");
  const video = document.createElement("video");
  video.className = "scan";
  button.after(video);
  try {
    const { scanQr } = await import("./static/peer.js");
    form.elements.code.value = await scanQr(video);
    form.requestSubmit();
  } catch (error) {
    button.textContent = String(error?.message ?? error); // text, never HTML
  } finally {
    video.remove();
  }
}
