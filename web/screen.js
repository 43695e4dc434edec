// A frame's DOM writes, in one main-thread task. The page's Python runs in a worker (PyScript's
// `worker`: the interpreter's start-up and the computer's search never block the page), where
// each DOM call is a message round trip to this thread; a frame written call by call could be
// painted half done (new cards in their final places before they start to travel, an overlay
// fading in again). ui/fx.py DomScreen decides what a frame says and where the focus goes; this
// puts the HTML in place and makes cards travel (FLIP animation), all at once:
//
// - each card element carries data-card, so a card found before and after the write is
//   animated from its old place to its new one; a card that appeared flies in from the
//   motion's origin (a seat's hand, the stock); a card that vanished (taken to a pile) flies to
//   the motion's sink as a ghost copy;
// - an overlay that stays open across a repaint is marked `steady` (it neither fades in again
//   nor waits again before it takes taps: see .overlay in style.css);
// - the focused control keeps the focus when the write redraws it (the same card, or the same
//   action and value); where the focus goes otherwise (a played card's neighbour, a dialog's
//   first button) DomScreen decides, right after.
//
// Arrow keys (and Home, End) on a button in a row of buttons move the focus within the row
// (main.py on_key, in the worker, too late to prevent the default): their default (scrolling)
// is prevented here, at once.
window.chkobbaScreen = (() => {
  const EASING = "cubic-bezier(.2,.7,.25,1)";
  const MOVES = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]);

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

  // What names a control across a redraw (ui/keys.py focus_key): its card, or its action and
  // value; null for no control of root.
  function control(root, el) {
    if (!el || el === root || !root.contains(el)) return null;
    const value = el.getAttribute("data-move") || el.getAttribute("data-value") || "";
    return { card: el.getAttribute("data-card"), action: el.getAttribute("data-action"), value };
  }

  function regain(root, want) {
    if (!want.card && !want.action) return;
    const same = [...root.querySelectorAll("button")].find((el) => {
      const now = control(root, el);
      if (want.card) return now.card === want.card;
      return now.action === want.action && now.value === want.value;
    });
    if (same) same.focus();
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

  // frame (JSON): {html, marks: {name: value}, lang: [lang, dir] | null, title, said,
  // motion: {origin, only, sink} | null, duration}. Returns (JSON) the kinds of overlay open
  // before and after: [old, new], each null when none.
  function show(text) {
    const frame = JSON.parse(text);
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
    const focused = control(root, document.activeElement);
    root.innerHTML = frame.html;
    if (focused) regain(root, focused);
    const fresh = root.querySelector("[data-overlay]");
    const newKind = fresh ? fresh.dataset.overlay : null;
    if (fresh && oldKind === newKind) fresh.classList.add("steady");
    for (const [name, value] of Object.entries(frame.marks)) root.setAttribute(`data-${name}`, value);
    const html = document.documentElement;
    if (frame.lang) [html.lang, html.dir] = frame.lang;
    if (frame.title && document.title !== frame.title) document.title = frame.title;
    if (frame.said) document.getElementById("live").textContent = frame.said;
    html.classList.add("ready"); // and no longer starting (boot.js), in the same task
    html.classList.remove("starting");
    root.removeAttribute("aria-busy");
    if (frame.motion) travel(root, before, oldCards, zones, frame.motion, frame.duration);
    return JSON.stringify([oldKind, newKind]);
  }

  // rows: the selector of the rows of buttons the arrow keys move within (ui/fx.py ROWS).
  function keys(rows) {
    document.addEventListener("keydown", (event) => {
      const target = event.target;
      if (MOVES.has(event.key) && target.tagName === "BUTTON" && target.closest(rows)) {
        event.preventDefault();
      }
    });
  }

  return { show, keys };
})();
