"""Pass-and-play in Chromium, at a phone and a desktop size: the people set up in the settings'
form by taps and by the keyboard, the phone passed between their turns behind a screen that never
shows a hand, each person's cards only in their own turn, the match kept over a reload."""

import pytest
from conftest import PHONE, Table
from page_support import checked_by_axe, people_form

HAND_FACES = '[data-zone^="hand-"] [data-card]'  # a card drawn face up in any hand


def set_up_by_taps(table: Table, names: tuple[str, str]) -> None:
    people_form(table)
    table.page.select_option('select[name="kind-1"]', "person")
    table.page.fill('input[name="name-0"]', names[0])
    table.page.fill('input[name="name-1"]', names[1])
    table.tap('form[data-form="people"] button[type="submit"]')


def wait_person(table: Table) -> str:
    """The page waiting for a person: the hiding screen, a cut or a play (or a deal's sheet)."""
    return table.wait_phase("pass", "cut", "play", "sheet", "over", timeout=30_000)


def take_turn(table: Table, keyboard: bool = False) -> None:
    """The person holding the phone makes the engine's first legal move, by taps or keys."""
    game = table.saved_game()
    move = game.legal_moves()[0]
    before = table.moves
    if move.kind != "play":
        selector = f'[data-move="{move}"]'
    else:
        selector = f'[data-zone="hand-{game.current}"] [data-card="{move.card}"]'
    press(table, selector, keyboard)
    table.page.wait_for_function(
        """n => { const a = document.querySelector('#app');
            return +a.dataset.moves > n || a.dataset.phase === 'choose'; }""",
        arg=before,
    )
    if table.phase == "choose":
        press(table, f'.choice[data-move="{move}"]', keyboard)
    more = "n => +document.querySelector('#app').dataset.moves > n"
    table.page.wait_for_function(more, arg=before)


def press(table: Table, selector: str, keyboard: bool) -> None:
    """A tap on ``selector``, or its focus and the Enter key."""
    if keyboard:
        table.page.focus(selector)
        table.page.keyboard.press("Enter")
    else:
        table.tap(selector)


def pass_phone(table: Table, keyboard: bool = False) -> None:
    """The hiding screen: no hand shown; the next person says they hold the phone."""
    assert table.page.locator(HAND_FACES).count() == 0
    if keyboard:  # the dialog took the focus: its one button
        table.page.wait_for_function(
            "document.activeElement?.dataset.action === 'ready'", timeout=5_000
        )
        table.page.keyboard.press("Enter")
    else:
        table.tap('[data-action="ready"]')
    table.wait_phase("cut", "play")


def play_turns(table: Table, turns: int, keyboard: bool = False) -> int:
    """Play ``turns`` turns of people, passing the phone when asked; the passes made."""
    passes = 0
    for _ in range(turns):
        phase = wait_person(table)
        if phase == "pass":
            passes += 1
            pass_phone(table, keyboard)
        elif phase == "sheet":
            table.tap('[data-action="next"]')
            continue
        elif phase == "over":
            return passes
        game = table.saved_game()
        shown = table.codes(HAND_FACES)
        assert sorted(shown) == sorted(str(c) for c in game.hands[game.current])  # theirs only
        take_turn(table, keyboard)
    return passes


@PHONE
def test_two_people_pass_the_phone_by_taps_and_a_reload_hides_every_hand(table):
    table.open("?seed=4&pace=0")
    set_up_by_taps(table, ("Ali", "سامي"))
    phase = wait_person(table)
    assert phase in ("pass", "cut")
    if phase == "pass":
        assert "Ali" in table.page.inner_text("#app") or "سامي" in table.page.inner_text("#app")
        table.screenshot("pass-screen-en")
    assert play_turns(table, 8) >= 3
    # A reload mid-match: the same people, and no hand until someone says they hold the phone.
    moves = table.moves
    table.reload()
    assert table.moves == moves
    assert table.page.locator(HAND_FACES).count() == 0
    wait_person(table)
    assert table.page.locator(HAND_FACES).count() == 0 or table.phase in ("cut", "play")
    play_turns(table, 2)
    table.screenshot("pass-play-en")


@pytest.mark.parametrize("form", ["desktop"], indirect=True)
def test_the_form_and_the_passing_by_the_keyboard_alone(table):
    table.open("?seed=5&pace=0")
    page = table.page
    page.focus('[data-action="settings"]')
    page.keyboard.press("Enter")
    table.wait_phase("settings")
    page.focus('[data-action="people"]')
    page.keyboard.press("Enter")
    table.wait_phase("people")
    page.focus('input[name="players"][value="2"]')
    page.keyboard.press("Tab")  # the first player's name
    page.keyboard.type("Ali")
    page.keyboard.press("Tab")  # the second seat: who plays it (the computer, as set)
    page.keyboard.press("Home")  # the first: a person here
    assert page.input_value('select[name="kind-1"]') == "person"
    page.keyboard.press("Tab")
    page.keyboard.type("Sami")
    page.keyboard.press("Enter")  # the form is sent
    wait_person(table)
    assert play_turns(table, 6, keyboard=True) >= 2


@pytest.mark.parametrize("lang", ["fr", "ar", "en"])
@pytest.mark.parametrize("form", ["phone"], indirect=True)
def test_the_form_and_the_hiding_screen_in_each_language_pass_axe(table, lang):
    people_form(table, f"?seed=4&pace=0&lang={lang}")
    page = table.page
    page.check('input[name="players"][value="4"]')
    page.select_option('select[name="kind-2"]', "person")
    page.fill('input[name="name-2"]', "Sami")
    checked_by_axe(table)
    box = table.box(".sheet")
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    table.screenshot(f"people-form-{lang}")
    table.tap('form[data-form="people"] button[type="submit"]')
    # Four players, seats 0 and 2 people: the computer plays 1 and 3; the phone passes.
    for _ in range(12):
        phase = wait_person(table)
        if phase == "pass":
            break
        take_turn(table)
    assert table.phase == "pass"
    assert page.locator(HAND_FACES).count() == 0
    checked_by_axe(table)
    table.screenshot(f"pass-four-{lang}")


@pytest.mark.parametrize("lang", ["fr", "ar", "en"])
@pytest.mark.parametrize("form", ["phone"], indirect=True)
def test_each_person_reviews_their_own_play_by_name(table, lang):
    """The sheet read together names both people; "How did each of us play?" opens the review
    of the one holding the phone, a tap on the other's name shows theirs: every button in view
    and axe-clean in each language."""
    from chkobba import Game, Rules
    from ui.model import Roster
    from ui.storage import KeptMatch, write_kept_match

    game = Game.new(Rules(), seed=4)
    while not game.deal_results:
        game = game.play(game.legal_moves()[-1])
    people = Roster((0, 1), ("Leïla", "\u0633\u0627\u0645\u064a"))
    table.open_with_save(write_kept_match(KeptMatch(game, 0, 4, 0, people)), f"?pace=0&lang={lang}")
    table.wait_phase("sheet")
    page = table.page
    columns = page.inner_text(".sheet table")
    assert "Leïla" in columns and "\u0633\u0627\u0645\u064a" in columns
    table.tap('[data-action="review"]')
    table.wait_phase("review")
    page.wait_for_selector("[data-review]")
    table.tap('[data-action="review"][data-value="1"]')
    page.wait_for_selector('[data-action="review"][data-value="1"][aria-pressed="true"]')
    page.wait_for_selector("[data-review]")
    assert "\u0633\u0627\u0645\u064a" in page.inner_text("#dialog-title")
    for button in page.locator('.sheet [data-action="review"]').all():
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    checked_by_axe(table)


# Each name of the score bar: its width, and the width its whole text would take.
BAR_NAMES = """[...document.querySelectorAll('.score b')].map(
    b => ({shown: b.clientWidth, whole: b.scrollWidth, text: b.textContent}))"""


@PHONE
def test_four_people_of_both_sides_read_the_sheet_by_their_names(table):
    """Four at the table, people of both sides on one phone: the sheet they read together, and
    the score bar, name each side by its people; a long name leaves the other side's its room."""
    from chkobba import Game, Rules
    from ui.model import Roster
    from ui.storage import KeptMatch, write_kept_match

    game = Game.new(Rules(players=4), seed=4)
    while not game.deal_results:
        game = game.play(game.legal_moves()[-1])
    people = Roster((0, 1, 2), ("Leïla", "Sami", "Mohamed-Amine", ""))
    table.open_with_save(write_kept_match(KeptMatch(game, 0, 4, 0, people)), "?pace=0&lang=fr")
    table.wait_phase("sheet")
    pair, sami = "\u2068Leïla\u2069 et \u2068Mohamed-Amine\u2069", "\u2068Sami\u2069"  # (isolated)
    assert f"{pair}\t{sami}" in table.page.inner_text(".sheet table")  # the columns' heads
    left = game.deal_results[0].leftovers
    assert f"Les {len(left)} cartes restées sur la table vont à" in table.page.inner_text(".sheet")
    names = table.page.evaluate(BAR_NAMES)
    assert [name["text"] for name in names] == [pair, sami]
    assert names[1]["shown"] >= names[1]["whole"]  # "Sami" whole beside the long pair
    assert names[0]["shown"] >= 60  # the pair cut short, but with room to read it
    checked_by_axe(table)
    table.screenshot("four-people-sheet")
