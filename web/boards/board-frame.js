// board.html?position=…&mode=…: one board in a frame, made from the URL's parameters (the same
// names as the element's attributes; an unknown one is an error). Its events go to the parent
// window by postMessage; commands come back the same way, from the parent window only (and only
// from parent-origin, when that parameter is given). A parent-origin is read once, as the origin
// of an http(s) URL ("https://My.Site/" is "https://my.site"); one that is not (an empty value,
// "null", "not a url", "data:…") is passed on to the board's Python, which refuses it by name:
// the board shows that error, posts nothing and takes no command.
import "./embed.js";

/** The origin of ``value`` as event.origin spells it, or null when ``value`` is not an http(s)
 * URL (postMessage could not send to it: its targetOrigin would throw). */
function originOf(value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
}

const params = new URLSearchParams(location.search);
// The frame's language: its lang parameter, else the browser's (the board then speaks the first
// of those it knows, else English, and marks its own text with the language it speaks).
document.documentElement.lang = (params.get("lang") || navigator.language || "en").slice(0, 16);
const given = params.get("parent-origin"); // null: not given, any parent may listen and command
const parentOrigin = given === null ? null : originOf(given);
const refused = given !== null && parentOrigin === null;
params.delete("parent-origin");
const values = {};
for (const [name, value] of params) values[name] = value;
if (refused) values["parent-origin"] = given; // board.glue.create says it is not an origin

const board = document.createElement("chkobba-board");
document.body.append(board);
board.fromParams(values);

const framed = window.parent !== window;
for (const type of ["ready", "move", "solved", "failed", "error"]) {
  board.addEventListener(`chkobba:${type}`, (event) => {
    if (framed && !refused) {
      window.parent.postMessage({ source: "chkobba-board", ...event.detail }, parentOrigin ?? "*");
    }
  });
}

window.addEventListener("message", (event) => {
  if (event.source !== window.parent || !framed) {
    board.command(null, "a message from a window that is not the embedding page");
  } else if (refused) {
    board.command(null, "a message, but this frame's parent-origin is not an origin");
  } else if (parentOrigin !== null && event.origin !== parentOrigin) {
    board.command(null, `a message from ${String(event.origin).slice(0, 60)}, not ${parentOrigin.slice(0, 60)}`);
  } else {
    board.command(event.data);
  }
});
