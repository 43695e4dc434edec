"""Cards fly between places by default; with prefers-reduced-motion nothing moves on its own."""

from conftest import PHONE
from positions import first_seed_where_you_cut

ANIMATIONS = "document.getAnimations().length"


def play_a_card(table) -> int:
    """Keep the cut card, then play a card that needs no capture choice; returns the move count
    just before the play."""
    table.open(f"?seed={first_seed_where_you_cut('keep')}&pace=1")
    table.wait_phase("cut")
    table.tap('[data-move="keep"]')
    table.wait_phase("play")
    game = table.saved_game()
    moves = [m for m in game.legal_moves() if m.kind == "play"]
    card = next(m.card for m in moves if sum(n.card == m.card for n in moves) == 1)
    before = table.moves
    table.tap(f'[data-zone="hand-0"] [data-card="{card}"]')
    return before


def test_by_default_a_played_card_flies(table):
    before = play_a_card(table)
    table.page.wait_for_function(
        f"n => +document.querySelector('#app').dataset.moves > n && {ANIMATIONS} > 0",
        arg=before,
        polling="raf",
        timeout=10_000,
    )


# Every frame from the page's start: the most animations and flying ghosts seen at once (but
# style.css's `arm`, which moves nothing: a new dialog takes taps only after a moment).
WATCH = """() => {
    window.__seen = [0, 0];
    const tick = () => {
        const moving = document.getAnimations().filter(a => a.animationName !== 'arm');
        const now = [moving.length, document.querySelectorAll('.ghost').length];
        window.__seen = window.__seen.map((most, i) => Math.max(most, now[i]));
        requestAnimationFrame(tick);
    };
    tick();
}"""


@PHONE
def test_with_reduced_motion_nothing_animates(table):
    table.page.emulate_media(reduced_motion="reduce")
    table.page.add_init_script(f"({WATCH})()")
    before = play_a_card(table)
    table.wait_turn(before + 1)  # the move and the computer's reply, back to the player
    assert table.page.evaluate("window.__seen") == [0, 0]


@PHONE
def test_the_instant_pace_is_remembered_and_nothing_moves(table):
    """Chosen in the settings, kept across a reload, applied: once the page has loaded (its
    loading spinner aside), nothing moves at "instant", not even the cut's dialog."""
    address = f"?seed={first_seed_where_you_cut('keep')}&pace=1"
    table.open(address)
    table.wait_phase("cut")
    table.tap('[data-action="settings"]')
    table.wait_phase("settings")
    table.tap('[data-action="pace"][data-value="instant"]')
    # Drawn once kept: the page writes the settings before the frame that shows them.
    table.page.wait_for_selector('[data-action="pace"][data-value="instant"][aria-pressed="true"]')
    table.tap('[data-action="close"]')
    table.open(address)  # a reload: the setting is read back
    table.wait_phase("cut")
    table.page.evaluate(f"({WATCH})()")
    table.tap('[data-move="keep"]')
    table.wait_phase("play")
    game = table.saved_game()
    card = next(m.card for m in game.legal_moves() if not m.captures)
    before = table.moves
    table.tap(f'[data-zone="hand-0"] [data-card="{card}"]')
    table.wait_turn(before + 1)
    assert table.page.evaluate("window.__seen") == [0, 0]
    assert table.page.get_attribute("#app", "data-still") == "yes"
    table.tap('[data-action="settings"]')
    table.wait_phase("settings")
    pressed = table.page.locator('[data-action="pace"][aria-pressed="true"]')
    assert pressed.get_attribute("data-value") == "instant"
