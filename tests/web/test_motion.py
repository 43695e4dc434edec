"""Cards fly between places by default; with prefers-reduced-motion nothing moves on its own."""

from conftest import PHONE
from test_play import first_seed_where_you_cut

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
