"""The hint button: the hard bot's move for the player, shown on the table with its reason."""

from chkobba import Move
from conftest import PHONE
from positions import first_seed_where_you_cut


def shown_hint(table) -> tuple[Move, str]:
    """The move the page highlights (hand card + table cards, or the cut button) and its reason."""
    page = table.page
    page.wait_for_function(
        "() => document.querySelector('#app').textContent.includes('Hint: ')", timeout=20_000
    )
    buttons = page.eval_on_selector_all(
        ".btn.hint[data-move]", "els => els.map(e => e.dataset.move)"
    )
    if buttons:
        reason = page.inner_text("[data-hint-reason]")
        return Move.parse(buttons[0]), reason
    hand = table.codes('[data-zone="hand-0"] .card.hint')
    taken = table.codes(".table-cards .card.hint")
    assert len(hand) == 1, hand
    assert hand[0] in table.hand()
    return Move.play(hand[0], taken), page.inner_text("[data-status]")


@PHONE
def test_a_hint_names_a_legal_move_and_playing_it_goes_on(table):
    seed = first_seed_where_you_cut("keep")
    table.open(f"?seed={seed}&pace=0")
    assert table.wait_phase("cut") == "cut"
    table.tap('[data-overlay="cut"] [data-action="hint"]')
    move, reason = shown_hint(table)
    assert move in table.saved_game().legal_moves()
    assert reason.startswith("Hint: ") and len(reason) > 8
    table.play_one()
    phase = table.wait_phase("play")
    assert phase == "play"
    box = table.box('.zone.you [data-action="hint"]')
    viewport = table.page.viewport_size
    assert box["height"] >= 44 and box["width"] >= 44
    assert box["y"] + box["height"] <= viewport["height"]
    table.tap('.zone.you [data-action="hint"]')
    move, reason = shown_hint(table)
    game = table.saved_game()
    same = [
        m
        for m in game.legal_moves()
        if m.card == move.card and set(m.captures) == set(move.captures)
    ]
    assert len(same) == 1, (move, game.legal_moves())
    assert reason.startswith("Hint: ")
    table.screenshot("hint")
    before = table.moves
    table.tap(f'[data-zone="hand-0"] [data-card="{move.card}"]')
    if table.phase == "choose":
        table.tap(f'.choice[data-move="{same[0]}"]')
    table.wait_turn(before)
    assert table.page.locator(".card.hint").count() == 0
