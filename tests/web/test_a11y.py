"""Playable by everyone, in each language: axe-core finds no serious or critical violation on any
screen, the Arabic page is right to left and nothing overflows at 360 px, a whole deal can be
played with the keyboard alone, the focus is never lost and the live region says each move once.

With ``--screens``, a screenshot of every screen in every language goes to test-results/screens/
(for a person to look at).
"""

from __future__ import annotations

import re

import axe
import pytest
from chkobba import Game, Rules
from chkobba.bots import make_bot
from page_support import (
    OVERFLOW,
)
from positions import (
    CHOICE_SEED,
    before_your_cut,
    first_seed_where_you_cut,
    four_you_cut,
    near_the_end,
)
from ui.storage import KeptMatch, write_kept_match

LANGS = ("en", "fr", "ar")


def check_screen(table, lang: str, name: str) -> None:
    """axe on the screen as it is now; at phone size, no horizontal overflow; a screenshot."""
    page = table.page
    page.wait_for_function(  # cards have landed, dialogs have faded in: colours as they stay
        "() => document.getAnimations().every(a => a.playState !== 'running')"
    )
    table.screenshot(f"{lang}-{name}")
    violations = axe.audit(page)
    blocking = axe.blocking(violations)
    assert blocking == [], f"{lang} {name}:\n{axe.report(blocking)}"
    if table.device == "phone":
        overflow = page.evaluate(OVERFLOW)
        assert overflow == [], f"{lang} {name}: {overflow}"
    html = page.locator("html")
    assert html.get_attribute("dir") == ("rtl" if lang == "ar" else "ltr")
    assert html.get_attribute("lang").split("-")[0] == lang


def load_saved(table, game: Game, query: str, seen: int | None = None) -> None:
    """Open the page on ``game`` as the saved match (``seen``: deals already dismissed)."""
    seen = len(game.deal_results) if seen is None else seen
    table.open_with_save(write_kept_match(KeptMatch(game, seen, 1)), query)


def choice_turn() -> tuple[Game, str]:
    """A position at the player's turn where a hand card can take two ways, and that card."""
    game, bot = Game.new(Rules(target=21), seed=CHOICE_SEED), make_bot("easy", 1)
    while True:
        if game.current == 0 and game.phase == "play":
            cards = [m.card for m in game.legal_moves() if m.kind == "play"]
            several = [c for c in cards if cards.count(c) > 1]
            if several:
                return game, str(several[0])
        game = game.play(bot.choose(game.view(game.current)))


def languages(first: str) -> list[str]:
    """Every language, ``first`` first (the one the page was opened in)."""
    return [first, *(lang for lang in LANGS if lang != first)]


def test_every_screen_in_each_language(table):
    """The cut, the table, settings and its confirmation, a capture choice, a score sheet and
    what opens from it (the deal's log, the cards taken, how you played, the expert's replay),
    the match's end and a notice: axe-clean, in the language asked, mirrored in Arabic. Each
    screen is reached once and looked at in each language: the page opened in one (by its
    address, a different one each time), then switched in its settings, as a player does, and
    the settings closed again onto the same screen."""
    table.open(f"?seed={first_seed_where_you_cut('keep')}&pace=0&lang=en")
    table.wait_phase("cut")
    for lang in languages("en"):
        assert table.speak(lang) == "cut"
        check_screen(table, lang, "cut")
    table.tap('[data-move="keep"]')
    table.wait_phase("play")
    for lang in languages("ar"):  # the page speaks Arabic: chosen again, first
        table.choose_language(lang)
        check_screen(table, lang, "settings")
        table.tap('.sheet [data-action="new"]')
        table.wait_phase("confirm")
        check_screen(table, lang, "confirm")
        table.tap('.sheet [data-action="close"]')
        table.wait_phase("play")
        check_screen(table, lang, "table")

    game, card = choice_turn()
    load_saved(table, game, "?pace=0&lang=fr")
    table.wait_phase("play")
    table.tap(f'[data-zone="hand-0"] [data-card="{card}"]')
    table.wait_phase("choose")
    for lang in languages("fr"):
        assert table.speak(lang) == "choose"
        check_screen(table, lang, "choice")

    game = before_your_cut()
    load_saved(table, game, "?pace=0&lang=ar", seen=len(game.deal_results) - 1)
    table.wait_phase("sheet")
    for lang in languages("ar"):
        assert table.speak(lang) == "sheet"
        check_screen(table, lang, "sheet")
        for action, ready in (
            ("log", ".log"),
            ("taken", ".taken"),
            ("review", "[data-review]"),
            ("expert", '[data-row="total"]'),
        ):
            table.tap(f'[data-overlay="sheet"] [data-action="{action}"]')
            table.page.wait_for_selector(f'[data-overlay="{action}"] {ready}')
            check_screen(table, lang, action)
            table.tap(f'[data-overlay="{action}"] [data-action="close"]')
            table.wait_phase("sheet")

    load_saved(table, near_the_end(), "?pace=0&lang=en")
    table.wait_phase("play")
    assert table.play_one() == "over"
    for lang in languages("en"):
        assert table.speak(lang) == "over"
        check_screen(table, lang, "over")

    table.open("?pace=0&lang=fr&level=impossible")
    table.page.wait_for_selector("[data-notice]")
    for lang in languages("fr"):
        table.speak(lang)
        table.page.wait_for_selector("[data-notice]")
        check_screen(table, lang, "notice")
    table.assert_clean()


def focused(page) -> dict:
    return page.evaluate(
        """() => { const el = document.activeElement;
            return {tag: el.tagName, card: el.dataset.card || null,
                    action: el.dataset.action || null, move: el.dataset.move || null,
                    zone: (el.closest('[data-zone]') || {dataset: {}}).dataset.zone || null}; }"""
    )


def tab_to(page, want, limit: int = 30) -> int:
    """Press Tab until ``want(focused)`` holds; the number of presses."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if want(focused(page)):
            return presses
    raise AssertionError(f"Tab never reached it: {focused(page)}")


def arrow_to(page, card: str, rtl: bool) -> None:
    """Move along the focused row with the arrow key that goes forward in this direction."""
    key = "ArrowLeft" if rtl else "ArrowRight"
    for _ in range(12):
        if focused(page)["card"] == card:
            return
        page.keyboard.press(key)
    raise AssertionError(f"{card} not reached with {key}: {focused(page)}")


LIVE_LOG = """() => { window.spoken = [];
    new MutationObserver(() => window.spoken.push(document.querySelector('#live').textContent))
        .observe(document.querySelector('#live'), {childList: true, characterData: true,
                                                   subtree: true}); }"""


# What the live region says of another seat's move: the computer, or (four) the partner.
OTHERS_SAID = {
    ("en", 2): r"Computer (played|laid|cut)",
    ("ar", 2): "الكمبيوتر",
    ("ar", 4): "صاحبك",
}


@pytest.mark.parametrize(("lang", "players"), OTHERS_SAID)
def test_a_whole_deal_with_the_keyboard_alone(table, lang, players):
    """Enter on the focused control, Tab to reach the hand, arrows within it (mirrored in
    Arabic), a capture chosen from the options; the focus is on a control after every move.
    With four players too: the three computer seats play between your moves."""
    page, rtl = table.page, lang == "ar"
    table.open(f"?seed=5&pace=0&lang={lang}&players={players}")
    page.evaluate(LIVE_LOG)
    phase = table.wait_phase("cut", "play")
    moves = 0
    while phase not in ("sheet", "over"):
        game = table.saved_game()
        move = game.legal_moves()[0]
        before = table.moves
        if phase == "cut":  # the dialog has the focus: Tab within it to the choice
            assert focused(page)["action"] in ("move", "hint")
            if focused(page)["move"] != str(move):
                tab_to(page, lambda f, m=str(move): f["move"] == m, limit=6)
            page.keyboard.press("Enter")
        else:
            if focused(page)["zone"] != "hand-0":
                assert tab_to(page, lambda f: f["zone"] == "hand-0") <= 6
            arrow_to(page, str(move.card), rtl)
            page.keyboard.press("Enter")
            page.wait_for_function(
                "n => +document.querySelector('#app').dataset.moves > n"
                " || document.querySelector('#app').dataset.phase === 'choose'",
                arg=before,
            )
            if table.phase == "choose":  # the focus on the first option, the others next
                assert focused(page)["move"] == page.get_attribute(".choice", "data-move")
                if focused(page)["move"] != str(move):
                    tab_to(page, lambda f, m=str(move): f["move"] == m, limit=8)
                page.keyboard.press(" ")
        phase = table.wait_turn(before)
        moves += 1
        assert focused(page)["tag"] == "BUTTON", f"focus lost after move {moves}"
    assert phase == "sheet" and moves >= 6
    assert focused(page)["action"] == "next"  # the score sheet took the focus
    said = page.evaluate("window.spoken")
    assert len(said) == len(set(said))  # nothing said twice
    assert any(re.search(OTHERS_SAID[lang, players], s) for s in said), said
    page.keyboard.press("Enter")
    assert table.wait_phase("cut", "play", "wait")


# The capture options: whether any is hidden (their box scrolls), and each option's box inside
# the options' box and the felt's (with room for its focus ring: 3 px, 3 px off).
OPTIONS_WHOLE = """() => {
  const box = s => document.querySelector(s).getBoundingClientRect();
  const options = document.querySelector('.choices .options'), felt = box('.felt');
  const within = (b, o, m) => b.left - m >= o.left && b.right + m <= o.right
    && b.top - m >= o.top && b.bottom + m <= o.bottom;
  return [...document.querySelectorAll('.choice')].map(e => {
    const b = e.getBoundingClientRect();
    return {hidden: options.scrollHeight > options.clientHeight,
            whole: within(b, options.getBoundingClientRect(), 6) && within(b, felt, 6)};
  });
}"""


def test_capture_options_show_whole_and_take_the_focus(table):
    """A card with two captures, chosen by Enter, in each language, on a phone (360x740) and a
    desktop (1280x800, 1280x720): its options show whole (none clipped), the focus goes to the
    first, Escape gives it back to the card, and Enter on an option plays it."""
    game, card = choice_turn()
    page = table.page
    sizes = [None] if table.device == "phone" else [(1280, 800), (1280, 720)]
    for lang in LANGS:
        load_saved(table, game, f"?pace=0&lang={lang}")
        table.wait_phase("play")
        for size in sizes:  # (the window resized under the open page)
            if size:
                page.set_viewport_size({"width": size[0], "height": size[1]})
            page.focus(f'[data-zone="hand-0"] [data-card="{card}"]')
            page.keyboard.press("Enter")
            table.wait_phase("choose")
            first = page.get_attribute(".choice", "data-move")
            assert focused(page)["move"] == first
            shown = page.evaluate(OPTIONS_WHOLE)
            assert shown == [{"hidden": False, "whole": True}] * len(shown) and len(shown) > 1
            table.screenshot(f"choices-{lang}" + (f"-{size[0]}x{size[1]}" if size else ""))
            page.keyboard.press("Escape")
            table.wait_phase("play")
            assert focused(page)["card"] == card
    page.keyboard.press("Enter")
    table.wait_phase("choose")
    moves = table.moves
    page.keyboard.press("Enter")
    table.wait_turn(moves)
    assert str(table.saved_game().history[moves]) == first


def test_escape_cancels_a_choice_and_closes_settings_giving_the_focus_back(table):
    table.open(f"?seed={CHOICE_SEED}&pace=0")
    page = table.page
    phase = table.wait_phase("cut", "play")
    for _ in range(10):
        game = table.saved_game()
        cards = [m.card for m in game.legal_moves() if m.kind == "play"]
        several = [c for c in cards if cards.count(c) > 1]
        if phase == "play" and several:
            break
        phase = table.play_one()
    card = str(several[0])
    page.focus(f'[data-zone="hand-0"] [data-card="{card}"]')
    page.keyboard.press("Enter")
    table.wait_phase("choose")
    assert page.get_attribute(f'[data-card="{card}"]', "aria-pressed") == "true"
    page.keyboard.press("Escape")
    table.wait_phase("play")
    assert focused(page)["card"] == card
    page.focus('[data-action="settings"]')
    page.keyboard.press("Enter")
    table.wait_phase("settings")
    dialog = page.locator('[role="dialog"][aria-modal="true"]')
    assert dialog.count() == 1 and dialog.get_attribute("aria-labelledby")
    assert page.evaluate("document.activeElement.closest('[role=dialog]') !== null")
    assert page.locator(".felt[inert]").count() == 1  # the table under it is out of reach
    page.keyboard.press("Escape")
    table.wait_phase("play")
    assert focused(page)["action"] == "settings"


def test_the_language_is_chosen_in_settings_and_remembered(table):
    page = table.page
    table.open("?seed=5&pace=0")
    assert page.get_attribute("html", "lang") == "en"
    table.tap('[data-action="settings"]')
    table.wait_phase("settings")
    table.tap('[data-action="lang"][data-value="ar"]')
    page.wait_for_selector('html[dir="rtl"][lang="ar-TN"]')
    assert page.inner_text(".sheet h2") == "الإعدادات"
    assert page.get_attribute('[data-value="ar"]', "aria-pressed") == "true"
    table.reload()
    assert page.get_attribute("html", "dir") == "rtl"
    assert "إنتِ" in page.inner_text(".score")
    table.open("?pace=0&lang=fr")  # the address wins over the saved choice
    assert page.get_attribute("html", "lang") == "fr"
    assert "Vous" in page.inner_text(".score")


def test_the_browser_language_is_the_default(browser, server_url):
    context = browser.new_context(locale="fr-FR", service_workers="block")
    page = context.new_page()
    page.goto(server_url + "index.html?seed=5&pace=0")
    page.wait_for_selector("html.ready #app[data-phase]", timeout=60_000)
    assert page.get_attribute("html", "lang") == "fr"
    assert page.title() == "Chkobba"
    context.close()
    context = browser.new_context(locale="ar-TN", service_workers="block")
    page = context.new_page()
    page.goto(server_url + "index.html?seed=5&pace=0")
    page.wait_for_selector("html.ready #app[data-phase]", timeout=60_000)
    assert page.get_attribute("html", "dir") == "rtl" and page.title() == "شكبّة"
    context.close()


def test_a_move_is_announced_in_words_once():
    """The live region's sentence for a capture, in each language (CPython, no browser)."""
    from chkobba import Card, Move
    from shared import i18n
    from shared.words import played

    move = Move.play(Card.parse("7D"), [Card.parse("3C"), Card.parse("4H")])
    said = {lang: played(i18n.language(lang), 1, move, None, spoken=True) for lang in LANGS}
    assert said["en"] == (
        "Computer played the 7 of diamonds and took the 3 of clubs and the 4 of hearts."
    )
    assert said["fr"] == (
        "L'ordinateur a joué le sept de carreau et pris le trois de trèfle et le quatre de cœur."
    )
    assert said["ar"] == "الكمبيوتر لعب سبعة الحيّة وهزّ تريس تريفل وكواترو كور."
    shown = played(i18n.language("en"), 1, move, None)
    assert shown == "Computer played 7♦ and took 3♣ and 4♥."


def test_four_at_the_table_in_each_language(table):
    """Four at the table: your cut, the table with three other seats, the settings with the
    players, the partnership score sheet: axe-clean, no overflow at 360 px, mirrored in Arabic.
    One match: each screen looked at in each language (switched in the settings)."""
    table.open(f"?players=4&seed={four_you_cut()}&pace=0&lang=ar")
    table.wait_phase("cut")
    for lang in languages("ar"):
        assert table.speak(lang) == "cut"
        check_screen(table, lang, "four-cut")
    table.tap('[data-move="keep"]')
    table.wait_phase("play")
    for lang in languages("fr"):  # the page speaks French: chosen again, first
        table.choose_language(lang)
        check_screen(table, lang, "four-settings")
        table.tap('.sheet [data-action="close"]')
        table.wait_phase("play")
        check_screen(table, lang, "four-table")
    for _ in range(12):
        if table.play_one() == "sheet":
            break
    for lang in languages("fr"):
        assert table.speak(lang) == "sheet"
        check_screen(table, lang, "four-sheet")
    table.assert_clean()
