"""The court cards' figures (tools/court_art.py): each of the twelve court cards the page draws
names a figure the stylesheet has; the art is the same on every run; and it stays light.

Budget: the twelve figures' rules, appended to style.css by build.py, under 36 KB as written
and under 2.5 KB more once the whole sheet is compressed with brotli (about 29 KB and 1.7 KB
today); no one figure over 3 KB."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from chkobba import Card

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "web"), str(ROOT / "tools")]

import court_art  # noqa: E402  (tools/court_art.py)
from shared import i18n  # noqa: E402
from shared.cards import card_html  # noqa: E402

TOOL = ROOT / "tools" / "court_art.py"
STYLE = ROOT / "web" / "static" / "style.css"
COURTS = [Card(rank, suit) for rank in "KQJ" for suit in "HDCS"]
RULE = re.compile(r'^\.court\[data-c="([KQJ][HDCS])"\]\{background-image:url\("([^"]*)"\)\}$', re.M)

CSS_BUDGET = 36_000
BROTLI_BUDGET = 2_500
FIGURE_BUDGET = 3_000


def rules() -> dict[str, str]:
    """The data: URL of each card's figure, by its code, as the stylesheet's rules give it."""
    return dict(RULE.findall(court_art.css()))


def test_every_court_card_names_a_figure_the_stylesheet_has() -> None:
    t = i18n.load("en")
    have = rules()
    assert sorted(have) == sorted(court_art.CODES) == sorted(c.code for c in COURTS)
    for card in COURTS:
        for key in ("", "data-mini"):
            html = card_html(t, card, key=key)
            named = re.findall(r'<span class="court" data-c="([^"]*)"></span>', html)
            assert named == [card.code], html
            assert have[card.code].startswith("data:image/svg+xml,%3Csvg")
            assert f'data-r="{card.value}"' in html  # the capture value, in a corner
            assert f'data-r="{card.rank}"' in html  # the rank letter, in the corners


def test_a_number_card_has_no_figure() -> None:
    t = i18n.load("en")
    for card in (Card("A", "H"), Card("7", "D"), Card("5", "C")):
        assert "court" not in card_html(t, card)


def test_the_stylesheet_lays_out_the_figure() -> None:
    css = STYLE.read_text()
    assert re.search(r"^\.court \{[^}]*background-size: 100% 100%;", css, re.M)
    assert not RULE.search(css)  # the figures themselves: added by build.py


def test_each_figure_is_an_svg_of_its_own() -> None:
    seen = set()
    for code in court_art.CODES:
        svg = court_art.figure(code)
        root = ET.fromstring(svg)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.get("viewBox") == f"0 0 {court_art.WIDTH} {court_art.HEIGHT}"
        # the lower half is the upper one turned: one drawing, used twice
        assert svg.count('<use href="#h"') == 1
        seen.add(svg)
    assert len(seen) == len(court_art.CODES)


def test_the_data_urls_need_no_further_escaping() -> None:
    for url in rules().values():
        body = url.removeprefix("data:image/svg+xml,")
        assert not set(body) & set('#<>"\n'), body[:80]


def test_the_art_is_the_same_on_every_run(tmp_path: Path) -> None:
    assert court_art.css() == court_art.css()
    written = []
    for run in range(2):
        sheet = tmp_path / f"style-{run}.css"
        sheet.write_text(STYLE.read_text())
        subprocess.run([sys.executable, str(TOOL), str(sheet)], check=True)
        written.append(sheet.read_bytes())
    assert written[0] == written[1]
    assert written[0].decode().endswith(court_art.css())
    out = tmp_path / "svg"
    subprocess.run([sys.executable, str(TOOL), "--svg", str(out)], check=True)
    for code in court_art.CODES:
        assert (out / f"{code}.svg").read_text() == court_art.figure(code)


def test_the_art_is_light() -> None:
    brotli = pytest.importorskip("brotli")
    css = court_art.css().encode()
    assert len(css) < CSS_BUDGET, len(css)
    sheet = STYLE.read_bytes()
    added = len(brotli.compress(sheet + b"\n" + css, quality=11)) - len(
        brotli.compress(sheet, quality=11)
    )
    assert added < BROTLI_BUDGET, added
    for code in court_art.CODES:
        assert len(court_art.figure(code).encode()) < FIGURE_BUDGET, code
