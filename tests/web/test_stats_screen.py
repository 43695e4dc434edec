"""The statistics screen's logic, in CPython with a fake screen and storage: each finished match
counted once (never again on a reload, nor by a second tab), the screen from the settings, a
file exported and imported (a bad one refused with the reason, a good one only on the player's
yes), a reset only on the player's yes, and storage that is unreadable, full or blocked never
stopping play."""

import json
from html import escape

import pytest
from app_support import make_app, no_wait, play_by_taps, run, settle
from fakes import Screen, Store
from shared import i18n
from ui import words
from ui.controller import App
from ui.model import Notice, NoticeKind, parse_params
from ui.render import render
from ui.stats import ASIDE_KEY, STATS_KEY, export_text, from_json, to_json
from ui.storage import Storage

EN = i18n.language("en")
QUICK = "?seed=3&pace=0&target=11"  # a short match


def finished_store(query=QUICK):
    """A store holding a match played to its end by taps (and its statistics)."""
    store = Store()
    app = make_app(store, query)
    run(play_by_taps(app))
    assert app.phase() == "over"
    return store, app


@pytest.fixture(scope="module")
def finished():
    return finished_store()


def kept(store):
    return from_json(store[STATS_KEY])


def test_a_finished_match_is_counted_once_with_its_points():
    store, app = finished_store()
    stats = kept(store)
    tally = stats.tally("medium", 2)
    ours, theirs = app.game.scores
    assert (tally.played, tally.won) == (1, int(ours > theirs))
    mine = [result.scores[0] for result in app.game.deal_results]
    assert tally.deals == len(mine)
    assert tally.points == sum(score.total for score in mine)
    assert tally.chkobbas == sum(score.chkobba for score in mine)
    assert tally.hayyas == sum(score.hayya for score in mine)
    assert [(m.ours, m.theirs) for m in stats.recent] == [(ours, theirs)]
    # A reload shows the match over again: it is not counted twice...
    again = make_app(store, "?pace=0")
    again.start()
    assert again.phase() == "over"
    assert kept(store) == stats
    # ...nor by a second tab that followed the match to its end.
    other = make_app(store, "?pace=0")
    other.start()
    other.changed_elsewhere()
    assert kept(store).tally("medium", 2).played == 1


def test_two_matches_make_a_run_and_a_chart():
    store = Store()
    for seed in (3, 4):
        app = make_app(store, f"?seed={seed}&pace=0&target=11")
        app.start()
        if seed == 4:  # a new match, as the player asks for it after the first
            run(app.tap("new"))
        run(play_by_taps(app))
    stats = kept(store)
    assert stats.tally("medium", 2).played == 2
    assert len(stats.recent) == 2
    run(app.tap("settings"))
    run(app.tap("stats"))
    html = render_now(app)
    assert 'data-bars="2"' in html
    assert words.stats_summary(EN, 2, stats.tally("medium", 2).won) in html


def render_now(app):
    from ui.frame import make_frame

    state = app.state
    return render(make_frame(state.game, state.ui, state.settings, state.undos, state.stats))


def test_the_screen_opens_from_the_settings_and_closes_back_to_them(finished):
    store, _ = finished
    app = make_app(Store(store), "?pace=0")
    app.start()
    run(app.tap("stats"))  # not from the table: only from the settings
    assert app.phase() == "over"
    run(app.tap("settings"))
    assert 'data-action="stats"' in app.screen.html
    run(app.tap("stats"))
    assert app.phase() == "stats"
    html = app.screen.html
    assert words.stats_group(EN, "medium", 2) in html
    assert 'data-file="stats"' in html and 'data-action="stats-export"' in html
    run(app.tap("close"))
    assert app.phase() == "settings"


def test_a_board_or_a_shared_deal_counts_nothing_and_offers_no_statistics():
    from urllib.parse import quote

    from positions import capture_turn

    store = Store()
    app = make_app(store, "?pace=0&position=" + quote(capture_turn()[0].notation()))
    app.start()
    run(app.tap("settings"))
    assert 'data-action="stats"' not in app.screen.html
    assert STATS_KEY not in store


def test_export_then_import_round_trips_and_asks_first(finished):
    store, _ = finished
    store = Store(store)
    files = []
    app = make_app(store, "?pace=0")
    app.stats_screen.download = lambda name, text: files.append((name, text))
    app.start()
    run(app.tap("settings"))
    run(app.tap("stats"))
    run(app.tap("stats-export"))
    [(name, text)] = files
    assert name.startswith("chkobba-statistics-") and name.endswith(".json")
    assert text == export_text(kept(store))
    before = kept(store)
    run(app.tap("stats-reset"))
    assert words.STATS_RESET_ASK in app.screen.html
    run(app.tap("stats-cancel"))
    assert kept(store) == before
    run(app.tap("stats-reset"))
    run(app.tap("stats-confirm"))
    assert kept(store).tallies == () and kept(store).recorded == before.recorded
    assert words.STATS_EMPTY in app.screen.html
    app.stats_screen.import_stats(text)
    assert escape(words.stats_import_ask(EN, 0, 1)) in app.screen.html
    assert kept(store).tallies == ()  # nothing replaced before the player's yes
    run(app.tap("stats-confirm"))
    assert kept(store) == before


BAD_FILES = {
    "not JSON": ("{oops", "foreign"),
    "another app's": ('{"app": "solitaire", "version": 1}', "foreign"),
    "newer": (
        json.dumps({"app": "chkobba-stats", "version": 9, "tallies": [], "recent": []}),
        "newer",
    ),
    "damaged": (
        json.dumps({"app": "chkobba-stats", "version": 1, "tallies": [], "recent": [{}]}),
        "damaged",
    ),
    "too long": ("x" * 50_000, "damaged"),
}


@pytest.mark.parametrize("name", BAD_FILES)
def test_a_bad_file_is_refused_with_its_reason_and_changes_nothing(finished, name):
    store, _ = finished
    store = Store(store)
    text, kind = BAD_FILES[name]
    app = make_app(store, "?pace=0")
    app.start()
    before = store[STATS_KEY]
    run(app.tap("settings"))
    run(app.tap("stats"))
    app.stats_screen.import_stats(text)
    html = app.screen.html
    assert words.STATS_FILE_ERRORS[kind] in html
    assert "data-stats-error" in html and "stats-confirm" not in html
    assert store[STATS_KEY] == before
    assert len(app.ui.stats_error[1]) < 200  # a short part of the file quoted, at most


def test_unreadable_statistics_are_set_aside_said_and_the_game_starts():
    store = Store({STATS_KEY: '{"version": 1, "tallies": "spoilt"'})
    app = make_app(store, QUICK)
    app.start()
    assert app.phase() in ("cut", "play", "wait")
    assert Notice(NoticeKind.STATS, ("unreadable",)) in app.ui.notices
    assert store[ASIDE_KEY] == '{"version": 1, "tallies": "spoilt"'
    assert store[STATS_KEY] == to_json(from_json(store[STATS_KEY]))  # empty, readable
    again = make_app(store, "?pace=0")  # told once: the next start reads the empty ones
    assert not any(n.kind == NoticeKind.STATS for n in again.ui.notices)


def test_a_newer_versions_statistics_are_kept_aside_and_said_so():
    newer = json.dumps({"version": 2, "tallies": [], "recent": [], "recorded": []})
    store = Store({STATS_KEY: newer})
    app = make_app(store, QUICK)
    assert Notice(NoticeKind.STATS, ("newer",)) in app.ui.notices
    assert store[ASIDE_KEY] == newer


class NoRoomForStats(Store):
    """A storage with room for the match but not for the statistics."""

    def setItem(self, key, value):
        if key == STATS_KEY:
            raise OSError("QuotaExceededError: the quota has been exceeded")
        super().setItem(key, value)


def test_full_storage_says_the_statistics_are_not_kept_and_play_goes_on():
    store = NoRoomForStats()
    app = make_app(store, QUICK)
    app.start()
    run(settle(app))
    run(play_by_taps(app, start=False))
    assert app.phase() == "over"
    notice = words.notice(EN, Notice(NoticeKind.STATS, ("unsaved",)))
    assert notice == words.stats_notice(EN, ("unsaved",))
    assert any(n == Notice(NoticeKind.STATS, ("unsaved",)) for n in app.ui.notices)
    assert app.state.stats.tally("medium", 2).played == 1  # counted on screen all the same


def test_blocked_storage_plays_to_the_end():
    app = App(Screen(), Storage(None), parse_params(QUICK), lambda: 9, no_wait)
    app.review_ahead = False
    run(play_by_taps(app))
    assert app.phase() == "over"
    assert app.state.stats.tally("medium", 2).played == 1
