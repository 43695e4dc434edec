"""A frame as markup: ``render(frame)`` -> (html, texts). The html is this module's own markup
and card codes only; every line of words goes in ``texts``, which the page sets as text (never
as HTML) into the element marked ``data-text="<key>"``, or is the game's own words in the
board's language, escaped. Cards are drawn by the game's own ``card_html``, so a board looks like
the game's table."""

from __future__ import annotations

from html import escape

from shared import words
from shared.cards import back_html, card_html
from shared.i18n import N_, Language, language

from .frame import Frame, Side, Spot
from .script_words import CANNOT

CUT_CARD = N_("The cut card")
ALERT = ' role="alert"'
ENGLISH = ' lang="en" dir="ltr"'  # the notices for the page's author: in English, like the notation
CLASSES = {"hand": "held", "table": "laid"}  # not style.css's .hand: its own rules


def slot(key: str, tag: str = "p", extra: str = "") -> str:
    return f'<{tag} class="{key}" data-text="{key}"{extra}></{tag}>'


def cards(t: Language, spots: tuple[Spot, ...], zone: str, empty: str) -> str:
    inner = "".join(card_html(t, s.card, s.marks, s.button) for s in spots)
    return f'<div class="cards {CLASSES[zone]}" data-zone="{zone}">{inner or empty}</div>'


def pile(t: Language, side: Side, which: str) -> str:
    sweeps = "".join(card_html(t, c, key="data-mini") for c in side.sweeps)
    return (
        f'<div class="pile" data-pile="{which}" aria-label="{escape(side.label)}">'
        f'<div class="stack{"" if side.pile else " none"}">{back_html()}'
        f'<span class="count">{side.pile}</span></div><div class="sweeps">{sweeps}</div></div>'
    )


def stock(t: Language, count: int) -> str:
    if not count:
        return ""
    label = escape(words.stock_label(t, count))
    return f'<div class="stock" aria-label="{label}">{back_html()}<span>{count}</span></div>'


def cut(t: Language, frame: Frame) -> str:
    """The card the shown seat cut, face up, while it decides."""
    if frame.cut is None:
        return ""
    return (
        f'<div class="cards laid cut" data-zone="cut">{card_html(t, frame.cut)}'
        f'<span class="empty">{escape(t._(CUT_CARD))}</span></div>'
    )


def score_table(frame: Frame) -> str:
    if not frame.score:
        return ""
    rows = "".join(
        f"<tr><td>{escape(name)}</td><td>{escape(you)}</td><td>{escape(them)}</td></tr>"
        for name, you, them in frame.score
    )
    you, them = (escape(head) for head in frame.heads)
    return (
        f'<div class="scored" data-scored><table><tr><th></th><th>{you}</th><th>{them}</th></tr>'
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
    t = frame.lang
    you, them = frame.sides
    empty = f'<span class="empty">{escape(t._(words.EMPTY_TABLE))}</span>'
    table = score_table(frame) or cut(t, frame) or cards(t, frame.table, "table", empty)
    tone = f" {frame.tone}" if frame.tone else ""
    html = (
        f'<div class="board" lang="{t.html_lang}" dir="{t.dir}" data-mode="{escape(frame.mode)}"'
        f"{' data-finished' if frame.finished else ''}>"
        f"{slot('caption') if frame.caption else ''}"
        '<div class="baize">'
        f'<div class="side them"><div class="backs">{back_html() * frame.hidden}</div>'
        f"{pile(t, them, 'them')}</div>"
        f'<div class="middle">{stock(t, frame.stock)}{table}</div>'
        f'<div class="side you">{cards(t, frame.hand, "hand", "")}{pile(t, you, "you")}</div>'
        f"{slot('announce', 'div', ALERT) if frame.announce else ''}"
        "</div>"
        f'<div class="under">{slot("step", "span") if frame.step else ""}'
        f"{slot('status')}</div>"
        f'<p class="feedback{tone}" data-text="feedback" role="status" aria-live="polite"></p>'
        f"{button_row(frame)}"
        f"{slot('note', 'p', ALERT + ENGLISH) if frame.notice else ''}"
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


def render_error(message: str, lang: str = "en") -> tuple[str, dict[str, str]]:
    """A board that cannot be shown says why (in the board's language; ``message`` is for the
    page's author, in English like the notation's errors), and nothing else runs."""
    t = language(lang)
    html = (
        f'<div class="board broken" role="alert" lang="{t.html_lang}" dir="{t.dir}">'
        f'<p class="title">{escape(t._(CANNOT))}</p>{slot("error", extra=ENGLISH)}</div>'
    )
    return html, {"error": message}
