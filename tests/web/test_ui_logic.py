"""The page's Python, run in CPython with a fake screen and storage: no browser needed."""

import asyncio
import dataclasses
import json
from urllib.parse import quote

import pytest
from app_support import (
    EN,
    at_a_sheet,
    make_app,
    no_wait,
    play_by_taps,
    play_some,
    run,
    settle,
    status,
    tap_first_move,
)
from chkobba import Card, Game, Move, Rules
from chkobba.bots import make_bot
from engine_support import bot_positions, played_out
from fakes import Screen, Store
from positions import capture_turn, last_card_of_a_deal, near_the_end
from ui import storage, words
from ui.controller import App
from ui.frame import Frame, make_frame
from ui.hint import hint_reason
from ui.model import AddressProblem, Notice, Params, Settings, Ui, parse_params
from ui.render import render
from ui.storage import KeptMatch, Storage, write_kept_match


def test_parameters_are_read_and_bad_ones_explained():
    assert parse_params("?seed=12&pace=0.5&level=hard&target=31") == Params(12, 0.5, "hard", 31)
    bad = parse_params("?seed=-1&pace=x&level=god&target=20&foo=1")
    assert bad.seed is None and bad.pace == 1.0 and bad.level is None and bad.target is None
    assert [p.kind for p in bad.errors] == ["seed", "pace", "level", "target", "unknown"]


def test_parameters_read_from_decoded_pairs_as_from_the_query_string():
    """The page passes URLSearchParams' pairs (its stdlib has no urllib.parse): the same
    parameters, the same problems."""
    query = "?seed=7&pace=0&lang=ar&players=4&level=god&x=%3Cb%3E"
    pairs = [["seed", "7"], ["pace", "0"], ["lang", "ar"], ["players", "4"], ["level", "god"]]
    pairs.append(["x", "<b>"])
    assert parse_params(pairs) == parse_params(query)
    assert [p.kind for p in parse_params(pairs).errors] == ["level", "unknown"]


def test_a_corrupt_save_is_set_aside_with_a_message():
    store = Store({storage.SAVE_KEY: "{oops"})
    saved, notice = Storage(store).load()
    assert saved is None and "could not be read" in words.notice(EN, notice)
    assert store[storage.ASIDE_KEYS[0]] == "{oops" and storage.SAVE_KEY not in store


def test_a_save_round_trips():
    store = Storage(Store())
    game = Game.new(Rules(target=11), seed=4).play("keep")
    assert store.save(KeptMatch(game, 0, 4)) is None
    assert Storage(store.store).load() == (KeptMatch(game, 0, 4), None)


def test_the_app_plays_a_whole_match_by_taps_and_saves_every_move():
    store = Store()
    app = make_app(store)
    run(play_by_taps(app))
    assert app.game.winner is not None
    assert 'data-overlay="over"' in app.screen.html
    assert Storage(store).load()[0].game == app.game


def test_taps_out_of_turn_are_ignored():
    app = make_app(query="?seed=3&pace=0")
    before = app.game
    run(app.tap("hand", "7D"))
    run(app.tap("move", "nonsense"))
    run(app.tap("hand", "<script>"))
    run(app.tap("next"))
    assert app.game == before


def test_a_hint_is_a_legal_move_with_a_reason_and_goes_once_a_move_is_made():
    async def hint_then_play():
        app = make_app(query="?seed=5&pace=0")
        app.start()
        await settle(app)
        await app.tap("hint")
        hint = app.ui.hint
        assert isinstance(hint, Move) and not app.ui.hinting
        move = next(
            m
            for m in app.game.legal_moves()
            if m.kind == hint.kind and m.card == hint.card and set(m.captures) == set(hint.captures)
        )
        # The page says the move to the player and why (tests/web/test_hint_reasons.py).
        assert status(app) == f"Hint: {hint_reason(EN, app.game, hint)}"
        assert status(app).startswith(("Hint: keep the ", "Hint: expose the "))
        assert 'class="card face' in app.screen.html and " hint" in app.screen.html
        await app.perform(0, move)
        return app

    app = run(hint_then_play())
    assert app.ui.hint is None


TUTORIAL = "2D6S QH/KC 0 -/- - 0-0/21 1 -"  # table 2♦ 6♠, you hold Q♥


def test_a_position_parameter_sets_up_a_tutorial_board():
    query = "?position=" + TUTORIAL.replace(" ", "+") + "&pace=0"
    assert parse_params(query).position == Game.from_notation(TUTORIAL)
    mine = Game.new(Rules(), seed=8).play("keep")
    store = Store({storage.SAVE_KEY: write_kept_match(KeptMatch(mine, 0, 8))})
    saved = dict(store)
    app = make_app(store, query)
    assert app.game == Game.from_notation(TUTORIAL) and app.phase() == "play"
    run(app.tap("hand", "QH"))  # the only move: Q♥ takes 2♦ + 6♠, a chkobba
    assert app.game.table == () and app.game.chkobbas == (1, 0)
    assert dict(store) == saved  # the player's own match is neither read nor overwritten


def test_a_bad_position_parameter_is_explained_and_a_normal_game_starts():
    for raw, said in [
        ("2D6S+QH/KC+0", "expected 8 or 9 fields"),
        ("2D6S+QH/KC+0+-/-+-+0-0/21+1+q", "'q'"),
    ]:
        params = parse_params(f"?position={raw}")
        assert params.position is None and len(params.errors) == 1
        assert said in words.address_problem(EN, params.errors[0])
    app = make_app(query="?position=2D6S&seed=3")
    assert words.notice(EN, app.ui.notices[0]).startswith("Ignored in the address: position: ")
    assert app.game == Game.new(Rules(), seed=3)


# --- issue 10: storage never freezes the game nor loses a move --------------------------------


def test_a_full_storage_lets_the_match_go_on_with_a_short_notice():
    full = Store({"filler": "x" * 1000}, quota=1000)
    app = make_app(full)
    run(play_by_taps(app))  # every save fails; the match is played to its end all the same
    assert app.game.winner is not None
    notices = [words.notice(EN, n) for n in app.ui.notices]
    assert notices == [words.notice(EN, storage.UNSAVED)]
    assert "progress is not kept" in notices[0]
    assert storage.SAVE_KEY not in full
    run(app.tap("dismiss"))
    run(app.tap("new"))  # a new match, unsaved too: the player was told once already
    assert app.ui.notices == ()


def test_blocked_storage_plays_too():
    app = App(
        Screen(),
        Storage(None),
        parse_params("?seed=3&pace=0"),
        lambda: 9,
        no_wait,
        review_ahead=False,
    )
    run(play_by_taps(app))
    assert app.game.winner is not None and app.ui.notices == (storage.UNSAVED,)


def test_a_huge_corrupt_save_in_a_full_storage_gives_a_new_game():
    store = Store({storage.SAVE_KEY: "x" * 3_000_000}, quota=4_000_000)
    app = make_app(store)
    assert app.game == Game.new(Rules(), seed=3)
    assert app.ui.notices == (storage.UNREADABLE,)
    assert store[storage.ASIDE_KEYS[0]] == "x" * storage.ASIDE_LIMIT
    assert Storage(store).load()[0].game == app.game  # the new match is saved


def test_unreadable_saves_are_all_kept_aside_bounded():
    store = Store()
    for n in range(5):
        store[storage.SAVE_KEY] = f"broken {n}"
        saved, notice = Storage(store).load()
        assert saved is None and notice == storage.UNREADABLE
    kept = [store.get(key) for key in storage.ASIDE_KEYS]
    assert kept == ["broken 2", "broken 3", "broken 4"]  # the newest, oldest first


@pytest.mark.parametrize(
    "text",
    [
        "[]",
        '{"format": 1, "game": []}',
        '{"format": 1, "game": "{}", "seen_deals": 0, "bot_seed": 0}',
        "[" * 100_000,
        "null",
        "x" * (storage.SAVE_LIMIT + 1),
    ],
)
def test_unreadable_saves_are_told_in_a_players_words(text):
    _, notice = Storage(Store({storage.SAVE_KEY: text})).load()
    said = words.notice(EN, notice)
    assert said.startswith("Your saved match could not be read.")
    assert "'" not in said and "attribute" not in said and "(" not in said


def edited_saves():
    game = Game.new(Rules(target=11), seed=4)
    for _ in range(6):
        game = game.play(game.legal_moves()[-1])
    record = json.loads(game.to_json())
    # a well-formed move that the position does not allow (the engine refuses the replay)
    illegal = dict(record, history=[*record["history"][:-1], "KDxKS"])
    scores = dict(record, position=record["position"].replace(" 0-0/11 ", " 10-0/11 "))
    return [json.dumps(illegal), json.dumps(scores)]


@pytest.mark.parametrize("edited", edited_saves())
def test_an_edited_save_is_set_aside_and_said_so(edited):
    text = json.dumps({"format": 1, "game": edited, "seen_deals": 0, "bot_seed": 4})
    store = Store({storage.SAVE_KEY: text})
    app = make_app(store)
    assert app.ui.notices == (storage.EDITED,)
    assert "changed outside the game" in words.notice(EN, app.ui.notices[0])
    assert store[storage.ASIDE_KEYS[0]] == text
    assert app.game == Game.new(Rules(), seed=3)


def test_reloading_while_a_capture_is_shown_keeps_the_move():
    """The move is saved before the "You play the … to take …" display, not after it."""
    seen = []

    async def watch(_seconds):
        seen.append((app.ui.stage, Storage(store).load()[0].game))
        await asyncio.sleep(0)

    game, move = capture_turn()
    store = Store({storage.SAVE_KEY: write_kept_match(KeptMatch(game, 0, game.seed))})
    app = make_app(store, "?pace=1", sleep=watch)
    run(app.tap("hand", str(move.card)))
    stage, saved = seen[0]
    assert stage == "show" and saved.history[-1] == move


def test_a_second_tab_follows_the_first_and_never_overwrites_it():
    async def two_tabs():
        store = Store()
        first = make_app(store, "?seed=5&pace=0")
        second = make_app(store, "?pace=0")
        assert second.game == first.game
        first.start()
        second.start()
        await settle(first)
        if first.phase() == "cut":
            await first.tap("move", "keep")
            await settle(first)
        # The second tab, not told yet, tries a move of its own on the old position...
        stale = second.game
        await second.perform(stale.current, stale.legal_moves()[0])
        # ...which is not saved over the first tab's: it follows that match instead.
        assert Storage(store).load()[0].game == first.game == second.game
        assert storage_notice(second) == words.notice(EN, Notice("elsewhere"))
        # And the storage event brings each later move of the first tab to the second.
        await tap_first_move(first)
        await settle(first)
        second.changed_elsewhere()
        assert second.game == first.game

    run(two_tabs())


def storage_notice(app):
    return words.notice(EN, app.ui.notices[-1])


# --- issue 10: the settings, the score sheet, the notices --------------------------------------


def test_new_game_over_a_match_in_progress_asks_first():
    app = make_app(query="?seed=5&pace=0")
    run(play_some(app, 3))
    before = app.game
    for action in ("settings", "new"):
        run(app.tap(action))
    assert app.phase() == "confirm" and app.game == before
    assert words.CONFIRM_TITLE in app.screen.html
    run(app.tap("close"))
    assert app.phase() != "confirm" and app.game == before
    for action in ("settings", "new", "confirm-new"):
        run(app.tap(action))
    assert app.game != before and app.game.deal_results == () and len(app.game.history) <= 1


def tied_match():
    """A match to 11 where a deal ends 11-11 (found with two easy bots)."""
    for seed in range(500):
        bots = (make_bot("easy", 1), make_bot("easy", 2))
        for game in bot_positions(Game.new(Rules(target=11), seed=seed), bots):
            totals = game.deal_results[-1].totals if game.deal_results else (0, 0)
            if totals[0] == totals[1] >= 11 and game.phase != "over":
                return game
    raise AssertionError("no tie found")


def test_a_tie_at_the_target_is_explained_on_the_score_sheet():
    game = tied_match()
    frame = make_frame(game, Ui(seen_deals=len(game.deal_results) - 1), Settings(11))
    assert frame.phase == "sheet"
    assert words.tie(EN, 11) in frame.overlay.notes
    assert "one more deal" in render(frame)


def test_a_finished_tutorial_position_shows_the_result_and_a_way_on():
    app = make_app(query="?position=-+-/-+x+-/-+-+21-0/21+0+-&pace=0")
    assert app.phase() == "over"
    app.start()
    assert words.won(EN, 0) in app.screen.html and 'data-action="new"' in app.screen.html
    run(app.tap("new"))
    assert app.game == Game.new(Rules(), seed=9) and app.phase() in ("cut", "wait")


def test_a_long_address_gives_a_short_notice():
    for query in ["?" + "&".join(f"p{i}=1" for i in range(2000)), "?seed=" + "9" * 100_000]:
        app = make_app(query=query)
        said = words.notice(EN, app.ui.notices[0])
        assert len(said) < 200, said
    assert said == f"Ignored in the address: seed='{'9' * 23}…' is not a whole number ≥ 0."


def test_an_equal_card_to_take_is_asked_for_as_one_card():
    game = Game.from_notation("5S5H2C3C 5D/KC 0 -/- - 0-0/21 1 -")
    frame = make_frame(game, Ui(selected=Card.parse("5D")), Settings())
    assert frame.phase == "choose" and len(frame.choices.options) == 2
    assert frame.choices.prompt == "Tap the card your 5♦ takes"
    sums = Game.from_notation("AS4S2C3C 5D/KC 0 -/- - 0-0/21 1 -")
    frame = make_frame(sums, Ui(selected=Card.parse("5D")), Settings())
    assert frame.choices.prompt == "Tap table cards that make 5"


def test_the_pile_counts_its_chkobbas():
    game = Game.from_notation("- KD/KC 0 2D6S*7C*/- - 0-0/21 1 -")
    frame = make_frame(game, Ui(), Settings())
    assert frame.seats[0].pile.label == "You: 3 cards, 2 chkobbas"
    assert 'title="You: 3 cards, 2 chkobbas"' in render(frame)


# --- issue 10: the structure -------------------------------------------------------------------


def test_the_frame_is_a_frozen_value_and_render_draws_only_it():
    game = Game.new(Rules(), seed=5)
    ui = Ui(notices=(storage.UNSAVED,))
    frame = make_frame(game, ui, Settings())
    assert isinstance(frame, Frame) and frame == make_frame(game, ui, Settings())
    hash(frame)
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.phase = "play"
    assert render(frame) == render(make_frame(game, ui, Settings()))
    assert [s.seat for s in frame.seats] == [0, 1]


def test_address_problems_quote_little():
    problem = AddressProblem("unknown", "x" * 1000)
    assert len(words.address_problem(EN, problem)) < 60


async def played(app, moves):
    """``moves`` of the player's, and the computer's replies: the player's turn again."""
    await play_by_taps(app, moves, start=False)
    await settle(app)


def test_undo_takes_back_the_players_play_and_the_replies_then_counts_it():
    store = Store()
    app = make_app(store, "?seed=3&pace=0")
    app.start()
    run(played(app, 3))
    before = len(app.game.history)
    assert app.phase() == "play"
    frame = make_frame(app.game, app.ui, app.state.settings)
    assert frame.undo is True
    run(app.tap("undo"))
    assert len(app.game.history) < before and app.phase() == "play"
    assert app.state.undos == 1
    saved = storage.read_kept_match(store[storage.SAVE_KEY])
    assert saved.game == app.game and saved.undos == 1
    again = make_app(store)  # a reload keeps the count
    assert again.state.undos == 1


def test_undo_can_be_turned_off_and_never_goes_past_a_new_hand():
    store = Store()
    app = make_app(store, "?seed=3&pace=0")
    app.start()
    run(app.tap("settings"))
    run(app.tap("undo-setting", "off"))
    run(app.tap("close"))
    run(played(app, 3))
    assert make_frame(app.game, app.ui, app.state.settings).undo is None
    history = app.game.history
    run(app.tap("undo"))
    assert app.game.history == history and app.state.undos == 0
    assert Storage(store).load_settings().undo is False


def test_a_match_with_plays_taken_back_says_so_on_its_result():
    game = near_the_end()
    over = played_out(game.play(game.legal_moves()[0]))
    sheet = make_frame(over, Ui(seen_deals=len(over.deal_results) - 1), Settings(), 2).overlay
    assert "Plays were taken back 2 times in this match." in sheet.notes
    plain = make_frame(over, Ui(seen_deals=len(over.deal_results) - 1), Settings()).overlay
    assert not any("taken back" in note for note in plain.notes)


def test_a_save_with_a_bad_undo_count_is_set_aside():
    game = Game.new(Rules(), seed=4)
    record = json.loads(write_kept_match(KeptMatch(game, 0, 4)))
    for bad in (-1, "2", 1.5, True, 10**12):
        record["undos"] = bad
        with pytest.raises(storage.Unreadable):
            storage.read_kept_match(json.dumps(record))
    del record["undos"]  # a save from before undo
    assert storage.read_kept_match(json.dumps(record)).undos == 0


def test_how_did_i_play_reviews_each_decision_of_the_deal_on_the_sheet():
    from chkobba.review import review_deal

    app = at_a_sheet()
    run(app.tap("review"))
    assert app.phase() == "review" and not app.ui.working
    assert app.ui.review == review_deal(app.game, 0, 1)  # the same, worked out in the background
    frame = make_frame(app.game, app.ui, app.state.settings)
    assert len(frame.overlay.lines) == len(app.ui.review) > 5
    assert frame.overlay.summary.startswith("Best: ")
    costly = [line for line in frame.overlay.lines if line.grade != "best"]
    assert all(line.expert.startswith("The expert would have") for line in costly)
    run(app.tap("close"))
    assert app.phase() == "sheet"


def test_the_experts_replay_sets_its_sheet_beside_the_players():
    from chkobba.review import expert_replay

    app = at_a_sheet()
    run(app.tap("expert"))
    assert app.phase() == "expert"
    assert app.ui.expert == expert_replay(app.game, 0, 1, "medium").deal_results[-1]
    frame = make_frame(app.game, app.ui, app.state.settings)
    assert frame.overlay.columns == ("You", "The expert")
    assert frame.overlay.totals == (
        app.game.deal_results[0].scores[0].total,
        app.ui.expert.scores[0].total,
    )
    assert "against the expert" in frame.overlay.others


def test_a_shared_deal_is_followed_move_by_move_and_the_save_is_left_alone():
    from chkobba import deal_link

    app = at_a_sheet()
    run(app.tap("share"))
    assert app.phase() == "share"
    link = make_frame(app.game, app.ui, app.state.settings).overlay.link
    assert link == "?deal=" + deal_link(app.game, 1) and len(link) < 60
    store = Store({"chkobba.save": "kept as it is"})
    shared = make_app(store, link + "&pace=0")
    shared.start()
    assert shared.phase() == "replay" and shared.ui.replay == (0, len(shared.params.deal.moves))
    assert status(shared).startswith("A shared deal")
    run(shared.tap("replay", "next"))
    run(shared.tap("replay", "next"))
    assert shared.ui.replay[0] == 2 and shared.game == shared.params.deal.positions[2]
    run(shared.tap("hand", str(shared.game.hands[0][0])))  # no play in a replay
    assert shared.ui.replay[0] == 2
    run(shared.tap("replay", "last"))
    assert shared.game.deal_results and "Deal 1: you" in status(shared)
    run(shared.tap("replay", "first"))
    assert shared.ui.replay[0] == 0 and shared.ui.last is None
    assert store["chkobba.save"] == "kept as it is"


def test_a_later_deals_replay_keeps_its_number_and_its_match_score():
    """Deal 4 of a match, shared: its replay says deal 4, and at its end the score bar gives the
    match after it, as its told score does."""
    from chkobba import deal_link

    game = Game.new(Rules(), seed=11)
    while len(game.deal_results) < 4:
        game = game.play(game.legal_moves()[-1])
    shared = make_app(Store(), "?deal=" + deal_link(game, 4) + "&pace=0")
    shared.start()
    frame = make_frame(shared.game, shared.ui, shared.state.settings)
    before = game.deal_results[2].totals
    assert frame.deal == words.deal(EN, 4) and tuple(s.points for s in frame.scores) == before
    run(shared.tap("replay", "last"))
    frame = make_frame(shared.game, shared.ui, shared.state.settings)
    after = game.deal_results[3].totals
    assert frame.deal == words.deal(EN, 4) and after != before
    assert tuple(s.points for s in frame.scores) == after
    assert "Deal 4: you" in frame.status and f"Match: {after[0]} to {after[1]}." in frame.status


def test_an_edited_deal_link_is_refused_with_a_clear_notice():
    app = make_app(query="?deal=1AAAAAAAAAAAAAAAAA&pace=0")
    app.start()
    assert app.ui.replay is None and app.phase() != "replay"
    text = words.notice(EN, app.ui.notices[-1])
    assert "the shared deal: bad deal link" in text and "edited or damaged" in text


@pytest.mark.parametrize("link", ["<script>alert(1)</script>", "1" + "A" * 84])
def test_a_bad_deal_links_reason_is_quoted_whole(link):
    from chkobba import ParseError, read_deal_link

    with pytest.raises(ParseError) as error:
        read_deal_link(link)
    app = make_app(query="?deal=" + quote(link) + "&pace=0")
    assert str(error.value) in words.notice(EN, app.ui.notices[-1])


def test_a_long_reason_is_cut_on_a_word_with_an_ellipsis():
    reason = "the shared deal cannot be read: " + "damaged words " * 20
    cut = words.clip(reason)
    assert len(cut) <= words.REASON_LIMIT and cut.endswith("words…")
    assert reason.startswith(cut[:-1]) and words.clip("short") == "short"
    assert words.clip("x" * 500) == "x" * (words.REASON_LIMIT - 1) + "…"


def test_a_deal_set_up_in_mid_play_has_no_experts_replay_and_says_so():
    set_up = Game.from_notation(last_card_of_a_deal().notation())
    store = Store({storage.SAVE_KEY: write_kept_match(KeptMatch(set_up, 0, 1))})
    app = App(Screen(), Storage(store), parse_params("?pace=0"), lambda: 9, no_wait)
    app.keeps_save = False  # (the page refuses to resume a set-up save: a board's position)
    app.state = dataclasses.replace(app.state, game=set_up)
    app.start()
    run(played(app, 1))
    assert app.phase() == "sheet"
    run(app.tap("expert"))
    frame = make_frame(app.game, app.ui, app.state.settings)
    assert app.phase() == "expert" and frame.overlay.rows == ()
    assert "no shuffle to deal again" in frame.overlay.others


@pytest.mark.parametrize(("pace", "most"), [("normal", 6.0), ("fast", 2.0), ("instant", 0.0)])
def test_the_pace_setting_is_remembered_and_paces_a_round_of_four(pace, most):
    """Chosen in the settings and kept; at "fast" the three computers' plays of a four-player
    round wait 2 s or less in all (the cards' travel scaled the same way, none at "instant")."""
    waits: list[float] = []

    async def wait(seconds):
        waits.append(seconds)
        await asyncio.sleep(0)

    async def a_round():
        app.start()
        await app.tap("settings")
        await app.tap("pace", pace)
        await app.tap("close")
        await played(app, 2)  # past the cut and a first round
        waits.clear()
        await played(app, 1)

    store = Store()
    app = make_app(store, "?seed=3&pace=1&players=4", sleep=wait)
    run(a_round())
    assert Storage(store).load_settings().pace == pace
    assert app.phase() == "play" and app.game.current == 0
    assert len(waits) > 0 and sum(waits) <= most, (pace, sum(waits), waits)
    motion = make_frame(app.game, app.ui, app.state.settings).motion
    assert motion.pace == {"normal": 1.0, "fast": 0.3, "instant": 0.0}[pace]
    assert make_app(store).state.settings.pace == pace  # a reload keeps it


def test_a_match_is_heard_once_each_and_the_sound_switch_silences_it():
    """A whole match by taps: each hand dealt, card played or laid by the cut, capture (a
    chkobba's own), the leftovers, each deal's end and the match's result heard, each once
    (repaints play nothing again); switched off in the settings (and kept), nothing at all."""
    app = make_app(query="?seed=5&pace=0")
    run(play_by_taps(app))
    heard = app.screen.sounds
    game = app.game
    plays = [m for m in game.history if m.kind != "keep"]
    takes = sum(1 for m in plays if m.kind == "play" and m.captures)
    chkobbas = sum(r.scores[side].chkobba for r in game.deal_results for side in (0, 1))
    assert heard.count("chkobba") == chkobbas > 0
    # every play is heard when its card lands; a capture also when its cards are taken (but a
    # deal's last card's: the score sheet opens, with the leftovers and the deal's end)
    assert heard.count("play") == len(plays)
    deals = len(game.deal_results)
    assert takes - deals <= heard.count("capture") + chkobbas <= takes
    assert heard.count("deal-end") == len(game.deal_results) - 1
    assert heard.count("win") + heard.count("lose") == 1 and heard[-1] in ("win", "lose")
    assert heard.count("leftovers") == sum(1 for r in game.deal_results if r.leftovers)
    assert heard.count("deal") >= len(game.deal_results) * 3  # hands of 3 from 36 cards

    async def muted():
        app.start()
        await app.tap("settings")
        await app.tap("sound", "off")
        await app.tap("close")
        await play_by_taps(app, moves=30, start=False)

    store = Store()
    app = make_app(store, "?seed=5&pace=0")
    run(muted())
    assert app.screen.sounds == []
    assert Storage(store).load_settings().sound is False
    assert make_app(store).state.settings.sound is False
