"""Pass-and-play in CPython: people set up in one form, the phone passed between their turns
with every hand hidden, their names in the words, their match saved and reloaded."""

import json
import re

import pytest
from app_support import make_app, people_at_the_sheet, people_set_up, people_step, run, settle
from chkobba import Move
from fakes import Store
from shared import i18n
from shared import words as game_words
from shared.viewpoint import Viewpoint
from ui import words
from ui.frame import make_frame
from ui.keys import escape_action
from ui.model import NAME_LIMIT, Roster, clean_name
from ui.storage import Storage, Unreadable, read_kept_match

EN = i18n.language("en")
FR = i18n.language("fr")
HAND_CARDS = re.compile(r'data-zone="hand-\d"[^>]*>(.*?)</div>', re.S)


def face_up_hand_cards(html):
    """The cards drawn face up in any hand zone of ``html`` (a card face has data-card)."""
    return [card for zone in HAND_CARDS.findall(html) for card in re.findall(r"data-card", zone)]


async def play_through(app, checks=None):
    """Play the match to its end by taps, passing the phone whenever asked (the passes are
    counted); ``checks`` is called on each screen that waits for a person."""
    passes = 0
    for _ in range(5000):
        await settle(app)
        phase = app.phase()
        if checks:
            checks(app, phase)
        if phase == "over":
            return passes
        passes += phase == "pass"
        await people_step(app, phase)
    raise AssertionError("the match did not end")


def test_two_people_play_a_whole_match_passing_the_phone_and_never_see_each_others_hand():
    app = make_app(Store(), "?seed=4&pace=0")
    fields = [("players", "2"), ("name-0", "Ali"), ("kind-1", "person"), ("name-1", "Sami")]
    run(people_set_up(app, fields))
    assert app.people == Roster((0, 1), ("Ali", "Sami"))
    assert app.game.rules.players == 2 and not app.game.history

    def checks(app, phase):
        html = app.screen.html
        if phase == "pass":
            assert face_up_hand_cards(html) == []  # every hand hidden
            name = app.people.names[app.game.current]
            assert words.pass_title(EN, name) in html
        if phase in ("cut", "play"):
            shown = face_up_hand_cards(html)
            assert len(shown) == len(app.game.hands[app.game.current])  # only the player's own

    passes = run(play_through(app, checks))
    assert passes > 10  # every turn of a two-person match changes hands
    assert app.game.winner is not None
    html = app.screen.html
    winner = app.game.winner
    # The sheet is read by both: it names the winner, whoever holds the phone.
    assert f"{game_words.isolated(app.people.names[winner])} won the match!" in html
    assert "You won" not in html


def test_the_sheet_the_review_and_the_expert_name_each_person():
    """Leïla and سامي read the sheet together: its columns, "How did each of us play?", and
    each person's review and expert's replay, by name; never "you", never "the computer"."""
    sami = "\u0633\u0627\u0645\u064a"
    app = make_app(Store(), "?seed=4&pace=0")
    fields = [("players", "2"), ("name-0", "Leïla"), ("kind-1", "person"), ("name-1", sami)]
    people_at_the_sheet(app, fields)
    frame = make_frame(app.game, app.ui, app.state.settings, people=app.people)
    assert frame.overlay.sides == (game_words.isolated("Leïla"), game_words.isolated(sami))
    assert EN._(words.REVIEW_TOGETHER) in app.screen.html
    assert EN._(words.REVIEW) not in app.screen.html
    for seat, name in enumerate(("Leïla", sami)):
        run(app.tap("review", str(seat)))
        html = app.screen.html
        assert app.phase() == "review" and app.ui.reviewed == seat
        assert words.review_title(EN, 1, name) in html
        assert f'data-action="review" data-value="{1 - seat}"' in html  # the other person
        assert app.ui.review  # the decisions of that person's seat
        assert all(line.startswith(game_words.isolated(name)) for line in review_lines(app))
        run(app.tap("close"))
        run(app.tap("expert", str(seat)))
        other = ("Leïla", sami)[1 - seat]
        said = make_frame(app.game, app.ui, app.state.settings, people=app.people).overlay
        assert (
            said.columns[0] == game_words.isolated(name)
            and game_words.isolated(other) in said.others
        )
        assert "computer" not in said.others and "you" not in said.others.lower().split()
        run(app.tap("close"))
    assert app.phase() == "sheet"


def review_lines(app):
    said = make_frame(app.game, app.ui, app.state.settings, people=app.people).overlay
    return [line.played for line in said.lines]


def test_a_match_of_people_is_saved_and_reloaded_behind_the_hiding_screen():
    store = Store()
    app = make_app(store, "?seed=6&pace=0")
    fields = [("name-0", "Ali"), ("kind-1", "person"), ("name-1", "Sami"), ("players", "2")]
    run(people_set_up(app, fields))

    async def a_few_moves():
        for _ in range(6):
            await settle(app)
            await people_step(app, app.phase())

    run(a_few_moves())
    # The deal's log names the people, from the seat of the one holding the phone.
    run(app.tap("log"))
    other = app.people.names[1 - app.ui.viewer]
    assert game_words.isolated(other) in app.screen.html and "You " in app.screen.html
    run(app.tap("log"))
    saved, problem = Storage(store).load()
    assert problem is None and saved.seats == Roster((0, 1), ("Ali", "Sami"))
    # A reload: the same match, the same people, and no hand shown until someone is ready.
    again = make_app(store, "?pace=0")
    again.start()
    assert again.game == app.game and again.people == app.people
    assert again.phase() in ("pass", "wait", "sheet")
    assert face_up_hand_cards(again.screen.html) == []
    # The frame kept for the next reload's first paint hides the hands too.
    kept = next(v for k, v in store.items() if k.endswith(".frame"))
    assert face_up_hand_cards(json.loads(kept)["html"]) == []


def test_four_players_with_two_people_the_computer_plays_the_others():
    app = make_app(Store(), "?seed=8&pace=0")
    fields = [
        ("players", "4"),
        ("name-0", "Ali"),
        ("kind-1", "computer"),
        ("name-1", "ignored"),
        ("kind-2", "person"),
        ("name-2", ""),
        ("kind-3", "computer"),
    ]
    run(people_set_up(app, fields))
    assert app.game.rules.players == 4
    assert app.people == Roster((0, 2), ("Ali", "", "Player 3", ""))
    seen = set()

    def checks(app, phase):
        if phase in ("cut", "play"):
            seen.add(app.game.current)

    run(play_through(app, checks))
    assert seen == {0, 2}  # the people played their own seats; the computer the others
    assert app.game.winner is not None


def test_a_match_of_people_counts_in_no_statistics_and_takes_nothing_back():
    store = Store()
    app = make_app(store, "?seed=4&pace=0")
    run(people_set_up(app, [("players", "2"), ("kind-1", "person")]))
    assert app.people.names == ("Player 1", "Player 2")
    run(play_through(app))
    assert app.state.stats is None or not any(t.played for t in app.state.stats.tallies)
    assert 'data-action="undo"' not in app.screen.html


def test_the_same_people_play_again_and_the_form_can_go_back_to_the_computer():
    app = make_app(Store(), "?seed=4&pace=0")
    run(people_set_up(app, [("players", "2"), ("kind-1", "person"), ("name-1", "Sami")]))
    people = app.people
    run(play_through(app))
    run(app.tap("new"))
    assert app.people == people and not app.game.history  # a rematch, by the same people
    run(app.tap("settings"))
    run(app.tap("people"))
    app.people_form.set_people([("players", "2"), ("kind-1", "computer")])
    assert not app.people.shared and app.phase() in ("cut", "play", "wait")


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("  Ali   Ben  ", "Ali Ben"),
        ("Sa\u202emi", "Sami"),  # no direction override
        ("a\x00b\nc", "ab c"),  # a line break or a tab is a space between words
        ("line1\tline2", "line1 line2"),
        ("\u3164", ""),  # a Hangul filler alone shows nothing: the page names the seat
        ("\u2800 \u200b\u2060", ""),  # a blank braille pattern, zero-width characters
        ("Ali\u3164", "Ali"),
        (
            "\U0001f468\u200d\U0001f469\u200d\U0001f467",
            "\U0001f468\u200d\U0001f469\u200d\U0001f467",
        ),
        ("\U0001f3f3\ufe0f\u200d\U0001f308", "\U0001f3f3\ufe0f\u200d\U0001f308"),
        ("a\u200db", "ab"),  # a joiner joins emoji only
        ("Z" + "\u0301" * 30 + "alg", "Z\u0301\u0301alg"),  # no stack of marks
        ("\u0633\u064e\u0651\u0627\u0645\u064a", "\u0633\u064e\u0651\u0627\u0645\u064a"),
        ("x" * 40, "x" * NAME_LIMIT),
        ("\u0633\u0627\u0645\u064a", "\u0633\u0627\u0645\u064a"),
        ("<b>&", "<b>&"),  # kept as text: the page escapes it
    ],
)
def test_names_are_cleaned_as_typed(typed, kept):
    assert clean_name(typed) == kept


@pytest.mark.parametrize("typed", ["\u3164", "\u2800", "\u200b\u3164\u2800"])
def test_an_invisible_name_gives_the_seats_own_name(typed):
    app = make_app(Store(), "?seed=4&pace=0")
    run(people_set_up(app, [("players", "2"), ("kind-1", "person"), ("name-1", typed)]))
    assert app.people.names[1] == "Player 2"


def test_arabic_writes_to_before_the_article_as_one_word():
    """لـ + اللاعب 2 is written للاعب 2 (the invitation and the pass, a seat named by default or
    a name with the article); any other name keeps لـ; French and English say "à", "to"."""
    ar, fr = i18n.language("ar"), i18n.language("fr")
    default = words.player_label(ar, 1)
    for said in (words.invite_how(ar, default), words.pass_title(ar, default)):
        assert (
            "\u2068\u0644\u0644\u0627\u0639\u0628 2\u2069" in said
            and "\u0644\u0640\u0627\u0644" not in said
        )
    assert "\u2068\u0644\u0644\u0647\u0627\u062f\u064a\u2069" in words.pass_title(
        ar, "\u0627\u0644\u0647\u0627\u062f\u064a"
    )
    assert "\u0644\u0640\u2068\u0633\u0627\u0645\u064a\u2069" in words.pass_title(
        ar, "\u0633\u0627\u0645\u064a"
    )
    assert words.pass_title(fr, "Leïla") == "Passez le téléphone à \u2068Leïla\u2069"
    assert words.invite_how(EN, "Sami").startswith("Send this invitation to \u2068Sami\u2069 (")


def test_a_typed_name_is_shown_as_text_never_as_markup():
    app = make_app(Store(), "?seed=4&pace=0")
    run(
        people_set_up(
            app, [("players", "2"), ("kind-1", "person"), ("name-1", "<img src=x onerror=1>")]
        )
    )
    if app.phase() == "pass":
        run(app.tap("ready"))
    assert "<img src=x" not in app.screen.html
    assert "&lt;img src=x onerror=1&gt;" in app.screen.html


def test_the_form_is_ignored_unless_it_is_open():
    app = make_app(Store(), "?seed=4&pace=0")
    app.start()
    game = app.game
    app.people_form.set_people([("players", "2"), ("kind-1", "person")])
    assert app.game is game and not app.people.shared


@pytest.mark.parametrize(
    "edit",
    [
        {"people": [0, 5], "names": ["A", "B"]},
        {"people": [1], "names": ["A", "B"]},
        {"people": [0, 1], "names": ["A"]},
        {"people": [0, 1], "names": ["A", ""]},
        {"people": [0, 1], "names": ["A", "B\u202e"]},
        {"people": "01", "names": ["A", "B"]},
        {"people": [0, 1]},
    ],
)
def test_a_save_with_bad_people_is_set_aside(edit):
    store = Store()
    app = make_app(store, "?seed=4&pace=0")
    run(people_set_up(app, [("players", "2"), ("kind-1", "person")]))
    key = app.storage.save_key
    record = json.loads(store[key])
    record.pop("names", None)
    record.update(edit)
    store[key] = json.dumps(record)
    with pytest.raises(Unreadable):
        read_kept_match(store[key])
    again = make_app(store, "?pace=0")
    assert not again.people.shared  # a new match for the player alone, and a notice
    assert again.ui.notices


def test_words_name_the_people():
    seats = Viewpoint(0, ("Ali", "Sami"))
    move = Move.parse("7D")
    assert (
        game_words.played(EN, 1, move, None, seats=seats)
        == f"{game_words.isolated('Sami')} laid 7♦."
    )
    assert game_words.played(EN, 0, move, None, seats=seats) == "You laid 7♦."
    assert game_words.seat_name(EN, 1, 2, seats) == game_words.isolated("Sami")
    assert game_words.side_name(EN, 0, 2, seats) == "You"
    other = Viewpoint(1, ("Ali", "Sami"))
    assert game_words.seat_name(EN, 0, 2, other) == game_words.isolated("Ali")
    assert words.deal_told(EN, 1, (3, 1), (10, 4), 2, other).startswith("Deal 1: you 1,")


def test_four_sides_are_named_by_their_people_when_no_one_is_you():
    """With four, people of both sides on one phone: while the phone passes or a sheet is read
    together, each side is its people's names; when one holds the phone, "Us" is theirs."""
    ali, sami, leila = (game_words.isolated(name) for name in ("Ali", "Sami", "Leïla"))
    shared = Viewpoint(0, ("Ali", "Sami", "Leïla", ""), hiding=True)
    assert game_words.side_name(EN, 0, 4, shared) == f"{ali} & {leila}"
    assert game_words.side_name(EN, 1, 4, shared) == sami
    assert game_words.side_name(FR, 0, 4, shared) == f"{ali} et {leila}"
    held = Viewpoint(1, ("Ali", "Sami", "Leïla", ""))
    assert [game_words.side_name(EN, side, 4, held) for side in (0, 1)] == ["Them", "Us"]
    partners = Viewpoint(0, ("Ali", "", "Leïla", ""), hiding=True)  # all of one side: "Us"
    assert [game_words.side_name(EN, side, 4, partners) for side in (0, 1)] == ["Us", "Them"]
    assert words.leftovers(EN, 1, 3, 4, shared) == f"The 3 cards left on the table go to {sami}."
    assert (
        words.leftovers(EN, 1, 3, 4, partners)
        == "The opponents took the 3 cards left on the table."
    )
    assert words.won(FR, 1, 4, shared) == f"La partie est pour {sami} !"
    told = words.deal_told(EN, 1, (3, 1), (10, 4), 4, shared)
    assert told == f"Deal 1: {ali} & {leila} 3, {sami} 1. Match: 10 to 4."
    # the computer at seat 3 by the person it plays with, not from the last holder's seat
    assert game_words.seat_name(FR, 3, 4, shared) == f"Partenaire de {sami}"
    assert game_words.subject(FR, 3, shared) == f"Le partenaire de {sami}"
    assert game_words.seat_name(EN, 3, 4, held) == "Partner"  # (Sami holds the phone)
    # people of one side: the computers from the last holder's seat (the table is drawn from
    # it), by that person's name, not "your right"
    assert game_words.seat_name(EN, 1, 4, partners) == f"Right of {ali}"
    assert game_words.subject(FR, 3, partners) == f"L'adversaire à gauche de {ali}"
    assert game_words.subject(EN, 3, Viewpoint(0, ("Ali", "", "Leïla", ""))) == (
        "The opponent on your left"
    )


def test_escape_closes_the_form():
    assert escape_action("people", False) == "close"
