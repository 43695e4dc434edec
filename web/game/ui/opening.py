"""The page's first state: what the address asks (a tutorial's position, a shared deal, a puzzle,
the daily deal, a friend's invitation), what is kept (the settings, the saved match, the
statistics; each that cannot be read set aside with its notice) and the match it opens on."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from chkobba import Game, Rules
from chkobba.daily import daily_game, daily_seed
from shared.i18n import pick

from .daily_deal import DailyDeal
from .friends import Friends
from .model import ALONE, Notice, NoticeKind, Params, ScreenPhase, State, Ui
from .phases import in_progress
from .puzzle import PuzzleScreen
from .stats import Stats
from .storage import KeptMatch, Storage


@dataclass(frozen=True)
class Opening:
    """The first state and what it says of the page: ``keeps_save``, the match is the player's
    own and kept (not a tutorial's position, a shared deal, a puzzle or a friend's match);
    ``daily``, the daily deal's day played (None for any other match); ``storage``, where the
    match is kept (the daily deal's apart); ``resumed``, a saved match goes on (else the new one
    is saved at once)."""

    state: State
    keeps_save: bool
    daily: datetime.date | None
    storage: Storage
    resumed: bool


def first_state(
    params: Params,
    storage: Storage,
    fresh_seed: Callable[[], int],
    languages: Sequence[str],
    join: str | None,
    webrtc: bool,
    features: tuple[PuzzleScreen, DailyDeal, Friends],
) -> Opening:
    """The page's first state, from the address (``params``; ``join``: a friend's invitation),
    the kept settings and match in ``storage``, and the browser's ``languages`` and WebRTC.
    ``fresh_seed``: a new match's seed when the address gives none."""
    puzzles, daily_deal, friends = features
    settings, kept = storage.read_settings()
    settings = replace(
        settings,
        level=params.level or settings.level,
        target=params.target or settings.target,
        lang=pick(params.lang, settings.lang or None, languages),
    )
    asked = params.players or settings.players  # a new match's players
    # A tutorial's board (?position=), a shared deal (?deal=) and a puzzle (?puzzle) leave the
    # player's saved match alone.
    puzzle = puzzles.opening(params)  # ?puzzle: no match of its own
    keeps_save = params.position is None and params.deal is None and join is None and puzzle is None
    # The daily deal (?daily): its day; its match is kept apart, under its own key.
    day = daily_deal.chosen(params) if keeps_save else None
    storage = daily_deal.kept_apart(storage, day)
    notices: list[Notice] = [kept] if kept else []
    saved: KeptMatch | None = None
    if keeps_save:
        saved, problem = storage.load()
        # What is kept and cannot be read is set aside, each with its notice.
        found = (problem, storage.check_days(), storage.check_frame())
        notices += [notice for notice in found if notice]
    if keeps_save or puzzle is not None:
        notices += puzzles.set_aside(storage)
    saved = daily_deal.still_on(saved, day)
    problems = params.errors + daily_deal.problems(params, day)
    if problems:
        notices.append(Notice(NoticeKind.ADDRESS, problems=problems))
    switch = None  # ?players= for another number than the saved match's: asked first
    if day is None and saved is not None and saved.game.rules.players != asked:
        if params.players and in_progress(saved.game):
            switch = params.players
        elif params.players:
            saved = None
    undos, replay, people, number = 0, None, ALONE, 1
    if params.deal is not None:
        game, seen, bot_seed = params.deal.start, 0, params.deal.start.seed
        replay, number = (0, len(params.deal.moves)), params.deal.deal
    elif params.position is not None:
        game, seen, bot_seed = params.position, 0, params.position.seed
    elif puzzle is not None:  # the table stays bare until the puzzle is made
        game, seen, bot_seed = Game.new(Rules(players=2), seed=0), 0, 0
    elif saved is not None:
        game, seen, bot_seed = saved.game, saved.seen_deals, saved.bot_seed
        undos, people = saved.undos, saved.seats
    elif day is not None:
        game, seen, bot_seed = daily_game(day), 0, daily_seed(day)
    else:
        settings = replace(settings, players=asked)
        bot_seed = params.seed if params.seed is not None else fresh_seed()
        rules = Rules(players=asked, target=settings.target)
        game, seen = Game.new(rules, seed=bot_seed), 0
    ui = Ui(seen_deals=seen, replay=replay, replay_deal=number, hidden=people.shared, webrtc=webrtc)
    ui, people = friends.opening(ui, people)
    ui = replace(daily_deal.opening(ui, day, storage), puzzle=puzzle)
    if switch is not None:
        ui = replace(ui, panel=ScreenPhase.CONFIRM, switch=switch)
    stats: Stats | None = None
    if keeps_save and day is None:  # the statistics: of the player's matches
        stats, problem = storage.load_stats()
        notices += [problem] if problem else []
    ui = replace(ui, notices=tuple(notices))
    state = State(game, ui, settings, bot_seed, undos, stats, people)
    return Opening(state, keeps_save, day, storage, resumed=saved is not None)
