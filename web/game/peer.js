// A link between two browsers with no server: one ordered, reliable WebRTC data channel whose
// offer and answer travel as short text codes (a link, a chat message, a QR code) the players
// pass on themselves. Page thread only: workers have no WebRTC.
//
//   const host = await hostLink({ stun: null, onState, onMessage, onRefused });
//   const code = await host.invitation();   // "i" code, sent to the friend
//   const guest = await joinLink(code, { stun: null, onState, onMessage });
//   await host.accept(await guest.reply()); // the friend's "a" code, sent back
//   host.send("text"); guest.close();
//
// onState(state): "connecting" (the guest's once joinLink made its reply, the host's once it
// accepts one), "open", then once "lost" (the peer silent for SILENCE_MS, the connection
// disconnected or failed, or the channel closed by the other side), "failed" (never opened:
// the host's CONNECT_MS after the answer, the guest's READY_MS) or "closed" (closed by us);
// never a state twice, never back, nothing after the last three. onMessage(text): each text
// from the peer. A code that cannot be used throws a CodeError (its reason, a short quote).
// onRefused(reason): a message from the peer over MAX_BYTES, dropped.
// stun: null (host candidates only: enough on one network) or a URL, "stun:host:port".

import qrcode from "./qrcode.mjs";

export const MAX_BYTES = 65536; // a message's most UTF-8 bytes, sent or received
const FORMAT = 1; // the codes' format version
const KINDS = { i: "an invitation", a: "a reply" }; // (the kind byte of each)
const HEARTBEAT_MS = 2000;
const SILENCE_MS = 8000;
const GATHER_MS = 4000; // the longest wait for ICE candidates before a code is made
const CERTIFICATE = { name: "ECDSA", namedCurve: "P-256" }; // (what both engines make by default)
const CONNECT_MS = 45_000; // after the host entered the answer: the longest a link takes to open
const READY_MS = 20 * 60_000; // how long a guest's page keeps its side ready for the host
const REBUILD_MS = 5_000; // the least time between two fresh connections behind one code
const KEEP_MS = 10_000; // how often a waiting guest's ICE is given the host's candidates again
const HEARTBEAT = new Uint8Array([0]); // the one control frame: binary, never a message
const QUOTE = 24; // the most characters of a bad code an error quotes

// --- codes: kind byte, format byte, deflate-raw(the SDP's own lines), CRC-32 of all before
// it; base64url. The lines every data-channel SDP of Chromium has (HEAD, TAIL) are left out
// and put back on decoding; candidates keep UDP only, numbered, without optional extensions. ---

const HEAD = [
  "v=0",
  "o=- 0 2 IN IP4 127.0.0.1",
  "s=-",
  "t=0 0",
  "a=group:BUNDLE 0",
  "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
  "c=IN IP4 0.0.0.0",
];
const TAIL = ["a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144"];
const OWN = /^a=(candidate|ice-ufrag|ice-pwd|fingerprint|setup):/; // a session's own lines
const NEEDED = ["a=ice-ufrag:", "a=ice-pwd:", "a=fingerprint:", "a=setup:"];

export async function encodeCode(kind, sdpText) {
  if (!Object.hasOwn(KINDS, kind)) throw new Error(`no such kind of code: ${kind}`);
  const own = new TextEncoder().encode(ownLines(sdpText).join("\n"));
  const body = await squeeze(own, new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(body.length + 6);
  bytes.set([kind.charCodeAt(0), FORMAT]);
  bytes.set(body, 2);
  new DataView(bytes.buffer).setUint32(bytes.length - 4, crc32(bytes.subarray(0, -4)));
  return toBase64url(bytes);
}

// A code that cannot be used: ``reason`` (one of REASONS' keys) for the page to say in the
// player's words, ``quote`` at most QUOTE characters of the code, ``detail`` a short fact (the
// character, the format); ``message``: the same in English, for developers.
export class CodeError extends Error {
  constructor(reason, text = "", detail = "") {
    const quoted = quote(codeIn(text));
    super(REASONS[reason].replace("CODE", `"${quoted}"`).replace("DETAIL", detail));
    Object.assign(this, { reason, quote: quoted, detail: String(detail) });
  }
}

const REASONS = {
  empty: "the code is empty",
  character: 'the code CODE has a character no code has: "DETAIL"',
  damaged: "the code CODE is damaged: cut short or changed",
  foreign: "the code CODE is not a game link code",
  version: "the code CODE is from another version of the game (format DETAIL)",
  incomplete: "the code CODE holds no connection offer",
  unusable: "the code CODE holds a connection this browser cannot use",
  invitation: "the code CODE is an invitation, not a reply",
  reply: "the code CODE is a reply, not an invitation",
  answered: "this invitation was answered already",
  "no-webrtc": "this browser has no WebRTC (RTCPeerConnection)",
};

// Each line a code may hold, whole: anything else (a line edited, text slipped in) is refused.
const LINES = [
  /^a=ice-ufrag:[A-Za-z0-9+/]{4,256}$/,
  /^a=ice-pwd:[A-Za-z0-9+/]{22,256}$/,
  /^a=fingerprint:sha-(1|224|256|384|512) [0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){19,63}$/,
  /^a=setup:(actpass|active|passive)$/,
  /^a=candidate:\d{1,10} \d{1,3} udp \d{1,10} [\w.:-]{1,255} \d{1,5} typ (host|srflx|prflx|relay)( raddr [\w.:-]{1,255} rport \d{1,5})?$/i,
];

// {kind, sdp} from a code, or a link whose fragment ends with one (#CODE, #name=CODE);
// whitespace is ignored. Throws a CodeError.
export async function decodeCode(text) {
  const code = codeIn(text);
  if (!code) throw new CodeError("empty");
  const bad = code.match(/[^A-Za-z0-9_-]/);
  if (bad) throw new CodeError("character", code, bad[0]);
  const bytes = fromBase64url(code);
  const view = new DataView(bytes.buffer);
  const whole = bytes.length >= 7 && toBase64url(bytes) === code; // (no stray bits at its end)
  if (!whole || view.getUint32(bytes.length - 4) !== crc32(bytes.subarray(0, -4))) {
    throw new CodeError("damaged", code);
  }
  const kind = String.fromCharCode(bytes[0]);
  if (!Object.hasOwn(KINDS, kind)) throw new CodeError("foreign", code);
  if (bytes[1] !== FORMAT) throw new CodeError("version", code, bytes[1]);
  const own = (await inflate(bytes.subarray(2, -4)))?.split("\n") ?? [];
  if (!NEEDED.every((start) => own.some((line) => line.startsWith(start)))) {
    throw new CodeError("incomplete", code);
  }
  if (!own.every((line) => LINES.some((form) => form.test(line)))) {
    throw new CodeError("unusable", code);
  }
  return { kind, sdp: [...HEAD, ...own, ...TAIL, ""].join("\r\n") };
}

async function decodeAs(kind, text) {
  const found = await decodeCode(text);
  if (found.kind !== kind) throw new CodeError(kind === "a" ? "invitation" : "reply", text);
  return found.sdp;
}

// The SDP's own lines; UDP candidates only, numbered, without their optional extensions.
function ownLines(sdp) {
  let number = 0;
  return sdp
    .split(/\r?\n/)
    .filter((line) => OWN.test(line) && !/^a=candidate:\S+ \d+ (?!udp )/i.test(line))
    .map((line) => {
      if (!line.startsWith("a=candidate:")) return line;
      number += 1;
      const numbered = line.replace(/^a=candidate:\S+/, `a=candidate:${number}`);
      return numbered.replace(/ generation .*$/, "");
    });
}

const codeIn = (text) => String(text).split(/[#=]/).pop().replace(/\s+/g, "");
const quote = (code) => (code.length > QUOTE ? code.slice(0, QUOTE - 1) + "…" : code);

async function squeeze(bytes, stream) {
  const output = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(output).arrayBuffer());
}

// The text deflate-raw bytes hold, or null if they are not that (or not UTF-8).
async function inflate(bytes) {
  try {
    const text = await squeeze(bytes, new DecompressionStream("deflate-raw"));
    return new TextDecoder("utf-8", { fatal: true }).decode(text);
  } catch {
    return null;
  }
}

function toBase64url(bytes) {
  const base64 = btoa(String.fromCharCode(...bytes));
  return base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(code) {
  try {
    const binary = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return new Uint8Array(0); // a length no bytes have: cut short
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  for (let k = 0; k < 8; k += 1) n = n & 1 ? 0xedb88320 ^ (n >>> 1) : n >>> 1;
  return n >>> 0;
});

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// --- the link ---
//
// A person takes minutes to carry a code back; each engine's connection waits differently
// meanwhile (README, "A link that waits for people": measured by tools/measure/linkwait.py).
// So each side keeps its side ready: one certificate made for the link (the fingerprint in its
// code stays true) and, when a connection gives up before the link opens, a fresh one behind
// the same code: the same certificate, ICE user fragment and password, and the same
// descriptions; the other side learns its new address as a peer-reflexive candidate from its
// checks. The guest's answer says `a=setup:passive`: the host starts the DTLS handshake once
// it has the answer, so no timer of the guest's runs down while the person walks.

export async function hostLink({ stun = null, ...calls } = {}) {
  const link = await makeLink(stun, calls);
  let answer = "";
  await link.fresh(async (pc, creds) => {
    await pc.setLocalDescription(creds ? withCreds(await pc.createOffer(), creds) : undefined);
    if (answer) await pc.setRemoteDescription({ type: "answer", sdp: answer });
  });
  return {
    invitation: () => link.code("i"),
    async accept(answerCode) {
      const sdp = await decodeAs("a", answerCode);
      if (answer) throw new CodeError("answered", answerCode);
      if (link.gaveUp()) await link.fresh(); // (a connection that gave up meanwhile: anew)
      link.report("connecting"); // (the channel may open before the promise below resolves)
      try {
        await link.pc().setRemoteDescription({ type: "answer", sdp });
      } catch {
        throw new CodeError("unusable", answerCode); // (the browser's words: never shown)
      }
      answer = sdp;
      link.deadline(CONNECT_MS);
    },
    send: link.send,
    close: link.close,
  };
}

export async function joinLink(invitationCode, { stun = null, ...calls } = {}) {
  const offer = await decodeAs("i", invitationCode);
  const link = await makeLink(stun, calls);
  try {
    await link.fresh(async (pc, creds) => {
      await pc.setRemoteDescription({ type: "offer", sdp: offer });
      const answer = await pc.createAnswer();
      const sdp = answer.sdp.replace(/^a=setup:\w+/m, "a=setup:passive");
      await pc.setLocalDescription(withCreds({ type: "answer", sdp }, creds));
    });
  } catch (error) {
    link.close();
    throw error instanceof CodeError ? error : new CodeError("unusable", invitationCode);
  }
  link.report("connecting");
  link.deadline(READY_MS);
  link.keepChecking(offer.split("\r\n").filter((line) => line.startsWith("a=candidate:")));
  return { reply: () => link.code("a"), send: link.send, close: link.close };
}

// A description of this side ({type, sdp}) with the ICE credentials ``creds`` (the first
// connection's lines; none yet: as it is), so that the code given out stays true.
function withCreds({ type, sdp }, creds) {
  if (!creds) return { type, sdp };
  const ufrag = sdp.replace(/^a=ice-ufrag:.*$/m, creds.ufrag);
  return { type, sdp: ufrag.replace(/^a=ice-pwd:.*$/m, creds.pwd) };
}

const TERMINAL = ["lost", "closed", "failed"];

// The link: its connection (replaced when one gives up before opening), channel, heartbeat.
// state: the last one reported, or "new"; "failed": it never opened (ready no more).
async function makeLink(stun, { onState = () => {}, onMessage = () => {}, onRefused = () => {} }) {
  if (!globalThis.RTCPeerConnection) throw new CodeError("no-webrtc");
  const certificate = await RTCPeerConnection.generateCertificate(CERTIFICATE);
  let pc = null;
  let channel = null;
  let setUp = null; // (pc, creds) => the descriptions set on a connection
  let creds = null; // the first connection's ICE credentials, kept by the ones after it
  let state = "new";
  let heard = 0; // Date.now() of the peer's last frame
  let timer = 0;
  let limit = 0;
  let rebuilt = 0; // Date.now() of the last fresh connection
  let waiting = null; // a fresh connection due
  let checking = 0; // the interval giving a waiting guest's ICE the host's candidates again

  const ended = () => TERMINAL.includes(state);
  function report(next) {
    if (ended() || next === state || (next === "connecting" && state === "open")) return;
    state = next;
    onState(next);
  }
  function end(how) {
    if (ended()) return;
    clearInterval(timer);
    clearTimeout(limit);
    clearTimeout(waiting);
    clearInterval(checking);
    channel?.close(); // (its close event comes after the state below: ignored)
    pc?.close();
    report(how);
  }
  function beat() {
    if (Date.now() - heard > SILENCE_MS) end("lost");
    else if (channel.readyState === "open") channel.send(HEARTBEAT);
  }
  function receive(data) {
    heard = Date.now();
    if (typeof data !== "string") return; // a heartbeat
    const size = utf8Size(data);
    if (size > MAX_BYTES) onRefused(`a message of ${size} bytes, over ${MAX_BYTES}, was dropped`);
    else onMessage(data);
  }
  const gaveUp = () => pc.connectionState === "failed" || pc.iceConnectionState === "failed";
  function changed(own) {
    if (own !== pc || ended()) return; // (a connection replaced: its words are old)
    if (state === "open") {
      if (["disconnected", "failed"].includes(pc.connectionState)) end("lost"); // ICE or DTLS
    } else if (gaveUp() && !waiting) {
      // Given up before opening: a fresh connection behind the same code, at most one a
      // REBUILD_MS (a connection that gives up at once is not rebuilt in a loop).
      const due = Math.max(0, rebuilt + REBUILD_MS - Date.now());
      waiting = setTimeout(() => fresh().catch(() => end("failed")), due);
    }
  }

  async function fresh(how = setUp) {
    setUp = how;
    waiting = null;
    rebuilt = Date.now();
    const old = pc;
    old?.close();
    const own = new RTCPeerConnection({
      iceServers: stun ? [{ urls: stun }] : [],
      certificates: [certificate],
    });
    pc = own;
    channel = own.createDataChannel("chkobba", { negotiated: true, id: 0, ordered: true });
    channel.binaryType = "arraybuffer";
    const mine = channel;
    mine.onopen = () => {
      if (mine !== channel || ended()) return;
      clearTimeout(limit);
      clearInterval(checking);
      heard = Date.now();
      timer = setInterval(beat, HEARTBEAT_MS);
      report("open");
    };
    mine.onmessage = (event) => mine === channel && receive(event.data);
    mine.onclose = () => mine === channel && state === "open" && end("lost");
    own.onconnectionstatechange = () => changed(own);
    own.oniceconnectionstatechange = () => changed(own);
    await setUp(own, creds);
    if (!creds) {
      const sdp = own.localDescription.sdp;
      creds = { ufrag: sdp.match(/^a=ice-ufrag:.*$/m)[0], pwd: sdp.match(/^a=ice-pwd:.*$/m)[0] };
    }
  }

  return {
    pc: () => pc,
    fresh,
    gaveUp,
    report,
    // Ready no more after ms unless open by then ("failed": it never connected).
    deadline(ms) {
      clearTimeout(limit);
      limit = setTimeout(() => state !== "open" && end("failed"), ms);
    },
    // The other side's candidates given again every KEEP_MS (as new ones: another foundation)
    // while this side's ICE has no answer from them, so that its checks never stop.
    keepChecking(lines) {
      let round = 0;
      checking = setInterval(() => {
        if (["connected", "completed"].includes(pc.iceConnectionState)) return;
        round += 1;
        for (const [n, line] of lines.entries()) {
          const candidate = line.slice(2).replace(/^candidate:\d+/, `candidate:${round}x${n}`);
          pc.addIceCandidate({ candidate, sdpMid: "0" }).catch(() => {});
        }
      }, KEEP_MS);
    },
    async code(kind) {
      await gathered(pc);
      return encodeCode(kind, pc.localDescription.sdp);
    },
    send(text) {
      const size = utf8Size(String(text));
      if (size > MAX_BYTES) throw new Error(`a message of ${size} bytes is over ${MAX_BYTES}`);
      if (state !== "open") throw new Error(`the link is not open (${state})`);
      channel.send(String(text));
    },
    close: () => end("closed"),
  };
}

const utf8Size = (text) => new TextEncoder().encode(text).length;

// Resolves once ICE gathering is complete, or after GATHER_MS if a candidate was found by then
// (a busy phone may take longer to find its first: up to GATHER_MS * 4).
function gathered(pc) {
  const started = Date.now();
  return new Promise((resolve) => {
    const enough = () =>
      pc.iceGatheringState === "complete" ||
      Date.now() - started >= GATHER_MS * 4 ||
      (Date.now() - started >= GATHER_MS && /^a=candidate:/m.test(pc.localDescription?.sdp));
    const check = () => {
      if (!enough()) return;
      clearInterval(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    };
    const timer = setInterval(check, 250);
    pc.addEventListener("icegatheringstatechange", check);
    check();
  });
}

// --- QR codes ---

// An SVG QR code of text (UTF-8): dark modules on white, a 4-module quiet zone.
export function qrSvg(text) {
  const qr = qrcode(0, "L");
  qr.addData(String.fromCharCode(...new TextEncoder().encode(text))); // (bytes, one a char)
  try {
    qr.make();
  } catch {
    throw new Error(`too long for a QR code: ${utf8Size(text)} bytes`);
  }
  const size = qr.getModuleCount();
  let path = "";
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (qr.isDark(row, col)) path += `M${col + 4} ${row + 4}h1v1h-1z`;
    }
  }
  const side = size + 8;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}"` +
    ` shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/>` +
    `<path d="${path}" fill="#000"/></svg>`
  );
}

// Whether this browser can read a QR code from the camera (BarcodeDetector with qr_code).
export async function canScan() {
  if (!("BarcodeDetector" in window)) return false;
  return (await BarcodeDetector.getSupportedFormats()).includes("qr_code");
}

// The text of the first QR code the rear camera sees, shown in video meanwhile; the camera is
// stopped when found, on an error, or when signal aborts (rejecting with its reason).
export async function scanQr(video, { signal } = {}) {
  if (!(await canScan())) throw new Error("no camera scanning in this browser");
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: "environment" },
    audio: false,
  });
  try {
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await video.play();
    const detector = new BarcodeDetector({ formats: ["qr_code"] });
    for (;;) {
      signal?.throwIfAborted();
      const found = await detector.detect(video);
      if (found.length) return found[0].rawValue;
      await new Promise((resolve) => setTimeout(resolve, 150)); // ~7 looks a second
    }
  } finally {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  }
}
