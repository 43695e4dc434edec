"""The settings: the panel (language, level, players, target, pace, undo, sound, the look) and
the question before a match in progress is abandoned for a new one; their taps, each choice
kept at once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from html import escape
from typing import Any

from chkobba import TARGETS, Game
from chkobba.rules import LEVELS, PLAYERS
from shared.i18n import FALLBACK, LANGUAGES, Language, direction

from . import words
from .dialog import button, title
from .model import BACKS, FELTS, PACES, ScreenPhase, Settings, Ui
from .phases import in_progress
from .taps import AppForFeatures, Handler, Tap

ON_OFF = ("on", "off")


@dataclass(frozen=True)
class SettingsPanel:
    level: str
    target: int
    match_target: int
    lang: str
    players: int  # at the table now
    undo: bool  # the player may take back a play
    pace: str  # the computers' pace and the cards' travel
    sound: bool
    back: str
    felt: str
    stats: bool = False  # the statistics can be opened (the player's own matches)
    daily: bool = False  # the daily deal is played: no other match, level, target or undo
    guest: bool = False  # a friend's match: its rules and its next match are the host's
    puzzle: bool = False  # a puzzle is on the table (``puzzle``): no match, level or target


@dataclass(frozen=True)
class Confirm:
    title: str
    text: str


def settings_panel(
    game: Game, ui: Ui, settings: Settings, stats: bool, guest: bool
) -> SettingsPanel:
    """The settings as chosen, beside the match's own target and players (``stats``: the
    statistics can be opened; ``guest``: a friend's match, whose rules are the host's)."""
    lang = settings.lang or FALLBACK
    target, players = game.rules.target, game.rules.players
    return SettingsPanel(
        settings.level,
        settings.target,
        target,
        lang,
        players,
        settings.undo,
        settings.pace,
        settings.sound,
        settings.back,
        settings.felt,
        stats,
        bool(ui.daily),
        guest,
        ui.puzzle is not None,
    )


def confirm_panel(t: Language, ui: Ui) -> Confirm:
    """Whether to abandon the match in progress (for a match of ``ui.switch`` players)."""
    title = words.confirm_title(t, ui.switch) if ui.switch else t._(words.CONFIRM_TITLE)
    return Confirm(title, t._(words.CONFIRM_TEXT))


class SettingsScreen:
    """The settings' taps: each choice kept at once; a new match, asked first when one is in
    progress. The daily deal and a guest's page keep their match, its players and its rules."""

    def __init__(self, app: AppForFeatures) -> None:
        self.app = app

    def taps(self) -> dict[str, Tap]:
        here = (ScreenPhase.SETTINGS,)
        return {
            "settings": Tap(self.open),
            "lang": Tap(self.choice("lang", LANGUAGES.__contains__), here),
            "level": Tap(self.level, here, daily=False, guest=False),
            "target": Tap(self.choice("target", str.isdigit, int), here, daily=False, guest=False),
            "players": Tap(self.players, here, daily=False, guest=False),
            "undo-setting": Tap(self.choice("undo", ON_OFF.__contains__, on), here),
            "pace": Tap(self.choice("pace", PACES.__contains__), here),
            "sound": Tap(self.choice("sound", ON_OFF.__contains__, on), here),
            "back": Tap(self.choice("back", BACKS.__contains__), here),
            "felt": Tap(self.choice("felt", FELTS.__contains__), here),
            "new": Tap(self.new, (*here, ScreenPhase.OVER), daily=False, guest=False),
            "confirm-new": Tap(self.confirm_new, (ScreenPhase.CONFIRM,), daily=False, guest=False),
        }

    def change(self, **changes: Any) -> None:
        """The settings changed, kept at once (with the table a reload shows)."""
        self.app.state = replace(
            self.app.state, settings=replace(self.app.state.settings, **changes)
        )
        self.app.notify(self.app.storage.save_settings(self.app.state.settings))
        if self.app.keeps_save:
            self.app.keep_frame()

    def choice(
        self, name: str, known: Callable[[str], bool], read: Callable[[str], Any] = str
    ) -> Handler:
        """The tap that sets ``name`` to the value tapped (``read``), when ``known``."""

        async def run(value: str) -> bool:
            if known(value):
                self.change(**{name: read(value)})
            return True

        return run

    async def open(self, value: str) -> bool:
        self.app.set_ui(panel=ScreenPhase.SETTINGS)
        return True

    async def level(self, value: str) -> bool:
        if value in LEVELS:
            self.change(level=value)
            self.app.bot = None  # the next move is the new level's
        return True

    async def players(self, value: str) -> bool:
        """New matches' players; the match on is replaced at once when not begun, else asked."""
        app = self.app
        if value not in {str(p) for p in PLAYERS}:
            return True
        players = int(value)
        if players == app.game.rules.players:
            self.change(players=players)
        elif in_progress(app.game):
            app.set_ui(panel=ScreenPhase.CONFIRM, switch=players)
        else:
            self.change(players=players)
            app.new_game(app.fresh_seed())
        return True

    async def new(self, value: str) -> bool:
        app = self.app
        if app.phase() == ScreenPhase.SETTINGS and in_progress(app.game):
            app.set_ui(panel=ScreenPhase.CONFIRM)
        else:
            app.new_game(app.fresh_seed())
        return True

    async def confirm_new(self, value: str) -> bool:
        app = self.app
        if app.ui.switch is not None:
            self.change(players=app.ui.switch)
        app.new_game(app.fresh_seed())
        return True


def on(value: str) -> bool:
    return value == "on"


# --- drawn ---------------------------------------------------------------------------------------


def settings_html(t: Language, panel: SettingsPanel) -> str:
    def seg(action: str, heading: str, values: tuple[object, ...], current: object) -> str:
        buttons = []
        for v in values:
            extra = ""
            if action == "lang":  # each language's name in itself, read in that language
                name = words.LANGUAGE_NAMES[str(v)]
                extra = f' lang="{v}" dir="{direction(str(v))}"'
            elif action == "level":
                name = t._(words.LEVEL_NAMES[str(v)])
            elif action == "players":
                name = words.players_title(t, int(str(v)))
            elif action == "undo-setting":
                name = t._(words.SWITCH_NAMES[str(v)])
            elif action == "pace":
                name = t._(words.PACE_NAMES[str(v)])
            elif action == "sound":
                name = t._(words.SOUND_NAMES[str(v)])
            elif action in ("back", "felt"):
                name = t._(words.COLOUR_NAMES[str(v)])
            else:
                name = str(v)
            swatch = (
                f'<span class="swatch" data-{action}="{v}" aria-hidden="true"></span>'
                if action in ("back", "felt")
                else ""
            )
            buttons.append(
                f'<button type="button" data-action="{action}" data-value="{v}"{extra} '
                f'aria-pressed="{"true" if v == current else "false"}">{swatch}{escape(name)}'
                "</button>"
            )
        return (
            f'<h3 id="seg-{action}">{escape(heading)}</h3>'
            f'<div class="seg" role="group" aria-labelledby="seg-{action}">{"".join(buttons)}</div>'
        )

    undo = "on" if panel.undo else "off"
    match = (  # what the daily deal fixes (one deal, the hard computer, no undo) is not offered
        f"{seg('level', t._(words.LEVEL_TITLE), LEVELS, panel.level)}"
        f"{seg('players', t._(words.PLAYERS_TITLE), PLAYERS, panel.players)}"
        f"{seg('target', t._(words.TARGET_TITLE), TARGETS, panel.target)}"
    )
    note = escape(words.settings_note(t, panel.match_target))
    links = (
        f'<p class="sub"><a href="./index.html?daily">{escape(t._(words.DAILY_LINK))}</a></p>'
        f'<p class="sub"><a href="./index.html?puzzle">{escape(t._(words.PUZZLE_LINK))}</a></p>'
    )
    new = button("new", t._(words.NEW_GAME), "btn alt")
    if panel.daily or panel.guest or panel.puzzle:
        kept = words.GUEST_NOTE if panel.guest else words.DAILY_NOTE
        match, note = "", escape(t._(words.PUZZLE_NOTE if panel.puzzle else kept))
        links = f'<p class="sub"><a href="./index.html">{escape(t._(words.OWN_MATCH))}</a></p>'
        new = ""
    return (
        f"{title(t._(words.SETTINGS_TITLE))}"
        f"{seg('lang', t._(words.LANGUAGE_TITLE), LANGUAGES, panel.lang)}"
        f"{match}"
        f"{seg('pace', t._(words.PACE_TITLE), tuple(PACES), panel.pace)}"
        f"{'' if new == '' else seg('undo-setting', t._(words.UNDO_TITLE), ('on', 'off'), undo)}"
        f"{seg('sound', t._(words.SOUND_TITLE), ('on', 'off'), 'on' if panel.sound else 'off')}"
        f"{seg('back', t._(words.BACK_TITLE), BACKS, panel.back)}"
        f"{seg('felt', t._(words.FELT_TITLE), FELTS, panel.felt)}"
        f'<p class="sub">{note}</p>{links}'
        f'<p class="sub"><a href="./tutorial.html?lang={t.code}">'
        f"{escape(t._(words.TUTORIAL_LINK))}</a></p>"
        '<div class="actions">'
        f"{'' if new == '' else button('people', t._(words.PEOPLE_LINK), 'btn plain')}"
        f"{button('stats', t._(words.STATS), 'btn plain') if panel.stats else ''}"
        f"{new}"
        f"{button('close', t._(words.CLOSE), 'btn plain')}</div>"
    )


def confirm_html(t: Language, confirm: Confirm) -> str:
    return (
        f"{title(confirm.title)}<p>{escape(confirm.text)}</p>"
        '<div class="actions stacked">'
        f"{button('close', t._(words.KEEP_PLAYING), 'btn')}"
        f"{button('confirm-new', t._(words.ABANDON), 'btn alt')}</div>"
    )
