"""What broke the page before issue 10, each played through the browser: full or corrupt storage,
two tabs, many capture options on a phone, taps meant for another screen, reloads mid-move,
finished positions, long addresses."""

from chkobba import Game, legal_play_moves
from conftest import PHONE, Table
from positions import MANY, before_your_cut, capture_turn
from ui.storage import KeptMatch, write_kept_match

FILL = """() => {
    localStorage.clear();
    let i = 0;
    for (const size of [1 << 20, 1 << 16, 1 << 10, 64, 1]) {
        const chunk = 'x'.repeat(size);
        try { for (;;) localStorage.setItem('fill' + i++, chunk); } catch (e) {}
    }
    return i;
}"""


def open_saved(table, game: Game, seen: int, query: str = "?pace=0") -> None:
    table.open_with_save(write_kept_match(KeptMatch(game, seen, game.seed)), query)


def tap_any(table) -> str:
    """Play on without reading the save: keep a cut, else the first hand card (and its first
    capture option); return the phase the page then waits in."""
    before = table.moves
    if table.phase == "cut":
        table.tap('[data-move="keep"]')
    else:
        table.tap('[data-zone="hand-0"] [data-card] >> nth=0')
        table.page.wait_for_function(
            """n => { const a = document.querySelector('#app');
                return +a.dataset.moves > n || a.dataset.phase !== 'play'; }""",
            arg=before,
        )
        if table.phase == "choose":
            table.tap(".choice >> nth=0")
    return table.wait_turn(before)


@PHONE
def test_a_full_storage_lets_the_match_go_on_with_a_short_notice(table):
    table.open_after(f"({FILL})()", "?seed=5&pace=0")
    assert table.page.evaluate("localStorage.length") > 1
    notice = table.page.wait_for_selector("[data-notice]")
    assert "progress is not kept" in notice.inner_text()
    phase = table.wait_phase("cut", "play")
    for _ in range(4):
        phase = tap_any(table)
    assert phase in ("play", "cut", "sheet") and table.moves >= 4


@PHONE
def test_a_huge_corrupt_save_still_gives_a_new_game(table):
    table.open_after("localStorage.setItem('chkobba.save', 'x'.repeat(3000000))")
    notice = table.page.wait_for_selector("[data-notice]").inner_text()
    assert notice.startswith("Your saved match could not be read.")
    assert table.wait_phase("cut", "play", "wait")
    assert table.saved_game().deal_results == ()
    table.reload()  # and on every later visit too
    assert table.wait_phase("cut", "play", "wait")


@PHONE
def test_a_second_tab_follows_the_first(table, server_url, form):
    table.open("?seed=5&pace=0")
    table.wait_phase("cut", "play")
    other = Table(table.page.context.new_page(), server_url, form)  # a tab of the same browser
    other.open("?pace=0")
    other.wait_phase("cut", "play")
    assert other.saved_game() == table.saved_game()
    for mover, follower in [(table, other), (other, table), (table, other)]:
        mover.play_one()
        follower.page.wait_for_function(
            "n => +document.querySelector('#app').dataset.moves === n", arg=mover.moves
        )
        follower.wait_phase("cut", "play", "sheet")
        assert follower.hand() == mover.hand()
    assert "another tab" in other.page.inner_text("[data-notice]")
    history = table.saved_game().history
    assert len(history) == table.moves == other.moves
    other.assert_clean()


def test_many_capture_options_fit_the_screen(table):
    for count, position in MANY.items():
        game = Game.from_notation(position.replace("+", " "))
        assert len(legal_play_moves(game.hands[0], game.table)) == count
        table.open(f"?pace=0&position={position}")
        table.wait_phase("play")
        table.tap('[data-zone="hand-0"] [data-card="KD"]')
        table.wait_phase("choose")
        assert table.page.locator(".choice").count() == count
        view = table.page.viewport_size
        box = table.page.locator(".felt").bounding_box()
        bar = table.page.locator(".bar").bounding_box()
        hand = table.page.locator('[data-zone="hand-0"]').bounding_box()
        for selector in (".table-cards .card", ".choices .sum", ".choices .cancel", ".status"):
            for item in table.page.locator(selector).all():
                part = item.bounding_box()
                assert part["y"] >= bar["y"] + bar["height"] - 1, (count, selector)
                assert part["y"] >= box["y"] - 1 and part["y"] + part["height"] <= hand["y"] + 1
                assert part["x"] >= 0 and part["x"] + part["width"] <= view["width"]
        table.screenshot(f"choice-{count}")
        last = table.page.locator(".choice").last
        last.scroll_into_view_if_needed()
        chosen = last.get_attribute("data-move")
        before = table.moves
        table.tap(".choice >> nth=-1")
        table.wait_turn(before)
        taken = str(chosen).removeprefix("KDx").split("+")
        assert taken and not set(taken) & set(table.table())


@PHONE
def test_new_game_over_a_match_in_progress_asks_first(table):
    table.open("?seed=5&pace=0")
    table.wait_phase("cut", "play")
    table.play_one()
    game = table.saved_game()
    table.tap('[data-action="settings"]')
    table.tap('[data-action="new"]')
    table.wait_phase("confirm")
    table.screenshot("confirm-new")
    assert table.saved_game() == game
    table.tap('[data-action="close"]')
    table.wait_phase("cut", "play", "wait", "sheet")
    assert table.saved_game() == game
    table.tap('[data-action="settings"]')
    table.tap('[data-action="new"]')
    table.tap('[data-action="confirm-new"]')
    table.wait_phase("cut", "play", "wait")
    assert table.saved_game().history != game.history[: len(table.saved_game().history)] or (
        table.saved_game().seed != game.seed
    )


SAW_HINT = """() => {
    window.sawHint = false;
    const app = document.querySelector('#app');
    new MutationObserver(() => {
        if (app.querySelector('.hint-btn[aria-busy], [data-hint-reason]')) window.sawHint = true;
    }).observe(app, {childList: true, subtree: true, attributes: true});
}"""


def test_a_double_tap_on_next_deal_does_not_reach_the_cut_dialog(table):
    game = before_your_cut()
    open_saved(table, game, len(game.deal_results) - 1)
    table.wait_phase("sheet")
    button = table.page.locator('[data-action="next"]')
    button.click(trial=True)  # waits until the sheet takes taps
    table.page.evaluate(SAW_HINT)
    spot = centre(button.bounding_box())
    # The page's clock for animations 20 times slower while the taps land: a new dialog's
    # moment without taps (style.css `arm`, 350 ms) outlasts the test's own steps however
    # loaded the machine, so the taps below come within it, as a double tap's do.
    animations = table.page.context.new_cdp_session(table.page)
    animations.send("Animation.enable")
    animations.send("Animation.setPlaybackRate", {"playbackRate": 0.05})
    table.page.mouse.click(*spot)
    table.wait_phase("cut")
    table.page.mouse.click(*spot)  # the second tap of a double tap, on the dialog now open
    hint = table.page.locator('[data-overlay="cut"] [data-action="hint"]')
    table.page.mouse.click(*centre(hint.bounding_box()))  # and one on its Hint
    animations.send("Animation.setPlaybackRate", {"playbackRate": 1})
    before = table.moves
    table.tap('[data-move="keep"]')
    table.wait_turn(before)
    assert table.page.evaluate("window.sawHint") is False
    assert table.saved_game().history[-1].kind == "keep"


def centre(box) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@PHONE
def test_a_reload_while_a_capture_is_shown_keeps_the_move(table):
    game, move = capture_turn()
    card = str(move.card)
    open_saved(table, game, 0, "?pace=10")  # the capture is shown for 7 s
    table.wait_phase("play")
    table.tap(f'[data-zone="hand-0"] [data-card="{card}"]')
    table.page.wait_for_selector(".card.incoming")
    assert "to take" in table.page.inner_text("[data-status]")
    table.page.goto(table.base + "index.html?pace=0")
    table.wait_ready()
    played = table.saved_game().history[len(game.history)]
    assert played.kind == "play" and str(played.card) == card
    assert card not in table.hand()


@PHONE
def test_a_finished_position_shows_the_result_and_a_way_on(table):
    table.open("?pace=0&position=-+-/-+x+-/-+-+21-0/21+0+-")
    table.wait_phase("over")
    assert table.page.inner_text('[data-overlay="over"] h2') == "You won the match!"
    assert "21" in table.page.inner_text('[data-overlay="over"]')
    table.tap('[data-action="new"]')
    assert table.wait_phase("cut", "play", "wait")


def test_a_very_long_address_gives_a_small_notice_that_closes(table):
    long_value = "?seed=" + "9" * 60_000  # (the test server reads request lines up to 64 KiB)
    for query in ["?" + "&".join(f"p{i}=1" for i in range(2000)), long_value]:
        table.open(query + "&pace=0")
        table.page.wait_for_selector("[data-notice]")
        box = table.box("[data-notice]")  # (a repaint, the computer's cut, may redraw it)
        assert box["height"] <= 160 and box["width"] <= table.page.viewport_size["width"]
        table.tap('[data-action="dismiss"]')
        table.page.wait_for_selector("[data-notice]", state="detached")
        assert table.wait_phase("cut", "play", "wait")
