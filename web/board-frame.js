// board.html?position=…&mode=…: one board in a frame, made from the URL's parameters (the same
// names as the element's attributes; an unknown one is an error). Its events go to the parent
// window by postMessage; commands come back the same way, from the parent window only (and only
// from parent-origin, when that parameter is given).
import "./embed.js";

const params = new URLSearchParams(location.search);
const parentOrigin = params.get("parent-origin");
params.delete("parent-origin");
const values = {};
for (const [name, value] of params) values[name] = value;

const board = document.createElement("chkobba-board");
document.body.append(board);
board.fromParams(values);

const framed = window.parent !== window;
for (const type of ["ready", "move", "solved", "failed", "error"]) {
  board.addEventListener(`chkobba:${type}`, (event) => {
    if (framed) window.parent.postMessage({ source: "chkobba-board", ...event.detail }, parentOrigin || "*");
  });
}

window.addEventListener("message", (event) => {
  if (event.source !== window.parent || !framed) {
    board.command(null, "a message from a window that is not the embedding page");
  } else if (parentOrigin && event.origin !== parentOrigin) {
    board.command(null, `a message from ${String(event.origin).slice(0, 60)}, not ${parentOrigin.slice(0, 60)}`);
  } else {
    board.command(event.data);
  }
});
