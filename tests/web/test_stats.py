"""The player's statistics (ui.stats): each finished match counted once, the counts and runs
right for two and four players, the kept text and exported files read back equal, and text that
is not theirs refused with a message that says why; unreadable kept text never stops a game."""

import dataclasses
import json

import pytest
from app_support import recorded
from chkobba import Game, Rules
from chkobba.bots import make_bot
from positions import finished
from ui import stats
from ui.stats import (
    COUNT_LIMIT,
    ID_LIMIT,
    IDS_KEPT,
    LIMIT,
    RECENT,
    Best,
    ChartPoint,
    Match,
    Stats,
    StatsError,
    Tally,
    chart,
    export_text,
    from_json,
    import_text,
    load,
    record,
    reset,
    to_json,
)

DAY = "2025-03-01"


def midway(players: int = 2) -> Game:
    game, bot = Game.new(Rules(players=players, target=11), seed=1), make_bot("easy", 1)
    for _ in range(10):
        game = game.play(bot.choose(game.view(game.current)))
    return game


# --- recording ------------------------------------------------------------------------------


def test_a_match_is_counted_once_whatever_shows_it_again():
    game = finished(2, True)
    once = record(Stats(), "match-1", game, "easy", DAY)
    assert record(once, "match-1", game, "easy", DAY) is once  # a reload, a second tab
    assert record(once, "match-1", game, "hard", "2025-03-02") is once
    tally = once.tally("easy", 2)
    assert (tally.played, tally.won, len(once.recent), once.recorded) == (1, 1, 1, ("match-1",))
    twice = record(once, "match-2", game, "easy", DAY)  # another id: another match
    assert twice.tally("easy", 2).played == 2


def test_only_a_finished_match_is_counted():
    for game in (Game.new(Rules(target=11), seed=4), midway(2), midway(4)):
        assert game.phase != "over"
        assert record(Stats(), "m", game, "medium", DAY) == Stats()
    later = record(Stats(), "m", finished(2, False), "medium", DAY)  # the same id, now over
    assert later.tally("medium", 2).played == 1


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("won", [True, False])
def test_counts_are_the_player_sides(players, won):
    game = finished(players, won)
    kept = record(Stats(), "m", game, "hard", DAY)
    mine = [result.scores[0] for result in game.deal_results]  # side 0: seat 0 (and seat 2)
    tally = kept.tally("hard", players)
    assert tally == Tally(
        "hard",
        players,
        played=1,
        won=int(won),
        streak=int(won),
        best_streak=int(won),
        points=sum(s.total for s in mine),
        deals=len(game.deal_results),
        chkobbas=sum(s.chkobba for s in mine),
        hayyas=sum(s.hayya for s in mine),
        best=Best(game.scores[0] - game.scores[1], DAY) if won else None,
    )
    assert tally.points == game.scores[0]
    assert tally.mean_points == game.scores[0] / len(game.deal_results)
    assert kept.recent == (Match(DAY, "hard", players, *game.scores, won),)
    assert kept.tally("hard", 6 - players) == Tally("hard", 6 - players)  # the other table
    assert Tally("easy", 2).mean_points is None


def test_two_and_four_players_and_each_level_are_counted_apart():
    kept = Stats()
    for n, (players, level) in enumerate([(4, "hard"), (2, "easy"), (4, "easy"), (2, "easy")]):
        kept = record(kept, f"m{n}", finished(players, True, n), level, DAY)
    assert [(t.level, t.players, t.played) for t in kept.tallies] == [
        ("easy", 2, 2),
        ("easy", 4, 1),
        ("hard", 4, 1),
    ]
    assert [(m.level, m.players) for m in kept.recent] == [
        ("hard", 4),
        ("easy", 2),
        ("easy", 4),
        ("easy", 2),
    ]


def test_streaks():
    tally = recorded(True, True, False, True).tally("easy", 2)
    assert (tally.played, tally.won, tally.lost, tally.streak, tally.best_streak) == (4, 3, 1, 1, 2)
    tally = recorded(True, True, True, False).tally("easy", 2)
    assert (tally.streak, tally.best_streak) == (0, 3)
    tally = recorded(False, False).tally("easy", 2)
    assert (tally.won, tally.streak, tally.best_streak, tally.best) == (0, 0, 0, None)


def test_the_best_match_is_the_largest_margin_won_and_its_date():
    wins = [finished(2, True, n) for n in range(4)]
    margins = [g.scores[0] - g.scores[1] for g in wins]
    kept = Stats()
    for n, game in enumerate(wins):
        kept = record(kept, f"w{n}", game, "easy", f"2025-04-{n + 1:02d}")
    first = margins.index(max(margins))  # the first match to reach it keeps the place
    assert kept.tally("easy", 2).best == Best(max(margins), f"2025-04-{first + 1:02d}")


def test_the_chart_shows_the_last_matches_oldest_first():
    results = [n % 3 != 0 for n in range(RECENT + 5)]
    kept = Stats()
    for n, won in enumerate(results):
        game = finished(2, won, n % 3)
        kept = record(kept, f"m{n}", game, "medium", f"2025-05-{n + 1:02d}T08:30:00Z")
    points = chart(kept)
    assert len(points) == len(kept.recent) == RECENT
    assert [p.label for p in points] == [f"2025-05-{n + 1:02d}" for n in range(5, RECENT + 5)]
    assert [p.won for p in points] == results[5:]
    assert all(isinstance(p, ChartPoint) and (p.ours > p.theirs) == p.won for p in points)
    assert kept.tally("medium", 2).played == RECENT + 5  # the counts keep every match
    assert chart(Stats()) == []


def test_recorded_ids_are_bounded_the_latest_kept():
    kept, game = Stats(), finished(2, False)
    for n in range(IDS_KEPT + 10):
        kept = record(kept, f"id{n}", game, "easy", DAY)
    assert kept.recorded == tuple(f"id{n}" for n in range(10, IDS_KEPT + 10))
    assert record(kept, f"id{IDS_KEPT + 9}", game, "easy", DAY) is kept


@pytest.mark.parametrize(
    ("argument", "value", "reason"),
    [
        ("level", "expert", "unknown level 'expert'"),
        ("level", "Easy", "unknown level"),
        ("match_id", "", "not a match id: ''"),
        ("match_id", "x" * (ID_LIMIT + 1), "not a match id"),
        ("match_id", "a b", "not a match id"),
        ("when", "yesterday", "not an ISO 8601 date: 'yesterday'"),
        ("when", "2025-13-01", "not an ISO 8601 date"),
        ("when", "2025-02-30T10:00Z", "not an ISO 8601 date"),
        ("when", "2023-02-29", "not an ISO 8601 date"),
        ("when", "2025-00-10", "not an ISO 8601 date"),
        ("when", "2025-01-10T10", "not an ISO 8601 date"),
    ],
)
def test_record_refuses_a_bad_argument(argument, value, reason):
    arguments = {"match_id": "m", "level": "easy", "when": DAY, argument: value}
    with pytest.raises(ValueError, match=reason):
        record(Stats(), game=finished(2, True), **arguments)


@pytest.mark.parametrize(
    "when",
    ["2024-02-29", "2025-12-31T23:59Z", "2025-06-01T08:30:00.123Z", "2025-06-01T08:30+01:00"],
)
def test_dates_as_the_page_writes_them(when):
    kept = record(Stats(), "m", finished(2, True), "easy", when)
    assert kept.recent[0].when == kept.tally("easy", 2).best.when == when
    assert chart(kept)[0].label == when[:10]


def test_reset():
    kept = recorded(True, False)
    assert reset() == Stats()
    cleared = reset(kept)
    assert (cleared.tallies, cleared.recent, cleared.recorded) == ((), (), kept.recorded)
    again = record(cleared, "m0", finished(2, True), "easy", DAY)  # the match on the screen
    assert again is cleared


def test_statistics_are_immutable_values():
    kept = recorded(True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        kept.recent = ()
    assert hash(kept) == hash(from_json(to_json(kept)))


# --- kept text, files -----------------------------------------------------------------------


def test_kept_text_reads_back_equal():
    kept = recorded(True, False, True, players=4, level="medium")
    kept = record(kept, "other", finished(2, True), "hard", DAY)
    assert from_json(to_json(kept)) == kept
    assert from_json(to_json(Stats())) == Stats()
    assert load(to_json(kept)) == (kept, None)
    assert load(None) == (Stats(), None)


def test_export_import_round_trip():
    kept = recorded(False, True, True)
    text = export_text(kept)
    record_ = json.loads(text)
    assert record_["app"] == "chkobba-stats"
    assert record_["version"] == stats.FORMAT
    assert "\n  " in text  # pretty: a file a person may read
    assert import_text(text) == kept
    assert import_text(export_text(Stats())) == Stats()


def test_import_replaces_and_keeps_this_devices_ids():
    theirs, here = recorded(True, True), recorded(False)  # "m0" recorded here and there
    here = record(here, "local", finished(2, True, 3), "hard", DAY)
    merged = import_text(export_text(theirs), keep=here)
    assert merged.tallies == theirs.tallies and merged.recent == theirs.recent  # replaced
    assert merged.recorded == ("m0", "m1", "local")  # each once: nothing counted twice
    assert record(merged, "local", finished(2, True, 3), "hard", DAY) is merged
    assert import_text(export_text(theirs)) == theirs


def test_import_wants_an_exported_file():
    kept = recorded(True)
    with pytest.raises(StatsError, match='no "app": "chkobba-stats"'):
        import_text(to_json(kept))
    other = json.dumps({"app": "chess-stats", **json.loads(to_json(kept))})
    with pytest.raises(StatsError, match="'chess-stats', not of chkobba-stats"):
        import_text(other)
    with pytest.raises(StatsError, match="has no field 'app'"):
        from_json(export_text(kept))  # the kept text has no header


def good() -> dict:
    """A valid kept record, to spoil."""
    return json.loads(to_json(recorded(True, False, True)))


def spoiled(change) -> str:
    record_ = good()
    change(record_)
    return json.dumps(record_)


def put(path, value):
    """A change setting ``record[path...] = value``."""

    def change(record_):
        for key in path[:-1]:
            record_ = record_[key]
        record_[path[-1]] = value

    return change


def drop(path):
    def change(record_):
        for key in path[:-1]:
            record_ = record_[key]
        del record_[path[-1]]

    return change


BAD = {
    "empty": ("", "not JSON"),
    "not JSON": ("{'version': 1}", "not JSON"),
    "cut short": ('{"version": 1, "tallies": [', "not JSON"),
    "a list": ("[1, 2]", "not a JSON object"),
    "a number": ("1", "not a JSON object"),
    "no version": (spoiled(drop(["version"])), "no format version"),
    "version as text": (spoiled(put(["version"], "1")), "no format version .*'1'"),
    "version as bool": (spoiled(put(["version"], True)), "no format version"),
    "version 0": (spoiled(put(["version"], 0)), "unknown format version 0"),
    "newer version": (spoiled(put(["version"], 2)), "newer version of the game .*format 2"),
    "missing key": (spoiled(drop(["recent"])), "statistics: lacks recent"),
    "unknown key": (spoiled(put(["extra"], 1)), "has no field 'extra'"),
    "negative count": (spoiled(put(["tallies", 0, "played"], -1)), r"tallies\[0\].played.* -1"),
    "count as bool": (spoiled(put(["tallies", 0, "won"], True)), r"tallies\[0\].won.*True"),
    "count as float": (spoiled(put(["tallies", 0, "deals"], 12.0)), r"deals.*12\.0"),
    "count as text": (spoiled(put(["tallies", 0, "chkobbas"], "3")), r"chkobbas.*'3'"),
    "huge count": (
        spoiled(put(["tallies", 0, "points"], COUNT_LIMIT)),
        "points: should be a whole",
    ),
    "unknown level": (spoiled(put(["tallies", 0, "level"], "expert")), "level.*'expert'"),
    "3 players": (spoiled(put(["recent", 0, "players"], 3)), r"recent\[0\].players.*3"),
    "won twice": (spoiled(put(["tallies", 0, "won"], 99)), "won 99 of 3 matches"),
    "streak": (spoiled(put(["tallies", 0, "best_streak"], 3)), "a streak of"),
    "hayyas": (spoiled(put(["tallies", 0, "hayyas"], 10**6)), "7♦ taken"),
    "best of none": (spoiled(put(["tallies", 0, "best"], None)), "best match"),
    "best as list": (
        spoiled(put(["tallies", 0, "best"], [5])),
        r"best: should be an object, not \[5\]",
    ),
    "bad date": (spoiled(put(["recent", 1, "when"], "1st of May")), "should be an ISO 8601 date"),
    "won as 1": (
        spoiled(put(["recent", 0, "won"], 1)),
        r"recent\[0\].won: should be true or false",
    ),
    "won but behind": (spoiled(put(["recent", 0, "ours"], 0)), r"recent\[0\]: won 0 to"),
    "tallies a dict": (spoiled(put(["tallies"], {})), "tallies: should be a list, not {}"),
    "a tally twice": (
        spoiled(lambda r: r["tallies"].append(r["tallies"][0])),
        "easy with 2 players is given twice",
    ),
    "too many recent": (
        spoiled(lambda r: r.__setitem__("recent", r["recent"] * 10)),
        f"recent: 30 items \\(at most {RECENT}\\)",
    ),
    "more recent than played": (
        spoiled(lambda r: r["recent"].append(r["recent"][0])),
        "more matches than were played",
    ),
    "bad id": (spoiled(put(["recorded", 0], "a b")), r"recorded\[0\]: not a match id"),
    "id twice": (spoiled(put(["recorded", 1], "m0")), "a match id is given twice"),
    "repeated key": ('{"version": 1, "version": 1}', "'version' is given twice"),
    "too long": (" " * (LIMIT + 1), f"too long: more than {LIMIT} characters"),
    "nested too deeply": ("[" * 100 + "]" * 100, "nested too deeply"),
    "a huge number": ('{"version": 1' + "0" * 5000 + "}", "a number of 5001 digits"),
    "a huge count": (spoiled(put(["tallies", 0, "won"], 10**30)), "a number of 31 digits"),
    "best by 999": (spoiled(put(["tallies", 0, "best", "margin"], 999)), "won by 999 points"),
    "absurd counts": (
        spoiled(lambda r: r["tallies"][0].update(dict.fromkeys(stats._COUNTS, 10**15 - 1))),
        "999999999999999 matches",
    ),
    "points per deal": (
        spoiled(put(["tallies", 0, "points"], 333 * 10**12)),
        "333000000000000 points in",
    ),
    "chkobbas per deal": (spoiled(put(["tallies", 0, "chkobbas"], 10**6)), "chkobbas in"),
    "deals per match": (spoiled(put(["tallies", 0, "deals"], 10**6)), "deals in 3 matches"),
    "recent with no tally": (
        spoiled(put(["recent", 0, "level"], "hard")),
        r"recent\[0\]: more hard matches with 2 players than played",
    ),
    "recent by 999": (spoiled(put(["recent", 0, "ours"], 999)), r"recent\[0\]: no match ends 999"),
    "Arabic-Indic digits": (
        spoiled(put(["recent", 1, "when"], "\u0662\u0660\u0662\u0665-\u0660\u0663-\u0660\u0661")),
        "should be an ISO 8601 date",
    ),
    "mathematical digits": (
        spoiled(
            put(["tallies", 0, "best", "when"], "\U0001d7d0\U0001d7ce\U0001d7d0\U0001d7d3-03-01")
        ),
        "should be an ISO 8601 date",
    ),
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_text_is_refused_saying_why(name):
    text, reason = BAD[name]
    with pytest.raises(StatsError, match=reason) as refused:
        from_json(text)
    assert len(str(refused.value)) < 200  # a short part of the input at most
    exported = json.loads(text) if name in ("newer version", "negative count") else None
    if exported is not None:  # an exported file is checked the same
        with pytest.raises(StatsError, match=reason):
            import_text(json.dumps({"app": "chkobba-stats", **exported}))
    assert load(text) == (Stats(), str(refused.value))  # kept text: empty, and why


def test_a_newer_version_is_refused_and_marked_so():
    with pytest.raises(StatsError) as refused:
        from_json(BAD["newer version"][0])
    assert refused.value.newer
    with pytest.raises(StatsError) as refused:
        from_json(BAD["negative count"][0])
    assert not refused.value.newer


def test_a_message_quotes_little_of_the_input():
    long_level = "x" * 10_000
    with pytest.raises(StatsError) as refused:
        from_json(spoiled(put(["tallies", 0, "level"], long_level)))
    assert len(str(refused.value)) < 150
    assert "10000 characters" in str(refused.value)
    with pytest.raises(StatsError) as refused:
        import_text(json.dumps({"app": "y" * 5000, **good()}))
    assert len(str(refused.value)) < 150


def test_load_never_raises():
    for text in ["", "null", "\x00", "{" * 10_000, '"' * 100, "[]" * 40_000, "1e999999"]:
        kept, problem = load(text)
        assert kept == Stats() and problem


def test_the_largest_statistics_fit_the_limit():
    top, deals = stats.MATCHES_LIMIT - 1, (stats.MATCHES_LIMIT - 1) * stats.DEALS_PER_MATCH
    points, sweeps = deals * stats.DEAL_POINTS, deals * stats.SWEEPS_PER_DEAL
    when = "2025-12-31T23:59:59.123456789+14:00"
    tallies = tuple(
        Tally(
            level,
            players,
            top,
            top,
            top,
            top,
            points,
            deals,
            sweeps,
            deals,
            Best(stats.MARGIN_LIMIT, when),
        )
        for level in stats.LEVELS
        for players in stats.PLAYERS
    )
    recent = tuple(
        Match(when, "medium", 4, COUNT_LIMIT - 1, COUNT_LIMIT - 2, True) for _ in range(RECENT)
    )
    ids = tuple(f"{n:0{ID_LIMIT}d}" for n in range(IDS_KEPT))
    largest = Stats(tallies, recent, ids)
    assert len(to_json(largest)) < len(export_text(largest)) < LIMIT
    assert from_json(to_json(largest)) == largest
    assert import_text(export_text(largest)) == largest
    # and recording past the top keeps the counts readable
    more = record(largest, "one-more", finished(2, True), "hard", DAY)
    assert from_json(to_json(more)) == more
    assert more.tally("hard", 2).played == top
