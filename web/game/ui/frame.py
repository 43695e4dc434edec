"""What the screen shows, as one frozen value: ``make_frame(game, ui, settings) -> Frame``.

This is the only place that decides what shows (which overlay, which status line, which cards are
options, what flies where; each panel is made by its feature's module: ``sheets``, ``settings``,
``review``...); ``render`` only draws a Frame and the controller only changes state.
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
    Game,
    Move,
    MoveKind,
    Phase,
    SeatUpdate,
)
from chkobba.kernel import side as side_of
from chkobba.log import Entry, EntryKind, match_log, undoable
from shared import words as game_words
from shared.i18n import FALLBACK, Language, language
from shared.viewpoint import SOLO, Viewpoint

from . import words
from .friends import FriendsPanel, connected, friends_panel
from .hint import hint_reason
from .model import (
    ALONE,
    BACKS,
    FELTS,
    GUEST_LINK,
    PACES,
    MoveMade,
    Roster,
    ScreenPhase,
    Settings,
    Stage,
    Ui,
)
from .news import Announcement, Motion, announcement, event, motion, sounds, spoken
from .people import PassPanel, PeoplePanel, pass_panel, people_panel
from .phases import HINTED, PLAYING, SHEETS, hiding, logged_deal, on_screen, phase_of, together
from .puzzle import PuzzleBar, PuzzlesPanel, puzzle_bar, puzzle_spoken, puzzle_status, puzzles_panel
from .retry import RetryPanel, retry_panel, retry_step
from .review import ExpertPanel, ReviewPanel, expert_panel, review_panel
from .settings import Confirm, SettingsPanel, confirm_panel, settings_panel
from .sheets import (
    LogPanel,
    SharePanel,
    Sheet,
    TakenPanel,
    daily_sheet,
    log_panel,
    log_text,
    score_sheet,
    share_panel,
    taken_panel,
)
from .stats import Stats
from .stats_screen import StatsPanel, stats_panel

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
class Cut:
    card: Card
    hint: Move | None
    hint_reason: str
    hinting: bool
    hints: bool = True  # the hint button is offered (not in the daily deal)


@dataclass(frozen=True)
class ReplayBar:
    """The controls of a shared deal followed move by move."""

    step: int
    total: int
    label: str  # "Move 3 of 36"


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
    | PuzzlesPanel
    | RetryPanel
)


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
    puzzle: PuzzleBar | None = None  # ?puzzle: the puzzle under the player's hand
    # a costly decision tried again: the table is its (retry_bar): "" (none), RETRY_BEFORE (the
    # table before it) or RETRY_ON (the play gone on from the new choice)
    retrying: str = ""


def make_frame(
    game: Game,
    ui: Ui,
    settings: Settings,
    undos: int = 0,
    stats: Stats | None = None,
    people: Roster = ALONE,
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
    seats = Viewpoint(ui.viewer, people.names, hidden or together(shown, ui, people, phase))
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
    making = ui.puzzle is not None and ui.puzzle.puzzle is None  # the puzzle: not yet made
    return Frame(
        lang=t.code,
        phase=phase,
        moves=moves,
        scores=tuple(Score(game_words.side_name(t, s, players, seats), scored[s]) for s in (0, 1)),
        target=t._(words.DAILY if ui.daily else words.PUZZLE)
        if ui.daily or ui.puzzle
        else words.target(t, shown.rules.target),
        seats=seat_views(t, shown, ui, pending, hint, seats, phase, hidden, log),
        table=table_view(shown, ui, choices, pending, hint),
        incoming=pending.move.card if pending else None,
        stock=shown.stock_count,
        deal=words.deal(t, ui.replay_deal if ui.replay else logged_deal(game, ui)),
        status=words.link_state(t, host.state, False)
        if bare and host
        else puzzle_status(t, ui)
        if ui.puzzle and phase in (ScreenPhase.WAIT, ScreenPhase.PLAY)
        else status(t, shown, ui, phase, hint, seats, people),
        mine=phase in PLAYING,
        choices=choice_panel(t, ui, choices),
        hint_enabled=phase in PLAYING,
        hints=not ui.daily and ui.replay is None and ui.puzzle is None and ui.retry is None,
        friends=bool(ui.links),
        undo=None
        if not settings.undo
        or ui.replay is not None
        or ui.daily
        or ui.puzzle
        or people.among_people
        or ui.retry is not None
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
            game,
        ),
        announcement=announcement(t, game, ui, seats),
        notice=words.notice(t, ui.notices[0]) if ui.notices else None,
        motion=replace(motion(ui), pace=PACES[settings.pace]),
        spoken=spoken(t, game, ui, phase, seats, moves) + puzzle_spoken(t, ui),
        sounds=sounds(game, ui, phase, seats, moves) if settings.sound else (),
        sound=settings.sound,
        back=settings.back,
        felt=settings.felt,
        bare=bare or making,
        puzzle=puzzle_bar(t, ui),
        retrying=retry_step(game, ui),
    )


def seat_order(game: Game, viewer: int) -> list[int]:
    players = game.rules.players
    return [(viewer + i) % players for i in range(players)]


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
    pending: MoveMade | None,
    hint: Move | None,
    lasts: dict[int, LastPlay],
    seats: Viewpoint,
    phase: ScreenPhase,
    hidden: bool,
) -> SeatView:
    side, players = side_of(seat), game.rules.players
    you = seat == seats.viewer
    hand = list(game.hands[seat])
    if pending and pending.seat == seat and pending.move.card in hand:
        hand.remove(pending.move.card)
    name = words.dealer(t, game_words.seat_name(t, seat, players, seats), game.dealer == seat)
    if you and not hidden:  # the phone is in this seat's hands
        turn = phase in PLAYING
        faces = tuple(CardView(c, hand_marks(c, ui, hint), tappable=True) for c in hand)
        backs = 0
    else:
        over = ui.puzzle is not None and bool(ui.puzzle.outcome)  # a puzzle solved: no turn
        turn = game.current == seat and game.phase != Phase.OVER and not over
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
    pending: MoveMade | None,
    hint: Move | None,
    seats: Viewpoint,
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
    t: Language, game: Game, seats: Viewpoint, log: tuple[Entry, ...]
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


def pile_view(t: Language, game: Game, side: int, seats: Viewpoint) -> PileView:
    players = game.rules.players
    pile, sweeps = game.piles[side], game.sweeps[side]
    name = game_words.side_name(t, side, players, seats)
    label = game_words.pile(t, name, len(pile), len(sweeps))
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
    game: Game, ui: Ui, choices: list[Move], pending: MoveMade | None, hint: Move | None
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
        prompt = game_words.running(t, card, values)
    elif all(len(m.captures) == 1 for m in choices):
        prompt = game_words.pick_one(t, card)
    else:
        prompt = game_words.make(t, card)
    options = tuple((m, game_words.take(t, m.captures)) for m in choices)
    return Choices(prompt, sum(values), options)


def status(
    t: Language,
    game: Game,
    ui: Ui,
    phase: ScreenPhase,
    hint: Move | None,
    seats: Viewpoint,
    people: Roster = ALONE,
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
        line = t._(game_words.YOUR_TURN) if phase == ScreenPhase.PLAY else t._(words.YOUR_CUT)
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
    people: Roster = ALONE,
    seats: Viewpoint = SOLO,
    log: tuple[Entry, ...] = (),
    guest: bool = False,
    now: Game | None = None,
) -> Overlay | None:
    """The panel open over the table in ``phase``, of ``game`` as drawn (before a move shown);
    ``now``: the game as it stands, when it differs (a retry's hand over, its last card shown)."""
    if phase == ScreenPhase.PASS:
        return pass_panel(t, game, people)
    if phase == ScreenPhase.PEOPLE:
        return people_panel(game, people, ui.webrtc)
    if phase == ScreenPhase.FRIENDS:
        return friends_panel(t, ui, people)
    if phase == ScreenPhase.SETTINGS:
        return settings_panel(game, ui, settings, stats is not None, guest)
    if phase == ScreenPhase.STATS:
        return stats_panel(t, ui, stats or Stats())
    if phase == ScreenPhase.PUZZLES:
        return puzzles_panel(t, ui)
    if phase == ScreenPhase.CONFIRM:
        return confirm_panel(t, ui)
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
    if phase == ScreenPhase.RETRY:
        return retry_panel(t, now or game, ui, seats)
    if phase == ScreenPhase.CUT and game.cut_card is not None:
        reason = hint_reason(t, game, hint) if hint else ""
        return Cut(game.cut_card, hint, reason, ui.hinting, not ui.daily and ui.retry is None)
    return None


# --- the deal's log ----------------------------------------------------------------------------


# --- the statistics ----------------------------------------------------------------------------


# --- a deal as a link --------------------------------------------------------------------------


def replay_bar(t: Language, ui: Ui) -> ReplayBar | None:
    if ui.replay is None:
        return None
    step, total = ui.replay
    return ReplayBar(step, total, words.replay_step(t, step, total))


def replay_status(t: Language, game: Game, ui: Ui, seats: Viewpoint) -> str:
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
