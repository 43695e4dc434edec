"""A chkobba (sweeping the table) is announced big on the table, in view on a phone."""

from positions import before_a_sweep
from ui.storage import KeptMatch, write_kept_match

# The announcement where its pop ends (its animation run to the end at once), its words, and
# whether the swept table's "empty" words show beside it; read in one step of the page, as the
# next move's repaint may replace it (null while there is none).
AT_REST = """() => {
    const el = document.querySelector('.announce');
    if (!el) return null;
    el.getAnimations().forEach(a => a.finish());
    const box = el.getBoundingClientRect();
    const empty = el.closest('.felt').querySelector('.table-cards .empty');
    return { text: el.innerText, x: box.x, y: box.y, width: box.width, height: box.height,
             empty: empty && getComputedStyle(empty).visibility };
}"""


def test_a_chkobba_is_announced_in_view(table):
    game, card = before_a_sweep()
    text = write_kept_match(KeptMatch(game, 0, 1))
    table.open_with_save(text, "?pace=1")
    table.wait_phase("play")
    table.tap(f'[data-zone="hand-0"] [data-card="{card}"]')
    box = table.page.wait_for_function(AT_REST, timeout=10_000).json_value()
    assert "Chkobba!" in box["text"]
    assert box["empty"] == "hidden"  # "the table is empty" does not show through the pop
    viewport = table.page.viewport_size
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]
    table.screenshot("chkobba")
