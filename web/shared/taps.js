// What a tap asks, read off the element tapped: the one reader of the game (host.js) and of the
// tutorial boards (embed.js). The page's Python gets the answer, never the element.

/** [action, value] for a tap on ``target``: a button's data-action with its data-move or
 * data-value; or a card of one of ``zones`` (a zone's name -> the action a card there means)
 * with the card's code; null for anything else (a disabled button, an opponent's card...). */
export function readTap(target, zones) {
  const button = target.closest("[data-action]");
  if (button) {
    if (button.disabled) return null;
    return [button.dataset.action, button.dataset.move || button.dataset.value || ""];
  }
  const card = target.closest("button[data-card]");
  const zone = card?.closest("[data-zone]")?.dataset.zone;
  return zone !== undefined && Object.hasOwn(zones, zone) ? [zones[zone], card.dataset.card] : null;
}

/** Call ``handle(target)`` once for each tap inside ``root``, as click events do, and also for
 * a tap whose element was redrawn between the press and the release (the board or the game
 * replaced its HTML with an answer to the tap before): a mouse gets no click then, and the tap
 * would be lost. Such a tap counts at the release when it is where it was pressed, over an
 * element that reads as the same tap; the click a finger's tap still gets after it (Chromium
 * sends one to the element drawn anew) is then not counted again: a second count would take a
 * toggle back. A click with no press (the keyboard's) always counts. */
export function listenTaps(root, zones, handle) {
  const scope = root.getRootNode?.() ?? document;
  let press = null;
  let counted = false; // this press counted at its release: its click, if one comes, is not
  root.addEventListener("pointerdown", (event) => {
    press = event.isPrimary ? { target: event.target, x: event.clientX, y: event.clientY } : null;
    counted = false;
  });
  root.addEventListener("pointerup", (event) => {
    const was = press;
    press = null;
    if (!was || was.target.isConnected) return; // the click follows
    if (Math.hypot(event.clientX - was.x, event.clientY - was.y) > 12) return;
    const before = readTap(was.target, zones);
    const under = scope.elementFromPoint?.(event.clientX, event.clientY);
    const now = under && root.contains(under) ? readTap(under, zones) : null;
    if (before && now && before[0] === now[0] && before[1] === now[1]) {
      counted = true;
      handle(under);
    }
  });
  root.addEventListener("click", (event) => {
    if (counted && event.detail > 0) {
      counted = false;
      return;
    }
    handle(event.target);
  });
}
