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
