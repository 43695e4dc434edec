"""Four at the table, in CPython: the players setting, ?players=, the seats' places and names, the
partnership's piles and score sheet, the words for partner and opponents (issue 12)."""

import json

from app_support import EN, make_app, play_by_taps, play_some, run
from chkobba import Game, Move, Rules
from fakes import Store
from positions import FOUR, four_computer_turn, four_seat_cut
from shared import i18n
from ui import storage, words
from ui.frame import make_frame
from ui.model import MoveMade, Settings, Ui, parse_params
from ui.render import render
from ui.storage import KeptMatch, write_kept_match

AR, FR = i18n.language("ar"), i18n.language("fr")


def test_players_in_the_address_start_a_four_player_match():
    app = make_app(query="?seed=3&pace=0&players=4")
    assert app.game == Game.new(FOUR, seed=3)
    frame = make_frame(app.game, app.ui, app.state.settings)
    assert [(s.seat, s.place) for s in frame.seats] == [
        (0, "bottom"),
        (1, "right"),
        (2, "top"),
        (3, "left"),
    ]
    assert [s.pile.side if s.pile else None for s in frame.seats] == [0, None, 1, None]
    assert [s.name.split(" · ")[0] for s in frame.seats] == [
        "You",
        "Right opponent",
        "Partner",
        "Left opponent",
    ]
    html = render(frame)
    for seat in range(4):
        assert html.count(f'data-zone="hand-{seat}"') == 1
    assert html.count('data-zone="pile-0"') == html.count('data-zone="pile-1"') == 1
    bad = parse_params("?players=3")
    assert bad.players is None
    assert words.address_problem(EN, bad.errors[0]) == "players='3' is not one of 2, 4"


def test_a_whole_four_player_match_by_taps():
    app = make_app(query="?seed=4&pace=0&players=4")
    run(play_by_taps(app))
    game = app.game
    assert game.phase == "over" and game.rules.players == 4
    assert json.loads(app.storage.store[storage.SAVE_KEY])["game"] == game.to_json()
    frame = make_frame(game, app.ui, app.state.settings)
    # The sides have one name each wherever they are named: the score bar, the piles, the sheet.
    assert frame.overlay.sides == ("Us", "Them") == tuple(s.name for s in frame.scores)
    assert frame.deal == f"Deal {len(game.deal_results)}"  # the last deal's, not one to come
    assert frame.overlay.title in (
        "You and your partner won the match!",
        "The opponents won the match",
    )


def test_changing_the_players_asks_first_and_is_remembered():
    store = Store()
    app = make_app(store, "?seed=5&pace=0")
    run(play_some(app, 2))
    before = app.game
    run(app.tap("settings"))
    assert 'data-action="players" data-value="2"' in app.screen.html
    run(app.tap("players", "4"))
    assert app.phase() == "confirm" and app.game == before
    assert "Start a new four-player match?" in app.screen.html
    run(app.tap("close"))
    assert app.game == before and app.state.settings.players == 2
    run(app.tap("settings"))
    run(app.tap("players", "4"))
    run(app.tap("confirm-new"))
    assert app.game.rules.players == 4 and not app.game.history
    assert json.loads(store[storage.SETTINGS_KEY])["players"] == 4
    again = make_app(store, "?pace=0")  # a reload: the same 4-player match, the setting kept
    assert again.game == app.game and again.state.settings.players == 4
    run(again.tap("settings"))
    run(again.tap("players", "2"))  # nothing played yet: no question
    assert again.game.rules.players == 2 and again.phase() != "confirm"


def test_the_address_asks_before_replacing_a_match_in_progress():
    game = four_computer_turn()
    store = Store({storage.SAVE_KEY: write_kept_match(KeptMatch(game, 0, 5))})
    app = make_app(store, "?pace=0&players=2")
    assert app.game == game and app.phase() == "confirm"
    run(app.tap("confirm-new"))
    assert app.game.rules.players == 2
    fresh = Store({storage.SAVE_KEY: write_kept_match(KeptMatch(Game.new(FOUR, seed=2), 0, 2))})
    assert make_app(fresh, "?pace=0&players=2&seed=7").game == Game.new(Rules(), seed=7)


def test_partner_and_opponents_are_named_in_every_language():
    game = Game.new(FOUR, seed=0).play("keep")
    assert game.current == 0
    move = game.legal_moves()[0]
    after = game.play(move)
    bot_move = after.legal_moves()[0]
    ui = Ui(last=MoveMade(1, bot_move, after), stage="settle")
    said = {
        t.code: make_frame(after.play(bot_move), ui, Settings(lang=t.code)).status
        for t in (EN, FR, AR)
    }
    assert said["en"].startswith("The opponent on your right ")
    assert said["fr"].startswith("L'adversaire de droite ")
    assert said["ar"].startswith("الخصم اللي على يمينك ")
    assert words.chkobba_by(EN, 2, 4) == "Your partner: chkobba!"
    assert words.chkobba_by(FR, 2, 4) == "Votre partenaire : chkobba !"
    assert words.chkobba_by(AR, 2, 4) == "صاحبك: شكبّة!"
    assert words.chkobba_by(EN, 1, 2) == "Chkobba!"


def test_a_computer_seats_cut_is_shown_at_its_seat():
    kept = Game.new(FOUR, seed=four_seat_cut("keep"))
    cutter = kept.current
    ui = Ui(last=MoveMade(cutter, Move.parse("keep"), kept), stage="settle")
    frame = make_frame(kept.play("keep"), ui, Settings())
    assert [s.cut for s in frame.seats if s.seat == cutter] == ["kept"]
    assert "data-kept" in render(frame)
    shown = Game.new(FOUR, seed=four_seat_cut("expose"))
    card = shown.cut_card
    ui = Ui(last=MoveMade(shown.current, Move.parse("expose"), shown), stage="settle")
    frame = make_frame(shown.play("expose"), ui, Settings())
    assert frame.motion.origin == f"hand-{shown.current}" and frame.motion.only == card.code
    assert [v.marks for v in frame.table if v.card == card] == [("exposed",)]
