"""The parts every dialog over the table is drawn with: its modal box, its title, its buttons
(an action, close, copy or share), the line said while it is worked out. Every text escaped."""

from __future__ import annotations

from html import escape

from shared.i18n import Language

from . import words
from .model import ScreenPhase

TITLE_ID = "dialog-title"
SCROLLS = f'tabindex="0" aria-labelledby="{TITLE_ID}"'  # a list that scrolls: the keyboard too


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


def close_button(t: Language) -> str:
    return f'<div class="actions">{button("close", t._(words.CLOSE), "btn")}</div>'


def copy_button(link: str, label: str, copied: str, text: str = "") -> str:
    """A button that hands ``link`` (made absolute), with ``text`` before it, to the phone's
    share sheet, or copies them; then says ``copied`` (host.js does: data-copy)."""
    shared = f' data-text="{escape(text)}"' if text else ""
    return (
        f'<button type="button" class="btn" data-copy="{escape(link)}"{shared} '
        f'data-copied="{escape(copied)}">{escape(label)}</button>'
    )


def working(t: Language) -> str:
    return f'<p class="sub" aria-busy="true">{escape(t._(words.WORKING))}</p>'
