"""Draws a ``Frame`` as HTML, and nothing else: no rule, no decision, no word of its own (labels
come from ``words``). Every text is escaped; the same frame always gives the same HTML."""

from __future__ import annotations

from html import escape

from chkobba import HAYYA, TARGETS, Card

from . import words
from .frame import (
    Announcement,
    CardView,
    Choices,
    Confirm,
    Cut,
    Frame,
    Overlay,
    SeatView,
    SettingsPanel,
    Sheet,
)
from .model import LEVELS

MANY_OPTIONS = 4  # more options than this: a compact, scrolling list
GEAR = (
    '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M19.4 13a7.7 7.7 0 0 0 0-2l2.1-1.6-2-3.5'
    "-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.7 7.7 0"
    " 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.6 7.6 0 0 0 1.7 1L11 21h4l.4-2.9a7.6 7.6 0 0 0 1.7-1l2.5 1 "
    '2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z"/></svg>'
)


def marks_of(frame: Frame) -> dict[str, str]:
    """The data- attributes of the root that tests and styles wait on."""
    return {"phase": frame.phase, "moves": str(frame.moves)}


def render(frame: Frame) -> str:
    """The whole table."""
    others = "".join(opponent(seat) for seat in frame.seats[1:])
    parts = [top_bar(frame), others, felt(frame), player(frame, frame.seats[0])]
    if frame.overlay is not None:
        parts.append(overlay(frame.overlay))
    if frame.notice:
        parts.append(notice(frame.notice))
    return "".join(parts)


# --- cards ------------------------------------------------------------------------------------


def suit_svg(suit: str, cls: str = "") -> str:
    attr = f' class="{cls}"' if cls else ""
    return f'<svg{attr} aria-hidden="true"><use href="#suit-{suit}"/></svg>'


def card_html(card: Card, marks: tuple[str, ...] = (), button: bool = False, key: str = "") -> str:
    """A card face: corner indices, a big suit (or a court letter with its capture value).
    ``key`` is the attribute naming the card: data-card (unique on the page, what animates) by
    default, data-mini for the small copies in the capture choice."""
    flags = ("red" if card.red else "", "hayya" if card == HAYYA else "", *marks)
    cls = " ".join(["card face", *(c for c in flags if c)])
    idx = f"<b>{card.rank}</b>{suit_svg(card.suit)}"
    if card.rank in "QJK":
        middle = f'<span class="court">{card.rank}</span><i class="val">{card.value}</i>'
    else:
        middle = suit_svg(card.suit, "pip")
    body = f'<span class="idx">{idx}</span>{middle}<span class="idx br">{idx}</span>'
    attrs = f'class="{cls}" {key or "data-card"}="{card.code}" aria-label="{words.card_name(card)}"'
    if button:
        return f'<button type="button" {attrs}>{body}</button>'
    return f"<div {attrs}>{body}</div>"


def view_html(view: CardView) -> str:
    return card_html(view.card, view.marks, view.tappable)


def back_html() -> str:
    return '<div class="card back"></div>'


# --- the table ----------------------------------------------------------------------------------


def top_bar(frame: Frame) -> str:
    first, second = frame.scores
    return (
        '<header class="bar">'
        f'<button type="button" class="icon" data-action="settings" '
        f'aria-label="{escape(words.SETTINGS)}">{GEAR}</button>'
        f'<div class="score"><b>{escape(first.name)}</b><em data-score="0">{first.points}</em>'
        f'<span class="target">{escape(frame.target)}</span>'
        f'<em data-score="1">{second.points}</em><b>{escape(second.name)}</b></div>'
        "</header>"
    )


def pile(seat: SeatView) -> str:
    """Captured cards face down with their count; each chkobba's sweeping card face up on top."""
    label = escape(seat.pile_label)
    sweeps = "".join(card_html(c) for c in seat.sweeps)
    return (
        f'<div class="pile" data-zone="pile-{seat.side}" title="{label}" aria-label="{label}">'
        f'<div class="stack{"" if seat.pile else " none"}">{back_html()}'
        f'<span class="count" data-pile="{seat.pile}">{seat.pile}</span></div>'
        f'<div class="sweeps">{sweeps}</div></div>'
    )


def opponent(seat: SeatView) -> str:
    return (
        f'<section class="zone opp" data-seat="{seat.seat}">'
        f'<div><div class="hand backs" data-zone="hand-{seat.seat}">{back_html() * seat.backs}'
        f'</div><div class="who{" turn" if seat.turn else ""}">{escape(seat.name)}</div></div>'
        f"{pile(seat)}</section>"
    )


def felt(frame: Frame) -> str:
    cards = [view_html(v) for v in frame.table]
    if frame.incoming is not None:
        cards.append(card_html(frame.incoming, ("incoming",)))
    if not cards:
        cards.append(f'<span class="empty">{escape(words.EMPTY_TABLE)}</span>')
    stock = frame.stock
    return (
        f'<section class="felt{" choosing" if frame.choices else ""}" data-zone="table">'
        '<div class="felt-head">'
        f'<div class="stock{"" if stock else " empty"}" data-zone="stock" '
        f'aria-label="{escape(words.stock_label(stock))}">{back_html()}'
        f"<span>{escape(words.stock(stock))}</span></div>"
        f'<span class="deal-no">{escape(frame.deal)}</span></div>'
        f'<div class="table-cards">{"".join(cards)}</div>'
        f"{choice_panel(frame.choices)}"
        f'<div class="status{" mine" if frame.mine else ""}" data-status>'
        f"{escape(frame.status)}</div>"
        f"{announcement(frame.announcement)}</section>"
    )


def choice_panel(choices: Choices | None) -> str:
    if choices is None:
        return ""
    many = " many" if len(choices.options) > MANY_OPTIONS else ""
    buttons = []
    for move, label in choices.options:
        plus = '<span class="plus">+</span>'
        minis = plus.join(card_html(c, key="data-mini") for c in move.captures)
        buttons.append(
            f'<button type="button" class="choice" data-action="move" data-move="{move}" '
            f'aria-label="{escape(label)}">{minis}</button>'
        )
    return (
        f'<div class="choices{many}">'
        f'<div class="sum" data-sum="{choices.total}">{escape(choices.prompt)}</div>'
        f'<div class="options">{"".join(buttons)}</div>'
        f'<button type="button" class="cancel" data-action="cancel">{escape(words.CANCEL)}'
        "</button></div>"
    )


def announcement(item: Announcement | None) -> str:
    if item is None:
        return ""
    small = f"<small>{escape(item.detail)}</small>" if item.detail else ""
    return f'<div class="announce" role="alert">{escape(item.title)}{small}</div>'


def player(frame: Frame, seat: SeatView) -> str:
    active = frame.hint_enabled
    cards = "".join(view_html(v) for v in seat.hand)
    return (
        f'<section class="zone you" data-seat="{seat.seat}">'
        f'<div class="meta"><span class="who{" turn" if seat.turn else ""}">'
        f"{escape(seat.name)}</span>"
        f"{hint_button(active, frame.hinting)}{pile(seat)}</div>"
        f'<div class="hand{" active" if active else ""}" data-zone="hand-{seat.seat}">'
        f"{cards}</div></section>"
    )


def hint_button(enabled: bool, busy: bool) -> str:
    """The hint button: the hard bot's move for the player, on the player's turn."""
    off = "" if enabled else " disabled"
    aria = ' aria-busy="true"' if busy else ""
    return (
        f'<button type="button" class="hint-btn" data-action="hint"{off}{aria} '
        f'aria-label="{escape(words.HINT_LABEL)}"><span aria-hidden="true">?</span>'
        f"{escape(words.HINT)}</button>"
    )


# --- overlays ---------------------------------------------------------------------------------


def overlay(item: Overlay) -> str:
    if isinstance(item, Cut):
        return sheet_box(cut_panel(item), "cut")
    if isinstance(item, Sheet):
        return sheet_box(score_sheet(item), item.kind)
    if isinstance(item, SettingsPanel):
        return sheet_box(settings_panel(item), "settings")
    return sheet_box(confirm_panel(item), "confirm")


def sheet_box(inner: str, kind: str) -> str:
    return f'<div class="overlay" data-overlay="{kind}"><div class="sheet">{inner}</div></div>'


def button(action: str, label: str, cls: str = "btn", value: str = "") -> str:
    data = f' data-move="{value}"' if action == "move" else ""
    return (
        f'<button type="button" class="{cls}" data-action="{action}"{data}>{escape(label)}</button>'
    )


def cut_panel(cut: Cut) -> str:
    def cls(kind: str, base: str) -> str:
        return base + (" hint" if cut.hint and cut.hint.kind == kind else "")

    reason = (
        f'<p class="hint-reason" data-hint-reason>{escape(words.hint(cut.hint_reason))}</p>'
        if cut.hint
        else ""
    )
    return (
        f"<h2>{escape(words.CUT_TITLE)}</h2>"
        f'<p class="sub">{escape(words.CUT_SUB)}</p>'
        f'<div class="cut-card">{card_html(cut.card)}</div>'
        f"<p>{escape(words.CUT_QUESTION)}</p>"
        '<div class="actions">'
        f"{button('move', words.KEEP, cls('keep', 'btn'), 'keep')}"
        f"{button('move', words.EXPOSE, cls('expose', 'btn alt'), 'expose')}</div>"
        f'<div class="actions">{hint_button(True, cut.hinting)}</div>{reason}'
    )


def score_sheet(sheet: Sheet) -> str:
    win = ' class="win"' if sheet.won else ""
    head = f"<h2{win}>{escape(sheet.title)}</h2>"
    notes = "".join(f'<p class="sub">{escape(n)}</p>' for n in sheet.notes)
    table = ""
    if sheet.rows:
        cols = "".join(f"<th>{escape(name)}</th>" for name in sheet.sides)
        body = []
        for row in sheet.rows:
            cells = "".join(
                f"<td>{points}{f'<small>{escape(note)}</small>' if note else ''}</td>"
                for points, note in row.cells
            )
            body.append(f'<tr data-row="{row.key}"><td>{escape(row.name)}</td>{cells}</tr>')
        deal = "".join(f"<td>{p}</td>" for p in sheet.deal)
        body.append(f'<tr class="total"><td>{escape(words.THIS_DEAL)}</td>{deal}</tr>')
        totals = "".join(f"<td>{p}</td>" for p in sheet.totals)
        body.append(
            f'<tr class="match"><td>{escape(words.MATCH)}'
            f"<small>{escape(words.match_target(sheet.target))}</small></td>{totals}</tr>"
        )
        table = f"<table><tr><th></th>{cols}</tr>{''.join(body)}</table>"
    action = button(sheet.action, sheet.action_label)
    return f'{head}{notes}{table}<div class="actions">{action}</div>'


def settings_panel(panel: SettingsPanel) -> str:
    def seg(action: str, values: tuple[object, ...], current: object, names: dict[str, str]) -> str:
        return "".join(
            f'<button type="button" data-action="{action}" data-value="{v}" '
            f'aria-pressed="{"true" if v == current else "false"}">'
            f"{escape(names.get(str(v), str(v)))}</button>"
            for v in values
        )

    return (
        f"<h2>{escape(words.SETTINGS_TITLE)}</h2>"
        f"<h3>{escape(words.LEVEL_TITLE)}</h3>"
        f'<div class="seg">{seg("level", LEVELS, panel.level, words.LEVEL_NAMES)}</div>'
        f"<h3>{escape(words.TARGET_TITLE)}</h3>"
        f'<div class="seg">{seg("target", TARGETS, panel.target, {})}</div>'
        f'<p class="sub">{escape(words.settings_note(panel.match_target))}</p>'
        '<div class="actions">'
        f"{button('new', words.NEW_GAME, 'btn alt')}"
        f"{button('close', words.CLOSE, 'btn plain')}</div>"
    )


def confirm_panel(confirm: Confirm) -> str:
    return (
        f"<h2>{escape(confirm.title)}</h2><p>{escape(confirm.text)}</p>"
        '<div class="actions stacked">'
        f"{button('close', words.KEEP_PLAYING, 'btn')}"
        f"{button('confirm-new', words.ABANDON, 'btn alt')}</div>"
    )


def notice(text: str) -> str:
    return (
        f'<div class="notice" role="alert" data-notice><span>{escape(text)}</span>'
        f'<button type="button" class="icon" data-action="dismiss" '
        f'aria-label="{escape(words.DISMISS)}">&times;</button></div>'
    )
