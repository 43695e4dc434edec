"""Draws a ``Frame`` as HTML, and nothing else: no rule, no decision, no word of its own (labels
come from ``words``, in the frame's language). Every text is escaped; the same frame always gives
the same HTML.

Accessibility is drawn here too: every card and control is a button named in words (the card's
name, the button's visible text), its state as aria-pressed / aria-disabled; an overlay is a
modal dialog (role=dialog, aria-modal, named by its title) and the table under it is inert."""

from __future__ import annotations

from html import escape

from chkobba import TARGETS, MoveKind
from chkobba.rules import LEVELS, PLAYERS

from . import words
from .cards import back_html, card_html
from .frame import (
    Announcement,
    CardView,
    Choices,
    Confirm,
    Cut,
    ExpertPanel,
    Frame,
    FriendsPanel,
    LastPlay,
    LinkRow,
    LogPanel,
    Overlay,
    PassPanel,
    PeoplePanel,
    Person,
    PileView,
    ReplayBar,
    ReviewPanel,
    Row,
    SeatView,
    SettingsPanel,
    SharePanel,
    Sheet,
    StatsBar,
    StatsPanel,
    TakenPanel,
)
from .i18n import LANGUAGES, Language, direction, language
from .model import BACKS, FELTS, NAME_LIMIT, PACES, LinkState, ScreenPhase
from .stats import RECENT

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
PEOPLE_ICON = (
    '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M8 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7'
    "zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8 13c-3.3 0-6 1.7-6 4v2h12v-2c0-2.3-2.7-4-6-4zm8 0c-.6 0"
    '-1.2.1-1.7.2 1.1.9 1.7 2.1 1.7 3.8v2h6v-2c0-2.3-2.7-4-6-4z"/></svg>'
)
TITLE_ID = "dialog-title"
SCROLLS = f'tabindex="0" aria-labelledby="{TITLE_ID}"'  # a list that scrolls: the keyboard too


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
        f"{friends_button(t) if frame.friends else ''}"
        f'<div class="score">{score}</div></header>'
    )


def friends_button(t: Language) -> str:
    """Opens the links to friends far away (the match has some)."""
    return (
        f'<button type="button" class="icon friends" data-action="friends" aria-haspopup="dialog" '
        f'aria-label="{escape(t._(words.FRIENDS_TITLE))}">{PEOPLE_ICON}</button>'
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
        cards.append(f'<span class="empty">{escape(t._(words.EMPTY_TABLE))}</span>')
    stock = frame.stock
    return (
        f'<section class="felt{" choosing" if frame.choices else ""}" data-zone="table"{inert}>'
        '<div class="felt-head">'
        f'<div class="stock{"" if stock else " empty"}" data-zone="stock" role="img" '
        f'aria-label="{escape(words.stock_label(t, stock))}">{back_html()}'
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
        f'<button type="button" class="cancel" data-action="cancel">{escape(t._(words.CANCEL))}'
        "</button></div>"
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
    if isinstance(item, Cut):
        return sheet_box(cut_panel(t, item), ScreenPhase.CUT)
    if isinstance(item, Sheet):
        return sheet_box(score_sheet(t, item), item.kind)
    if isinstance(item, SettingsPanel):
        return sheet_box(settings_panel(t, item), ScreenPhase.SETTINGS)
    if isinstance(item, LogPanel):
        return sheet_box(log_panel(t, item), ScreenPhase.LOG)
    if isinstance(item, TakenPanel):
        return sheet_box(taken_panel(t, item), ScreenPhase.TAKEN)
    if isinstance(item, ReviewPanel):
        return sheet_box(review_panel(t, item), ScreenPhase.REVIEW)
    if isinstance(item, ExpertPanel):
        return sheet_box(expert_panel(t, item), ScreenPhase.EXPERT)
    if isinstance(item, SharePanel):
        return sheet_box(share_panel(t, item), ScreenPhase.SHARE)
    if isinstance(item, StatsPanel):
        return sheet_box(stats_panel(t, item), ScreenPhase.STATS)
    if isinstance(item, PassPanel):
        return sheet_box(pass_panel(t, item), ScreenPhase.PASS)
    if isinstance(item, PeoplePanel):
        return sheet_box(people_panel(t, item), ScreenPhase.PEOPLE)
    if isinstance(item, FriendsPanel):
        return sheet_box(friends_panel(t, item), ScreenPhase.FRIENDS)
    return sheet_box(confirm_panel(t, item), ScreenPhase.CONFIRM)


def sheet_box(inner: str, kind: ScreenPhase) -> str:
    """A modal dialog named by its title (the h2 of ``inner``, id TITLE_ID); ``data-overlay``
    is the phase it is open in."""
    return (
        f'<div class="overlay" data-overlay="{kind}"><div class="sheet" role="dialog" '
        f'aria-modal="true" aria-labelledby="{TITLE_ID}">{inner}</div></div>'
    )


def title(text: str, cls: str = "") -> str:
    """A dialog's title; it takes the focus when the dialog opens long (screen.js)."""
    attr = f' class="{cls}"' if cls else ""
    return f'<h2 id="{TITLE_ID}" tabindex="-1"{attr}>{escape(text)}</h2>'


def button(action: str, label: str, cls: str = "btn", value: str = "") -> str:
    data = f' data-{"move" if action == "move" else "value"}="{escape(value)}"' if value else ""
    return (
        f'<button type="button" class="{cls}" data-action="{action}"{data}>{escape(label)}</button>'
    )


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
    return (
        f"{title(t._(words.CUT_TITLE))}"
        f'<p class="sub">{escape(t._(words.CUT_SUB))}</p>'
        f'<div class="cut-card">{card_html(t, cut.card)}</div>'
        f'<ul class="cut-choices">{choices}</ul>'
        '<div class="actions">'
        f"{button('move', t._(words.KEEP), cls(MoveKind.KEEP, 'btn'), MoveKind.KEEP)}"
        f"{button('move', t._(words.EXPOSE), cls(MoveKind.EXPOSE, 'btn alt'), MoveKind.EXPOSE)}"
        "</div>"
        + (f'<div class="actions">{hint_button(t, True, cut.hinting)}</div>' if cut.hints else "")
        + reason
    )


def score_sheet(t: Language, sheet: Sheet) -> str:
    head = title(sheet.title, "win" if sheet.won else "")
    notes = "".join(f'<p class="sub">{escape(n)}</p>' for n in sheet.notes)
    table = ""
    if sheet.rows:
        match = ""
        if sheet.target:  # (the daily deal: one deal, no match)
            totals = "".join(f"<td>{p}</td>" for p in sheet.totals)
            match = (
                f'<tr class="match"><th scope="row">{escape(t._(words.MATCH))}'
                f"<small>{escape(words.match_target(t, sheet.target))}</small></th>{totals}</tr>"
            )
        table = points_table(t, sheet.sides, sheet.rows, sheet.deal, match)
    action = button(sheet.action, sheet.action_label) if sheet.action else ""
    if sheet.share:
        share = copy_button(
            sheet.link, t._(words.SHARE_RESULT), t._(words.COPIED_RESULT), sheet.share
        )
        action = f'{share}<a class="btn alt" href="./index.html">{escape(t._(words.OWN_MATCH))}</a>'
    labels = {
        "log": words.LOG,
        "taken": words.TAKEN,
        "review": words.REVIEW,
        "expert": words.EXPERT,
        "share": words.SHARE,
    }
    if sheet.together:
        labels["review"] = words.REVIEW_TOGETHER
    more = "".join(button(name, t._(labels[name]), "btn plain") for name in sheet.more)
    actions = f'<div class="actions">{action}</div><div class="actions more">{more}</div>'
    return f"{head}{notes}{table}{actions}"


def log_panel(t: Language, panel: LogPanel) -> str:
    """The deal's log: one list item a line, the player's side's marked, chkobbas starred."""
    items = []
    for line in panel.lines:
        cls = " ".join(
            c
            for c in (
                str(line.kind),
                "mine" if line.mine else "",
                "chkobba" if line.chkobba else "",
            )
            if c
        )
        items.append(f'<li class="{cls}">{escape(line.text)}</li>')
    body = (
        f'<ol class="log" data-log="{len(panel.lines)}" {SCROLLS}>{"".join(items)}</ol>'
        if items
        else f'<p class="sub">{escape(t._(words.NOTHING_YET))}</p>'
    )
    return f"{title(panel.title)}{body}{close_button(t)}"


def working(t: Language) -> str:
    return f'<p class="sub" aria-busy="true">{escape(t._(words.WORKING))}</p>'


def close_button(t: Language) -> str:
    return f'<div class="actions">{button("close", t._(words.CLOSE), "btn")}</div>'


def review_panel(t: Language, panel: ReviewPanel) -> str:
    """Each decision with its grade, and what the expert would have done where it differs."""
    if panel.working:
        return f"{title(panel.title)}{working(t)}{close_button(t)}"
    items = []
    for line in panel.lines:
        expert = f"<small>{escape(line.expert)}</small>" if line.expert else ""
        items.append(
            f'<li class="{line.grade}"><span class="grade">{escape(line.grade_label)}</span>'
            f"<span>{escape(line.played)}{expert}</span></li>"
        )
    return (
        f"{title(panel.title)}{persons('review', panel.persons)}"
        f'<p class="sub">{escape(panel.summary)}</p>'
        f'<ol class="log review" data-review="{len(panel.lines)}" {SCROLLS}>'
        f"{''.join(items)}</ol>"
        f"{close_button(t)}"
    )


def persons(action: str, people: tuple[Person, ...]) -> str:
    """Pass-and-play: a button for each person, the one whose seat is shown pressed."""
    if not people:
        return ""
    buttons = "".join(
        f'<button type="button" data-action="{action}" data-value="{p.seat}" '
        f'aria-pressed="{str(p.shown).lower()}" dir="auto">{escape(p.name)}</button>'
        for p in people
    )
    return f'<div class="seg" role="group" aria-labelledby="{TITLE_ID}">{buttons}</div>'


def expert_panel(t: Language, panel: ExpertPanel) -> str:
    """The player's side's points beside the expert's, row by row, on the same cards."""
    if panel.working:
        return f"{title(panel.title)}{working(t)}{close_button(t)}"
    table = points_table(t, panel.columns, panel.rows, panel.totals)
    return (
        f"{title(panel.title)}{persons('expert', panel.persons)}{table}"
        f'<p class="sub">{escape(panel.others)}</p>{close_button(t)}'
    )


def share_panel(t: Language, panel: SharePanel) -> str:
    """The deal's link, to copy or hand to the phone's share sheet (host.js does: data-copy)."""
    link = escape(panel.link)
    return (
        f'{title(panel.title)}<p class="sub">{escape(panel.text)}</p>'
        f'<p><a class="deal-link" href="{link}" dir="ltr">{link}</a></p>'
        '<div class="actions">'
        f"{copy_button(panel.link, t._(words.COPY), t._(words.COPIED))}"
        f"{button('close', t._(words.CLOSE), 'btn plain')}</div>"
    )


def copy_button(link: str, label: str, copied: str, text: str = "") -> str:
    """A button that hands ``link`` (made absolute), with ``text`` before it, to the phone's
    share sheet, or copies them; then says ``copied`` (host.js does: data-copy)."""
    shared = f' data-text="{escape(text)}"' if text else ""
    return (
        f'<button type="button" class="btn" data-copy="{escape(link)}"{shared} '
        f'data-copied="{escape(copied)}">{escape(label)}</button>'
    )


def points_table(
    t: Language,
    columns: tuple[str, ...],
    rows: tuple[Row, ...],
    deal: tuple[int, ...],
    after: str = "",
) -> str:
    """A score sheet's table: a column a side (or a player), a row a point with what earned it,
    the deal's points, then ``after`` (the match's totals)."""
    cols = "".join(f'<th scope="col">{escape(name)}</th>' for name in columns)
    body = []
    for row in rows:
        cells = "".join(
            f"<td>{points}{f'<small>{escape(note)}</small>' if note else ''}</td>"
            for points, note in row.cells
        )
        body.append(f'<tr data-row="{row.key}"><th scope="row">{escape(row.name)}</th>{cells}</tr>')
    points = "".join(f"<td>{p}</td>" for p in deal)
    body.append(
        f'<tr class="total" data-row="total"><th scope="row">{escape(t._(words.THIS_DEAL))}</th>'
        f"{points}</tr>{after}"
    )
    corner = f'<th scope="col"><span class="sr-only">{escape(t._(words.SCORE))}</span></th>'
    return f"<table><tr>{corner}{cols}</tr>{''.join(body)}</table>"


def taken_panel(t: Language, panel: TakenPanel) -> str:
    """Each side's cards taken in the deal, small, by suit."""
    parts = []
    for name, cards in panel.sides:
        minis = "".join(card_html(t, c, key="data-mini") for c in cards)
        parts.append(
            f"<h3>{escape(name)} <small>{escape(t.count_cards(len(cards)))}</small></h3>"
            f'<div class="taken" role="group" aria-label="{escape(name)}">{minis}</div>'
        )
    return f"{title(panel.title)}{''.join(parts)}{close_button(t)}"


def settings_panel(t: Language, panel: SettingsPanel) -> str:
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
    links = f'<p class="sub"><a href="./index.html?daily">{escape(t._(words.DAILY_LINK))}</a></p>'
    new = button("new", t._(words.NEW_GAME), "btn alt")
    if panel.daily or panel.guest:
        match, note = "", escape(t._(words.GUEST_NOTE if panel.guest else words.DAILY_NOTE))
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


CHART_BAR, CHART_GAP, CHART_HALF = 10, 4, 40  # the chart's bars, in its viewBox's units


def stats_chart(label: str, bars: tuple[StatsBar, ...]) -> str:
    """The last matches as bars about a line: up for a match won, down for one lost, as high
    as the margin (the largest fills half the height); each bar named in words."""
    if not bars:
        return ""
    scale = CHART_HALF / max(max(abs(bar.margin) for bar in bars), 1)
    width = RECENT * (CHART_BAR + CHART_GAP) + CHART_GAP  # a bar as wide however many there are
    shapes = []
    for i, bar in enumerate(bars):
        height = max(abs(bar.margin) * scale, 2)
        y = CHART_HALF - height if bar.margin > 0 else CHART_HALF
        x = CHART_GAP + i * (CHART_BAR + CHART_GAP)
        shapes.append(
            f'<rect class="{"won" if bar.margin > 0 else "lost"}" x="{x}" y="{y:.1f}" '
            f'width="{CHART_BAR}" height="{height:.1f}"><title>{escape(bar.label)}</title></rect>'
        )
    return (
        f'<svg class="chart" viewBox="0 0 {width} {2 * CHART_HALF}" role="img" '
        f'aria-label="{escape(label)}" data-bars="{len(bars)}">'
        f'<line x1="0" y1="{CHART_HALF}" x2="{width}" y2="{CHART_HALF}"/>{"".join(shapes)}</svg>'
    )


def stats_panel(t: Language, panel: StatsPanel) -> str:
    """The counts per level and number of players, the chart, and the file and reset
    controls; a question waiting for a yes replaces the controls."""
    groups = "".join(
        f'<h3>{escape(group.heading)}</h3><dl class="stats">'
        + "".join(f"<dt>{escape(name)}</dt><dd>{escape(value)}</dd>" for name, value in group.lines)
        + "</dl>"
        for group in panel.groups
    )
    chart = ""
    if panel.bars:
        chart = (
            f"<h3>{escape(panel.chart_label)}</h3>{stats_chart(panel.chart_label, panel.bars)}"
            f'<p class="sub small">{escape(t._(words.STATS_CHART_KEY))}</p>'
        )
    error = ""
    if panel.error:
        detail = (
            f'<small dir="ltr" lang="en">{escape(panel.detail)}</small>' if panel.detail else ""
        )
        error = (
            f'<p class="stats-error" role="alert" data-stats-error>{escape(panel.error)}'
            f"{detail}</p>"
        )
    if panel.ask:
        actions = (
            f'<p class="ask" data-stats-ask>{escape(panel.ask)}</p><div class="actions stacked">'
            f"{button('stats-cancel', t._(words.CANCEL), 'btn')}"
            f"{button('stats-confirm', panel.yes, 'btn alt')}</div>"
        )
    else:
        picker = (
            '<label class="btn plain file"><input type="file" accept=".json,application/json" '
            f'data-file="stats">{escape(t._(words.STATS_IMPORT))}</label>'
        )
        actions = (
            '<div class="actions more">'
            f"{button('stats-export', t._(words.STATS_EXPORT), 'btn plain')}{picker}"
            f"{button('stats-reset', t._(words.STATS_RESET), 'btn plain')}</div>"
            f"{close_button(t)}"
        )
    return (
        f'{title(panel.title)}<p class="sub" data-stats-summary>{escape(panel.summary)}</p>'
        f"{groups}{chart}"
        f"{error}{actions}"
    )


def pass_panel(t: Language, panel: PassPanel) -> str:
    return (
        f'{title(panel.title)}<p class="sub">{escape(panel.text)}</p>'
        f'<div class="actions">{button("ready", t._(words.PASS_READY), "btn")}</div>'
    )


def people_panel(t: Language, panel: PeoplePanel) -> str:
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


def friends_panel(t: Language, panel: FriendsPanel) -> str:
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


def confirm_panel(t: Language, confirm: Confirm) -> str:
    return (
        f"{title(confirm.title)}<p>{escape(confirm.text)}</p>"
        '<div class="actions stacked">'
        f"{button('close', t._(words.KEEP_PLAYING), 'btn')}"
        f"{button('confirm-new', t._(words.ABANDON), 'btn alt')}</div>"
    )


def notice(t: Language, text: str) -> str:
    """A notice box (said once by the live region, frame.spoken, not on every repaint)."""
    return (
        f'<div class="notice" data-notice><span>{escape(text)}</span>'
        f'<button type="button" class="icon" data-action="dismiss" '
        f'aria-label="{escape(t._(words.DISMISS))}"><span aria-hidden="true">&times;</span>'
        "</button></div>"
    )
