"""Try again, in CPython: a costly decision of "How did I play?" made anew on its table, judged
by the review's search, the hand followed to its end or left; the saved match untouched."""

from app_support import (
    at_a_sheet,
    make_app,
    make_by_taps,
    people_at_the_sheet,
    run,
    settle,
    tap_first_move,
)
from chkobba.moves import KEEP_MOVE
from chkobba.retry import retry_move, retry_start, retry_verdict
from fakes import Store
from positions import before_your_cut
from ui.frame import make_frame
from ui.model import ALONE, Retry, Settings, Ui
from ui.render import render
from ui.retry import RETRY_BEFORE, RETRY_ON, RetryPanel
from ui.storage import SAVE_KEY


async def make(app, move):
    """Make ``move`` by taps and let the page work until it waits for the player."""
    await make_by_taps(app, move)
    await settle(app)


async def follow(app):
    """Follow the hand to its end, playing the player's first legal move at each turn."""
    await app.tap("retry-follow")
    for _ in range(20):
        await settle(app)
        if app.phase() == "retry":
            return
        await tap_first_move(app)


def frame(app):
    return make_frame(app.game, app.ui, app.state.settings, people=app.people)


def reviewed(players=2, seed=3):
    """An app at its deal's review, its costliest decision, and the store it saves in."""
    store = Store()
    app = at_a_sheet(store, players, seed)
    run(app.tap("review"))
    costly = max(app.ui.review, key=lambda d: d.loss)
    assert costly.grade == "costly"
    return app, costly, store


def test_only_costly_decisions_offer_try_again():
    app, costly, _ = reviewed()
    lines = frame(app).overlay.lines
    assert [line.retry for line in lines] == [
        d.index if d.grade == "costly" else None for d in app.ui.review
    ]
    html = render(frame(app))
    assert f'data-action="retry" data-value="{costly.index}"' in html
    assert "aria-describedby=" in html and ">Try again</button>" in html


def test_try_again_judges_the_new_choice_and_leaves_the_match_alone():
    app, costly, store = reviewed()
    match, saved, ui, bot = app.game, dict(store), app.ui, app.bot
    assert bot is not None  # (the match's computer player, as it has played)
    run(app.tap("retry", str(costly.index)))
    start = retry_start(match, costly.index)
    assert app.game == start and app.phase() in ("play", "cut")
    shown = frame(app)
    assert shown.retrying == RETRY_BEFORE and not shown.hints and shown.undo is None
    assert "Trying again: the table as it was before your move." in render(shown)
    # the expert's move: as good, and gains what the match's move cost
    run(make(app, costly.bot))
    assert app.phase() == "retry" and app.ui.retry.verdict is not None
    verdict = app.ui.retry.verdict
    assert verdict == retry_verdict(match, costly.index, costly.bot)
    panel = frame(app).overlay
    assert isinstance(panel, RetryPanel)
    assert panel.verdict == "As good as the expert's choice."
    assert panel.gain.startswith("Over the rest of the hand, it gains about")
    assert dict(store) == saved  # nothing saved meanwhile
    run(app.tap("retry-back"))
    assert app.game is match and app.ui == ui and app.phase() == "review" and app.bot is bot
    assert dict(store) == saved


def test_the_hand_is_followed_to_its_end_as_the_match_played_then_as_its_level():
    app, costly, store = reviewed()
    match, saved = app.game, store[SAVE_KEY]
    run(app.tap("retry", str(costly.index)))
    app.driving = False  # another tab leads the match: the retry's table is this tab's own
    run(make(app, app.game.legal_moves()[0]))
    assert app.phase() == "retry"
    verdict = app.ui.retry.verdict
    panel = frame(app).overlay
    assert panel.grade == verdict.grade
    if verdict.move == costly.played:
        assert panel.gain == "The same choice as in your match."
    assert panel.follow  # (this choice leaves the hand going)
    run(follow(app))
    assert app.phase() == "retry" and frame(app).overlay.over == "The hand is over."
    assert frame(app).retrying == RETRY_ON  # (the bar under the hand says the play went on)
    assert "Trying again: the play goes on from your new choice." in render(frame(app))
    assert not frame(app).overlay.follow
    # each other seat played as chkobba.retry says: the match's move, then the level's bot's
    position = retry_start(match, costly.index)
    others = 0
    for move in app.game.history[costly.index :]:
        if position.current != 0:
            assert move == retry_move(match, costly.index, position, "medium")
            others += 1
        position = position.play(move)
    assert position == app.game and others >= 1
    run(app.tap("retry-back"))
    assert app.game is match and app.phase() == "review"
    assert store[SAVE_KEY] == saved


def test_four_players_try_again_with_the_partner_and_the_opponents_played_on():
    app, costly, store = reviewed(players=4)
    match, saved = app.game, dict(store)
    run(app.tap("retry", str(costly.index)))
    assert app.game == retry_start(match, costly.index)
    assert [seat.place for seat in frame(app).seats] == ["bottom", "right", "top", "left"]
    run(make(app, costly.bot))
    assert app.ui.retry.verdict == retry_verdict(match, costly.index, costly.bot)
    assert frame(app).overlay.verdict == "As good as the expert's choice."
    assert frame(app).overlay.follow  # (the hand goes on after this choice)
    run(follow(app))
    assert frame(app).overlay.over == "The hand is over."
    run(app.tap("retry-back"))
    assert app.game is match and app.phase() == "review" and dict(store) == saved


def test_a_cut_tried_again_is_the_cut_dialog_without_its_hint():
    game = before_your_cut()  # (its last deal's sheet seen: the player's cut)
    ui = Ui(seen_deals=len(game.deal_results))
    retry = Retry(game, ui, ALONE, game, len(game.history), KEEP_MOVE)
    plain = make_frame(game, ui, Settings())
    shown = make_frame(game, Ui(seen_deals=len(game.deal_results), retry=retry), Settings())
    assert plain.phase == shown.phase == "cut"
    assert plain.overlay.hints and not shown.overlay.hints and shown.retrying


def test_a_retry_followed_to_the_deal_s_end_shows_no_score_sheet():
    app, _, store = reviewed(seed=5)
    saved = dict(store)
    last_hand = next(d for d in app.ui.review if d.index == 33)  # 2 cards left, no stock
    assert last_hand.grade == "costly" and retry_start(app.game, 33).stock_count == 0
    run(app.tap("retry", "33"))
    painted = len(app.screen.frames)
    run(make(app, last_hand.bot))
    run(follow(app))
    assert app.game.deal_results and app.phase() == "retry"
    assert frame(app).overlay.over == "The hand is over."
    phases = [marks["phase"] for _, marks, _ in app.screen.frames[painted:]]
    assert "sheet" not in phases and "over" not in phases
    assert dict(store) == saved


def test_at_a_table_of_people_each_tries_their_own_move_again_from_their_seat():
    store = Store()
    app = make_app(store, "?seed=4&pace=0")
    fields = [("players", "2"), ("name-0", "Leïla"), ("kind-1", "person"), ("name-1", "Sami")]
    people_at_the_sheet(app, fields)
    run(app.tap("review", "1"))  # Sami's play
    costly = max(app.ui.review, key=lambda d: d.loss)
    assert costly.grade == "costly"
    people, saved, match = app.people, dict(store), app.game
    run(app.tap("retry", str(costly.index)))
    assert app.ui.viewer == 1 and app.phase() in ("play", "cut")
    assert app.people.people == (1,)  # the other seat plays as it did, then as the level
    mine = frame(app).seats[0]
    assert mine.seat == 1 and mine.you and len(mine.hand) == len(app.game.hands[1])
    run(make(app, costly.bot))
    assert app.ui.retry.verdict == retry_verdict(match, costly.index, costly.bot)
    run(app.tap("retry-back"))
    assert app.people == people and app.ui.reviewed == 1 and app.phase() == "review"
    assert app.game is match and dict(store) == saved
