"""Draws a ``Frame`` as HTML, and nothing else: no rule, no decision, no word of its own (labels
come from ``words``, in the frame's language). Every text is escaped; the same frame always gives
the same HTML.

Accessibility is drawn here too: every card and control is a button named in words (the card's
name, the button's visible text), its state as aria-pressed / aria-disabled; an overlay is a
modal dialog (role=dialog, aria-modal, named by its title) and the table under it is inert.
Each panel is drawn by its feature's module (``sheets``, ``settings``, ``stats_screen``...);
this one draws the table and puts the open panel in its dialog."""

from __future__ import annotations

from html import escape

from chkobba import MoveKind
from shared import words as game_words
from shared.cards import back_html, card_html
from shared.i18n import Language, language

from . import words
from .dialog import button, sheet_box, title
from .frame import (
    CardView,
    Choices,
    Cut,
    Frame,
    LastPlay,
    Overlay,
    PileView,
    ReplayBar,
    SeatView,
)
from .friends import FriendsPanel, friends_button_html, friends_html
from .model import ScreenPhase
from .news import Announcement
from .people import PassPanel, PeoplePanel, pass_html, people_html
from .puzzle import PuzzlesPanel, puzzle_html, puzzles_html
from .retry import RetryPanel, retry_bar, retry_html
from .review import ExpertPanel, ReviewPanel, expert_html, review_html
from .settings import SettingsPanel, confirm_html, settings_html
from .sheets import (
    LogPanel,
    SharePanel,
    Sheet,
    TakenPanel,
    log_html,
    score_sheet_html,
    share_html,
    taken_html,
)
from .stats_screen import StatsPanel, stats_html

MANY_OPTIONS = 4  # more options than this: a compact, scrolling list
GEAR = (
    '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M19.4 13a7.7 7.7 0 0 0 0-2l2.1-1.6-2-3.5'
    "-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.7 7.7 0"
    " 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.6 7.6 0 0 0 1.7 1L11 21h4l.4-2.9a7.6 7.6 0 0 0 1.7-1l2.5 1 "
    '2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z"/></svg>'
)
LIST = (
    '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 5h2v2H4zm4 0h12v2H8zM4 11h2v2H4zm4 0'
    'h12v2H8zm-4 6h2v2H4zm4 0h12v2H8z"/></svg>'
)
UNDO_ICON = (
    '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12.5 8c-2.6 0-5 1-6.9 2.6L2 7v9h9'
    'l-3.6-3.6A8 8 0 0 1 20.2 16l2.4-.8A10.5 10.5 0 0 0 12.5 8z"/></svg>'
)


def marks_of(frame: Frame) -> dict[str, str]:
    """The data- attributes of the root that tests and styles wait on."""
    return {
        "phase": str(frame.phase),
        "moves": str(frame.moves),
        "lang": frame.lang,
        "players": str(len(frame.seats)),
        "still": "yes" if frame.motion.pace == 0 else "no",  # the instant pace: nothing moves
        "sound": "on" if frame.sound else "off",
        "back": frame.back,
        "felt": frame.felt,
        "title": language(frame.lang)._(words.TITLE),
        "puzzle": frame.puzzle.state if frame.puzzle else "",
    }


def render(frame: Frame) -> str:
    """The whole table; under an open dialog it is inert (no focus, no taps, unread), but
    for the bar above the dialog: the score and the settings stay in reach."""
    t = language(frame.lang)
    inert = " inert" if frame.overlay is not None else ""
    if frame.bare:  # a guest's page, the host not heard from yet: no match of its own
        parts = [
            top_bar(t, frame),
            f'<section class="felt bare" data-zone="table"{inert}>'
            f'<div class="status" data-status>{escape(frame.status)}</div></section>',
        ]
    else:
        parts = [
            top_bar(t, frame),
            "".join(opponent(t, seat, inert) for seat in frame.seats[1:]),
            felt(t, frame, inert),
            player(t, frame, frame.seats[0], inert),
            replay_bar(t, frame.replay, inert),
            puzzle_html(t, frame.puzzle, inert),
            retry_bar(t, frame.retrying, inert),
        ]
    if frame.overlay is not None:
        parts.append(overlay(t, frame.overlay))
    if frame.notice:
        parts.append(notice(t, frame.notice))
    return "".join(parts)


# --- cards ------------------------------------------------------------------------------------


def card_state(view: CardView, pressable: bool, active: bool) -> str:
    """A card button's state: pressed when selected or picked, disabled out of turn."""
    pressed = "selected" in view.marks or "picked" in view.marks
    state = f' aria-pressed="{"true" if pressed else "false"}"' if pressable else ""
    return state + ("" if active else ' aria-disabled="true"')


def view_html(t: Language, view: CardView, active: bool = True) -> str:
    state = card_state(view, True, active) if view.tappable else ""
    return card_html(t, view.card, view.marks, view.tappable, state=state)


# --- the table ----------------------------------------------------------------------------------


def top_bar(t: Language, frame: Frame) -> str:
    """The settings, the links to friends far away, the score (none on a bare table)."""
    first, second = frame.scores
    score = (
        f'<b>{escape(first.name)}</b><em data-score="0">{first.points}</em>'
        f'<span class="target">{escape(frame.target)}</span>'
        f'<em data-score="1">{second.points}</em><b>{escape(second.name)}</b>'
    )
    if frame.bare:
        score = ""
    return (
        f'<header class="bar"><h1 class="sr-only">{escape(t._(words.TITLE))}</h1>'
        f'<button type="button" class="icon" data-action="settings" aria-haspopup="dialog" '
        f'aria-label="{escape(t._(words.SETTINGS))}">{GEAR}</button>'
        f"{friends_button_html(t) if frame.friends else ''}"
        f'<div class="score">{score}</div></header>'
    )


def pile(t: Language, view: PileView | None) -> str:
    """Captured cards face down with their count; each chkobba's sweeping card face up beside
    them; with four players, the side's name on the pile, under the count."""
    if view is None:
        return ""
    label = escape(view.label)
    sweeps = "".join(card_html(t, c) for c in view.sweeps)
    caption = f'<span class="side" aria-hidden="true">{escape(view.caption)}</span>'
    return (
        f'<div class="pile" data-zone="pile-{view.side}" title="{label}" role="img" '
        f'aria-label="{label}"><div class="stack{"" if view.count else " none"}">{back_html()}'
        f'<span class="count" data-pile="{view.count}">{view.count}</span>'
        f'{caption if view.caption else ""}</div><div class="sweeps">{sweeps}</div></div>'
    )


def opponent(t: Language, seat: SeatView, inert: str) -> str:
    """Another seat: its cards face down, its name (and whether it deals), its turn; the cut
    card it just kept, face down by its hand."""
    held = escape(words.held(t, seat.backs))
    kept = ""
    if seat.cut == "kept":
        kept = (
            f'<div class="kept" data-kept>{back_html()}<span>{escape(t._(words.KEPT))}</span></div>'
        )
    turn = " turn" if seat.turn else ""
    return (
        f'<section class="zone opp at-{seat.place}{turn}" data-seat="{seat.seat}"{inert}>'
        f'<div class="seat"><div class="hand backs" data-zone="hand-{seat.seat}" role="img" '
        f'aria-label="{held}">{back_html() * seat.backs}</div>'
        f'<div class="who{turn}">{escape(seat.name)}</div>{kept}</div>'
        f"{last_play(t, seat.seat, seat.last)}{pile(t, seat.pile)}</section>"
    )


def last_play(t: Language, seat: int, last: LastPlay | None) -> str:
    """A seat's last play in the deal: the card it played and what it took, small."""
    if last is None:
        return ""
    cards = card_html(t, last.card, key="data-mini")
    if last.cards:
        taken = "".join(card_html(t, c, key="data-mini") for c in last.cards)
        cards += f'<span class="took" aria-hidden="true">→</span>{taken}'
    star = '<span class="star" aria-hidden="true">★</span>' if last.chkobba else ""
    label = escape(last.label)
    return (
        f'<div class="last" data-last="{seat}" role="img" aria-label="{label}" title="{label}">'
        f'<span aria-hidden="true">{cards}</span>{star}</div>'
    )


def felt(t: Language, frame: Frame, inert: str) -> str:
    cards = [view_html(t, v) for v in frame.table]
    if frame.incoming is not None:
        cards.append(card_html(t, frame.incoming, ("incoming",)))
    if not cards:
        cards.append(f'<span class="empty">{escape(t._(game_words.EMPTY_TABLE))}</span>')
    stock = frame.stock
    return (
        f'<section class="felt{" choosing" if frame.choices else ""}" data-zone="table"{inert}>'
        '<div class="felt-head">'
        f'<div class="stock{"" if stock else " empty"}" data-zone="stock" role="img" '
        f'aria-label="{escape(game_words.stock_label(t, stock))}">{back_html()}'
        f'<span aria-hidden="true">{escape(words.stock(t, stock))}</span></div>'
        f'<button type="button" class="deal-no" data-action="log" aria-haspopup="dialog" '
        f'aria-label="{escape(words.log_button(t, frame.deal))}">'
        f'<span aria-hidden="true">{escape(frame.deal)}</span>{LIST}</button></div>'
        f'<div class="table-cards" role="group" aria-label="{escape(t._(words.TABLE))}">'
        f"{''.join(cards)}</div>"
        f"{choice_panel(t, frame.choices)}"
        f'<div class="status{" mine" if frame.mine else ""}" data-status>'
        f"{escape(frame.status)}</div>"
        f"{announcement(frame.announcement)}</section>"
    )


def replay_bar(t: Language, bar: ReplayBar | None, inert: str) -> str:
    """A shared deal's controls, in a row of their own under the player's hand (never under a
    seat's name or cards, nor cut by the felt): to the start, back, forward, to the end; the
    move shown; the way back to the player's own match."""
    if bar is None:
        return ""
    arrows = {  # (mirrored right to left by the style sheet)
        "first": "M6 5h2v14H6zM19 5v14l-9-7z",
        "prev": "M16 5v14l-9-7z",
        "next": "M8 5v14l9-7z",
        "last": "M16 5h2v14h-2zM5 5v14l9-7z",
    }
    buttons = []
    for step, arrow in arrows.items():
        stuck = bar.step == 0 if step in ("first", "prev") else bar.step == bar.total
        off = ' aria-disabled="true"' if stuck else ""
        name = escape(t._(words.REPLAY_BUTTONS[step]))
        buttons.append(
            f'<button type="button" class="icon" data-action="replay" data-value="{step}"{off} '
            f'aria-label="{name}" title="{name}"><svg viewBox="0 0 24 24" aria-hidden="true">'
            f'<path d="{arrow}"/></svg></button>'
        )
    step = f'<span class="step" data-step="{bar.step}">{escape(bar.label)}</span>'
    buttons.insert(2, step)
    own = f'<a class="own" href="./index.html">{escape(t._(words.OWN_MATCH))}</a>'
    return (
        f'<div class="replay-row"{inert}><nav class="replay" aria-label="{escape(bar.label)}">'
        f"{''.join(buttons)}</nav>{own}</div>"
    )


def choice_panel(t: Language, choices: Choices | None) -> str:
    if choices is None:
        return ""
    many = " many" if len(choices.options) > MANY_OPTIONS else ""
    buttons = []
    for move, label in choices.options:
        plus = '<span class="plus">+</span>'
        minis = plus.join(card_html(t, c, key="data-mini") for c in move.captures)
        buttons.append(
            f'<button type="button" class="choice" data-action="move" data-move="{move}" '
            f'aria-label="{escape(label)}"><span aria-hidden="true">{minis}</span></button>'
        )
    return (
        f'<div class="choices{many}">'
        f'<div class="choice-head"><div class="sum" data-sum="{choices.total}">'
        f"{escape(choices.prompt)}</div>"
        '<button type="button" class="cancel" data-action="cancel">'
        f"{escape(t._(game_words.CANCEL))}</button></div>"
        f'<div class="options">{"".join(buttons)}</div></div>'
    )


def announcement(item: Announcement | None) -> str:
    if item is None:
        return ""
    small = f"<small>{escape(item.detail)}</small>" if item.detail else ""
    # Said by the live region with the move that made it (frame.spoken): shown only here.
    return f'<div class="announce" aria-hidden="true">{escape(item.title)}{small}</div>'


def player(t: Language, frame: Frame, seat: SeatView, inert: str) -> str:
    active = frame.hint_enabled
    choosing = frame.phase == ScreenPhase.CHOOSE
    cards = "".join(
        card_html(t, v.card, v.marks, True, state=card_state(v, choosing, active))
        for v in seat.hand
    )
    cards += back_html() * seat.backs  # hidden while the phone passes to the next person
    return (
        f'<section class="zone you" data-seat="{seat.seat}"{inert}>'
        f'<div class="meta"><span class="who{" turn" if seat.turn else ""}">'
        f"{escape(seat.name)}</span>{last_play(t, seat.seat, seat.last)}"
        f"{undo_button(t, frame.undo)}"
        f"{hint_button(t, active, frame.hinting) if frame.hints else ''}"
        f"{pile(t, seat.pile)}</div>"
        f'<div class="hand{" active" if active else ""}" data-zone="hand-{seat.seat}" '
        f'role="group" aria-label="{escape(t._(words.YOUR_HAND))}">{cards}</div></section>'
    )


def undo_button(t: Language, undo: bool | None) -> str:
    """Take back the player's last play: shown unless the settings turn it off, aria-disabled
    when there is nothing to take back in this hand (as the hint button out of turn)."""
    if undo is None:
        return ""
    off = "" if undo else ' aria-disabled="true"'
    return (
        f'<button type="button" class="icon undo" data-action="undo"{off} '
        f'aria-label="{escape(t._(words.UNDO_LABEL))}" title="{escape(t._(words.UNDO))}">'
        f"{UNDO_ICON}</button>"
    )


def hint_button(t: Language, enabled: bool, busy: bool) -> str:
    """The hint button: the hard bot's move for the player, on the player's turn; out of turn
    it is aria-disabled (not disabled), so that the focus can stay on it."""
    off = "" if enabled else ' aria-disabled="true"'
    aria = ' aria-busy="true"' if busy else ""
    return (
        f'<button type="button" class="hint-btn" data-action="hint"{off}{aria} '
        f'aria-label="{escape(t._(words.HINT_LABEL))}" title="{escape(t._(words.HINT))}">'
        f'<span aria-hidden="true">?</span><b class="label">{escape(t._(words.HINT))}</b></button>'
    )


# --- overlays ---------------------------------------------------------------------------------


def overlay(t: Language, item: Overlay) -> str:
    """An open panel, as the dialog of its kind."""
    if isinstance(item, Cut):
        return sheet_box(cut_panel(t, item), ScreenPhase.CUT)
    if isinstance(item, Sheet):
        return sheet_box(score_sheet_html(t, item), item.kind)
    if isinstance(item, SettingsPanel):
        return sheet_box(settings_html(t, item), ScreenPhase.SETTINGS)
    if isinstance(item, LogPanel):
        return sheet_box(log_html(t, item), ScreenPhase.LOG)
    if isinstance(item, TakenPanel):
        return sheet_box(taken_html(t, item), ScreenPhase.TAKEN)
    if isinstance(item, ReviewPanel):
        return sheet_box(review_html(t, item), ScreenPhase.REVIEW)
    if isinstance(item, ExpertPanel):
        return sheet_box(expert_html(t, item), ScreenPhase.EXPERT)
    if isinstance(item, SharePanel):
        return sheet_box(share_html(t, item), ScreenPhase.SHARE)
    if isinstance(item, StatsPanel):
        return sheet_box(stats_html(t, item), ScreenPhase.STATS)
    if isinstance(item, PassPanel):
        return sheet_box(pass_html(t, item), ScreenPhase.PASS)
    if isinstance(item, PeoplePanel):
        return sheet_box(people_html(t, item), ScreenPhase.PEOPLE)
    if isinstance(item, RetryPanel):
        return sheet_box(retry_html(t, item), ScreenPhase.RETRY)
    if isinstance(item, FriendsPanel):
        return sheet_box(friends_html(t, item), ScreenPhase.FRIENDS)
    if isinstance(item, PuzzlesPanel):
        return sheet_box(puzzles_html(t, item), ScreenPhase.PUZZLES)
    return sheet_box(confirm_html(t, item), ScreenPhase.CONFIRM)


def cut_panel(t: Language, cut: Cut) -> str:
    def cls(kind: MoveKind, base: str) -> str:
        return base + (" hint" if cut.hint and cut.hint.kind == kind else "")

    reason = (
        f'<p class="hint-reason" data-hint-reason>{escape(words.hint(t, cut.hint_reason))}</p>'
        if cut.hint
        else ""
    )
    choices = "".join(
        f'<li data-choice="{kind}">{escape(t._(line))}</li>'
        for kind, line in words.CUT_CHOICES.items()
    )
    keep, expose = t._(game_words.KEEP), t._(game_words.EXPOSE)
    return (
        f"{title(t._(words.CUT_TITLE))}"
        f'<p class="sub">{escape(t._(words.CUT_SUB))}</p>'
        f'<div class="cut-card">{card_html(t, cut.card)}</div>'
        f'<ul class="cut-choices">{choices}</ul>'
        '<div class="actions">'
        f"{button('move', keep, cls(MoveKind.KEEP, 'btn'), MoveKind.KEEP)}"
        f"{button('move', expose, cls(MoveKind.EXPOSE, 'btn alt'), MoveKind.EXPOSE)}"
        "</div>"
        + (f'<div class="actions">{hint_button(t, True, cut.hinting)}</div>' if cut.hints else "")
        + reason
    )


def notice(t: Language, text: str) -> str:
    """A notice box (said once by the live region, frame.spoken, not on every repaint)."""
    return (
        f'<div class="notice" data-notice><span>{escape(text)}</span>'
        f'<button type="button" class="icon" data-action="dismiss" '
        f'aria-label="{escape(t._(words.DISMISS))}"><span aria-hidden="true">&times;</span>'
        "</button></div>"
    )
