"""Nothing a browser keeps (the address, localStorage) can brick the start: every stored or
outside value the page reads is used as the page writes it, or set aside with a notice."""

import json
import math

import pytest
from board import glue
from chkobba import Game, ParseError, Rules
from engine_support import played_out
from fakes import Store
from hypothesis import given, settings
from hypothesis import strategies as st
from shared import i18n
from shared.i18n import LANGUAGES
from ui import storage, words
from ui.model import LEVELS, PLAYERS, Notice, NoticeKind, Params, Settings, parse_params
from ui.storage import KeptMatch, Storage, write_kept_match

EN = i18n.language("en")
DEEP = "[" * 20_000 + "]" * 20_000  # 40 KB


@pytest.fixture
def wasm_json(monkeypatch):
    """json.loads as in Pyodide, where text nested deeply enough for a RecursionError here
    exhausts the C stack first: a fatal error, nothing to catch. Deep text must never reach it."""
    loads = json.loads

    def fatal(text, *args, **kwargs):
        try:
            return loads(text, *args, **kwargs)
        except RecursionError:
            pytest.fail("json.loads was given text nested too deeply (fatal in Pyodide)")

    monkeypatch.setattr(json, "loads", fatal)


# --- the address ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw", ["²", "¹²³", "\u0663", "\uff11", "1²", " 3", "3 ", "+3", "-0", "3.0", ""]
)
def test_only_ascii_digits_are_a_seed(raw):
    params = parse_params([("seed", raw)])
    assert params.seed is None and [p.kind for p in params.errors] == ["seed"]
    assert words.notice(EN, Notice("address", problems=params.errors))
    assert parse_params("?seed=%C2%B2&pace=0").errors[0].kind == "seed"  # ?seed=²


@pytest.mark.parametrize(
    "raw",
    ["1e400", "nan", "NaN", "inf", "infinity", "-inf", "\uff11", "  3 ", "1_0", "+1", "1e0", "-0"],
)
def test_a_pace_is_a_plain_decimal_or_ignored_and_explained(raw):
    params = parse_params([("pace", raw)])
    assert params.pace == 1.0 and [p.kind for p in params.errors] == ["pace"]


@pytest.mark.parametrize(("raw", "pace"), [("0", 0.0), ("0.5", 0.5), (".5", 0.5), ("1.", 1.0)])
def test_plain_paces_are_read(raw, pace):
    assert parse_params([("pace", raw)]) == Params(pace=pace)


NAMES = st.sampled_from(["seed", "pace", "level", "target", "lang", "players", "x"])
DIGITISH = st.text(st.sampled_from("0123456789²¹\u0661\uff11"), min_size=1, max_size=4)
NUMBERISH = DIGITISH | st.text(st.sampled_from("0123456789.+-_ eEnaifty²\u0661\uff11"), max_size=12)


@settings(deadline=None)
@given(st.lists(st.tuples(NAMES, NUMBERISH | st.text(max_size=30))))
def test_no_address_raises_or_yields_a_value_out_of_range(pairs):
    params = parse_params(pairs)
    assert params.seed is None or 0 <= params.seed < 10**18
    assert math.isfinite(params.pace) and 0 <= params.pace <= 10
    assert params.target in (None, 11, 21, 31) and params.players in (None, 2, 4)
    assert len(params.errors) <= len(pairs)


# --- the settings --------------------------------------------------------------------------------


def settings_from(text):
    return Storage(Store({storage.SETTINGS_KEY: text})).load_settings()


@pytest.mark.parametrize(
    "text",
    [
        '{"target": Infinity}',
        '{"target": 1e400}',
        '{"target": -Infinity, "players": NaN}',
        '{"target": NaN}',
        '{"target": true, "players": true}',
        '{"target": 21.0, "players": 4.0}',
        '{"target": "31", "players": "4", "level": 1, "lang": ["fr"]}',
        '{"level": {"x": 1}, "lang": {}}',
        "[21]",
        '"x"',
        "null",
        "[" * 400 + "]" * 400,  # within SETTINGS_LIMIT
        "{oops",
        "\ud800",
    ],
)
def test_kept_settings_unlike_the_pages_are_the_defaults(text):
    assert settings_from(text) == Settings()


def test_kept_settings_fall_back_field_by_field():
    text = json.dumps({"target": 31, "level": "hard", "lang": ["fr"], "players": True})
    assert settings_from(text) == Settings(31, "hard", "", 2)
    text = json.dumps({"target": 1e400, "level": "easy", "lang": "ar", "players": 4})
    assert settings_from(text) == Settings(21, "easy", "ar", 4)


KNOWN = st.sampled_from([*LEVELS, *LANGUAGES, *PLAYERS, 11, 21, 31])
ODD = st.sampled_from([math.inf, -math.inf, math.nan, 1e300, True, 21.0, 4.0, "21", "4"])
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8) | KNOWN,
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)  # floats with inf and nan: json.dumps writes them as Infinity and NaN
FIELDS = ["target", "level", "lang", "players"]
KEPT = st.fixed_dictionaries({}, optional=dict.fromkeys(FIELDS, ODD | KNOWN | JSON))


@settings(max_examples=300, deadline=None)
@given(JSON | KEPT)
def test_any_kept_json_gives_settings_the_page_could_have_written(value):
    kept = settings_from(json.dumps(value))
    assert kept.target in (11, 21, 31) and type(kept.target) is int
    assert kept.level in LEVELS and kept.lang in ("", *LANGUAGES)
    assert kept.players in PLAYERS and type(kept.players) is int


@settings(deadline=None)
@given(
    st.builds(
        Settings,
        st.sampled_from([11, 21, 31]),
        st.sampled_from(LEVELS),
        st.sampled_from(["", *LANGUAGES]),
        st.sampled_from(PLAYERS),
    )
)
def test_settings_the_page_writes_read_back_the_same(chosen):
    kept = Storage(Store())
    kept.save_settings(chosen)
    assert Storage(kept.store).load_settings() == chosen


# --- saves nested too deeply to read ------------------------------------------------------------


def record(game_text):
    return json.dumps({"format": 1, "game": game_text, "seen_deals": 0, "bot_seed": 4})


@pytest.mark.parametrize(
    "text",
    [DEEP, "{" + '"a":{' * 20_000 + "}" * 20_001, record(DEEP)],
    ids=["lists", "objects", "game"],
)
def test_a_save_nested_too_deeply_is_set_aside_unread(wasm_json, text):
    store = Store({storage.SAVE_KEY: text})
    assert Storage(store).load() == (None, storage.UNREADABLE)
    assert store[storage.ASIDE_KEYS[0]] == text[: storage.ASIDE_LIMIT]
    assert storage.SAVE_KEY not in store


def test_a_game_nested_too_deeply_inside_a_well_formed_save_is_unreadable(wasm_json):
    head = '{"format":"chkobba-game","version":1,"position":"- -/- 0 -/- - 0-0/21 0 -",'
    game = head + '"deal_results":' + DEEP + ',"history":[]}'
    assert Storage(Store({storage.SAVE_KEY: record(game)})).load() == (None, storage.UNREADABLE)


@pytest.mark.parametrize(
    "text",
    [DEEP, DEEP.encode(), DEEP.encode("utf-16"), '["\\"",' + DEEP + "]"],
    ids=["text", "utf-8", "utf-16", "after-a-quote"],
)
def test_the_engine_refuses_text_nested_too_deeply_with_a_short_message(wasm_json, text):
    with pytest.raises(ParseError) as caught:
        Game.from_json(text)
    assert len(str(caught.value)) < 120


def test_brackets_in_strings_are_not_nesting(wasm_json):
    """A save is one JSON string inside the page's record: its brackets are text there."""
    game = played_out(Game.new(Rules(target=11), seed=4))
    assert (
        Storage(Store({storage.SAVE_KEY: write_kept_match(KeptMatch(game, 0, 4))})).load()[1]
        is None
    )
    assert Game.from_json(game.to_json()) == game
    quoted = json.dumps({"format": 1, "game": "[" * 1000, "seen_deals": 0, "bot_seed": 4})
    assert Storage(Store({storage.SAVE_KEY: quoted})).load() == (None, storage.UNREADABLE)


def test_a_board_from_text_nested_too_deeply_says_so(wasm_json):
    try:
        made = json.loads(glue.create("deep", DEEP))
        assert made["state"] == "error" and "internal error" not in made["html"]
        problem, values = glue.read_command("[" * 5000 + "]" * 5000)
        assert problem and values == {}
    finally:
        glue.forget("deep")


# --- saves the page never writes -----------------------------------------------------------------


def played(game, moves):
    for _ in range(moves):
        game = game.play(game.legal_moves()[-1])
    return game


def page_save(game, seen=0):
    return write_kept_match(KeptMatch(game, seen, 4))


def test_a_save_edited_to_no_history_is_set_aside_as_edited():
    game = played(Game.new(Rules(target=21), seed=4), 6)
    inner = json.loads(game.to_json())
    edited = dict(inner, history=[], position=inner["position"].replace(" 0-0/21 ", " 20-0/21 "))
    text = record(json.dumps(edited))
    assert Game.from_json(json.dumps(edited)).scores == (20, 0)  # the engine allows it
    store = Store({storage.SAVE_KEY: text})
    assert Storage(store).load() == (None, storage.EDITED)
    assert "changed outside the game" in words.notice(EN, storage.EDITED)
    assert store[storage.ASIDE_KEYS[0]] == text and storage.SAVE_KEY not in store


def test_a_set_up_match_is_not_a_page_save():
    """A history from a set-up position (a tutorial's ``start``) replays, but not from a seed."""
    game = Game.from_notation("2D6S QH/KC 0 -/- - 0-0/21 1 - s4.0").play("QHx2D+6S")
    assert "start" in json.loads(game.to_json())
    store = Store({storage.SAVE_KEY: page_save(game)})
    assert Storage(store).load() == (None, storage.EDITED)


@pytest.mark.parametrize("players", [2, 4])
def test_a_match_not_yet_begun_and_its_continuation_load(players):
    fresh = Game.new(Rules(players=players), seed=9)
    assert Storage(Store({storage.SAVE_KEY: page_save(fresh)})).load() == (
        KeptMatch(fresh, 0, 4),
        None,
    )
    # reloaded before its first move, the match's history then starts at the seed's first
    # position, written out as its "start": still a match the page began
    reloaded = Storage(Store({storage.SAVE_KEY: page_save(fresh)})).load()[0].game
    later = played(reloaded, 5)
    assert json.loads(later.to_json())["start"] == fresh.notation()
    assert Storage(Store({storage.SAVE_KEY: page_save(later)})).load() == (
        KeptMatch(later, 0, 4),
        None,
    )


# --- the settings, the days played and the kept table: set aside with a notice ------------------


@pytest.mark.parametrize(
    ("key", "text", "name"),
    [
        (storage.SETTINGS_KEY, "{oops", "settings"),
        (storage.SETTINGS_KEY, '{"target": 21.0, "level": "hard"}', "settings"),
        (storage.SETTINGS_KEY, "[21]", "settings"),
        (storage.DAYS_KEY, "not a list", "days"),
        (storage.DAYS_KEY, '["2026-12-01", "yesterday"]', "days"),
        (storage.FRAME_KEY, "<table>", "frame"),
        (storage.FRAME_KEY, '{"format": 1, "html": 5}', "frame"),
    ],
)
def test_kept_values_that_cannot_be_read_are_set_aside_with_a_notice(key, text, name):
    from app_support import make_app

    store = Store({key: text})
    app = make_app(store, "?pace=0")
    notice = Notice(NoticeKind.KEPT, (name,))
    assert notice in app.ui.notices and words.notice(EN, notice)
    assert store[storage.UNREADABLE_KEYS[key][0]] == text  # a copy kept aside
    again = make_app(store, "?pace=0")  # said once: what is kept now reads
    assert not [n for n in again.ui.notices if n.kind == NoticeKind.KEPT]


def test_what_is_read_of_settings_and_days_stays():
    store = Store({storage.SETTINGS_KEY: '{"target": 21.0, "level": "hard"}'})
    store[storage.DAYS_KEY] = '["2026-12-01", 7]'
    kept = Storage(store)
    settings_, notice = kept.read_settings()
    assert settings_.level == "hard" and notice == Notice(NoticeKind.KEPT, ("settings",))
    assert Storage(store).read_settings() == (settings_, None)
    assert kept.check_days() == Notice(NoticeKind.KEPT, ("days",))
    assert json.loads(store[storage.DAYS_KEY]) == ["2026-12-01"]


def test_kept_values_the_page_wrote_give_no_notice():
    from app_support import make_app

    store = Store()
    first = make_app(store, "?pace=0")
    first.start()
    first.storage.save_settings(Settings(level="hard", lang="fr"))
    first.storage.played_day(first.daily_deal.today)
    again = make_app(store, "?pace=0")
    assert not again.ui.notices
