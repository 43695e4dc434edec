"""The tutorial page (dist/tutorial.html), written by build.py from web/boards/tutorial.html and
the lessons of web/content/lessons.py: the page in English, every text marked with its key, and
the same texts in each language from the compiled catalogs, for tutorial.js to show the reader's.

    python tools/tutorial_page.py TEMPLATE LOCALEDIR OUT
"""

from __future__ import annotations

import html
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "engine"), str(ROOT / "web"), str(ROOT / "web" / "content")]

import lessons  # noqa: E402  (web/content/lessons.py)
from shared.i18n import HTML_LANG, LANGUAGES, NATIVE_NAMES, Language, load  # noqa: E402


def texts(t: Language) -> dict[str, str]:
    """Every text of the page by its key, in ``t``'s language."""
    out = {f"page.{key}": t._(text) for key, text in lessons.PAGE.items()}
    for number, lesson in enumerate(lessons.LESSONS, 1):
        out[f"{lesson.id}.title"] = f"{number}. {t._(lesson.title)}"
        out[f"{lesson.id}.nav"] = t._(lesson.title)
        out[f"{lesson.id}.text"] = t._(lesson.text)
        for index, board in enumerate(lesson.boards):
            key = f"{lesson.id}.{index}"
            out[f"{key}.caption"] = t._(board.caption)
            out[f"{key}.explain"] = t._(board.explain) if board.explain else ""
            out[f"{key}.captions"] = " | ".join(t._(c) if c else "" for c in board.captions)
    return out


def progress(t: Language) -> list[str]:
    """The progress line for 0, 1, ... all lessons done, in ``t``'s plural forms."""
    total = len(lessons.LESSONS)
    lines = [t.ngettext(*lessons.PROGRESS, done, total=total) for done in range(total + 1)]
    lines[-1] = t._(lessons.ALL_DONE, progress=lines[-1])
    return lines


def attribute(name: str, value: str) -> str:
    return f' {name}="{html.escape(value)}"' if value else ""


def lesson_html(english: dict[str, str], number: int, lesson: lessons.Lesson) -> str:
    boards = []
    for index, board in enumerate(lesson.boards):
        key = f"{lesson.id}.{index}"
        attributes = (
            attribute("mode", board.mode)
            + attribute("position", board.position)
            + attribute("moves", board.moves)
            + "".join(
                attribute(name, english[f"{key}.{name}"]) + f' data-t-{name}="{key}.{name}"'
                for name in ("caption", "explain", "captions")
                if english[f"{key}.{name}"]
            )
        )
        boards.append(f"    <chkobba-board{attributes}></chkobba-board>\n")
    return (
        f'  <section class="lesson" id="{lesson.id}">\n'
        f'    <h2><span data-t="{lesson.id}.title">{html.escape(english[f"{lesson.id}.title"])}'
        '</span> <span class="badge" data-t="page.done">'
        f"{html.escape(english['page.done'])}</span></h2>\n"
        f'    <p data-t="{lesson.id}.text">{html.escape(english[f"{lesson.id}.text"])}</p>\n'
        f"{''.join(boards)}  </section>\n"
    )


def page(template: str, localedir: Path) -> str:
    """The tutorial: ``template`` with its ``__LESSONS__`` (nav items, lessons) and
    ``__WORDS__`` (each language's texts, JSON) filled in."""
    languages = {lang: load(lang, localedir) for lang in LANGUAGES}
    english = texts(languages["en"])
    nav = "".join(
        f'    <li data-for="{lesson.id}"><a href="#{lesson.id}" data-t="{lesson.id}.nav">'
        f"{html.escape(english[f'{lesson.id}.nav'])}</a></li>\n"
        for lesson in lessons.LESSONS
    )
    sections = "".join(
        lesson_html(english, number, lesson) for number, lesson in enumerate(lessons.LESSONS, 1)
    )
    words = {
        lang: {
            "lang": t.html_lang,
            "dir": t.dir,
            "texts": texts(t),
            "progress": progress(t),
        }
        for lang, t in languages.items()
    }
    data = json.dumps(words, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    buttons = "".join(
        f'<button type="button" data-lang="{lang}" lang="{HTML_LANG[lang]}" '
        f'aria-pressed="{str(lang == "en").lower()}">{NATIVE_NAMES[lang]}</button>'
        for lang in LANGUAGES
    )
    filled = template.replace("__NAV__", nav).replace("__LESSONS__", sections)
    filled = filled.replace("__LANGS__", buttons).replace(
        "__PROGRESS__", words["en"]["progress"][0]
    )
    filled = filled.replace("__WORDS__", data)
    for key, text in english.items():  # the page's own fixed texts, in English
        filled = filled.replace(f"__{key}__", html.escape(text))
    return filled


if __name__ == "__main__":
    template, localedir, out = sys.argv[1:]
    Path(out).write_text(page(Path(template).read_text(), Path(localedir)))
