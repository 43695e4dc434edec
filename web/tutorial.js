// The tutorial's progress: a lesson is done when its board is solved (or its line played to the
// end); done lessons are remembered in localStorage, and shown as done. Storage may be missing
// or refuse (private mode, quota, blocked): progress then lasts as long as the page.
const KEY = "chkobba.tutorial";
const lessons = [...document.querySelectorAll(".lesson")];
let done = new Set(read());

function read() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(saved) ? saved.filter((id) => typeof id === "string") : [];
  } catch {
    return [];
  }
}

function write() {
  try {
    localStorage.setItem(KEY, JSON.stringify([...done]));
  } catch {
    // not remembered beyond this page; the lessons still work
  }
}

function show() {
  for (const lesson of lessons) {
    const finished = done.has(lesson.id);
    lesson.toggleAttribute("data-done", finished);
    document.querySelector(`nav li[data-for="${lesson.id}"]`)?.toggleAttribute("data-done", finished);
  }
  const count = lessons.filter((lesson) => done.has(lesson.id)).length;
  document.querySelector("[data-progress]").textContent =
    `${count} of ${lessons.length} lessons done` + (count === lessons.length ? " — well played!" : "");
}

function finish(event) {
  const lesson = event.target.closest?.(".lesson");
  if (!lesson || done.has(lesson.id)) return;
  done.add(lesson.id);
  write();
  show();
}

document.addEventListener("chkobba:solved", finish);
document.addEventListener("chkobba:move", (event) => {
  if (event.detail?.last && event.target.getAttribute("mode") === "line") finish(event);
});
document.querySelector("[data-forget]").addEventListener("click", () => {
  done = new Set();
  write();
  show();
  for (const board of document.querySelectorAll(".lesson chkobba-board")) board.reset();
});
show();

// Offline after one visit, like the game: the same service worker precaches the tutorial too.
navigator.serviceWorker?.register("./sw.js").catch(() => {});
