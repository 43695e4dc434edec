"""People at the table: the form that seats them (people on this device, friends far away,
the computer; each person's name), and the phone passed from one person to the next, every
hand hidden until they say they hold it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from chkobba import Game
from chkobba.rules import PLAYERS
from shared.i18n import FALLBACK, Language, language
from shared.viewpoint import HUMAN

from . import words
from .dialog import button, title
from .friends import Friends
from .model import ALONE, NAME_LIMIT, Link, Roster, ScreenPhase, clean_name
from .phases import in_progress
from .settings import SettingsScreen
from .taps import AppForFeatures, Tap
from .words import player_label


@dataclass(frozen=True)
class PassPanel:
    """The phone goes to the next person: every hand is hidden behind it."""

    title: str
    text: str


@dataclass(frozen=True)
class PeoplePanel:
    """The form that sets up a match of people on this device: the number of players, who
    plays each seat (seat 0: a person) and each person's name, as now."""

    players: int
    people: tuple[int, ...]
    remote: tuple[int, ...]  # the friends far away
    names: tuple[str, ...]  # by seat, for all four seats ("" : not named yet)
    in_progress: bool  # a match in progress would be lost
    online: bool = True  # this browser can play with friends far away (WebRTC)


def people_panel(game: Game, people: Roster, online: bool = True) -> PeoplePanel:
    names = tuple(people.name(seat) for seat in range(4))
    begun = in_progress(game)
    return PeoplePanel(game.rules.players, people.people, people.remote, names, begun, online)


def pass_panel(t: Language, game: Game, people: Roster) -> PassPanel:
    """The phone goes to the person whose turn it is."""
    name = people.name(game.current) or words.player_label(t, game.current)
    return PassPanel(words.pass_title(t, name), words.pass_text(t, name))


class PeopleForm:
    """The people form's taps and what it sends; the phone passed on ("ready")."""

    def __init__(self, app: AppForFeatures, friends: Friends, settings: SettingsScreen) -> None:
        """``friends``: they are invited from the form; ``settings``: it sets the players."""
        self.app, self.friends, self.settings = app, friends, settings

    def taps(self) -> dict[str, Tap]:
        return {
            "people": Tap(self.open, (ScreenPhase.SETTINGS,), daily=False, guest=False),
            "ready": Tap(self.ready, (ScreenPhase.PASS,)),
        }

    async def open(self, value: str) -> bool:
        self.app.set_ui(panel=ScreenPhase.PEOPLE)
        return True

    async def ready(self, value: str) -> bool:
        """The person whose turn it is holds the phone: their hand shows."""
        self.app.set_ui(viewer=self.app.game.current, hidden=False)
        return True

    def set_people(self, fields: Sequence[tuple[str, str]]) -> None:
        """The people form sent: a new match for its number of players, the seats it gives to
        people (seat 0 always) by their names (typed, cleaned; none typed: "Player N")."""
        if self.app.phase() != ScreenPhase.PEOPLE:
            return
        form: dict[str, str] = {}
        for name, value in fields[:16]:
            form.setdefault(str(name)[:16], str(value)[:200])
        players = PLAYERS[-1] if form.get("players") == str(PLAYERS[-1]) else PLAYERS[0]
        kinds = {s: form.get(f"kind-{s}") for s in range(1, players)}
        people = (HUMAN, *(s for s, kind in kinds.items() if kind == "person"))
        remote = tuple(s for s, kind in kinds.items() if kind == "friend" and self.app.ui.webrtc)
        self.friends.stun = form.get("stun") == "on"
        seats = ALONE
        if len(people) > 1 or remote:
            t = language(self.app.state.settings.lang or FALLBACK)
            names = tuple(
                (clean_name(form.get(f"name-{s}", "")) or player_label(t, s))
                if s in people or s in remote
                else ""
                for s in range(players)
            )
            seats = Roster(people, names, remote)
        self.settings.change(players=players)
        self.app.new_game(self.app.fresh_seed(), seats)
        if remote:
            self.app.set_ui(panel=ScreenPhase.FRIENDS, links=tuple(Link(s) for s in remote))
            for seat in remote:
                self.friends.invite(seat)
        self.app.paint()
        self.app.computer_may_play()


# --- drawn ---------------------------------------------------------------------------------------


def pass_html(t: Language, panel: PassPanel) -> str:
    return (
        f'{title(panel.title)}<p class="sub">{escape(panel.text)}</p>'
        f'<div class="actions">{button("ready", t._(words.PASS_READY), "btn")}</div>'
    )


def people_html(t: Language, panel: PeoplePanel) -> str:
    """A form (sent whole when submitted: host.js): the number of players, then for each seat
    who plays it and the person's name. Which rows show follows the form's own choices (CSS),
    so typing is never interrupted by a redraw."""

    def checked(on: bool) -> str:
        return " checked" if on else ""

    def selected(on: bool) -> str:
        return " selected" if on else ""

    counts = "".join(
        f'<label class="pick"><input type="radio" name="players" value="{p}"'
        f"{checked(p == panel.players)}> {escape(words.players_title(t, p))}</label>"
        for p in PLAYERS
    )
    rows = []
    for seat, name in enumerate(panel.names):
        label = escape(words.player_label(t, seat))
        now = "person" if seat in panel.people else "friend" if seat in panel.remote else ""
        kind = ""
        if seat:
            options = "".join(
                f'<option value="{k}"{selected(k == (now or "computer"))}>'
                f"{escape(t._(text))}</option>"
                for k, text in words.PEOPLE_KINDS.items()
                if k != "friend" or panel.online  # (no WebRTC here: no friend online)
            )
            kind = f'<select name="kind-{seat}" aria-label="{label}">{options}</select>'
        rows.append(
            f'<div class="person" data-seat="{seat}"><label for="name-{seat}">{label}</label>'
            f'{kind}<input id="name-{seat}" name="name-{seat}" maxlength="{NAME_LIMIT}" '
            f'value="{escape(name)}" placeholder="{label}" autocomplete="off" dir="auto"></div>'
        )
    lost = f'<p class="sub">{escape(t._(words.CONFIRM_TEXT))}</p>' if panel.in_progress else ""
    stun = (  # friends far away: links ask a public STUN server for each address, unless unticked
        f'<label class="pick stun"><input type="checkbox" name="stun" checked> '
        f"{escape(t._(words.STUN_CHOICE))}</label>"
        if panel.online
        else f'<p class="sub" data-no-webrtc>{escape(t._(words.NO_WEBRTC))}</p>'
    )
    return (
        f'{title(t._(words.PEOPLE_TITLE))}<p class="sub">{escape(t._(words.PEOPLE_SUB))}</p>'
        f'<p class="sub">{escape(t._(words.PEOPLE_FRIENDS))}</p>'
        '<form class="people" data-form="people">'
        f'<fieldset class="count"><legend>{escape(t._(words.PLAYERS_TITLE))}</legend>'
        f"{counts}</fieldset>"
        f'<p class="sub team">{escape(t._(words.TEAM_NOTE))}</p>'
        f"{''.join(rows)}{stun}{lost}"
        '<div class="actions">'
        f'<button type="submit" class="btn">{escape(t._(words.PEOPLE_START))}</button>'
        f"{button('close', t._(words.CLOSE), 'btn plain')}</div></form>"
    )
