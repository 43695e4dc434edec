"""Babel steps of the build, run in .venv (where Babel is installed) by build.py.

python tools/catalogs.py compile LOCALE OUT LANG...   each LOCALE/<lang>/LC_MESSAGES/messages.po
                                                      checked and compiled to OUT/<lang>/.../.mo
python tools/catalogs.py english PO                   fill empty English translations with ids
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po


def read(po: Path, lang: str) -> Catalog:
    with po.open("rb") as file:
        return read_po(file, locale=lang)


def translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return not message.fuzzy and all(strings)


def compile_all(locale: Path, out: Path, langs: list[str]) -> int:
    """Compile each language (fuzzy entries left out); print how many messages are translated;
    fail on Babel's checks (e.g. a translation whose %-placeholders differ)."""
    problems, counts = [], []
    for lang in langs:
        po = locale / lang / "LC_MESSAGES" / "messages.po"
        catalog = read(po, lang)
        problems += [f"{po}: {m.id!r}: {e}" for m, errors in catalog.check() for e in errors]
        mo = out / lang / "LC_MESSAGES" / "messages.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        with mo.open("wb") as file:
            write_mo(file, catalog)
        ids = [m for m in catalog if m.id]
        counts.append(f"{lang} {sum(map(translated, ids))}/{len(ids)}")
    print(", ".join(counts))
    if problems:
        print("\n".join(problems), file=sys.stderr)
    return 1 if problems else 0


def fill_english(po: Path) -> int:
    """English speaks its message ids: copy each id (and plural id) into an empty translation."""
    catalog = read(po, "en")
    for message in catalog:
        if message.id and not translated(message):
            message.string = message.id
            message.flags.discard("fuzzy")
    with po.open("wb") as file:
        write_po(file, catalog, ignore_obsolete=True, width=0)
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["compile"] and len(argv) >= 4:
        return compile_all(Path(argv[1]), Path(argv[2]), argv[3:])
    if argv[:1] == ["english"] and len(argv) == 2:
        return fill_english(Path(argv[1]))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
