"""The page's languages: which one to speak, its message catalog, its direction, card names.

Catalogs are ``web/locale/<lang>/LC_MESSAGES/messages.po`` (message ids are the English text);
``build.py`` compiles them with Babel into ``dist/locale/.../messages.mo`` and the page reads
them with the standard library's ``gettext`` (``python3 build.py catalogs`` re-extracts the
ids from ``web/`` and updates the catalogs). Messages use ``str.format`` placeholders
(``{who}``), never ``%``, so a translation may put them in any order.
"""

from __future__ import annotations

import functools
import gettext
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from chkobba import HAYYA, Card

LANGUAGES = ("fr", "ar", "en")  # the order of the settings' language buttons
FALLBACK = "en"
# Each language's name in itself: a player looks for their own language's name.
NATIVE_NAMES = {"fr": "Français", "ar": "تونسي", "en": "English"}
HTML_LANG = {"fr": "fr", "ar": "ar-TN", "en": "en"}  # <html lang>: Tunisian Arabic, read as Arabic
RTL = frozenset({"ar"})
DOMAIN = "messages"
LOCALEDIR = Path("locale")  # where pyscript.toml puts the .mo files in the page's file system


def N_(message: str) -> str:
    """Marks a message for extraction where it is named, translated later (``Language._``)."""
    return message


def np_(context: str, message: str) -> tuple[str, str]:
    """Marks a message with a context for extraction (``pgettext`` later); returns it as is."""
    return context, message


# Card names for screen readers and announcements: a rank's name alone and with its article
# ("sept" / "le sept", "dame" / "la dame", "as" / "l'as"), a suit's name, and one pattern.
RANK_NAMES = {
    "A": (np_("rank", "ace"), np_("rank with article", "the ace")),
    "2": (np_("rank", "2"), np_("rank with article", "the 2")),
    "3": (np_("rank", "3"), np_("rank with article", "the 3")),
    "4": (np_("rank", "4"), np_("rank with article", "the 4")),
    "5": (np_("rank", "5"), np_("rank with article", "the 5")),
    "6": (np_("rank", "6"), np_("rank with article", "the 6")),
    "7": (np_("rank", "7"), np_("rank with article", "the 7")),
    "Q": (np_("rank", "queen"), np_("rank with article", "the queen")),
    "J": (np_("rank", "jack"), np_("rank with article", "the jack")),
    "K": (np_("rank", "king"), np_("rank with article", "the king")),
}
SUIT_NAMES = {
    "S": np_("suit", "spades"),
    "H": np_("suit", "hearts"),
    "D": np_("suit", "diamonds"),
    "C": np_("suit", "clubs"),
}
# TRANSLATORS: a card's name, e.g. "7 of diamonds"; {rank} may carry its article ("the 7").
CARD_PATTERN = np_("card", "{rank} of {suit}")
# The 7 of diamonds has its own name in Arabic (the 7ayya, sabʿa l-ḥayya).
HAYYA_NAMES = (np_("card", "7 of diamonds"), np_("card with article", "the 7 of diamonds"))


def pick_language(tags: Iterable[str | None]) -> str:
    """The base language of the first of ``tags`` that we speak ("fr-TN", "FR", "ar_TN" are
    "fr", "fr", "ar": cut at the first "-" or "_", lowercased), else English; missing tags are
    passed over. The one rule, also web/shared/language.js's ``pickLanguage`` (tests/web/
    test_language.py runs one table through both): each page only orders its candidates."""
    for tag in tags:
        base = spoken(tag)
        if base is not None:
            return base
    return FALLBACK


def spoken(tag: str | None) -> str | None:
    """The base language of ``tag`` if we speak it (``pick_language``'s reading of one tag)."""
    base = str(tag or "").replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else None


def pick(asked: str | None, saved: str | None, preferred: Iterable[str]) -> str:
    """The language to speak: ``?lang=`` first, then the player's saved choice, then the
    browser's languages (``navigator.languages``), by ``pick_language``."""
    return pick_language([asked, saved, *preferred])


def direction(lang: str) -> str:
    return "rtl" if lang in RTL else "ltr"


@dataclass(frozen=True)
class Language:
    """One language's catalog, with the page's ways of asking it for text."""

    code: str
    catalog: gettext.NullTranslations

    @property
    def dir(self) -> str:
        return direction(self.code)

    @property
    def html_lang(self) -> str:
        return HTML_LANG[self.code]

    def _(self, message: str, **values: object) -> str:
        """The translation of ``message`` with its ``{placeholders}`` filled in."""
        return self.catalog.gettext(message).format(**values)

    def ngettext(self, singular: str, plural: str, n: int, **values: object) -> str:
        """The plural form for ``n`` (Arabic has six), with ``{n}`` and ``values`` filled in."""
        return self.catalog.ngettext(singular, plural, n).format(n=n, **values)

    def pgettext(self, context: str, message: str, **values: object) -> str:
        return self.catalog.pgettext(context, message).format(**values)

    def marked(self, pair: tuple[str, str], **values: object) -> str:
        """The translation of a message marked with ``np_`` (a context and a message)."""
        context, message = pair
        return self.pgettext(context, message, **values)

    def card(self, card: Card, definite: bool = False) -> str:
        """A card's name in words: "7 of diamonds", "sept de carreau", "سبعة الحيّة"; with
        ``definite``, as it reads inside a sentence: "the 7 of diamonds", "le sept de carreau"."""
        if card is HAYYA:
            return self.marked(HAYYA_NAMES[definite])
        rank = self.marked(RANK_NAMES[card.rank][definite])
        return self.marked(CARD_PATTERN, rank=rank, suit=self.marked(SUIT_NAMES[card.suit]))

    def cards(self, cards: Sequence[Card], definite: bool = True) -> str:
        """Several cards' names as a list: "the 3 of clubs and the 4 of hearts"."""
        return self.join([self.card(c, definite) for c in cards])

    def count_cards(self, n: int) -> str:
        """ "1 card", "12 cards"; Arabic says "ورقة وحدة", "زوز ورقات", "3 ورقات", "11 ورقة"."""
        return self.ngettext("{n} card", "{n} cards", n)

    def join(self, items: Sequence[str]) -> str:
        """ "a, b and c" in this language's way."""
        if len(items) <= 1:
            return "".join(items)
        head = self.pgettext("list", ", ").join(items[:-1])
        # TRANSLATORS: the last two items of a list: "the 3 of clubs and the 4 of hearts".
        return self._("{items} and {last}", items=head, last=items[-1])


def load(lang: str, localedir: Path = LOCALEDIR) -> Language:
    """The language ``lang`` with its compiled catalog (read by the standard library's gettext);
    English without its catalog file still speaks English (the message ids)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang[:12]!r}: use one of {', '.join(LANGUAGES)}")
    path = localedir / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    catalog: gettext.NullTranslations
    try:
        with path.open("rb") as file:
            catalog = gettext.GNUTranslations(file)
    except FileNotFoundError:
        if lang != FALLBACK:
            raise
        catalog = gettext.NullTranslations()
    return Language(lang, catalog)


@functools.cache
def language(lang: str) -> Language:
    """The language ``lang`` from the page's catalogs, read once."""
    return load(lang, LOCALEDIR)
