// The table before Python is up (a classic script right after #app: it runs before the first
// paint, and needs no module, no network and no Python).
//
// - On a reload, paints the table the player left: the frame ui/storage.py keeps in
//   localStorage ("chkobba.frame", FRAME_KEY there), the HTML of the frame the match resumes
//   with, so Python's first render draws the same boxes and nothing moves when it takes over
//   (#app's data-players too: style.css lays out a table of four by it).
//   Storage can be edited by anyone, so the stored HTML is never given to innerHTML: it is
//   parsed in an inert document (DOMParser: no script runs, nothing loads) and rebuilt element by
//   element from an allowlist of what ui/render.py (and each panel's module) draws; every text
//   is a text node (as textContent sets it); an unknown element is dropped with what it holds,
//   an unknown attribute is dropped, and `href` is kept only as a reference to one of the page's
//   suit symbols. With no usable frame (a first visit, ?position=, another ?lang=), the outline of
//   index.html stays.
// - Until Python is up (html.ready), marks the page starting (html.starting, #app aria-busy and
//   a spinner) and keeps every tap on a card or a button: the tapped element is lifted
//   (.queued) and put in window.chkobbaTaps, which host.js hands to Python (main.py plays them,
//   in order, once the table is live). A tap means there what it would have meant live.
// Python itself is started by host.js, in a worker.
(() => {
  const html = document.documentElement;
  const app = document.getElementById("app");
  const FRAME_KEY = __FRAME_KEY__; // build.py fills in web/game/ui/storage.py's names
  const SAVE_KEY = __SAVE_KEY__;
  const FORMAT = __FORMAT__;
  const SVG = "http://www.w3.org/2000/svg";
  const XHTML = "http://www.w3.org/1999/xhtml";
  const TAGS = new Set(
    ("header h1 h2 h3 p div span section button b i em small strong table thead tbody tr th td " +
      "ul li svg use path circle").split(" "),
  );
  const ATTRS = new Set(
    "class id role type title lang dir scope colspan rowspan disabled inert tabindex viewBox d cx cy r"
      .split(" "),
  );
  const SAFE_NAME = /^(data|aria)-[a-z][a-z-]*$/;
  const SUIT_REF = /^#suit-[A-Z]$/;

  function stored() {
    try {
      const params = new URLSearchParams(location.search);
      // a tutorial's board, a shared deal, the daily deal, a puzzle: not the saved match
      if (["position", "deal", "daily", "puzzle"].some((name) => params.has(name))) return null;
      if (location.hash.startsWith("#join=")) return null; // a friend's match, not the saved one
      if (!localStorage.getItem(SAVE_KEY)) return null;
      const text = localStorage.getItem(FRAME_KEY);
      if (!text || text.length > 100000) return null;
      const frame = JSON.parse(text);
      if (!frame || frame.format !== FORMAT || typeof frame.html !== "string") return null;
      const lang = params.get("lang");
      if (lang && !String(frame.lang).startsWith(lang)) return null; // it would change language
      return frame;
    } catch {
      return null; // storage blocked, or not a frame this page wrote
    }
  }

  function attribute(el, name, value) {
    if (ATTRS.has(name) || SAFE_NAME.test(name)) el.setAttribute(name, value);
    else if (name === "href" && el.localName === "use" && SUIT_REF.test(value)) {
      el.setAttribute("href", value);
    }
  }

  function rebuilt(node, into) {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        into.append(document.createTextNode(child.data));
        continue;
      }
      if (child.nodeType !== Node.ELEMENT_NODE) continue; // comments...
      const space = child.namespaceURI;
      if (!TAGS.has(child.localName) || (space !== XHTML && space !== SVG)) continue;
      const el = document.createElementNS(space, child.localName);
      for (const { name, value } of child.attributes) attribute(el, name, value);
      rebuilt(child, el);
      into.append(el);
    }
    return into;
  }

  function paint(frame) {
    const doc = new DOMParser().parseFromString(`<body>${frame.html}`, "text/html");
    const table = rebuilt(doc.body, document.createDocumentFragment());
    if (!table.querySelector("[data-zone]")) return; // nothing of a table survived
    app.replaceChildren(table);
    if (/^[a-zA-Z-]{2,12}$/.test(frame.lang)) html.lang = frame.lang;
    if (frame.dir === "rtl" || frame.dir === "ltr") html.dir = frame.dir;
    if (typeof frame.title === "string") document.title = frame.title.slice(0, 80);
    if (frame.players === "2" || frame.players === "4") app.dataset.players = frame.players;
    for (const key of ["back", "felt"]) {
      if (/^[a-z]{1,12}$/.test(frame[key] ?? "")) app.dataset[key] = frame[key];
    }
    app.dataset.saved = "";
  }

  const frame = stored();
  if (frame) {
    try {
      paint(frame);
    } catch {
      // keep the outline
    }
  }
  html.classList.add("starting");
  app.setAttribute("aria-busy", "true");
  const spinner = document.createElement("div");
  spinner.className = "starting-note";
  spinner.setAttribute("aria-hidden", "true");
  spinner.append(document.createElement("span"));
  spinner.firstChild.className = "spinner";
  document.body.append(spinner);

  window.chkobbaTaps = [];
  app.addEventListener(
    "click",
    (event) => {
      if (!Array.isArray(window.chkobbaTaps)) return; // Python has started: host.js has it
      const target = event.target.closest("button[data-card], [data-action]");
      if (!target) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      target.classList.add("queued");
      window.chkobbaTaps.push(event.target);
    },
    true,
  );
})();
