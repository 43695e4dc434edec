"""A card as HTML, its face or its back: the one card drawing of the game's table (``render``)
and of the tutorial boards (``board.render``), which ship this module and the words it needs,
not the game's frame. Named in words for screen readers; every text escaped."""

from __future__ import annotations

from html import escape

from chkobba import HAYYA, Card

from . import words
from .i18n import Language


def suit_svg(suit: str, cls: str = "") -> str:
    attr = f' class="{cls}"' if cls else ""
    return f'<svg{attr} aria-hidden="true"><use href="#suit-{suit}"/></svg>'


def card_html(
    t: Language,
    card: Card,
    marks: tuple[str, ...] = (),
    button: bool = False,
    key: str = "",
    state: str = "",
) -> str:
    """A card face: corner indices, a big suit (or a court figure with its capture value: the
    figure drawn by style.css from data-c, its art from tools/court_art.py), as printed in every
    language; named in words for screen readers. ``key`` is the attribute naming the card:
    data-card (unique on the page, what animates) by default, data-mini for the small copies in
    the capture choice; ``state``: its aria-pressed / aria-disabled."""
    flags = ("red" if card.red else "", "hayya" if card == HAYYA else "", *marks)
    cls = " ".join(["card face", *(c for c in flags if c)])
    # The printed ranks are drawn by CSS (data-r), not text: the card's name is its aria-label.
    idx = f'<b data-r="{card.rank}"></b>{suit_svg(card.suit)}'
    if card.rank in "QJK":
        court = f'<span class="court" data-c="{card.code}"></span>'
        middle = f'{court}<i class="val" data-r="{card.value}"></i>'
    else:
        middle = suit_svg(card.suit, "pip")
    face = f'<span class="idx">{idx}</span>{middle}<span class="idx br">{idx}</span>'
    if card == HAYYA:  # the 7 of diamonds wears its name
        face += f'<span class="tag">{escape(t.marked(words.HAYYA_TAG))}</span>'
    body = f'<span class="face-art" aria-hidden="true">{face}</span>'
    name = words.card_name(t, card)
    if "hint" in marks:
        name = words.suggested(t, name)
    attrs = f'class="{cls}" {key or "data-card"}="{card.code}" aria-label="{escape(name)}"'
    if button:
        return f'<button type="button" {attrs}{state}>{body}</button>'
    return f'<div role="img" {attrs}>{body}</div>'


def back_html() -> str:
    return '<div class="card back"></div>'
