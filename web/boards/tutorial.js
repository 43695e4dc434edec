// The tutorial in the reader's language, and its progress.
//
// Language: ?lang= first, then the game's setting (its language, kept in the settings), then
// the browser's languages, else English (language.js's rule); the buttons at the top change it, for the game too.
// build.py writes each language's texts into the page (#tutorial-words, from the catalogs);
// this script runs before embed.js, so each board is made in the chosen language.
//
// Progress: a lesson is done when its boards are solved (or its line played to the end); done
// lessons are remembered in localStorage, and shown as done. Storage may be missing or refuse
// (private mode, quota, blocked): the language and progress then last as long as the page. A
// kept progress that is not a list of lessons (edited, damaged) never stops the page: it is set
// aside (ASIDE, its first ASIDE_LIMIT characters), the page says so, and the lessons start over.
import { pickLanguage } from "./language.js";

const KEY = "chkobba.tutorial";
const ASIDE = "chkobba.tutorial.corrupt";
const ASIDE_LIMIT = 10_000;
const SETTINGS = __SETTINGS_KEY__; // build.py fills in web/game/ui/storage.py's name
const WORDS = JSON.parse(document.getElementById("tutorial-words").textContent);
const lessons = [...document.querySelectorAll(".lesson")];
let done = new Set(kept());
let words = WORDS.en;

/** The lessons done, as kept; a kept text that is not a list of them is set aside, and said. */
function kept() {
  let text = null;
  try {
    text = localStorage.getItem(KEY);
    if (text === null) return [];
    const value = JSON.parse(text);
    if (Array.isArray(value) && value.every((id) => typeof id === "string")) return value;
  } catch {
    if (text === null) return []; // no storage here: nothing kept
  }
  try {
    localStorage.removeItem(KEY); // first: the copy then has its room
    localStorage.setItem(ASIDE, text.slice(0, ASIDE_LIMIT));
  } catch {
    // not kept aside: the lessons still start over
  }
  document.querySelector("[data-unreadable]").hidden = false;
  return [];
}

function read(key, fallback) {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? "null");
    return value ?? fallback;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // not remembered beyond this page; the lessons still work
  }
}

/** The language to speak: the first of ?lang=, the game's setting, the browser's, that we have. */
function chosen() {
  const settings = read(SETTINGS, {});
  const asked = [new URLSearchParams(location.search).get("lang"), settings?.lang, ...navigator.languages];
  return pickLanguage(asked, Object.keys(WORDS));
}

/** The page and its boards in ``lang``: every marked text set as text, never as HTML. */
function speak(lang) {
  words = WORDS[lang];
  const html = document.documentElement;
  html.lang = words.lang;
  html.dir = words.dir;
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = words.texts[el.dataset.t];
  for (const el of document.querySelectorAll("[data-t-label]")) {
    el.setAttribute("aria-label", words.texts[el.dataset.tLabel]);
  }
  for (const board of document.querySelectorAll("chkobba-board")) {
    for (const name of ["caption", "explain", "captions"]) {
      const key = board.dataset[`t${name[0].toUpperCase()}${name.slice(1)}`];
      if (key) board.setAttribute(name, words.texts[key]);
    }
    board.setAttribute("lang", lang);
  }
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
  }
  show();
}

function show() {
  for (const lesson of lessons) {
    const finished = done.has(lesson.id);
    lesson.toggleAttribute("data-done", finished);
    document.querySelector(`nav li[data-for="${lesson.id}"]`)?.toggleAttribute("data-done", finished);
  }
  const count = lessons.filter((lesson) => done.has(lesson.id)).length;
  document.querySelector("[data-progress]").textContent = words.progress[count];
}

/** A board of a lesson finished: the lesson is done once all its boards are. */
function finish(event) {
  const board = event.target;
  const lesson = board.closest?.(".lesson");
  if (!lesson || done.has(lesson.id)) return;
  board.dataset.finished = "";
  if ([...lesson.querySelectorAll("chkobba-board")].some((b) => !("finished" in b.dataset))) return;
  done.add(lesson.id);
  write(KEY, [...done]);
  show();
}

document.addEventListener("chkobba:solved", finish);
document.addEventListener("chkobba:move", (event) => {
  if (event.detail?.last && event.target.getAttribute("mode") === "line") finish(event);
});
document.addEventListener("chkobba:ready", (event) => delete event.target.dataset.finished);
document.querySelector("[data-dismiss]").addEventListener("click", (event) => {
  event.target.closest("[data-unreadable]").hidden = true;
});
document.querySelector("[data-forget]").addEventListener("click", () => {
  done = new Set();
  write(KEY, []);
  show();
  for (const board of document.querySelectorAll(".lesson chkobba-board")) {
    delete board.dataset.finished;
    board.reset();
  }
});
for (const button of document.querySelectorAll("[data-lang]")) {
  button.addEventListener("click", () => {
    const settings = read(SETTINGS, {});
    write(SETTINGS, { ...(settings && typeof settings === "object" ? settings : {}), lang: button.dataset.lang });
    speak(button.dataset.lang);
  });
}
speak(chosen());

// Offline after one visit, like the game: the same service worker precaches the tutorial too.
navigator.serviceWorker?.register("./sw.js").catch(() => {});
