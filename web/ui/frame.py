"""What the screen shows, as one frozen value: ``make_frame(game, ui, settings) -> Frame``.

This is the only place that decides what shows (which overlay, which status line, which cards are
options, what flies where); ``render`` only draws a Frame and the controller only changes state.
The frame holds no live objects but engine values (cards, moves) and texts from ``words``, so
``render(frame)`` is a pure function whose HTML can be stored and painted again.

Seats are data: ``seats[0]`` is the player's (the one holding the phone: ``Ui.viewer``), the
others follow in play order (anticlockwise: with four, the next seat sits at the player's right,
then opposite, then at the left); each names its place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from chkobba import (
    Card,
    DealResult,
    DealScore,
    Game,
    Move,
    MoveKind,
    Phase,
    SeatUpdate,
    deal_link,
)
from chkobba.daily import daily_over, daily_points
from chkobba.explain import reason
from chkobba.kernel import CATEGORIES, HAND_SIZE, tied
from chkobba.kernel import side as side_of
from chkobba.log import Entry, EntryKind, made_chkobba, match_log, undoable

from . import words
from .i18n import FALLBACK, Language, language
from .model import (
    ALONE,
    BACKS,
    FELTS,
    GUEST_LINK,
    PACES,
    SOLO,
    LinkState,
    Played,
    ScreenPhase,
    Seating,
    Seats,
    Settings,
    Stage,
    Ui,
)
from .stats import Stats, chart

PLAYING = (ScreenPhase.PLAY, ScreenPhase.CHOOSE)  # the player's hand and hint button are live
HINTED = (ScreenPhase.PLAY, ScreenPhase.CUT, ScreenPhase.CHOOSE)  # a hint may be shown
SHEETS = (ScreenPhase.SHEET, ScreenPhase.OVER)  # a score sheet is open
# What people at one table read together: the sheets and what they open.
TOGETHER = (*SHEETS, ScreenPhase.LOG, ScreenPhase.TAKEN, ScreenPhase.REVIEW, ScreenPhase.EXPERT)
GUEST = ("log", "taken")  # what a guest's sheet offers beside (the deal is the host's)


@dataclass(frozen=True)
class CardView:
    card: Card
    marks: tuple[str, ...] = ()  # "option", "picked", "dim", "taken", "hint", "selected"...
    tappable: bool = False


@dataclass(frozen=True)
class PileView:
    """A side's captured cards, drawn by one seat of the side."""

    side: int
    count: int
    sweeps: tuple[Card, ...]  # the side's chkobbas, face up on its pile
    label: str  # "You: 3 cards, 2 chkobbas"
    caption: str  # the side's name under the pile, with four players ("" with two)


@dataclass(frozen=True)
class LastPlay:
    """A seat's last play in the deal, shown by the seat until it plays again."""

    card: Card
    cards: tuple[Card, ...]  # what it took
    chkobba: bool
    label: str  # "Last play: Computer played 7♦ and took 3♣ and 4♥."


@dataclass(frozen=True)
class SeatView:
    seat: int
    side: int
    place: str  # where it sits: "bottom" (the player), "top", "right", "left"
    name: str  # "You · dealer"
    you: bool
    turn: bool
    hand: tuple[CardView, ...]  # face up: the player's own cards
    backs: int  # face down: another seat's cards
    pile: PileView | None  # the pile drawn at this seat (one per side)
    cut: str = ""  # "kept": this seat just cut and kept the card (shown at the seat)
    last: LastPlay | None = None


@dataclass(frozen=True)
class Score:
    name: str
    points: int


@dataclass(frozen=True)
class Choices:
    prompt: str
    total: int  # the sum of the picked cards' values
    options: tuple[tuple[Move, str], ...]  # each option and its spoken label


@dataclass(frozen=True)
class Announcement:
    title: str
    detail: str


@dataclass(frozen=True)
class Cut:
    card: Card
    hint: Move | None
    hint_reason: str
    hinting: bool
    hints: bool = True  # the hint button is offered (not in the daily deal)


@dataclass(frozen=True)
class Row:
    key: str
    name: str
    cells: tuple[tuple[int, str], ...]  # per side: points and a note


@dataclass(frozen=True)
class Sheet:
    kind: ScreenPhase  # SHEET (a deal scored) or OVER (the match is won)
    title: str
    won: bool  # the player's side won the match
    notes: tuple[str, ...]
    sides: tuple[str, ...]
    rows: tuple[Row, ...]
    deal: tuple[int, ...]  # this deal's points per side ("" rows absent for a finished position)
    totals: tuple[int, ...]
    target: int
    action: str  # "next" or "new" ("": none, the daily deal's result)
    action_label: str
    share: str = ""  # the daily deal's result as a text to share, with ``link``
    link: str = ""  # the daily deal's link ("?daily=YYYY-MM-DD")
    more: tuple[str, ...] = ("log", "taken", "review", "expert", "share")  # offered beside
    together: bool = False  # several people read it: "How did each of us play?"


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


@dataclass(frozen=True)
class Confirm:
    title: str
    text: str


@dataclass(frozen=True)
class LogLine:
    kind: EntryKind
    text: str
    mine: bool  # the player's side's
    chkobba: bool


@dataclass(frozen=True)
class LogPanel:
    """The deal's log: every event of one deal, in order."""

    title: str
    lines: tuple[LogLine, ...]


@dataclass(frozen=True)
class TakenPanel:
    """Each side's cards taken in one deal (its plays' captures and the leftovers)."""

    title: str
    sides: tuple[tuple[str, tuple[Card, ...]], ...]  # each side's name and its cards


@dataclass(frozen=True)
class ReplayBar:
    """The controls of a shared deal followed move by move."""

    step: int
    total: int
    label: str  # "Move 3 of 36"


@dataclass(frozen=True)
class SharePanel:
    """A deal as a link to share."""

    title: str
    text: str
    link: str  # the page's address's query: "?deal=..."


@dataclass(frozen=True)
class ReviewLine:
    played: str  # what the player did, in words
    grade: str  # "best", "fine", "costly"
    grade_label: str
    expert: str  # what the hard bot would have done instead, and what the difference cost ("")


@dataclass(frozen=True)
class Person:
    """A person at a pass-and-play table, offered in the review and the expert's replay."""

    seat: int
    name: str
    shown: bool  # the panel is about this person's seat


@dataclass(frozen=True)
class ReviewPanel:
    """How the player played a deal: each decision beside the hard bot's."""

    title: str
    summary: str
    lines: tuple[ReviewLine, ...]
    working: bool
    persons: tuple[Person, ...] = ()  # pass-and-play: each person, whose play is shown


@dataclass(frozen=True)
class ExpertPanel:
    """A deal's sheet beside the one the hard bot made with the player's cards."""

    title: str
    columns: tuple[str, str]  # "You", "The expert"
    rows: tuple[Row, ...]  # per row: the player's side's points and note, then the expert's
    totals: tuple[int, int]
    others: str  # what the other side scored in each
    working: bool
    persons: tuple[Person, ...] = ()  # pass-and-play: each person, whose seat is replayed


@dataclass(frozen=True)
class StatsGroup:
    """One level and number of players: its heading, and (label, value) lines."""

    heading: str
    lines: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class StatsBar:
    """A match in the chart: the winning (+) or losing (-) margin, and the match in words."""

    margin: int
    label: str


@dataclass(frozen=True)
class StatsPanel:
    """The player's statistics, a chart of the last matches, and what the panel asks."""

    title: str
    summary: str
    groups: tuple[StatsGroup, ...]
    bars: tuple[StatsBar, ...]
    chart_label: str
    ask: str  # a question waiting for the player's yes ("" none)
    yes: str  # the yes button's label
    error: str  # why the file picked was not imported ("" none)
    detail: str  # what was wrong in it (the checker's words, short)


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


Overlay = (
    Cut
    | FriendsPanel
    | PassPanel
    | PeoplePanel
    | Sheet
    | SettingsPanel
    | Confirm
    | LogPanel
    | TakenPanel
    | ReviewPanel
    | ExpertPanel
    | SharePanel
    | StatsPanel
)


@dataclass(frozen=True)
class Motion:
    """Where new cards come from and where vanished ones go (zone names of the frame); ``only``:
    the one new table card that comes from ``origin`` (the others come from the stock)."""

    origin: str = "stock"
    sink: str | None = None
    only: str | None = None
    pace: float = 1.0  # the chosen pace's factor on the travel's time (0: no travel)


@dataclass(frozen=True)
class Frame:
    lang: str  # the language the texts are in (i18n.LANGUAGES)
    phase: ScreenPhase  # what the page waits for
    moves: int
    scores: tuple[Score, ...]
    target: str
    seats: tuple[SeatView, ...]
    table: tuple[CardView, ...]
    incoming: Card | None  # the card shown playing onto the table before its capture
    stock: int
    deal: str
    status: str
    mine: bool  # the status line speaks to the player (their turn)
    choices: Choices | None
    hint_enabled: bool  # the player's hand (and the hint button) are live
    undo: bool | None  # the undo button: None, none (the settings say so); else whether it works
    replay: ReplayBar | None  # a shared deal's controls
    hinting: bool
    overlay: Overlay | None
    announcement: Announcement | None
    notice: str | None
    motion: Motion
    # What the live region says, once each: (key, words); a key already said is not said again.
    spoken: tuple[tuple[str, str], ...] = ()
    # The sounds of what just happened, once each: (key, sound); none when the sound is off.
    sounds: tuple[tuple[str, str], ...] = ()
    sound: bool = True  # the sound switch (off: the page makes no sound at all)
    back: str = BACKS[0]  # the cards' backs and the baize's colour (the root's marks)
    felt: str = FELTS[0]
    hints: bool = True  # the hint button is offered (not in a shared deal, nor the daily deal)
    friends: bool = False  # the match has friends far away: their links can be opened
    # A guest's page before the host's first word: no match to show yet (no seat, no score),
    # the link's state on an empty felt.
    bare: bool = False


def make_frame(
    game: Game,
    ui: Ui,
    settings: Settings,
    undos: int = 0,
    stats: Stats | None = None,
    people: Seats = ALONE,
    host_update: SeatUpdate | None = None,
) -> Frame:
    """The whole screen for the seat of the one holding the phone (``ui.viewer``); ``undos``:
    the plays taken back in the match (its result says so); ``stats``: the player's statistics
    (None: a board or a shared deal, whose play they do not count); ``people``: who plays each
    seat (several people: the phone passes, and the hands hide between their turns);
    ``host_update``: on a guest's page, the host's last word, whose log and moves the screen
    tells (``game`` is then a game made of the seat's view, its hidden cards made up, never
    shown)."""
    t = language(settings.lang or FALLBACK)
    players = game.rules.players
    shown = on_screen(game, ui)
    pending = ui.last if ui.stage == Stage.SHOW else None
    phase = phase_of(shown, ui, people)
    hidden = hiding(shown, ui, people)
    seats = Seating(ui.viewer, people.names, hidden or together(shown, ui, people, phase))
    guest = host_update is not None
    log = host_update.log if host_update is not None else match_log(game)
    moves = len(
        host_update.view.history if host_update is not None else game.history
    )  # (ui.last's number)
    choices = capture_choices(shown, ui) if phase == ScreenPhase.CHOOSE else []
    hint = ui.hint if phase in HINTED else None
    # A shared deal's end stays on its last card, its score told: the bar gives the match after it.
    scored = (game if ui.replay else shown).scores
    host = next((link for link in ui.links if link.seat == GUEST_LINK), None)
    bare = host_update is None and host is not None
    return Frame(
        lang=t.code,
        phase=phase,
        moves=moves,
        scores=tuple(Score(words.side_name(t, s, players, seats), scored[s]) for s in (0, 1)),
        target=t._(words.DAILY) if ui.daily else words.target(t, shown.rules.target),
        seats=seat_views(t, shown, ui, pending, hint, seats, phase, hidden, log),
        table=table_view(shown, ui, choices, pending, hint),
        incoming=pending.move.card if pending else None,
        stock=shown.stock_count,
        deal=words.deal(t, ui.replay_deal if ui.replay else logged_deal(game, ui)),
        status=words.link_state(t, host.state, False)
        if bare and host
        else status(t, shown, ui, phase, hint, seats, people),
        mine=phase in PLAYING,
        choices=choice_panel(t, ui, choices),
        hint_enabled=phase in PLAYING,
        hints=not ui.daily and ui.replay is None,
        friends=bool(ui.links),
        undo=None
        if not settings.undo or ui.replay is not None or ui.daily or people.among_people
        else phase in PLAYING and undoable(game, ui.viewer) is not None,
        replay=replay_bar(t, ui),
        hinting=ui.hinting,
        overlay=overlay(
            t,
            shown,
            ui,
            settings,
            phase,
            hint,
            undos,
            stats,
            people,
            seats,
            log,
            guest,
        ),
        announcement=announcement(t, game, ui, seats),
        notice=words.notice(t, ui.notices[0]) if ui.notices else None,
        motion=replace(motion(ui), pace=PACES[settings.pace]),
        spoken=spoken(t, game, ui, phase, seats, moves),
        sounds=sounds(game, ui, phase, seats, moves) if settings.sound else (),
        sound=settings.sound,
        back=settings.back,
        felt=settings.felt,
        bare=bare,
    )


def on_screen(game: Game, ui: Ui) -> Game:
    """The position drawn: while a capture is shown before it is taken, the one before it."""
    return ui.last.before if ui.stage == Stage.SHOW and ui.last else game


def screen_phase(game: Game, ui: Ui, people: Seats = ALONE) -> ScreenPhase:
    """The frame's phase, without making the frame."""
    return phase_of(on_screen(game, ui), ui, people)


def seat_order(game: Game, viewer: int) -> list[int]:
    players = game.rules.players
    return [(viewer + i) % players for i in range(players)]


def sheet_due(game: Game, ui: Ui) -> bool:
    return len(game.deal_results) > ui.seen_deals


def phase_of(game: Game, ui: Ui, people: Seats = ALONE) -> ScreenPhase:
    """What the page waits for in position ``game``: a panel (the phase of its name), a score
    sheet, the phone passed to the next person (PASS), the player (to play, choose a capture
    or cut), or nothing (WAIT: the computer, or cards moving)."""
    if ui.panel is not None:
        return ScreenPhase(ui.panel)
    if ui.replay is not None:  # a shared deal, followed move by move: nothing to play
        return ScreenPhase.REPLAY
    over = game.phase == Phase.OVER or bool(ui.daily and daily_over(game))
    if (sheet_due(game, ui) or over) and not ui.busy:  # the deal's last card lands first
        return ScreenPhase.OVER if over else ScreenPhase.SHEET
    if ui.busy or over or game.current not in people.people:
        return ScreenPhase.WAIT
    if hiding(game, ui, people):
        return ScreenPhase.PASS
    if game.phase == Phase.CUT:
        return ScreenPhase.CUT
    return ScreenPhase.CHOOSE if ui.selected else ScreenPhase.PLAY


def hiding(game: Game, ui: Ui, people: Seats) -> bool:
    """Whether every hand is hidden: several people play on this device and the phone is to go
    to the one whose turn it is, or no one has said they hold it yet (after a reload)."""
    if not people.shared or game.phase == Phase.OVER:
        return False
    return ui.hidden or (game.current in people.people and game.current != ui.viewer)


def together(game: Game, ui: Ui, people: Seats, phase: ScreenPhase) -> bool:
    """Whether several people read the screen together, so that each is named and none is
    "you": a score sheet, and what it opens, at a table of people on this device."""
    sheet = sheet_due(game, ui) or game.phase == Phase.OVER
    return people.shared and phase in TOGETHER and sheet


def made_sweep(played: Played, game: Game) -> bool:
    """Whether ``played`` (which made ``game``) swept the table for a chkobba."""
    return made_chkobba(played.before, game)


def capture_choices(game: Game, ui: Ui) -> list[Move]:
    """The legal captures of the selected card, when the player must choose among them."""
    if ui.selected is None:
        return []
    return [m for m in game.legal_moves() if m.card == ui.selected]


# Where each seat sits, from the player's own (bottom) round the table anticlockwise.
PLACES = {2: ("bottom", "top"), 4: ("bottom", "right", "top", "left")}
# Which seat draws each side's pile: the player's, and the opponent's or, with four, the partner's
# corner of the table (the opponents' pile, by the top seat; the side seats stay narrow).
PILE_SEATS = {2: (0, 1), 4: (0, 2)}


# --- parts ------------------------------------------------------------------------------------


def seat_view(
    t: Language,
    game: Game,
    ui: Ui,
    seat: int,
    pending: Played | None,
    hint: Move | None,
    lasts: dict[int, LastPlay],
    seats: Seating,
    phase: ScreenPhase,
    hidden: bool,
) -> SeatView:
    side, players = side_of(seat), game.rules.players
    you = seat == seats.viewer
    hand = list(game.hands[seat])
    if pending and pending.seat == seat and pending.move.card in hand:
        hand.remove(pending.move.card)
    name = words.dealer(t, words.seat_name(t, seat, players, seats), game.dealer == seat)
    if you and not hidden:  # the phone is in this seat's hands
        turn = phase in PLAYING
        faces = tuple(CardView(c, hand_marks(c, ui, hint), tappable=True) for c in hand)
        backs = 0
    else:
        turn = game.current == seat and game.phase != Phase.OVER
        faces, backs = (), len(hand)
    drawn = PILE_SEATS[players].index(seat) if seat in PILE_SEATS[players] else None
    pile = pile_view(t, game, drawn, seats) if drawn is not None else None
    last = ui.last
    kept = ui.stage is not None and last is not None and last.seat == seat
    cut = "kept" if kept and last is not None and last.move.kind == MoveKind.KEEP else ""
    place = PLACES[players][(seat - seats.viewer) % players]
    return SeatView(seat, side, place, name, you, turn, faces, backs, pile, cut, lasts.get(seat))


def seat_views(
    t: Language,
    game: Game,
    ui: Ui,
    pending: Played | None,
    hint: Move | None,
    seats: Seating,
    phase: ScreenPhase,
    hidden: bool,
    log: tuple[Entry, ...],
) -> tuple[SeatView, ...]:
    lasts = last_plays(t, game, seats, log)
    return tuple(
        seat_view(t, game, ui, s, pending, hint, lasts, seats, phase, hidden)
        for s in seat_order(game, seats.viewer)
    )


def last_plays(
    t: Language, game: Game, seats: Seating, log: tuple[Entry, ...]
) -> dict[int, LastPlay]:
    """Each seat's last play in the deal on the table (read off the match's ``log``, from its
    end back to the deal's start)."""
    players, lasts = game.rules.players, {}
    for entry in reversed(log):
        if entry.deal != game.deal_number:
            break
        if entry.kind == EntryKind.PLAY and entry.seat not in lasts:
            assert entry.seat is not None and entry.card is not None
            label = words.last_play(t, log_text(t, entry, players, seats))
            lasts[entry.seat] = LastPlay(entry.card, entry.cards, entry.chkobba, label)
    return lasts


def pile_view(t: Language, game: Game, side: int, seats: Seating) -> PileView:
    players = game.rules.players
    pile, sweeps = game.piles[side], game.sweeps[side]
    name = words.side_name(t, side, players, seats)
    label = words.pile(t, name, len(pile), len(sweeps))
    caption = name if players > 2 else ""
    return PileView(side, len(pile), sweeps, label, caption)


def hand_marks(card: Card, ui: Ui, hint: Move | None) -> tuple[str, ...]:
    marks = []
    if card == ui.selected:
        marks.append("selected")
    if hint and hint.card == card:
        marks.append("hint")
    return tuple(marks)


def table_view(
    game: Game, ui: Ui, choices: list[Move], pending: Played | None, hint: Move | None
) -> tuple[CardView, ...]:
    taken = set(pending.move.captures) if pending else set()
    last = ui.last
    exposed = None
    if ui.stage is not None and last is not None and last.move.kind == MoveKind.EXPOSE:
        exposed = last.before.cut_card
    suggested = set(hint.captures) if hint else set()
    options = [set(m.captures) for m in choices]
    picked = set(ui.picked)
    open_options = [o for o in options if picked <= o]
    cards = []
    for card in game.table:
        marks, tappable = [], False
        if card in taken:
            marks.append("taken")
        elif options:
            tappable = any(card in o for o in options)
            if card in picked:
                marks.append("picked")
            elif any(card in o for o in open_options):
                marks.append("option")
            else:
                marks.append("dim")
        if card in suggested:
            marks.append("hint")
        if card == exposed:
            marks.append("exposed")
        cards.append(CardView(card, tuple(marks), tappable))
    return tuple(cards)


def choice_panel(t: Language, ui: Ui, choices: list[Move]) -> Choices | None:
    if not choices or ui.selected is None:
        return None
    card = ui.selected
    values = [c.value for c in ui.picked]
    if values:
        prompt = words.running(t, card, values)
    elif all(len(m.captures) == 1 for m in choices):
        prompt = words.pick_one(t, card)
    else:
        prompt = words.make(t, card)
    options = tuple((m, words.take(t, m.captures)) for m in choices)
    return Choices(prompt, sum(values), options)


def event(t: Language, game: Game, ui: Ui, seats: Seating, spoken: bool = False) -> str:
    """What just happened, for the status line (``spoken``: in words, for the live region)."""
    last = ui.last
    if last is None:
        return ""
    players = game.rules.players
    cut_card = last.before.cut_card
    if ui.stage == Stage.SHOW:
        return words.played(
            t, last.seat, last.move, cut_card, pending=True, players=players, seats=seats
        )
    if game.phase == Phase.CUT and game.redealt:
        return t._(words.REDEALT)
    return words.played(
        t, last.seat, last.move, cut_card, spoken=spoken, players=players, seats=seats
    )


def status(
    t: Language,
    game: Game,
    ui: Ui,
    phase: ScreenPhase,
    hint: Move | None,
    seats: Seating,
    people: Seats = ALONE,
) -> str:
    if phase == ScreenPhase.REPLAY:
        return replay_status(t, game, ui, seats)
    if phase == ScreenPhase.CHOOSE and ui.selected is not None:
        return words.choose(t, ui.selected)
    if phase in (ScreenPhase.PLAY, ScreenPhase.CUT) and ui.hinting:
        return t._(words.LOOKING)
    if phase in HINTED and hint:
        return words.hint(t, hint_reason(t, game, hint))
    if phase in (ScreenPhase.PLAY, ScreenPhase.CUT):
        line = t._(words.YOUR_TURN) if phase == ScreenPhase.PLAY else t._(words.YOUR_CUT)
        return words.turn(event(t, game, ui, seats), line)
    happened = event(t, game, ui, seats)
    away = game.current in people.remote and not connected(ui, game.current)
    if away and game.phase != Phase.OVER:  # a friend far away whose link is down
        return words.turn(happened, words.waiting_for(t, seats.name(game.current)))
    if happened or game.phase == Phase.OVER:
        return happened
    if ui.thinking or game.current != seats.viewer:
        return words.thinking(t, game.current, game.rules.players, seats)
    return ""


def connected(ui: Ui, seat: int) -> bool:
    """Whether the friend at ``seat`` (on a guest's page: the host, whatever the seat) is
    connected now."""
    return any(
        link.state == LinkState.OPEN and link.seat in (seat, GUEST_LINK) for link in ui.links
    )


def hint_reason(t: Language, game: Game, move: Move) -> str:
    """The hint's move and why (the engine's reason, from the player's view), in words."""
    why, count = reason(game.view(game.current), move)
    return words.reason(t, move, game.cut_card, why, count)


def spoken(
    t: Language, game: Game, ui: Ui, phase: ScreenPhase, seats: Seating, moves: int
) -> tuple[tuple[str, str], ...]:
    """The live region's news: each move once it is made (in words, with its chkobba), a deal's
    score when its sheet opens, a notice when it shows. Keys count moves and deals (a notice is
    its own key), so a repaint says nothing new."""
    said: list[tuple[str, str]] = []
    last = ui.last
    if last is not None and ui.stage != Stage.SHOW:
        words_ = event(t, game, ui, seats, spoken=True)
        if ui.stage == Stage.SETTLE and made_sweep(last, game):
            words_ = f"{words_} {words.chkobba_by(t, last.seat, game.rules.players, seats)}"
        said.append((f"move:{moves}", words_))
    if phase in SHEETS and game.deal_results:
        result = game.deal_results[-1]
        points = tuple(s.total for s in result.scores)
        number, players = len(game.deal_results), game.rules.players
        told = words.deal_told(t, number, points, result.totals, players, seats)
        said.append((f"deal:{len(game.deal_results)}", told))
    if ui.notices:
        text = words.notice(t, ui.notices[0])
        said.append((f"notice:{text}", text))
    return tuple(said)


def sounds(
    game: Game, ui: Ui, phase: ScreenPhase, seats: Seating, moves: int
) -> tuple[tuple[str, str], ...]:
    """What is heard, once each (keyed like ``spoken``): the hands dealt, a card played or laid
    by the cut, a capture (a chkobba's own), the leftovers taken and the deal's end when its
    sheet opens, the match won or lost."""
    heard: list[tuple[str, str]] = []
    match = f"{game.seed}.{game.rules.players}"
    shown = on_screen(game, ui)
    hands = [len(hand) for hand in shown.hands]
    if phase not in SHEETS and shown.phase == Phase.PLAY and hands == [HAND_SIZE] * len(hands):
        heard.append((f"dealt:{match}:{len(shown.deal_results)}:{shown.stock_count}", "deal"))
    last = ui.last
    if last is not None and ui.stage is not None:
        number = moves
        if ui.stage == Stage.SETTLE and last.move.captures:
            sound = "chkobba" if made_sweep(last, game) else "capture"
            heard.append((f"take:{match}:{number}", sound))
        elif last.move.kind != MoveKind.KEEP:
            heard.append((f"play:{match}:{number}", "play"))
    if phase in SHEETS and game.deal_results:
        result, number = game.deal_results[-1], len(game.deal_results)
        if result.leftovers:
            heard.append((f"left:{match}:{number}", "leftovers"))
        won = game.winner is not None and seats.mine(game.winner)
        end = "deal-end" if game.winner is None else "win" if won else "lose"
        heard.append((f"end:{match}:{number}", end))
    return tuple(heard)


def announcement(t: Language, game: Game, ui: Ui, seats: Seating) -> Announcement | None:
    if ui.stage != Stage.SETTLE or ui.last is None or not made_sweep(ui.last, game):
        return None
    who = words.swept_table(t, ui.last.seat, game.rules.players, seats)
    return Announcement(t._(words.CHKOBBA), who)


def motion(ui: Ui) -> Motion:
    last = ui.last
    if last is None or ui.stage is None:
        return Motion()
    cut = last.before.cut_card
    if last.move.kind == MoveKind.EXPOSE and cut is not None:  # to the table, from the cutter
        return Motion(f"hand-{last.seat}", only=cut.code)
    if last.move.kind != MoveKind.PLAY:
        return Motion()
    origin = f"hand-{last.seat}"
    if ui.stage == Stage.SHOW or not last.move.captures:
        return Motion(origin)
    return Motion(origin, f"pile-{side_of(last.seat)}")


# --- overlays ---------------------------------------------------------------------------------


def overlay(
    t: Language,
    game: Game,
    ui: Ui,
    settings: Settings,
    phase: ScreenPhase,
    hint: Move | None,
    undos: int,
    stats: Stats | None = None,
    people: Seats = ALONE,
    seats: Seating = SOLO,
    log: tuple[Entry, ...] = (),
    guest: bool = False,
) -> Overlay | None:
    if phase == ScreenPhase.PASS:
        name = people.name(game.current) or words.player_label(t, game.current)
        return PassPanel(words.pass_title(t, name), words.pass_text(t, name))
    if phase == ScreenPhase.PEOPLE:
        return people_panel(game, people, ui.webrtc)
    if phase == ScreenPhase.FRIENDS:
        return friends_panel(t, ui, people)
    if phase == ScreenPhase.SETTINGS:
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
            stats is not None,
            bool(ui.daily),
            guest,
        )
    if phase == ScreenPhase.STATS:
        return stats_panel(t, ui, stats or Stats())
    if phase == ScreenPhase.CONFIRM:
        title = words.confirm_title(t, ui.switch) if ui.switch else t._(words.CONFIRM_TITLE)
        return Confirm(title, t._(words.CONFIRM_TEXT))
    if phase == ScreenPhase.OVER and ui.daily:
        return daily_sheet(t, game, ui)
    if phase in SHEETS and guest:  # the host's match: its deals told, not replayed here
        sheet = score_sheet(t, game, phase, undos, seats)
        return replace(sheet, action="" if phase == ScreenPhase.OVER else sheet.action, more=GUEST)
    if phase in SHEETS:
        return score_sheet(t, game, phase, undos, seats)
    if phase == ScreenPhase.LOG:
        return log_panel(t, game, ui, seats, log)
    if phase == ScreenPhase.TAKEN:
        return taken_panel(t, game, ui, seats, log)
    if phase == ScreenPhase.REVIEW:
        return review_panel(t, game, ui, seats, people)
    if phase == ScreenPhase.EXPERT:
        return expert_panel(t, game, ui, seats, people)
    if phase == ScreenPhase.SHARE:
        return share_panel(t, game, ui)
    if phase == ScreenPhase.CUT and game.cut_card is not None:
        reason = hint_reason(t, game, hint) if hint else ""
        return Cut(game.cut_card, hint, reason, ui.hinting, not ui.daily)
    return None


def people_panel(game: Game, people: Seats, online: bool = True) -> PeoplePanel:
    names = tuple(people.name(seat) for seat in range(4))
    begun = in_progress(game)
    return PeoplePanel(game.rules.players, people.people, people.remote, names, begun, online)


def friends_panel(t: Language, ui: Ui, people: Seats) -> FriendsPanel:
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


def in_progress(game: Game) -> bool:
    """Whether starting anew would throw away play: a match begun and not over."""
    return game.phase != Phase.OVER and bool(game.history or game.deal_results)


def score_sheet(
    t: Language, game: Game, kind: ScreenPhase, undos: int = 0, seats: Seating = SOLO
) -> Sheet:
    players = game.rules.players
    sides = (words.side_name(t, 0, players, seats), words.side_name(t, 1, players, seats))
    target = game.rules.target
    result: DealResult | None = game.deal_results[-1] if game.deal_results else None
    notes = []
    if result and result.leftovers and result.leftovers_side is not None:
        side, count = result.leftovers_side, len(result.leftovers)
        notes.append(words.leftovers(t, side, count, players, seats))
        notes.append(words.left_on_table(t, result.leftovers))
    totals = result.totals if result else game.scores
    if kind == ScreenPhase.OVER:
        winner = game.winner if game.winner is not None else 0
        title, won = words.won(t, winner, players, seats), seats.mine(winner)
        notes.insert(0, words.final(t, totals))
        if undos:
            notes.append(words.undos_used(t, undos))
        action, label = "new", t._(words.NEW_MATCH)
    else:
        title, won = words.scored(t, len(game.deal_results)), False
        if tied(totals, target):
            notes.append(words.tie(t, target))
        action, label = "next", t._(words.NEXT_DEAL)
    rows: list[Row] = []
    deal: tuple[int, ...] = ()
    if result:
        for key in CATEGORIES:
            cells = tuple(cell(t, key, score) for score in result.scores)
            rows.append(Row(key, t._(words.ROW_NAMES[key]), cells))
        deal = tuple(score.total for score in result.scores)
    return Sheet(
        kind,
        title,
        won,
        tuple(notes),
        sides,
        tuple(rows),
        deal,
        totals,
        target,
        action,
        label,
        together=seats.hiding,
    )


def daily_sheet(t: Language, game: Game, ui: Ui) -> Sheet:
    """The daily deal's result: its one deal's points, the run of days played, and the text
    and link to share it."""
    deal = score_sheet(t, game, ScreenPhase.SHEET)
    ours, theirs = daily_points(game)
    notes = [words.daily_of(t, ui.daily), *deal.notes]
    if ui.streak[0]:
        notes.append(words.daily_streak(t, *ui.streak))
    if ui.next_daily:
        notes.append(words.next_daily(t, ui.next_daily))
    return replace(
        deal,
        kind=ScreenPhase.OVER,
        title=words.daily_result(t, ours, theirs),
        won=ours > theirs,
        notes=tuple(notes),
        target=0,  # no match totals: the deal is all
        action="",
        share=words.daily_share(t, ui.daily, ours, theirs),
        link="?daily=" + ui.daily,
    )


def cell(t: Language, key: str, score: DealScore) -> tuple[int, str]:
    """A score sheet cell: the points of category ``key`` and what earned them."""
    return score.points(key), words.row_note(t, key, score)


# --- the deal's log ----------------------------------------------------------------------------


def logged_deal(game: Game, ui: Ui) -> int:
    """The deal the log tells: the one just scored while its sheet is due, else the one on."""
    scored = len(game.deal_results)
    return scored if scored > ui.seen_deals or game.phase == Phase.OVER else game.deal_number


def log_text(t: Language, entry: Entry, players: int, seats: Seating = SOLO) -> str:
    """A log line in words: what the entry says happened, cards as printed."""
    if entry.kind == EntryKind.REDEAL:
        return t._(words.REDEALT)
    if entry.kind == EntryKind.LEFTOVERS:
        assert entry.side is not None
        return words.leftovers_to(t, entry.side, entry.cards, players, seats)
    if entry.kind == EntryKind.SCORED:
        assert entry.result is not None
        points = tuple(s.total for s in entry.result.scores)
        return words.deal_told(t, entry.deal, points, entry.result.totals, players, seats)
    assert entry.seat is not None
    if entry.kind == EntryKind.CUT:
        move = Move(MoveKind.KEEP if entry.kept else MoveKind.EXPOSE, None, ())
        return words.played(t, entry.seat, move, entry.card, players=players, seats=seats)
    assert entry.card is not None
    play = Move.play(entry.card, entry.cards)
    line = words.played(t, entry.seat, play, None, players=players, seats=seats)
    return words.with_chkobba(t, line) if entry.chkobba else line


def log_panel(t: Language, game: Game, ui: Ui, seats: Seating, log: tuple[Entry, ...]) -> LogPanel:
    number, players = logged_deal(game, ui), game.rules.players
    lines = []
    for entry in log:
        if entry.deal == number:
            seat = entry.seat if entry.seat is not None else entry.side
            mine = seat is not None and seats.mine(side_of(seat))
            text = log_text(t, entry, players, seats)
            lines.append(LogLine(entry.kind, text, mine, entry.chkobba))
    return LogPanel(words.log_title(t, number), tuple(lines))


def taken_panel(
    t: Language, game: Game, ui: Ui, seats: Seating, log: tuple[Entry, ...]
) -> TakenPanel:
    number, players = logged_deal(game, ui), game.rules.players
    taken: tuple[list[Card], list[Card]] = ([], [])
    for entry in log:
        if entry.deal != number:
            continue
        if entry.kind == EntryKind.PLAY and entry.cards and entry.seat is not None:
            assert entry.card is not None
            taken[side_of(entry.seat)].extend((entry.card, *entry.cards))
        elif entry.kind == EntryKind.LEFTOVERS and entry.side is not None:
            taken[entry.side].extend(entry.cards)
    sides = tuple(
        (words.side_name(t, s, players, seats), tuple(sorted(taken[s], key=by_suit)))
        for s in (0, 1)
    )
    return TakenPanel(words.taken_title(t, number), sides)


def reviewed_seat(ui: Ui) -> int:
    """The seat the review and the expert's replay are about: the one chosen, else the
    viewer's."""
    return ui.viewer if ui.reviewed is None else ui.reviewed


def persons(ui: Ui, people: Seats) -> tuple[Person, ...]:
    """Pass-and-play: each person, to review one after the other (none when alone)."""
    if not people.shared:
        return ()
    seat = reviewed_seat(ui)
    return tuple(Person(s, people.name(s), s == seat) for s in people.people)


def review_panel(
    t: Language, game: Game, ui: Ui, seats: Seating, people: Seats = ALONE
) -> ReviewPanel:
    players, seat = game.rules.players, reviewed_seat(ui)
    lines = []
    for decision in ui.review:
        before = Game.from_notation(decision.position)  # (its hidden cards never shown)
        played = words.played(
            t, seat, decision.played, before.cut_card, players=players, seats=seats
        )
        expert = ""
        if decision.grade != "best":
            expert = words.expert_instead(t, decision.bot, before.cut_card, decision.loss)
        label = t._(words.GRADE_NAMES[decision.grade])
        lines.append(ReviewLine(played, decision.grade, label, expert))
    counts = {grade: sum(d.grade == grade for d in ui.review) for grade in words.GRADE_NAMES}
    return ReviewPanel(
        words.review_title(t, logged_deal(game, ui), seats.name(seat)),
        words.review_summary(t, counts) if ui.review else "",
        tuple(lines),
        ui.working,
        persons(ui, people),
    )


def expert_panel(
    t: Language, game: Game, ui: Ui, seats: Seating, people: Seats = ALONE
) -> ExpertPanel:
    deal, seat = logged_deal(game, ui), reviewed_seat(ui)
    mine, expert = game.deal_results[deal - 1], ui.expert
    side = side_of(seat)
    rows: list[Row] = []
    if expert is not None:
        for key in CATEGORIES:
            cells = (cell(t, key, mine.scores[side]), cell(t, key, expert.scores[side]))
            rows.append(Row(key, t._(words.ROW_NAMES[key]), cells))
    totals = (mine.scores[side].total, expert.scores[side].total if expert else 0)
    others = "" if ui.working else t._(words.NO_EXPERT)
    if expert is not None:
        theirs = (mine.scores[1 - side].total, expert.scores[1 - side].total)
        other = seats.name((seat + 1) % game.rules.players)  # a person: named, not "computer"
        others = words.expert_others(t, theirs, game.rules.players, seats.name(seat), other)
    columns = (words.side_name(t, side, game.rules.players, seats), t._(words.THE_EXPERT))
    return ExpertPanel(
        words.expert_title(t, deal, seats.name(seat)),
        columns,
        tuple(rows),
        totals,
        others,
        ui.working,
        persons(ui, people),
    )


# --- the statistics ----------------------------------------------------------------------------

DAMAGED = "damaged"  # a file refused for a reason not foreseen is said to be damaged


def stats_panel(t: Language, ui: Ui, stats: Stats) -> StatsPanel:
    played = sum(tally.played for tally in stats.tallies)
    won = sum(tally.won for tally in stats.tallies)
    groups = []
    for tally in stats.tallies:
        if not tally.played:
            continue
        lines = [
            ("played", str(tally.played)),
            ("won", words.stats_won(t, tally.won, tally.played)),
            ("streak", words.stats_streak(t, tally.streak, tally.best_streak)),
            ("points", words.decimal(t, tally.mean_points or 0.0)),  # (played: deals too)
            ("chkobbas", str(tally.chkobbas)),
            ("hayyas", words.stats_hayyas(t, tally.hayyas, tally.deals)),
        ]
        if tally.best is not None:
            lines.append(("best", words.stats_best(t, tally.best.margin, tally.best.when)))
        named = tuple((t._(words.STATS_ROWS[key]), value) for key, value in lines)
        groups.append(StatsGroup(words.stats_group(t, tally.level, tally.players), named))
    points = chart(stats)
    bars = tuple(
        StatsBar(p.ours - p.theirs, words.stats_bar(t, p.label, p.ours, p.theirs, p.won))
        for p in points
    )
    ask, yes = "", ""
    if ui.stats_ask == "reset":
        ask, yes = t._(words.STATS_RESET_ASK), t._(words.STATS_RESET_YES)
    elif ui.stats_ask == "import" and ui.stats_file is not None:
        then = sum(tally.played for tally in ui.stats_file.tallies)
        ask, yes = words.stats_import_ask(t, played, then), t._(words.STATS_IMPORT_YES)
    error, detail = "", ""
    if ui.stats_error is not None:
        kind, detail = ui.stats_error
        known = kind if kind in words.STATS_FILE_ERRORS else DAMAGED
        error = t._(words.STATS_FILE_ERRORS[known])
    return StatsPanel(
        t._(words.STATS),
        words.stats_summary(t, played, won) if played else t._(words.STATS_EMPTY),
        tuple(groups),
        bars,
        words.stats_chart(t, len(points), sum(p.won for p in points)),
        ask,
        yes,
        error,
        words.clip(detail),
    )


# --- a deal as a link --------------------------------------------------------------------------


def share_panel(t: Language, game: Game, ui: Ui) -> SharePanel:
    deal = logged_deal(game, ui)
    return SharePanel(
        words.share_title(t, deal), t._(words.SHARE_TEXT), "?deal=" + deal_link(game, deal)
    )


def replay_bar(t: Language, ui: Ui) -> ReplayBar | None:
    if ui.replay is None:
        return None
    step, total = ui.replay
    return ReplayBar(step, total, words.replay_step(t, step, total))


def replay_status(t: Language, game: Game, ui: Ui, seats: Seating) -> str:
    """What the move shown did; at the start, what this is; at the deal's end, its score."""
    if ui.last is None:
        return t._(words.REPLAY_START)
    happened = event(t, game, ui, seats)
    after = ui.last.before.play(ui.last.move)  # (on screen, the deal's last card lands)
    if len(after.deal_results) > len(ui.last.before.deal_results):
        result = after.deal_results[-1]
        points = tuple(s.total for s in result.scores)
        told = words.deal_told(t, ui.replay_deal, points, result.totals, game.rules.players)
        return f"{happened} {told}"
    return happened


def by_suit(card: Card) -> tuple[str, int]:
    return card.suit, card.index
