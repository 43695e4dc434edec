"""A frame as markup: ``render(frame)`` -> (html, texts). The html is this module's own markup
and card codes only; every line of words goes in ``texts``, which the page sets as text (never
as HTML) into the element marked ``data-text="<key>"``. Cards are drawn by the game's own
``card_html``, so a board looks like the game's table."""

from __future__ import annotations

from html import escape

from ui.cards import back_html, card_html
from ui.i18n import language

from .frame import Frame, Side, Spot

EN = language("en")  # boards speak English for now (their `lang` attribute is reserved)
ALERT = ' role="alert"'
CLASSES = {"hand": "held", "table": "laid"}  # not style.css's .hand: its own rules


def slot(key: str, tag: str = "p", extra: str = "") -> str:
    return f'<{tag} class="{key}" data-text="{key}"{extra}></{tag}>'


def cards(spots: tuple[Spot, ...], zone: str, empty: str) -> str:
    inner = "".join(card_html(EN, s.card, s.marks, s.button) for s in spots)
    return f'<div class="cards {CLASSES[zone]}" data-zone="{zone}">{inner or empty}</div>'


def pile(side: Side, which: str) -> str:
    sweeps = "".join(card_html(EN, c, key="data-mini") for c in side.sweeps)
    label = f"{side.name}: {side.pile} cards captured, {len(side.sweeps)} chkobba"
    return (
        f'<div class="pile" data-pile="{which}" aria-label="{escape(label)}">'
        f'<div class="stack{"" if side.pile else " none"}">{back_html()}'
        f'<span class="count">{side.pile}</span></div><div class="sweeps">{sweeps}</div></div>'
    )


def stock(count: int) -> str:
    if not count:
        return ""
    return (
        f'<div class="stock" aria-label="{count} cards in the stock">{back_html()}'
        f"<span>{count}</span></div>"
    )


def score_table(frame: Frame) -> str:
    if not frame.score:
        return ""
    rows = "".join(
        f"<tr><td>{escape(name)}</td><td>{escape(you)}</td><td>{escape(them)}</td></tr>"
        for name, you, them in frame.score
    )
    return (
        '<div class="scored" data-scored><table><tr><th></th><th>You</th><th>Opponent</th></tr>'
        f"{rows}</table>{slot('leftovers')}</div>"
    )


def button_row(frame: Frame) -> str:
    out = []
    for action, label, enabled in frame.buttons:
        name, _, value = action.partition(":")
        data = f' data-value="{escape(value)}"' if value else ""
        off = "" if enabled else " disabled"
        out.append(
            f'<button type="button" class="btn" data-action="{escape(name)}"{data}{off}>'
            f"{escape(label)}</button>"
        )
    return f'<div class="controls">{"".join(out)}</div>' if out else ""


def render(frame: Frame) -> tuple[str, dict[str, str]]:
    """The board's markup, and the texts for its ``data-text`` slots."""
    you, them = frame.sides
    table = score_table(frame) or cards(frame.table, "table", '<span class="empty">Empty</span>')
    tone = f" {frame.tone}" if frame.tone else ""
    html = (
        f'<div class="board" data-mode="{escape(frame.mode)}"'
        f"{' data-finished' if frame.finished else ''}>"
        f"{slot('caption') if frame.caption else ''}"
        '<div class="baize">'
        f'<div class="side them"><div class="backs">{back_html() * frame.hidden}</div>'
        f"{pile(them, 'them')}</div>"
        f'<div class="middle">{stock(frame.stock)}{table}</div>'
        f'<div class="side you">{cards(frame.hand, "hand", "")}{pile(you, "you")}</div>'
        f"{slot('announce', 'div', ALERT) if frame.announce else ''}"
        "</div>"
        f'<div class="under">{slot("step", "span") if frame.step else ""}'
        f"{slot('status')}</div>"
        f'<p class="feedback{tone}" data-text="feedback" role="status" aria-live="polite"></p>'
        f"{button_row(frame)}"
        f"{slot('note', 'p', ALERT) if frame.notice else ''}"
        "</div>"
    )
    texts = {
        "caption": frame.caption,
        "status": frame.status,
        "feedback": frame.feedback,
        "step": frame.step,
        "leftovers": frame.leftovers,
        "announce": frame.announce,
        "note": frame.notice,
    }
    return html, texts


def render_error(message: str) -> tuple[str, dict[str, str]]:
    """A board that cannot be shown says why, and nothing else runs."""
    html = (
        '<div class="board broken" role="alert"><p class="title">This board cannot be shown</p>'
        f"{slot('error')}</div>"
    )
    return html, {"error": message}
