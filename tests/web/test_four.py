"""Four at the table in the browser (issue 12): a whole deal by taps to its score sheet, a
computer seat's cut (kept, exposed), your own cut, reloads mid-deal (your turn and a computer
seat's), switching between two and four players; a shared four-player deal's controls."""

from chkobba import Game, deal_link
from conftest import PHONE
from positions import FOUR, four_computer_turn, four_seat_cut, four_you_cut


def seats(table) -> list[str]:
    return table.page.eval_on_selector_all("[data-seat]", "els => els.map(e => e.dataset.seat)")


def test_a_full_four_player_deal_by_taps(table):
    table.open("?players=4&seed=5&pace=0")
    assert table.page.get_attribute("#app", "data-players") == "4"
    assert sorted(seats(table)) == ["0", "1", "2", "3"]
    phase = table.wait_phase("cut", "play")
    for _ in range(12):
        phase = table.play_one()
        if phase == "sheet":
            break
    assert phase == "sheet"
    game = table.saved_game()
    assert game.rules.players == 4 and len(game.history) >= 36
    sheet = table.page.locator('[data-overlay="sheet"]')
    heads = sheet.locator("table tr").first.inner_text()
    assert heads.split()[-2:] == ["Us", "Them"]  # the sides' names, as on the score bar
    totals = sheet.locator(".match td")
    assert [totals.nth(i).inner_text() for i in (0, 1)] == [str(t) for t in game.scores]
    table.tap('[data-action="next"]')
    table.wait_phase("cut", "play", "wait")
    assert table.page.inner_text('[data-score="0"]') == str(game.scores[0])


# What the page showed of a computer seat's cut, recorded as it is drawn: on a loaded machine
# the marker can come and go between two of the test's round trips to the page.
SEEN_CUTS = """window.seenCuts = [];
new MutationObserver(() => {
  for (const el of document.querySelectorAll('[data-kept], [data-zone="table"] .card.exposed')) {
    const seat = el.closest('[data-seat]');
    const what = el.matches('[data-kept]')
      ? `kept ${seat.dataset.seat} ${el.textContent}` : `exposed ${el.dataset.card}`;
    if (!window.seenCuts.includes(what)) window.seenCuts.push(what);
  }
}).observe(document, {childList: true, subtree: true});"""


@PHONE
def test_a_computer_seat_keeps_or_exposes_its_cut_card(table):
    table.page.add_init_script(SEEN_CUTS)
    for choice in ("keep", "expose"):
        seed = four_seat_cut(choice)
        table.open_after("localStorage.clear()", f"?players=4&seed={seed}&pace=0.5")
        game = Game.new(FOUR, seed=seed)  # the page's first deal, its cut not yet made
        wanted = f"kept {game.current} " if choice == "keep" else f"exposed {game.cut_card}"
        table.page.wait_for_function(
            "wanted => window.seenCuts.some(s => s.startsWith(wanted))", arg=wanted
        )
        if choice == "keep":
            seen = table.page.evaluate("window.seenCuts")
            assert any(s.startswith(wanted) and "kept it" in s for s in seen), seen
        assert table.saved_game().history[0].kind == choice


@PHONE
def test_your_own_cut_at_four(table):
    table.open(f"?players=4&seed={four_you_cut()}&pace=0")
    table.wait_phase("cut")
    assert table.page.locator('[data-overlay="cut"]').count() == 1
    table.tap('[data-move="keep"]')
    table.wait_phase("play")
    game = table.saved_game()
    assert game.history[0].kind == "keep" and len(table.hand()) == 3


@PHONE
def test_a_reload_resumes_the_same_position(table):
    table.open("?players=4&seed=5&pace=0")
    table.wait_phase("cut", "play")
    for _ in range(2):
        table.play_one()
    before, hand, on_table = table.saved_game(), table.hand(), table.table()
    table.reload()
    assert table.wait_phase("play") and table.saved_game() == before
    assert table.hand() == hand and table.table() == on_table
    # During a computer seat's turn: at pace 10 it thinks 7.5 s, time enough to reload.
    game = four_computer_turn()
    table.open_on(game, "?pace=10")
    assert table.phase == "wait" and table.moves == len(game.history)
    table.reload()
    assert table.phase == "wait" and table.saved_game() == game
    assert table.moves == len(game.history) and table.table() == [str(c) for c in game.table]
    turn = table.page.locator(f'[data-seat="{game.current}"] .who.turn')
    assert turn.count() == 1


@PHONE
def test_switching_between_two_and_four_players(table):
    table.open("?seed=5&pace=0")
    table.wait_phase("cut", "play")
    table.play_one()
    assert sorted(seats(table)) == ["0", "1"]
    table.tap('[data-action="settings"]')
    table.tap('[data-action="players"][data-value="4"]')
    table.wait_phase("confirm")
    assert "four-player" in table.page.inner_text('[data-overlay="confirm"]')
    table.tap('[data-action="confirm-new"]')
    table.wait_phase("cut", "play", "wait")
    assert sorted(seats(table)) == ["0", "1", "2", "3"]
    assert table.saved_game().rules.players == 4
    table.reload()  # remembered
    assert table.saved_game().rules.players == 4 and len(seats(table)) == 4
    table.tap('[data-action="settings"]')
    table.tap('[data-action="players"][data-value="2"]')
    phase = table.wait_phase("confirm", "cut", "play", "wait")
    if phase == "confirm":
        table.tap('[data-action="confirm-new"]')
    table.page.wait_for_selector('#app[data-players="2"]')
    assert table.saved_game().rules.players == 2


OVERLAPS = """() => {
  const boxes = sel => [...document.querySelectorAll(sel)].map(e => e.getBoundingClientRect());
  const meet = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const within = (a, b) =>
    a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom;
  const others = boxes('.hand .card, .pile .sweeps .card, .who, [data-action]');
  return [...document.querySelectorAll('.pile .side')].map(e => {
    const c = e.getBoundingClientRect();
    return {
      inside: c.left >= 0 && c.top >= 0 && c.right <= innerWidth && c.bottom <= innerHeight,
      hidden: others.some(o => meet(c, o)) || e.scrollWidth > e.clientWidth,
      on_its_pile: within(c, e.closest('.stack').getBoundingClientRect()),
    };
  });
}"""


def test_each_sides_name_shows_on_its_pile(table):
    for lang in ("en", "ar", "fr"):
        query = f"?players=4&seed={four_you_cut()}&pace=0&lang={lang}"
        table.open_after("localStorage.clear()", query)
        table.wait_phase("cut")
        table.tap('[data-move="keep"]')
        table.wait_phase("play")
        captions = table.page.evaluate(OVERLAPS)
        whole = {"inside": True, "hidden": False, "on_its_pile": True}
        assert captions == [whole] * 2, (lang, captions)


# Each control of a shared deal's replay, and its way back to the player's match: whether it is
# the topmost element at its centre (nothing lies over it: a tap there reaches it), and whether
# it lies whole inside the table's wooden edge (style.css: .app's 8 px inset shadow).
REPLAY_CONTROLS = """() => {
  const app = document.querySelector('#app').getBoundingClientRect();
  const edge = 8;
  return [...document.querySelectorAll('.replay [data-action], a.own')].map(e => {
    const b = e.getBoundingClientRect();
    const top = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
    return {
      control: e.dataset.value || 'own',
      topmost: e.contains(top),
      inside: b.left >= app.left + edge && b.right <= app.right - edge
        && b.top >= app.top + edge && b.bottom <= app.bottom - edge,
    };
  });
}"""


def four_player_deal() -> Game:
    """A whole first deal of four, each seat playing its first legal move (captures: the side
    seats' last plays show the card and what it took)."""
    game = Game.new(FOUR, seed=11)
    while not game.deal_results:
        game = game.play(game.legal_moves()[0])
    return game


def test_a_shared_four_player_deals_controls_are_never_covered(table):
    """Replayed at 360x740 and 1280x720, in each language, at its first ten moves and its last
    five: each control is the topmost element at its centre (the side seats' names and last
    plays never lie over "to the start" and "to the end") and whole inside the table's edge
    ("Back to your match" never cut by it)."""
    if table.device == "desktop":
        table.page.set_viewport_size({"width": 1280, "height": 720})
    game = four_player_deal()
    link, total = deal_link(game, 1), len(game.history)
    clear = [
        {"control": name, "topmost": True, "inside": True}
        for name in ("first", "prev", "next", "last", "own")
    ]

    def tap_to(control: str, step: int) -> None:
        table.tap(f'[data-action="replay"][data-value="{control}"]')
        table.page.wait_for_selector(f'.replay [data-step="{step}"]')
        assert table.page.evaluate(REPLAY_CONTROLS) == clear, (lang, step)

    for lang in ("fr", "ar", "en"):
        table.open(f"?deal={link}&pace=0&lang={lang}")
        table.wait_phase("replay")
        assert table.page.evaluate(REPLAY_CONTROLS) == clear, (lang, 0)
        for step in range(1, 10):
            tap_to("next", step)
        table.screenshot(f"replay-four-{lang}-move-9")
        tap_to("last", total)
        table.screenshot(f"replay-four-{lang}-last")
        for step in range(total - 1, total - 5, -1):
            tap_to("prev", step)
