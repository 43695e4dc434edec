"""Friends far away: the links of a host's page to its guests and of a guest's page to its
host (invitations, answers, where each link is), what goes on them (the position to each
guest, once each change; a guest's move to the host), what is refused or dropped, and the
friends' panel and button. The link layer itself is the page's (web/game/peer.js)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from html import escape
from typing import Any

from chkobba import (
    EntryKind,
    Game,
    Move,
    ParseError,
    PeerRefusal,
    SeatUpdate,
    __version__,
    goodbye_message,
    hello_message,
    move_message,
    read_goodbye,
    read_hello,
    read_move,
    read_seat_update,
    seat_update,
)
from shared.i18n import FALLBACK, Language, language
from shared.refusals import refused

from . import words
from .dialog import button, close_button, copy_button, title
from .guard import ANSWER_S, coalesced
from .model import (
    GUEST_LINK,
    Link,
    LinkState,
    MoveMade,
    Notice,
    NoticeKind,
    Roster,
    ScreenPhase,
    Ui,
    clean_name,
)
from .taps import AppForFeatures, Tap
from .words import clip, code_refused, player_label

PEOPLE_ICON = (
    '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M8 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7'
    "zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8 13c-3.3 0-6 1.7-6 4v2h12v-2c0-2.3-2.7-4-6-4zm8 0c-.6 0"
    '-1.2.1-1.7.2 1.1.9 1.7 2.1 1.7 3.8v2h6v-2c0-2.3-2.7-4-6-4z"/></svg>'
)


@dataclass(frozen=True)
class LinkRow:
    """One link in the friends panel: whose seat, where it is, what to pass on."""

    seat: int
    name: str
    state: LinkState
    said: str  # where it is, in words
    code: str  # the invitation or answer to pass on ("" : none to show now)
    link: str  # the same as a link (the host's invitation)
    error: str


@dataclass(frozen=True)
class FriendsPanel:
    """The links to friends far away: on the host's page, an invitation per guest seat and a
    field for each answer; on a guest's page, its answer to send back. What each can trust."""

    host: bool
    rows: tuple[LinkRow, ...]
    trust: str


def friends_panel(t: Language, ui: Ui, people: Roster) -> FriendsPanel:
    host = all(link.seat != GUEST_LINK for link in ui.links)
    rows = []
    for link in ui.links:
        name = people.name(link.seat) if link.seat != GUEST_LINK else ""
        shown = link.state == LinkState.WAITING
        said = words.link_state(t, link.state, host)
        rows.append(
            LinkRow(
                link.seat,
                name,
                link.state,
                said,
                link.code if shown else "",
                link.link if shown else "",
                link.error,
            )
        )
    trust = t._(words.TRUST_HOST if host else words.TRUST_GUEST)
    if all(link.state == LinkState.UNSUPPORTED for link in ui.links):
        trust = ""  # (no link can be made here: nothing to trust)
    return FriendsPanel(host, tuple(rows), trust)


def connected(ui: Ui, seat: int) -> bool:
    """Whether the friend at ``seat`` (on a guest's page: the host, whatever the seat) is
    connected now."""
    return any(
        link.state == LinkState.OPEN and link.seat in (seat, GUEST_LINK) for link in ui.links
    )


class Friends:
    """A page's links to friends far away, and their taps. ``peer``: sends the page's link
    layer a message (make an invitation, read an answer, send a text to a friend far away).
    ``join``: this page is a guest's, invited by a host whose invitation this is (the match is
    the host's: nothing of it is kept here). ``stun``: links ask a public STUN server for this
    device's address (friends on other networks); the host's form chooses, and its invitations
    say so to its guests."""

    def __init__(
        self,
        app: AppForFeatures,
        peer: Callable[[dict[str, Any]], None] | None = None,
        join: str | None = None,
        stun: bool = True,
    ) -> None:
        self.app = app
        self.peer = peer or (lambda message: None)
        self.join, self.stun = join, stun
        self.seqs: dict[int, int] = {}  # the host's: the updates sent to each guest seat
        self.synced: dict[int, Game] = {}  # the host's: the position each guest was last sent
        self.updates: list[SeatUpdate] = []  # a guest's: the host's words not yet shown
        self.heard_last: SeatUpdate | None = None  # a guest's: the last read on this link
        self.answering: set[int] = set()  # the host's: guests refused, answered soon

    @property
    def guest(self) -> bool:
        """This page is a guest's: the match on it is the host's."""
        return self.join is not None

    def taps(self) -> dict[str, Tap]:
        return {
            "friends": Tap(self.toggle),
            "reinvite": Tap(self.reinvite, (ScreenPhase.FRIENDS,)),
        }

    async def toggle(self, value: str) -> bool:
        panel = self.app.ui.panel
        self.app.set_ui(panel=None if panel == ScreenPhase.FRIENDS else ScreenPhase.FRIENDS)
        return True

    async def reinvite(self, value: str) -> bool:
        if value.isdigit() and int(value) in self.app.people.remote:
            self.invite(int(value))
        return True

    def opening(self, ui: Ui, people: Roster) -> tuple[Ui, Roster]:
        """The page's first state's links: a guest's, to its host, with nothing to play until
        the host's first word; a host's page reloaded, its links lost with it."""
        if self.guest:
            state = LinkState.MAKING if ui.webrtc else LinkState.UNSUPPORTED
            ui = replace(ui, links=(Link(GUEST_LINK, state),), panel=ScreenPhase.FRIENDS)
            return ui, Roster(people=())
        if people.remote:
            ui = replace(ui, links=tuple(Link(s, LinkState.LOST) for s in people.remote))
        return ui, people

    def join_host(self) -> None:
        """A guest's page: the host's invitation goes to the link layer, which answers it."""
        if self.app.ui.webrtc:
            self.peer(
                {"type": "peer-join", "seat": GUEST_LINK, "code": self.join, "stun": self.stun}
            )

    def link(self, seat: int) -> Link | None:
        return next((link for link in self.app.ui.links if link.seat == seat), None)

    def set_link(self, seat: int, **changes: Any) -> None:
        links = tuple(replace(k, **changes) if k.seat == seat else k for k in self.app.ui.links)
        self.app.set_ui(links=links)

    def invite(self, seat: int) -> None:
        """A fresh invitation for the friend at ``seat`` (the page's link layer makes it)."""
        self.set_link(seat, state=LinkState.MAKING, code="", link="", error="")
        self.synced.pop(seat, None)
        self.peer({"type": "peer-invite", "seat": seat, "stun": self.stun})

    def answered(self, fields: Sequence[tuple[str, str]]) -> None:
        """The host entered a friend's answer: the link layer reads it and connects."""
        form = dict(fields[:4])
        seat = int(form["seat"]) if form.get("seat", "").isdigit() else -1
        link = self.link(seat)
        if link is None or seat == GUEST_LINK or link.state != LinkState.WAITING:
            return
        self.set_link(seat, state=LinkState.CONNECTING, error="")
        self.peer({"type": "peer-accept", "seat": seat, "code": form.get("code", "")[:4000]})
        self.app.paint()

    def linked(self, message: dict[str, Any]) -> None:
        """A word of the page's link layer about the link to ``seat``: its code made
        (``peer-code``), a code it could not use (``peer-error``), where the link is
        (``peer-state``), a text from the friend (``peer-message``) or one it dropped
        (``peer-refused``)."""
        kind, seat = str(message.get("type")), message.get("seat")
        link = self.link(seat) if isinstance(seat, int) else None
        if link is None:
            return
        if kind == "peer-code":
            code, address = str(message.get("code", "")), str(message.get("link", ""))
            self.set_link(link.seat, state=LinkState.WAITING, code=code, link=address)
        elif kind == "peer-error":
            self.code_error(link, message)
        elif kind == "peer-state":
            self.link_state(link, str(message.get("state")))
        elif kind == "peer-message":
            self.heard(link, str(message.get("text", "")))
            return
        elif kind == "peer-refused":
            self.refuse(link, clip(str(message.get("reason"))))
        elif kind == "peer-flood":
            self.drop(link)
        self.app.paint()

    def code_error(self, link: Link, message: dict[str, Any]) -> None:
        """The link layer could not do what it was asked (``step``): an answer refused leaves
        its field for the next try; an invitation that cannot be read, or no WebRTC here, ends
        the link. The reason is said in the player's words, quoting at most a short part."""
        step, reason = str(message.get("step")), str(message.get("reason"))
        quote, detail = str(message.get("quote", ""))[:24], str(message.get("detail", ""))[:8]
        t = language(self.app.state.settings.lang or FALLBACK)
        why = code_refused(t, reason, quote, detail)
        if step == "peer-send":
            return  # (a link no longer open: its state says so)
        if reason == "no-webrtc":
            self.set_link(link.seat, state=LinkState.UNSUPPORTED, error="")
        elif step == "peer-accept" and link.state == LinkState.CONNECTING:
            self.set_link(link.seat, state=LinkState.WAITING, error=why)
        else:
            self.set_link(link.seat, state=LinkState.FAILED, error=why)

    def link_state(self, link: Link, state: str) -> None:
        if state == "connecting":
            self.set_link(link.seat, state=LinkState.CONNECTING)
        elif state == "open":
            self.set_link(link.seat, state=LinkState.OPEN, error="")
            if link.seat == GUEST_LINK:
                self.heard_last = None  # a new link: its first update may take any number
                self.send(
                    GUEST_LINK, hello_message("guest", self.app.state.settings.lang, __version__)
                )
            elif self.app.ui.panel == ScreenPhase.FRIENDS and all(
                k.state == LinkState.OPEN for k in self.app.ui.links
            ):
                self.app.set_ui(panel=None)  # every friend is here: to the table
            self.synced.pop(link.seat, None)
            self.app.computer_may_play()
        elif state == "lost" and link.state == LinkState.OPEN:
            self.set_link(link.seat, state=LinkState.LOST)
            self.app.notify(Notice(NoticeKind.PEER, ("lost", self.name_of(link.seat))))
        elif state in ("lost", "failed") and link.state == LinkState.CONNECTING:
            self.set_link(link.seat, state=LinkState.FAILED)  # never connected: not "lost"

    def forwarded(self, taken: bool) -> None:
        """This tab was opened by an answer link: the tab that made its invitation took it, or
        no tab here did (the player is told where it goes)."""
        self.app.notify(Notice(NoticeKind.PEER, ("took" if taken else "untaken", "")))
        self.app.paint()

    def name_of(self, seat: int) -> str:
        return self.app.people.name(seat) if seat != GUEST_LINK else ""

    def refuse(self, link: Link, why: str) -> None:
        """A message from the friend of ``link`` is refused: a notice says so (one for a
        burst, ``coalesced``), nothing else changes (the friend is sent the position again once
        the burst is over)."""
        self.app.set_ui(notices=coalesced(self.app.ui.notices, self.name_of(link.seat), why))
        if link.seat == GUEST_LINK or link.seat in self.answering:
            return  # (drawn at the burst's end)
        self.answering.add(link.seat)
        self.app.spawn(self.answer(link.seat))
        self.app.paint()

    async def answer(self, seat: int) -> None:
        """The position sent again to a refused guest, once its burst is over (and the
        burst's notice drawn)."""
        await self.app.sleep(ANSWER_S)
        self.answering.discard(seat)
        self.synced.pop(seat, None)
        self.app.paint()

    def drop(self, link: Link) -> None:
        """The page's link layer found the friend of ``link`` sending far more than anyone
        plays: the friend is told, the link closed, the host's player told."""
        if link.state != LinkState.OPEN:
            return
        self.send(link.seat, goodbye_message("flood"))
        self.set_link(link.seat, state=LinkState.LOST)
        self.app.notify(Notice(NoticeKind.PEER, ("flooded", self.name_of(link.seat))))
        self.peer({"type": "peer-close", "seat": link.seat})

    def broken(self, detail: tuple[str, ...]) -> None:
        """A guest's page: the host sent what no play leads to (``("broken", "", why)``), or
        dropped this page (``("dropped", "")``): the link is closed, the player told."""
        self.set_link(GUEST_LINK, state=LinkState.LOST)
        self.app.notify(Notice(NoticeKind.PEER, detail))
        self.peer({"type": "peer-close", "seat": GUEST_LINK})
        self.app.paint()

    def send(self, seat: int, text: str) -> None:
        self.peer({"type": "peer-send", "seat": seat, "text": text})

    def heard(self, link: Link, text: str) -> None:
        """A text from a friend: on the host's page a guest's hello or move, on a guest's page
        the host's word."""
        if link.state != LinkState.OPEN:
            return
        if link.seat == GUEST_LINK:
            self.from_host(text)
            return
        t = language(self.app.state.settings.lang or FALLBACK)
        try:
            if "chkobba-hello" in text[:80]:
                hello = read_hello(text)
                if hello.version != __version__:
                    self.refuse(link, f"version {hello.version[:20]}, not {__version__}")
                return
            move = read_move(text, self.app.game, link.seat, self.seqs.get(link.seat, 0))
        except PeerRefusal as error:
            who = self.name_of(link.seat)  # (the friend's mistake, said from their side)
            why = refused(t, error.refusal, who) if error.refusal is not None else str(error)
            self.refuse(link, clip(why))
            return
        except ParseError as error:
            self.refuse(link, clip(str(error)))
            return
        self.app.spawn(self.guest_move(link.seat, move))

    async def guest_move(self, seat: int, move: Move) -> None:
        """Play a guest's move, checked already, once the move before it has settled."""
        game = self.app.game
        while self.app.ui.busy:
            await self.app.sleep(0.05)
        if self.app.game is game or (
            self.app.game.current == seat and move in self.app.game.legal_moves()
        ):
            await self.app.perform(seat, move)

    def sync(self) -> None:
        """The host's page: each connected guest is sent the position, once each change."""
        for link in self.app.ui.links:
            seat = link.seat
            if link.state != LinkState.OPEN or seat == GUEST_LINK:
                continue
            if self.synced.get(seat) is self.app.game:
                continue
            self.seqs[seat] = self.seqs.get(seat, 0) + 1
            self.synced[seat] = self.app.game
            names = self.app.people.names
            self.send(seat, seat_update(self.app.game, seat, names, self.seqs[seat]))

    def from_host(self, text: str) -> None:
        """A guest's page: the host's word, shown after the ones before it."""
        try:
            if "chkobba-goodbye" in text[:80]:
                read_goodbye(text)
                self.broken(("dropped", ""))
                return
            update = read_seat_update(text, after=self.heard_last)
        except ParseError as error:
            self.broken(("broken", "", clip(str(error))))
            return
        self.heard_last = update
        self.updates.append(update)
        if len(self.updates) == 1:
            self.app.spawn(self.show_host_update())

    async def show_host_update(self) -> None:
        """Show the host's words in order: a move after the last one shown as any move is
        shown, anything else (the first word, a resumed match) at once."""
        while self.updates:
            update = self.updates[0]
            await self.show_update(update)
            self.updates.pop(0)

    async def show_update(self, update: SeatUpdate) -> None:
        view, last = update.view, self.app.state.host_update
        if last is not None and update.seq <= last.seq:
            return
        seat = view.seat
        remote = tuple(s for s, name in enumerate(update.names) if name and s != seat)
        t = language(self.app.state.settings.lang or FALLBACK)
        names = tuple(  # the host's names, cleaned here as this page cleans its own
            clean_name(name) or player_label(t, s) if name else ""
            for s, name in enumerate(update.names)
        )
        seats = Roster((seat,), names, remote)
        game = Game.from_view(view, random.Random(0))  # its hidden cards made up, never shown
        self.app.state = replace(self.app.state, seats=seats)
        mover = next(
            (e.seat for e in reversed(update.log) if e.kind in (EntryKind.CUT, EntryKind.PLAY)),
            None,
        )
        if last is not None and mover is not None and view.history[:-1] == last.view.history:
            self.app.set_ui(viewer=seat, thinking=False)
            await self.app.show_move(MoveMade(mover, view.history[-1], self.app.game), game, update)
            return
        self.app.epoch += 1  # the first word, or a resumed match: its sheets seen already
        panel = None if self.app.ui.panel == ScreenPhase.FRIENDS else self.app.ui.panel
        seen = len(view.deal_results)
        self.app.set_ui(
            viewer=seat, thinking=False, last=None, stage=None, panel=panel, seen_deals=seen
        )
        self.app.state = replace(self.app.state, game=game, host_update=update)
        self.app.paint()

    def send_move(self, move: Move) -> None:
        """A guest's page: the move goes to the host, whose answer shows it."""
        update = self.app.state.host_update
        if update is None:
            return
        self.send(GUEST_LINK, move_message(move, update.seq))
        self.app.set_ui(thinking=True, selected=None, picked=(), hint=None)
        self.app.paint()


# --- drawn ---------------------------------------------------------------------------------------


def friends_button_html(t: Language) -> str:
    """Opens the links to friends far away (the match has some)."""
    return (
        f'<button type="button" class="icon friends" data-action="friends" aria-haspopup="dialog" '
        f'aria-label="{escape(t._(words.FRIENDS_TITLE))}">{PEOPLE_ICON}</button>'
    )


def friends_html(t: Language, panel: FriendsPanel) -> str:
    """Each link: where it is; its invitation (a link, a QR code that host.js draws from
    data-qr, a copy button) and the field for its answer, or the guest's answer to send back;
    then what each side can trust."""
    rows = "".join(link_row(t, row, panel.host) for row in panel.rows)
    trust = f'<p class="sub trust" data-trust>{escape(panel.trust)}</p>' if panel.trust else ""
    return (
        f"{title(t._(words.FRIENDS_TITLE))}{rows}{trust}"
        f'<div class="actions">{close_button(t)}</div>'
    )


def link_row(t: Language, row: LinkRow, host: bool) -> str:
    head = f"<h3>{escape(row.name)}</h3>" if row.name else ""
    error = f'<p class="sub error" data-link-error>{escape(row.error)}</p>' if row.error else ""
    body = ""
    if host and row.code:
        body = (
            f'<p class="sub">{escape(words.invite_how(t, row.name))}</p>'
            f"{code_block(row.link, t._(words.COPY_INVITE), t._(words.QR_INVITE), t)}"
            f'<form class="answer" data-form="answer"><input type="hidden" name="seat" '
            f'value="{row.seat}"><label for="answer-{row.seat}">'
            f"{escape(words.answer_label(t, row.name))}</label>"
            f'<input id="answer-{row.seat}" name="code" autocomplete="off" dir="ltr" '
            f'spellcheck="false" required><button type="submit" class="btn">'
            f"{escape(t._(words.CONNECT))}</button>"
            f'<button type="button" class="btn plain" data-scan hidden>'
            f"{escape(t._(words.SCAN))}</button></form>"
        )
    elif row.code:
        body = (
            f'<p class="sub">{escape(t._(words.GUEST_HOW))}</p>'
            f"{code_block(row.link, t._(words.COPY_ANSWER), t._(words.QR_ANSWER), t)}"
        )
    again = ""
    if host and row.state in (LinkState.LOST, LinkState.FAILED, LinkState.WAITING):
        again = button("reinvite", t._(words.INVITE_AGAIN), "btn plain", str(row.seat))
    return (
        f'<section class="link" data-link-seat="{row.seat}" data-link-state="{row.state}">'
        f'{head}<p class="sub" data-link-said>{escape(row.said)}</p>{error}{body}'
        f"{f'<div class=actions>{again}</div>' if again else ''}</section>"
    )


def code_block(link: str, label: str, qr_label: str, t: Language) -> str:
    """A link to pass on: as a QR code (drawn by host.js from data-qr, the link made absolute),
    as text to select, and a button that shares or copies it."""
    return (
        f'<div class="qr" data-qr="{escape(link)}" role="img" aria-label="{escape(qr_label)}">'
        f'</div><p class="code" data-code dir="ltr">{escape(link)}</p>'
        f'<div class="actions">{copy_button(link, label, t._(words.COPIED))}</div>'
    )
