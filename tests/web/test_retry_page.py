"""Try again in the browser: a costly decision of "How did I play?" opened by the keyboard on
its table, the expert's choice made by taps and judged in French, back to the review by Escape;
then the match's own move judged in Arabic (right to left), the hand followed to its end; each
screen axe-clean; the saved match byte for byte the same throughout, and a reload in the midst
finds it where it was. At both sizes, one page boot (and the reload)."""

import axe
from chkobba.review import review_deal
from positions import last_card_of_a_deal

SAVED = "localStorage.getItem('chkobba.save')"
VERDICT = '[data-overlay="retry"] [data-verdict]'
AS_GOOD = "Aussi bon que le choix de l'expert."
LEFT_PLAY = """n => { const a = document.querySelector('#app');
    return +a.dataset.moves > n || a.dataset.phase !== 'play'; }"""
OVER = {"ar": "الورق اللي في اليد وفى.", "en": "The hand is over."}


def clean(table, name: str) -> None:
    """axe finds nothing serious on the screen as it is (its animations over); a screenshot."""
    table.page.wait_for_function(
        "() => document.getAnimations().every(a => a.playState !== 'running')"
    )
    table.screenshot(name)
    blocking = axe.blocking(axe.audit(table.page))
    assert blocking == [], f"{name}:\n{axe.report(blocking)}"


def tap_move(table, move) -> None:
    """Make ``move`` on the page's table by taps: its card, then its capture if asked."""
    if move.kind != "play":
        table.tap(f'[data-move="{move}"]')
        return
    table.tap(f'[data-zone="hand-0"] [data-card="{move.card}"]')
    if table.wait_phase("choose", "retry", "wait") == "choose":
        table.tap(f'.choice[data-move="{move}"]')


def test_a_costly_decision_tried_again_leaves_the_match_as_it_was(table):
    table.open_on(last_card_of_a_deal(), "?pace=0&lang=fr")
    table.wait_phase("play")
    table.play_one()
    table.wait_phase("sheet")
    saved = table.page.evaluate(SAVED)
    match = table.saved_game()
    costly = next(d for d in review_deal(match, 0, 1) if d.grade == "costly")

    table.tap('[data-overlay="sheet"] [data-action="review"]')
    table.page.wait_for_selector('[data-overlay="review"] [data-review]')
    first = '[data-overlay="review"] [data-action="retry"] >> nth=0'
    button = table.page.locator(first)
    assert button.get_attribute("data-value") == str(costly.index)
    assert button.inner_text() == "Réessayer"
    described = button.get_attribute("aria-describedby")
    assert table.page.inner_text(f"#{described}").strip()  # its decision, read with it
    clean(table, "retry-review-fr")
    button.focus()
    table.page.keyboard.press("Enter")
    table.wait_phase("play", "cut")
    assert "Nouvel essai" in table.page.inner_text("[data-retry]")
    assert table.page.locator('[data-action="hint"], [data-action="undo"]').count() == 0
    clean(table, "retry-table-fr")
    for lang in ("ar", "en", "fr"):  # the same table in each language (settings, no boot)
        assert table.speak(lang) == "play"
        if lang != "fr":
            clean(table, f"retry-table-{lang}")

    tap_move(table, costly.bot)
    table.page.wait_for_selector(VERDICT)
    assert AS_GOOD in table.page.inner_text(VERDICT)
    assert table.page.get_attribute(VERDICT, "data-verdict") == "best"
    clean(table, "retry-verdict-fr")
    table.page.keyboard.press("Escape")  # back to the review, the match as it was
    table.page.wait_for_selector('[data-overlay="review"] [data-review]')
    assert table.page.evaluate(SAVED) == saved
    table.tap(first)  # and again: the match's own move this time, graded as the review did
    table.wait_phase("play")
    tap_move(table, costly.played)
    table.page.wait_for_selector(VERDICT)
    assert table.page.get_attribute(VERDICT, "data-verdict") == "costly"
    assert "Le même choix que dans votre partie." in table.page.inner_text(VERDICT)
    assert table.speak("ar") == "retry"
    table.page.wait_for_selector(VERDICT)
    assert "الخبير كان يلعب" in table.page.inner_text(VERDICT)  # "the expert would have played"
    assert table.page.get_attribute("html", "dir") == "rtl"
    clean(table, "retry-verdict-ar")

    table.tap('[data-action="retry-follow"]')
    table.page.wait_for_selector('[data-action="retry-follow"]', state="detached")  # (handled)
    for _ in range(12):  # the player's cards, the others' at the page's pace, to the hand's end
        if table.wait_phase("play", "retry", timeout=30_000) == "retry":
            break
        before = table.moves
        table.tap('[data-zone="hand-0"] [data-card] >> nth=0')
        table.page.wait_for_function(LEFT_PLAY, arg=before)  # (the tap handled, in Python)
        if table.phase == "choose":
            table.tap(".choice >> nth=0")
        table.page.wait_for_function(
            "n => +document.querySelector('#app').dataset.moves > n", arg=before
        )
    table.page.wait_for_selector("[data-retry-over]")
    assert table.page.inner_text("[data-retry-over]") == OVER["ar"]
    assert table.hand() == []  # the hand played out, its last card on the table: not the next
    clean(table, "retry-over-ar")
    assert table.speak("en") == "retry"
    assert table.page.inner_text("[data-retry-over]") == OVER["en"]
    assert "the play goes on from your new choice" in table.page.inner_text("[data-retry]")
    clean(table, "retry-over-en")

    assert table.page.evaluate(SAVED) == saved
    table.reload()  # in the midst of trying again: the match where it was, its sheet open
    assert table.wait_phase("sheet") == "sheet"
    assert table.page.evaluate(SAVED) == saved and table.saved_game() == match
