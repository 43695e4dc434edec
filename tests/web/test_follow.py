"""Following, reviewing and taking back a deal in the browser: the deal's log, each seat's last
play, the score sheet that explains itself, how you played, the expert's replay and undo;
opened by taps and by the keyboard, in each language, at both sizes."""

import pytest
from chkobba.log import EntryKind, deal_log
from conftest import PHONE
from positions import last_card_of_a_deal

TITLES = {
    "en": "Deal 1: what happened",
    "fr": "Manche 1 : ce qui s'est passé",
    "ar": "الدورة 1: شنوّة صار",
}


def minis(table, selector: str) -> list[str]:
    """The codes of the small cards in the element ``selector`` finds."""
    found = table.page.locator(selector).locator("[data-mini]")
    return found.evaluate_all("els => els.map(e => e.dataset.mini)")


def lines(table) -> list[str]:
    return table.page.eval_on_selector_all(".log li", "els => els.map(e => e.textContent)")


@PHONE
@pytest.mark.parametrize("lang", ["en", "fr", "ar"])
def test_the_log_tells_the_deal_so_far_and_closes_by_tap_and_by_escape(table, lang):
    table.open(f"?seed=5&pace=0&lang={lang}")
    for _ in range(3):
        table.wait_phase("play", "cut")
        table.play_one()
    table.wait_phase("play", "cut")
    game = table.saved_game()
    table.tap('[data-action="log"]')
    table.wait_phase("log")
    assert table.page.inner_text('[data-overlay="log"] h2') == TITLES[lang]
    told = lines(table)
    assert len(told) == len(deal_log(game, 1)) >= 4
    assert table.page.evaluate("document.documentElement.dir") == ("rtl" if lang == "ar" else "ltr")
    table.screenshot(f"log-{lang}")
    table.page.keyboard.press("Escape")
    table.wait_phase("play", "cut")
    table.tap('[data-action="log"]')
    table.wait_phase("log")
    table.tap('[data-overlay="log"] [data-action="close"]')
    table.wait_phase("play", "cut")


@PHONE
def test_the_log_opens_from_the_keyboard_and_gives_the_focus_back(table):
    table.open("?seed=5&pace=0")
    table.play_one()  # the cut: its dialog would take the focus back
    table.wait_phase("play")
    table.page.focus('[data-action="log"]')
    table.page.keyboard.press("Enter")
    table.wait_phase("log")
    assert table.page.evaluate("document.activeElement.dataset.action") == "close"
    table.page.keyboard.press("Enter")
    table.wait_phase("play", "cut")
    assert table.page.evaluate("document.activeElement.dataset.action") == "log"


@PHONE
def test_each_seat_shows_its_last_play_until_it_plays_again(table):
    table.open("?seed=5&pace=0&players=4")
    for _ in range(3):
        table.wait_phase("play", "cut")
        table.play_one()
    table.wait_phase("play", "cut")
    game = table.saved_game()
    plays = [e for e in deal_log(game, game.deal_number) if e.kind == EntryKind.PLAY]
    last = {e.seat: e for e in plays}
    assert set(last) == {0, 1, 2, 3}
    for seat, entry in last.items():
        shown = minis(table, f'[data-last="{seat}"]')
        assert shown == [str(c) for c in (entry.card, *entry.cards)]
    assert (
        table.page.locator('[data-last="1"]')
        .get_attribute("aria-label")
        .startswith("Last play: The opponent on your right")
    )
    table.screenshot("last-plays-four")


WATCH_INCOMING = """() => {
    window.incoming = [];
    const app = document.querySelector('#app');
    new MutationObserver(() => {
        const card = app.querySelector('.table-cards .incoming');
        if (card && !app.querySelector('[data-overlay]')) window.incoming.push(card.dataset.card);
    }).observe(app, { childList: true, subtree: true });
}"""


@PHONE
def test_the_last_card_lands_then_the_sheet_explains_itself(table):
    table.open_on(last_card_of_a_deal(), "?pace=0.3")
    table.wait_phase("play")
    table.page.evaluate(WATCH_INCOMING)
    table.play_one()
    table.wait_phase("sheet")
    game = table.saved_game()
    # each last card was shown on the table (while no sheet was open) before the sheet opened
    plays = [e for e in deal_log(game, 1) if e.kind == EntryKind.PLAY]
    seen = table.page.evaluate("window.incoming")
    assert [str(e.card) for e in plays[-2:]] == [c for c in dict.fromkeys(seen)][-2:]
    result = game.deal_results[0]
    notes = table.page.inner_text('[data-overlay="sheet"]')
    if result.leftovers:
        assert "Left on the table: " in notes
    cells = table.page.inner_text('[data-row="bermila"]')
    assert "seven" in cells and "six" in cells
    table.tap('[data-overlay="sheet"] [data-action="taken"]')
    table.wait_phase("taken")
    taken = [minis(table, f".taken >> nth={side}") for side in (0, 1)]
    assert [len(cards) for cards in taken] == [s.cards for s in result.scores]
    assert len(set(taken[0] + taken[1])) == 40
    table.screenshot("cards-taken")
    table.tap('[data-action="close"]')
    table.wait_phase("sheet")
    table.tap('[data-overlay="sheet"] [data-action="log"]')
    table.wait_phase("log")
    assert lines(table)[-1].startswith("Deal 1: you ")
    table.page.keyboard.press("Escape")
    table.wait_phase("sheet")


@PHONE
def test_undo_takes_back_a_play_by_tap_and_by_keyboard(table):
    table.open("?seed=5&pace=0")
    table.wait_phase("cut")
    assert table.page.locator('[data-action="undo"]').count() == 1  # nothing to take back yet
    assert table.page.get_attribute('[data-action="undo"]', "aria-disabled") == "true"
    for _ in range(3):
        table.wait_phase("play", "cut")
        table.play_one()
    table.wait_phase("play")
    played = table.moves
    table.tap('[data-action="undo"]')
    table.page.wait_for_function(f"+document.querySelector('#app').dataset.moves < {played}")
    table.wait_phase("play")
    undone = table.moves
    table.play_one()
    table.wait_phase("play")
    table.page.focus('[data-action="undo"]')
    table.page.keyboard.press("Enter")
    table.page.wait_for_function(f"+document.querySelector('#app').dataset.moves === {undone}")
    assert '"undos": 2' in table.page.evaluate("localStorage.getItem('chkobba.save')")
    table.screenshot("undo")


def at_the_sheet(table, query: str) -> None:
    """The page at the first deal's score sheet, the player's last card just played."""
    table.open_on(last_card_of_a_deal(), query)
    table.wait_phase("play")
    table.play_one()
    table.wait_phase("sheet")


# A list that scrolls: whether it does (longer than its box), how far it is scrolled, whether its
# first item is seen whole.
AT_THE_TOP = """selector => {
  const list = document.querySelector(selector), box = list.getBoundingClientRect();
  const first = list.firstElementChild.getBoundingClientRect();
  return {scrolls: list.scrollHeight > list.clientHeight, top: list.scrollTop,
          seen: first.top >= box.top && first.bottom <= box.bottom};
}"""


@PHONE
@pytest.mark.parametrize("lang", ["en", "fr", "ar"])
def test_how_you_played_and_the_experts_replay_open_from_the_sheet(table, lang):
    at_the_sheet(table, f"?pace=0&lang={lang}")
    table.tap('[data-overlay="sheet"] [data-action="review"]')
    table.page.wait_for_selector('[data-overlay="review"] [data-review]')
    graded = table.page.eval_on_selector_all(".review li", "els => els.map(e => e.className)")
    assert graded and set(graded) <= {"best", "fine", "costly"}
    # Opened at its top: the first decisions (the cut among them) in view, the rest below.
    assert table.page.evaluate(AT_THE_TOP, ".review") == {"scrolls": True, "top": 0, "seen": True}
    table.screenshot(f"review-{lang}")
    table.page.keyboard.press("Escape")
    table.wait_phase("sheet")
    table.page.focus('[data-overlay="sheet"] [data-action="expert"]')
    table.page.keyboard.press("Enter")
    table.page.wait_for_selector('[data-overlay="expert"] [data-row="total"]')
    assert len(table.page.locator('[data-overlay="expert"] [data-row="total"] td').all()) == 2
    table.screenshot(f"expert-{lang}")
    table.tap('[data-overlay="expert"] [data-action="close"]')
    table.wait_phase("sheet")


@PHONE
@pytest.mark.parametrize("lang", ["en", "fr", "ar"])
def test_a_deal_shared_as_a_link_replays_step_by_step(table, lang):
    at_the_sheet(table, f"?pace=0&lang={lang}")
    table.tap('[data-overlay="sheet"] [data-action="share"]')
    table.wait_phase("share")
    link = table.page.get_attribute(".deal-link", "href")
    assert link.startswith("?deal=") and len(table.base + "index.html" + link) <= 200
    table.screenshot(f"share-{lang}")
    saved = table.page.evaluate("localStorage.getItem('chkobba.save')")
    table.page.goto(table.base + "index.html" + link + f"&pace=0&lang={lang}")
    table.wait_phase("replay")
    step = '.replay [data-step="{}"]'
    table.tap('[data-action="replay"][data-value="next"]')
    table.page.wait_for_selector(step.format(1))
    table.page.focus('[data-action="replay"][data-value="next"]')
    table.page.keyboard.press("Enter")
    table.page.wait_for_selector(step.format(2))
    table.tap('[data-action="replay"][data-value="last"]')
    table.page.wait_for_selector('[data-value="next"][aria-disabled="true"]')
    assert int(table.page.get_attribute(".replay .step", "data-step")) > 30
    table.screenshot(f"replay-{lang}")
    assert table.page.evaluate("localStorage.getItem('chkobba.save')") == saved


@PHONE
def test_an_edited_deal_link_says_so_and_plays_the_players_match(table):
    table.open("?deal=1AAAAAAAAAAAAAAAAAAAAAAAAAAA&pace=0")
    assert "edited or damaged" in table.page.inner_text("[data-notice]")
    assert table.phase in ("cut", "play", "wait")
