"""The table's looks: each card back (red, blue, green) and each felt (green, blue, red) is
chosen in the settings by taps, shows on the table (the felt's and a back's computed styles
change, and differ from one choice to the next), and is kept across a reload; the settings'
swatches wear the look they name. Screenshots at 360 x 740 of the table in French, Arabic and
English, two and four at the table, court cards in view, and of the settings' swatches, go to
/tmp/looks/ (LOOKS_DIR to move them) for a person to look at; nothing overflows the phone's
width in any of them, and axe finds nothing serious on a look other than the default.

One page for the whole module (a phone), opened on saved matches: each opening boots Python
once, the slowest step.
"""

from __future__ import annotations

import base64
import os
from pathlib import Path

import axe
import pytest
from chkobba import Game, Rules
from chkobba.bots import make_bot
from conftest import VIEWPORTS, Table
from page_support import (
    OVERFLOW,
)

SHOTS = Path(os.environ.get("LOOKS_DIR", "/tmp/looks"))
# (back, felt): each back and each felt once; the last is the default look, chosen again.
LOOKS = (("blue", "red"), ("green", "blue"), ("red", "green"))
DEFAULT = ("red", "green")
LANGS = ("fr", "ar", "en")  # one a look, in the screenshots
COURTS = "KQJ"
STYLES = """() => {
    const style = selector => getComputedStyle(document.querySelector(selector));
    const app = style('#app'), back = style('.backs .back'), stock = style('.stock .back');
    return {
        felt: app.backgroundImage, feltColour: app.getPropertyValue('--felt').trim(),
        body: getComputedStyle(document.body).backgroundColor,
        back: back.backgroundImage, backFrame: back.outlineStyle, stock: stock.boxShadow,
        theme: document.querySelector('meta[name="theme-color"]').content,
        edge: app.getPropertyValue('--felt-dark').trim(),
    };
}"""
SWATCHES = """() => [...document.querySelectorAll('.swatch')].map(s => ({
    kind: s.dataset.back ? 'back' : 'felt', value: s.dataset.back || s.dataset.felt,
    image: getComputedStyle(s).backgroundImage}))"""
COURT_ART = """() => [...document.querySelectorAll('.court[data-c]')].map(c => ({
    code: c.dataset.c, image: getComputedStyle(c).backgroundImage,
    width: c.getBoundingClientRect().width}))"""
# The words on the table (outside the cards and dialogs), each with its colour; then every
# text made transparent (a second screenshot: what is behind the words).
BARE = """() => {
    window.__words = [];
    for (const el of document.querySelectorAll('#app *')) {
        if (el.closest('.card, .sr-only, svg, .sheet')) continue;
        if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
        window.__words.push([el, getComputedStyle(el).color]);
    }
    const style = document.createElement('style');
    style.id = 'bare';
    style.textContent = '#app * { color: transparent !important; text-shadow: none !important; }';
    document.head.append(style);
}"""
# Each word's contrast (WCAG) with the lightest pixel behind its letters: the pixels where the
# screenshots with and without the words differ, read in the second one.
CONTRAST = """async ([worded, bare]) => {
    document.getElementById('bare').remove();
    const pixels = async png => {
        const img = new Image();
        img.src = 'data:image/png;base64,' + png;
        await img.decode();
        const canvas = new OffscreenCanvas(img.width, img.height);
        const context = canvas.getContext('2d');
        context.drawImage(img, 0, 0);
        return context;
    };
    const [a, b] = [await pixels(worded), await pixels(bare)];
    const scale = a.canvas.width / innerWidth;
    const channel = v => (v /= 255) <= .03928 ? v / 12.92 : ((v + .055) / 1.055) ** 2.4;
    const luminance = ([r, g, b]) => .2126 * channel(r) + .7152 * channel(g) + .0722 * channel(b);
    return window.__words.map(([el, colour]) => {
        const box = el.getBoundingClientRect();
        const area = [box.x, box.y, box.width, box.height].map(v => Math.round(v * scale));
        const [on, off] = [a.getImageData(...area).data, b.getImageData(...area).data];
        let behind = 0;
        for (let i = 0; i < on.length; i += 4) {
            const diff = [0, 1, 2].reduce((sum, k) => sum + Math.abs(on[i + k] - off[i + k]), 0);
            if (diff > 60) behind = Math.max(behind, luminance(off.slice(i, i + 3)));
        }
        const ink = luminance(colour.match(/[\\d.]+/g).slice(0, 3).map(Number));
        const ratio = (Math.max(ink, behind) + .05) / (Math.min(ink, behind) + .05);
        return {text: el.textContent.trim().slice(0, 30), ratio: Math.round(ratio * 100) / 100};
    });
}"""
SETTLED = "() => document.getAnimations().every(a => a.playState !== 'running')"


def court_position(players: int) -> Game:
    """A match at the player's first turn with all three court ranks in view, two of them in
    the player's hand and one on the table or more."""
    for seed in range(300):
        game, bot = Game.new(Rules(players=players), seed=seed), make_bot("easy", 1)
        while not (game.current == 0 and game.phase == "play"):
            game = game.play(bot.choose(game.view(game.current)))
        hand = [str(card) for card in game.hands[0]]
        table = [str(card) for card in game.table]
        courts = {code[0] for code in hand + table} & set(COURTS)
        if courts == set(COURTS) and sum(c[0] in COURTS for c in hand) >= 2:
            return game
    raise AssertionError(f"no such position for {players}")


@pytest.fixture(scope="module")
def phone(browser, server_url):
    """A phone's page for the whole module (a fresh context: the default look to start)."""
    context = browser.new_context(**VIEWPORTS["phone"], service_workers="block")
    table = Table(context.new_page(), server_url, "phone")
    yield table
    context.close()
    table.assert_clean()


@pytest.fixture(scope="module")
def positions() -> dict[int, Game]:
    return {players: court_position(players) for players in (2, 4)}


def shoot(table: Table, name: str) -> bytes:
    SHOTS.mkdir(parents=True, exist_ok=True)
    table.page.wait_for_function(SETTLED)  # cards landed, dialogs faded in
    return table.page.screenshot(path=str(SHOTS / f"{name}.png"), animations="disabled")


def choose(table: Table, back: str, felt: str, lang: str | None = None, shot: str = "") -> None:
    """Choose a look (and a language) in the settings by taps, a screenshot of the swatches if
    named, then close them."""
    page = table.page
    table.tap('[data-action="settings"]')
    table.wait_phase("settings")
    taps = (("lang", lang),) if lang else ()
    for action, value in (*taps, ("back", back), ("felt", felt)):
        table.tap(f'[data-action="{action}"][data-value="{value}"]')
        page.wait_for_selector(
            f'[data-action="{action}"][data-value="{value}"][aria-pressed="true"]'
        )
    assert page.locator('[data-action="back"][aria-pressed="true"]').count() == 1
    assert page.locator('[data-action="felt"][aria-pressed="true"]').count() == 1
    swatches = page.evaluate(SWATCHES)
    assert [(s["kind"], s["value"]) for s in swatches] == [
        *(("back", b) for b in ("red", "blue", "green")),
        *(("felt", f) for f in ("green", "blue", "red")),
    ]
    for kind in ("back", "felt"):  # each swatch its own
        assert len({s["image"] for s in swatches if s["kind"] == kind}) == 3
    if shot:
        page.locator('.swatch[data-felt="red"]').scroll_into_view_if_needed()
        shoot(table, shot)
    table.tap('.sheet [data-action="close"]')
    table.wait_phase("play")


def looks_of(table: Table) -> tuple[tuple[str, str], dict[str, str]]:
    page = table.page
    marks = (page.get_attribute("#app", "data-back"), page.get_attribute("#app", "data-felt"))
    return marks, page.evaluate(STYLES)


def check_table(table: Table, name: str, lang: str) -> None:
    """A screenshot; the court figures drawn; every word on the felt at 4.5:1 or more; nothing
    wider than the phone; the direction."""
    page = table.page
    worded = shoot(table, name)
    courts = page.evaluate(COURT_ART)
    assert {c["code"][0] for c in courts} == set(COURTS)
    for court in courts:
        assert court["image"].startswith('url("data:image/svg+xml,'), court["code"]
        assert court["width"] >= 24, court  # a table card's figure, at 360 px
    page.evaluate(BARE)
    bare = page.screenshot(animations="disabled")
    words = page.evaluate(CONTRAST, [base64.b64encode(png).decode() for png in (worded, bare)])
    assert len(words) >= 8, words
    assert [w for w in words if w["ratio"] < 4.5] == [], name
    assert table.page.evaluate(OVERFLOW) == [], name
    assert table.page.get_attribute("html", "dir") == ("rtl" if lang == "ar" else "ltr")


def test_each_look_is_chosen_by_taps_shown_and_kept(phone, positions):
    """Two at the table; each look in a language of its own (a screenshot of each)."""
    phone.open_on(positions[2], "?pace=0")  # the language: chosen, then kept
    marks, default = looks_of(phone)
    assert marks == DEFAULT
    seen: dict[tuple[str, str], dict[str, str]] = {}
    for lang, (back, felt) in zip(LANGS, LOOKS, strict=True):
        choose(phone, back, felt, lang, shot=f"settings-{lang}-{back}-back-{felt}-felt")
        marks, styles = looks_of(phone)
        assert marks == (back, felt)
        assert styles["theme"] == styles["edge"]  # the browser's bar, in the felt's dark edge
        for earlier in seen.values():  # the felt and the backs both change with each choice
            for key in ("felt", "feltColour", "back", "stock", "theme"):
                assert styles[key] != earlier[key], (back, felt, key)
        seen[marks] = styles
        phone.reload()
        assert looks_of(phone) == (marks, styles)  # kept, and as drawn before
        check_table(phone, f"table-{lang}-2p-{back}-back-{felt}-felt", lang)
        phone.tap('[data-action="settings"]')
        phone.wait_phase("settings")
        pressed = phone.page.eval_on_selector_all(
            '[aria-pressed="true"]', "els => els.map(e => [e.dataset.action, e.dataset.value])"
        )
        assert ["back", back] in pressed and ["felt", felt] in pressed
        swatch = phone.page.evaluate(SWATCHES)  # the back's swatch wears the back drawn
        assert {"kind": "back", "value": back, "image": styles["back"]} in swatch
        phone.tap('.sheet [data-action="close"]')
        phone.wait_phase("play")
    assert seen[DEFAULT] == default  # the default look, as on a first visit
    assert seen[("blue", "red")]["backFrame"] != default["backFrame"]  # blue's frame line
    assert len({s["body"] for s in seen.values()}) == 3  # round the table, on a wide screen


def test_four_at_the_table_in_each_language_and_look(phone, positions):
    """Screenshots (a person looks: the court figures, the backs, the felts, the words on
    them, the seats at the sides)."""
    phone.open_on(positions[4], "?pace=0")
    for lang, (back, felt) in zip(LANGS, LOOKS, strict=True):
        choose(phone, back, felt, lang)
        assert phone.page.get_attribute("#app", "data-players") == "4"
        check_table(phone, f"table-{lang}-4p-{back}-back-{felt}-felt", lang)


def test_axe_finds_nothing_serious_on_another_look(phone):
    """Blue backs on the red felt, four at the table (the most words on the felt), and the
    settings over it."""
    choose(phone, *LOOKS[0])
    for screen in ("table", "settings"):
        if screen == "settings":
            phone.tap('[data-action="settings"]')
            phone.wait_phase("settings")
        phone.page.wait_for_function(SETTLED)
        blocking = axe.blocking(axe.audit(phone.page))
        assert blocking == [], f"{screen}:\n{axe.report(blocking)}"
