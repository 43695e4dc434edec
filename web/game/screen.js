// Writes a frame in one task of the page, and keeps the focus where a player expects it.
//
// The page's Python runs in a worker (host.js); it sends each frame whole (ui/screen.py), and this
// puts it in place all at once, so a frame is never painted half done:
//
// - the HTML, the root's marks, <html lang dir>, the title and the live region;
// - the cards' travel (FLIP): each card element carries data-card, so a card found before and
//   after the write is animated from its old place to its new one; a card that appeared flies
//   in from the motion's origin (a seat's hand, the stock); a card that vanished (taken to a
//   pile) flies to the motion's sink as a ghost copy;
// - an overlay that stays open across a repaint is marked `steady` (it neither fades in again
//   nor waits again before it takes taps: see .overlay in style.css);
// - the focus is never lost to a repaint: a dialog that opens takes it (and gives it back when
//   it closes), on its first button if that shows without scrolling, else on its title (the
//   dialog opens at its top, its title read first); a dialog repainted keeps its scroll;
//   otherwise it goes back to the same control (a card by its code, a button by its
//   action and value), else to its row's neighbour (a played card's), else to the first
//   control that makes sense; a card with several captures gives it to its first option (and
//   gets it back when the choice is cancelled);
// - last, the marks scripts and tests wait on (data-phase, data-moves): once they change, the
//   frame is complete, focus included.
//
// Keyboard play: the arrow keys (Home, End) move the focus within a row of buttons, as the row
// is seen (mirrored right to left); Escape is the app's (host.js sends it to Python).
const EASING = "cubic-bezier(.2,.7,.25,1)";
const STEPS = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
// The rows of buttons that arrow keys move within (and the focus falls back along).
export const ROWS = ".hand, .table-cards, .options, .seg, .actions, .notice, .bar";
const LAST_MARKS = ["phase", "moves"];
const FALLBACKS = ["[data-overlay] button", ".choices button", ".hand button", ".hint-btn"];

let opener = { key: null, index: 0 }; // where the focus was when a dialog opened
let chooser = null; // the card whose capture options show, when it had the focus: {key, index}

function rect(el) {
  const box = el.getBoundingClientRect();
  return [box.left, box.top, box.width, box.height];
}

function slide(el, [x0, y0, w0], [x1, y1, w1], duration) {
  if (Math.abs(x0 - x1) < 1 && Math.abs(y0 - y1) < 1 && Math.abs(w0 - w1) < 1) return;
  const scale = w1 ? w0 / w1 : 1;
  el.style.transformOrigin = "0 0";
  el.style.zIndex = "4";
  const frames = [
    { transform: `translate(${x0 - x1}px, ${y0 - y1}px) scale(${scale})` },
    { transform: "translate(0, 0) scale(1)" },
  ];
  el.animate(frames, { duration, easing: EASING }).onfinish = () => {
    el.style.transformOrigin = "";
    el.style.zIndex = "";
  };
}

function ghost(el, [x0, y0, w0], [x1, y1, w1], duration) {
  el.classList.add("ghost");
  el.setAttribute("aria-hidden", "true");
  el.classList.remove("taken", "incoming", "picked", "option", "dim");
  Object.assign(el.style, { left: `${x0}px`, top: `${y0}px`, width: `${w0}px` });
  el.style.setProperty("--w", `${w0}px`);
  el.style.transformOrigin = "0 0";
  document.body.append(el);
  const frames = [
    { transform: "translate(0, 0) scale(1)", opacity: 1 },
    { transform: `translate(${x1 - x0}px, ${y1 - y0}px) scale(${w1 / w0})`, opacity: 0.6 },
  ];
  const options = { duration: duration * 1.2, easing: EASING, fill: "forwards" };
  el.animate(frames, options).onfinish = () => el.remove();
}

function travel(root, before, oldCards, zones, motion, duration) {
  const seen = new Set();
  for (const el of root.querySelectorAll("[data-card]")) {
    const code = el.dataset.card;
    seen.add(code);
    let start = before.get(code);
    if (start === undefined) {
      const inTable = el.closest('[data-zone="table"]') !== null;
      const fromOrigin = inTable && (motion.only === null || motion.only === code);
      start = zones.get(fromOrigin ? motion.origin : "stock");
    }
    if (start !== undefined) slide(el, start, rect(el), duration);
  }
  const target = motion.sink && root.querySelector(`[data-zone="${motion.sink}"]`);
  if (!target) return;
  const end = rect(target.querySelector(".card") || target);
  for (const [code, el] of oldCards) {
    if (!seen.has(code)) ghost(el, before.get(code), end, duration);
  }
}

// --- the focus ---------------------------------------------------------------------------------

/** A name for a control that survives a redraw: its card, or its action and value (a dialog's
 * title: "title"). */
function keyOf(el) {
  if (el.matches("[data-overlay] h2[tabindex]")) return "title";
  const card = el.getAttribute("data-card");
  if (card) return `card:${card}`;
  const action = el.getAttribute("data-action");
  if (!action) return null;
  return `action:${action}:${el.getAttribute("data-move") || el.getAttribute("data-value") || ""}`;
}

function buttonsOf(row) {
  return [...row.querySelectorAll("button")];
}

/** The focused control of root: its key, its index in its row, whether it is in a dialog or
 * in the capture options. */
function focused(root) {
  const el = document.activeElement;
  if (!el || el === root || !root.contains(el)) {
    return { key: null, index: 0, inDialog: false, inChoices: false };
  }
  const row = el.closest(ROWS);
  const index = row ? Math.max(0, buttonsOf(row).indexOf(el)) : 0;
  const inDialog = Boolean(el.closest("[data-overlay]"));
  return { key: keyOf(el), index, inDialog, inChoices: Boolean(el.closest(".choices")) };
}

function find(root, key) {
  if (key === "title") return root.querySelector("[data-overlay] h2[tabindex]");
  return buttonsOf(root).find((el) => keyOf(el) === key) ?? null;
}

/** What a dialog that opens gives the focus to: its first button if it shows as the dialog
 * opens (at its top), else its title. */
function opening(root) {
  const sheet = root.querySelector("[data-overlay] .sheet");
  const first = root.querySelector("[data-overlay] button");
  if (first && first.getBoundingClientRect().bottom <= sheet.getBoundingClientRect().bottom) {
    return first;
  }
  return root.querySelector("[data-overlay] h2[tabindex]") ?? first;
}

/** The button at the same place of the row the focused card was in (it was played). */
function neighbour(root, key, index) {
  if (!key.startsWith("card:")) return null;
  for (const row of root.querySelectorAll(".hand, .table-cards")) {
    const buttons = buttonsOf(row);
    if (buttons.length) return buttons[Math.min(index, buttons.length - 1)];
  }
  return null;
}

function fallback(root) {
  for (const where of FALLBACKS) {
    const el = root.querySelector(where);
    if (el) return el;
  }
  return root.querySelector("[data-action='settings']");
}

/** The focus as a player expects it when capture options appear or go: from the card to its
 * first option, and from the options back to the card (or, once it is played, its place). */
function choosing(root, was, chose) {
  const options = root.querySelector(".choices .options button");
  if (options && !chose && was.key?.startsWith("card:")) {
    chooser = { key: was.key, index: was.index };
    return { ...was, key: keyOf(options) };
  }
  const back = !options && chooser && was.inChoices ? { ...was, ...chooser } : was;
  if (!options) chooser = null;
  return back;
}

function restoreFocus(root, { key, index, inDialog }, oldKind, newKind) {
  if (newKind !== null && newKind !== oldKind) {
    if (oldKind === null && !inDialog) opener = { key, index };
    opening(root)?.focus({ preventScroll: true });
    return;
  }
  if (newKind === null && oldKind !== null) {
    const was = opener;
    opener = { key: null, index: 0 };
    if (key === null && !inDialog) return; // nothing had the focus (a tap): nothing to give back
    ((was.key && find(root, was.key)) || fallback(root))?.focus();
    return;
  }
  if (key === null) return;
  const target = find(root, key) || neighbour(root, key, index) || fallback(root);
  if (target && target !== document.activeElement) target.focus({ preventScroll: inDialog });
}

// --- a frame -----------------------------------------------------------------------------------

/** Writes ``frame`` (ui/screen.py FrameScreen): {html, marks, lang: [lang, dir] | null, title,
 * said, motion: {origin, only, sink} | null, duration}. */
export function show(frame) {
  const root = document.getElementById("app");
  const before = new Map();
  const oldCards = new Map();
  const zones = new Map();
  if (frame.motion) {
    for (const el of root.querySelectorAll("[data-card]")) {
      oldCards.set(el.dataset.card, el);
      before.set(el.dataset.card, rect(el));
    }
    for (const el of root.querySelectorAll("[data-zone]")) zones.set(el.dataset.zone, rect(el));
  }
  const old = root.querySelector("[data-overlay]");
  const oldKind = old ? old.dataset.overlay : null;
  const scrolled = old?.querySelector(".sheet")?.scrollTop ?? 0;
  const focus = focused(root);
  const chose = root.querySelector(".choices") !== null;
  root.innerHTML = frame.html;
  const fresh = root.querySelector("[data-overlay]");
  const newKind = fresh ? fresh.dataset.overlay : null;
  if (fresh && oldKind === newKind) {
    fresh.classList.add("steady");
    fresh.querySelector(".sheet").scrollTop = scrolled; // (the same dialog: where it was read)
  }
  // The deal's log opens at its latest line (how you played, a list of its look, at its first).
  const log = root.querySelector("[data-log]");
  if (log) log.scrollTop = log.scrollHeight;
  const marks = Object.entries(frame.marks);
  for (const [name, value] of marks) {
    if (!LAST_MARKS.includes(name)) root.setAttribute(`data-${name}`, value);
  }
  const html = document.documentElement;
  if (frame.lang) [html.lang, html.dir] = frame.lang;
  if (frame.title && document.title !== frame.title) document.title = frame.title;
  if (frame.said) document.getElementById("live").textContent = frame.said;
  html.classList.add("ready"); // and no longer starting (boot.js), in the same task
  html.classList.remove("starting");
  root.removeAttribute("aria-busy");
  if (frame.motion) travel(root, before, oldCards, zones, frame.motion, frame.duration);
  restoreFocus(root, choosing(root, focus, chose), oldKind, newKind);
  for (const [name, value] of marks) {
    if (LAST_MARKS.includes(name)) root.setAttribute(`data-${name}`, value);
  }
}

// --- keys --------------------------------------------------------------------------------------

/** The index in a row of ``count`` buttons that ``key`` moves the focus to from ``index``;
 * null for a key that does not move it. */
export function step(key, index, count, rtl) {
  if (count === 0) return null;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  let move = STEPS[key];
  if (move === undefined) return null;
  if (rtl && (key === "ArrowLeft" || key === "ArrowRight")) move = -move; // a row read from the right
  return (index + move + count) % count;
}

/** Arrow keys within a row of buttons; Escape calls ``escape`` (the app's). */
export function keys(escape) {
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      escape();
      return;
    }
    const target = event.target;
    const row = target.tagName === "BUTTON" ? target.closest(ROWS) : null;
    if (!row) return;
    const buttons = buttonsOf(row);
    const to = step(event.key, Math.max(0, buttons.indexOf(target)), buttons.length, document.dir === "rtl");
    if (to === null) return;
    event.preventDefault(); // no scrolling
    buttons[to].focus();
  });
}
