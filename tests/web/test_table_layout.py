"""The table on a phone (360 by 740) in each language: every chkobba card on a pile shows whole,
from none to six a side, with two players and with four; the status line stays readable while
the card being played flies to the table."""

from __future__ import annotations

import functools

from chkobba import Game, Rules
from chkobba.bots import make_bot
from chkobba.log import EntryKind, match_log
from conftest import PHONE
from positions import capture_turn

# Each side's chkobbas (face up on its pile, marked *), then one more card taken.
SWEPT = (("AH", "2H", "3H", "4H", "5H", "6H"), ("AC", "2C", "3C", "4C", "5C", "6C"))
MORE = ("KH", "KC")
HANDS = {2: "7D7S7H/QDQSQC", 4: "7D7S7H/QDQSQC/JDJSJC/KDKSJH"}

PILES = """() => {
  const inside = b => b.left >= 0 && b.top >= 0 && b.right <= innerWidth && b.bottom <= innerHeight;
  const meet = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const boxes = sel => [...document.querySelectorAll(sel)].map(e => e.getBoundingClientRect());
  const others = boxes('[data-action], .who, .hand .card, .last');
  const piles = {};
  for (const pile of document.querySelectorAll('.pile')) {
    const cards = [...pile.querySelectorAll('.sweeps .card')].map(e => e.getBoundingClientRect());
    const stack = pile.querySelector('.stack').getBoundingClientRect();
    piles[pile.dataset.zone] = {
      chkobbas: cards.length,
      outside: [stack, ...cards].filter(b => !inside(b)).length,
      covering: cards.filter(b => others.some(o => meet(b, o))).length,
    };
  }
  return piles;
}"""


# The player's row (name, last play, undo, hint, pile): each inside the screen, none over another.
ROW = """() => {
  const inside = b => b.left >= 0 && b.top >= 0 && b.right <= innerWidth && b.bottom <= innerHeight;
  const meet = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const parts = [...document.querySelectorAll('.zone.you .meta > *')];
  const boxes = parts.map(e => e.getBoundingClientRect());
  return {
    parts: parts.map(e => e.className.split(' ')[0]),
    outside: boxes.filter(b => !inside(b)).length,
    overlaps: boxes.filter((b, i) => boxes.some((o, j) => i < j && meet(b, o))).length,
  };
}"""


@functools.cache
def crowded_turn(players: int) -> Game:
    """The player's turn in a match played by bots, the player dealing (its name says so), its
    last play a capture (shown beside its name), its side with two chkobbas or more."""
    for seed in range(400):
        game, bot = Game.new(Rules(players=players), seed=seed), make_bot("medium", 1)
        while game.phase != "over" and len(game.deal_results) < 2:
            if game.phase == "play" and game.current == 0 and game.dealer == 0:
                mine = [
                    e
                    for e in match_log(game)
                    if e.deal == game.deal_number and e.kind == EntryKind.PLAY and e.seat == 0
                ]
                if len(game.sweeps[0]) >= 2 and mine and mine[-1].cards:
                    return game
            game = game.play(bot.choose(game.view(game.current)))
    raise AssertionError("no such turn")


def position(players: int, chkobbas: int) -> str:
    """The player to play, each side with ``chkobbas`` chkobbas on its pile."""
    piles = "/".join(
        "".join(f"{card}*" for card in swept[:chkobbas]) + more
        for swept, more in zip(SWEPT, MORE, strict=True)
    )
    return f"2D {HANDS[players]} 0 {piles} - 0-0/21 1 0"


LANGS = ("fr", "ar", "en")


def languages(first: str) -> list[str]:
    """Every language, ``first`` first (the one the page was opened in)."""
    return [first, *(lang for lang in LANGS if lang != first)]


@PHONE
def test_every_chkobba_card_shows_whole_on_a_phone(table):
    """A page load a position, for each count 0 to 6 with two players (four: every other count,
    the same piles beside wider names), looked at in each language (the page opened in one, by
    its address, then switched to the others in its settings, as a player does): each chkobba
    card of each pile is inside the screen and covers no control, no name, no card of a hand."""
    loads = 0
    for players in (2, 4):
        for chkobbas in range(7) if players == 2 else range(0, 7, 2):
            notation = position(players, chkobbas)
            assert [len(s) for s in Game.from_notation(notation).sweeps] == [chkobbas] * 2
            first = LANGS[loads % len(LANGS)]  # (each language is the address's in turn)
            loads += 1
            table.open(f"?pace=0&lang={first}&position={notation.replace(' ', '+')}")
            for lang in languages(first):
                assert table.speak(lang) == "play"
                assert table.page.get_attribute("#app", "data-players") == str(players)
                piles = table.page.evaluate(PILES)
                whole = {"chkobbas": chkobbas, "outside": 0, "covering": 0}
                assert piles == {"pile-0": whole, "pile-1": whole}, (lang, players, chkobbas, piles)
                if lang == "ar" and players == 2 and chkobbas == 4:
                    table.screenshot("piles-ar-4")
    for players, first in ((2, "ar"), (4, "en")):  # a real turn: the last play beside the name
        table.open_on(crowded_turn(players), f"?pace=0&lang={first}")
        table.wait_phase("play")
        for lang in languages(first):
            assert table.speak(lang) == "play"
            row = table.page.evaluate(ROW)
            assert {"last", "pile"} <= set(row["parts"]), (lang, players, row)
            assert row["outside"] == row["overlaps"] == 0, (lang, players, row)
            piles = table.page.evaluate(PILES)
            assert all(p["outside"] == p["covering"] == 0 for p in piles.values()), (lang, piles)


# A card flying to the table, stepped through whatever the frame rate: once it moves (and the
# status line says what it takes), its animation is paused and set to 41 moments from start to
# end; at each, where it crosses the status line's text (its middle line, inside its rounded
# ends), the status line must be what shows there (the topmost element). Then the flight is
# finished. (Sampling frames instead missed the crossing when frames were few.)
WATCH = """() => {
  const flight = window.flight = {crossed: 0, covered: 0, seen: false, done: false};
  const start = performance.now();
  function check(status, card) {
    const s = status.getBoundingClientRect(), c = card.getBoundingClientRect();
    const y = (s.top + s.bottom) / 2;
    const left = Math.max(s.left + 12, c.left), right = Math.min(s.right - 12, c.right);
    if (c.top < y && y < c.bottom && left < right) {
      flight.crossed++;
      const top = document.elementFromPoint((left + right) / 2, y);
      if (!top || !top.closest('[data-status]')) flight.covered++;
    }
  }
  function look() {
    const status = document.querySelector('[data-status]');
    const card = document.querySelector('.card.incoming');
    const moving = card ? card.getAnimations() : [];
    flight.seen = flight.seen || card !== null;
    if (status && status.textContent && moving.length) {
      moving.forEach(a => a.pause());
      const end = moving[0].effect.getComputedTiming().endTime;
      for (let step = 0; step <= 40; step++) {
        moving.forEach(a => { a.currentTime = end * step / 40; });
        check(status, card);
      }
      moving.forEach(a => a.finish());
      flight.done = true;
    } else if (performance.now() - start > 10000) flight.done = true;
    else requestAnimationFrame(look);
  }
  requestAnimationFrame(look);
}"""


@PHONE
def test_the_status_line_stays_over_the_card_flying_to_the_table(table):
    """The card you play flies from your hand to the table across the status line (which says
    what it takes): the status line stays on top, readable, all the way."""
    game, move = capture_turn()
    for lang in ("en", "ar"):
        table.open_on(game, f"?pace=1&lang={lang}")
        table.wait_phase("play")
        table.page.evaluate(WATCH)
        table.tap(f'[data-zone="hand-0"] [data-card="{move.card}"]')
        table.page.wait_for_function("() => window.flight.done", timeout=20_000)
        flight = table.page.evaluate("window.flight")
        assert flight["seen"] and flight["covered"] == 0, (lang, flight)
        if lang == "en":  # (its path crosses the line's middle; in Arabic it lands at the left)
            assert flight["crossed"] > 0, flight
