// The boards' Python: one worker for every <chkobba-board> of a page (embed.js starts it when
// the first board nears the viewport). Booted by interpreter.mjs, the game's own boot module,
// with the engine's wheel and the boards' code unpacked. Messages: {type: "start", archives}
// first, then {id, op, args}: op is one of board.glue's functions, answered {id, out} (its
// JSON text) or {id, error}, in the order asked. A start that fails answers every call with
// its error.
import { start } from "./pyodide/interpreter.mjs";

let glue = Promise.reject(new Error("the boards' Python was not started"));
glue.catch(() => {});
const OPS = new Set(["create", "act", "command", "forget"]);

function message(error) {
  return String(error?.message ?? error).slice(0, 300);
}

addEventListener("message", async ({ data }) => {
  if (data.type === "start") {
    const indexURL = new URL("./pyodide/", import.meta.url).href;
    glue = start(data.archives, { indexURL }).then((pyodide) => pyodide.pyimport("board.glue"));
    glue.catch(() => {});
    return;
  }
  const { id, op, args } = data;
  try {
    if (!OPS.has(op)) throw new Error(`no such call: ${String(op).slice(0, 40)}`);
    const board = await glue;
    postMessage({ id, out: board[op](...args) ?? null });
  } catch (error) {
    postMessage({ id, error: message(error) });
  }
});
