"""The message catalogs: every message of the page's code is translated in each language, with
the same placeholders, and the compiled catalogs load with the standard library's gettext, in
CPython and in Pyodide (the page's Python)."""

from __future__ import annotations

import json
import shutil
import string
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.pofile import read_po
from conftest import ROOT, load_build

build = load_build()
NPLURALS = {"fr": 2, "ar": 6, "en": 2}


def read(lang: str) -> Catalog:
    with (build.LOCALE / lang / "LC_MESSAGES" / "messages.po").open("rb") as file:
        return read_po(file, locale=lang)


def source_messages() -> set[tuple[str | None, str]]:
    """(context, id) of every message the page's code asks for, as Babel extracts them."""
    keywords = {**DEFAULT_KEYWORDS, "np_": ((1, "c"), 2), "Nn_": (1, 2)}
    # the same keywords and sources as `build.py catalogs`
    assert build.MESSAGE_KEYWORDS == ("np_:1c,2", "Nn_:1,2")
    found = set()
    sources = [
        path
        for source in build.MESSAGE_SOURCES
        for path in (sorted(source.rglob("*.py")) if source.is_dir() else [source])
    ]
    for path in sources:
        for _line, message, _comments, context in extract_from_file(
            "python", str(path), keywords=keywords
        ):
            found.add((context, message if isinstance(message, str) else message[0]))
    return found


def fields(text: str) -> set[str]:
    """The ``{placeholders}`` of a str.format template."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def strings(message: Message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


@pytest.mark.parametrize("lang", build.LANGUAGES)
def test_every_message_is_translated_with_the_same_placeholders(lang):
    catalog = read(lang)
    assert catalog.num_plurals == NPLURALS[lang]
    have = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in catalog if m.id}
    wanted = source_messages()
    assert len(wanted) > 20
    missing = sorted(wanted - have.keys(), key=str)
    assert missing == [], f"{lang}: not in the catalog (run `python3 build.py catalogs`)"
    problems = []
    for key in sorted(wanted, key=str):
        message = have[key]
        ids = (message.id,) if isinstance(message.id, str) else message.id
        expected = set().union(*map(fields, ids))
        if message.fuzzy or not all(strings(message)):
            problems.append(f"{key}: not translated")
        for text in strings(message):
            # A plural form may leave the count out ("زوز ورقات": two cards), nothing else.
            got, need = fields(text), expected - ({"n"} if len(ids) > 1 else set())
            if not need <= got <= expected:
                problems.append(f"{key}: {text!r} has {sorted(got)}, wants {sorted(expected)}")
    assert problems == [], "\n".join(problems)


def test_the_template_lists_the_messages_of_the_code():
    """web/locale/messages.pot is what `python3 build.py catalogs` extracts from web/ today."""
    with (build.LOCALE / "messages.pot").open("rb") as file:
        template = read_po(file)
    ids = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in template if m.id}
    assert ids == source_messages()


def compiled(lang: str) -> Path:
    path = build.DIST / "locale" / lang / "LC_MESSAGES" / "messages.mo"
    if not path.exists():
        subprocess.run(["python3", str(ROOT / "build.py"), "build"], check=True)
    return path


def test_compiled_catalogs_speak_each_language():
    from chkobba import Card
    from shared import i18n

    compiled("fr")
    seven = Card.parse("7D")
    fr, ar, en = (i18n.load(lang, build.DIST / "locale") for lang in ("fr", "ar", "en"))
    assert fr.card(seven) == "sept de carreau"
    assert fr.card(Card.parse("QS"), definite=True) == "la dame de pique"
    assert en.card(seven) == "7 of diamonds" and en.card(Card.parse("AC")) == "ace of clubs"
    assert ar.card(seven) == "سبعة الحيّة" and ar.card(Card.parse("KH")) == "ريّ كور"
    three, four = Card.parse("3C"), Card.parse("4H")
    assert en.cards([three, four]) == "the 3 of clubs and the 4 of hearts"
    assert (
        fr.cards([three, four, seven])
        == "le trois de trèfle, le quatre de cœur et le sept de carreau"
    )
    assert ar.cards([three, four]) == "تريس تريفل وكواترو كور"
    assert (ar.dir, ar.html_lang, fr.dir) == ("rtl", "ar-TN", "ltr")


PYODIDE_RUN = """
const { loadPyodide } = await import(process.argv[2] + "/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: process.argv[2] + "/" });
for (const [dir, at] of [[process.argv[3], "/engine"], [process.argv[4], "/web"],
                         [process.argv[5], "/home/pyodide/locale"]]) {
  pyodide.FS.mkdirTree(at);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: dir }, at);
}
pyodide.runPython("import sys; sys.path[:0] = ['/engine', '/web']");
process.stdout.write(pyodide.runPython(process.argv[6]));
"""

IN_PYODIDE = """
import json
from chkobba import Card
from shared import i18n
ar, fr = i18n.load("ar"), i18n.load("fr")
cards = [ar.ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2, 3, 11, 40)]
json.dumps([ar.card(Card.parse("7D")), fr.card(Card.parse("AS"), True), cards])
"""


def test_pyodide_reads_the_catalogs_with_its_gettext(tmp_path):
    """The page's Python has gettext in its standard library and reads our .mo files."""
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide here"
    compiled("ar")
    script = tmp_path / "run.mjs"
    script.write_text(PYODIDE_RUN)
    args = [ROOT / "node_modules" / "pyodide", ROOT / "engine", build.WEB, build.DIST / "locale"]
    done = subprocess.run(
        [node, str(script), *map(str, args), IN_PYODIDE],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    seven, ace, counts = json.loads(done.stdout)
    assert seven == "سبعة الحيّة" and ace == "l'as de pique"
    here = build.DIST / "locale"
    from shared import i18n

    ar = i18n.load("ar", here)
    assert counts == [ar.ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2, 3, 11, 40)]
    assert len(set(counts[:5])) == 5  # zero, one, two, a few, many: Arabic's plural forms


def test_the_language_comes_from_the_address_the_saved_choice_or_the_browser():
    from shared.i18n import pick

    assert pick("ar", "fr", ["en-US"]) == "ar"  # ?lang= wins
    assert pick(None, "fr", ["ar-TN"]) == "fr"  # then the player's choice
    assert pick("xx", None, ["de-DE", "ar-TN", "fr"]) == "ar"  # then the browser's first we speak
    assert pick(None, "klingon", ["fr_FR"]) == "fr"
    assert pick(None, None, ["de", "es"]) == "en"
    assert pick(None, None, []) == "en"


def test_every_card_has_its_own_name_in_each_language():
    from chkobba import DECK
    from shared import i18n

    compiled("en")
    for lang in i18n.LANGUAGES:
        language = i18n.load(lang, build.DIST / "locale")
        for definite in (False, True):
            names = {language.card(card, definite) for card in DECK}
            assert len(names) == len(DECK), (lang, definite)
    with pytest.raises(ValueError, match="unknown language 'de'"):
        i18n.load("de", build.DIST / "locale")
