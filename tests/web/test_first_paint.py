"""The table before Python is up (boot.js): a reload paints the table the player left, marked
starting; a tap made then is played once Python is up; a tampered saved table paints nothing
harmful; Python takes over with nothing moving, and an Arabic font that comes late moves
nothing either."""

import json

from conftest import PHONE
from positions import capture_turn, four_players_turn
from ui.storage import FRAME_KEY, KeptMatch, write_kept_match

# Recorded by the page itself at DOMContentLoaded (boot.js has run, Python cannot be up yet),
# and every layout shift from the navigation on.
AT_DOM_READY = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__shifts.push(entry.value);
}).observe({ type: "layout-shift", buffered: true });
document.addEventListener("DOMContentLoaded", () => {
  const html = document.documentElement;
  const app = document.getElementById("app");
  window.__atDomReady = {
    ready: html.classList.contains("ready"),
    starting: html.classList.contains("starting"),
    busy: app.getAttribute("aria-busy"),
    saved: app.hasAttribute("data-saved"),
    dir: html.dir,
    hand: [...app.querySelectorAll('[data-zone="hand-0"] [data-card]')].map((el) => {
      const box = el.getBoundingClientRect();
      return [el.dataset.card, box.x, box.y, box.width, box.height];
    }),
  };
});
"""
HAND_BOXES = """
[...document.querySelectorAll('#app [data-zone="hand-0"] [data-card]')].map((el) => {
  const box = el.getBoundingClientRect();
  return [el.dataset.card, box.x, box.y, box.width, box.height];
})"""
PYTHON = "**/app.zip"  # the page's own modules: held back, Python cannot start


def release(page, held):
    """Let Python's modules through: the page starts."""
    for route in held:
        route.continue_()
    page.unroute(PYTHON)


def at_the_players_turn(table, query: str = "?pace=0"):
    game, move = capture_turn()
    table.open_with_save(write_kept_match(KeptMatch(game, 0, 5)), query)
    table.wait_phase("play")
    return game, move


def test_a_reload_paints_the_saved_table_at_once_and_python_takes_over_in_place(table):
    game, _ = at_the_players_turn(table, "?pace=0&lang=ar")
    table.page.add_init_script(AT_DOM_READY)
    table.reload()
    early = table.page.evaluate("window.__atDomReady")
    assert not early["ready"] and early["starting"] and early["busy"] == "true", early
    assert early["saved"] and early["dir"] == "rtl", early
    assert [c[0] for c in early["hand"]] == [str(c) for c in game.hands[0]]
    after = table.page.evaluate(HAND_BOXES)
    assert len(after) == len(early["hand"])
    for (code, *box), (code_after, *box_after) in zip(early["hand"], after, strict=True):
        assert code == code_after
        assert all(abs(a - b) < 0.5 for a, b in zip(box, box_after, strict=True)), (box, box_after)
    assert table.page.evaluate("window.__shifts") == []
    # (a desktop's room above the table once collapsed through the body: the body moved 12px
    # down when Python drew, and the page scrolled by as much)
    assert table.page.evaluate("document.documentElement.scrollHeight - innerHeight") <= 0
    assert table.page.get_attribute("#app", "aria-busy") is None
    assert table.page.evaluate("document.documentElement.classList.contains('starting')") is False


ZONE_BOXES = """
[...document.querySelectorAll('#app [data-zone]')].map((el) => {
  const box = el.getBoundingClientRect();
  return [el.dataset.zone, Math.round(box.x), Math.round(box.y), Math.round(box.width),
          Math.round(box.height)];
})"""
AT_DOM_READY_FOUR = """
document.addEventListener("DOMContentLoaded", () => {
  window.__atDomReady = {
    saved: document.getElementById("app").hasAttribute("data-saved"),
    players: document.getElementById("app").dataset.players,
    ready: document.documentElement.classList.contains("ready"),
    zones: ZONES,
  };
});
""".replace("ZONES", ZONE_BOXES)


def test_a_reload_of_a_four_player_table_paints_its_seats_in_place(table):
    """The saved table of four (seats at the left, right and top, their backs, the turn
    marker) is painted before Python as Python then draws it: every zone in the same box."""
    game = four_players_turn()
    table.open_with_save(write_kept_match(KeptMatch(game, 0, 5)))
    table.wait_phase("play")
    table.page.add_init_script(AT_DOM_READY)  # records the layout shifts too
    table.page.add_init_script(AT_DOM_READY_FOUR)
    table.reload()
    early = table.page.evaluate("window.__atDomReady")
    assert early["saved"] and not early["ready"] and early["players"] == "4", early
    zones = [z[0] for z in early["zones"]]
    assert {f"hand-{seat}" for seat in range(4)} <= set(zones), zones
    assert table.page.evaluate(ZONE_BOXES) == early["zones"]
    assert table.page.evaluate("window.__shifts") == []
    assert table.hand() == [str(c) for c in game.hands[0]]


@PHONE
def test_a_tap_made_before_python_is_up_is_kept_and_played(table):
    game, move = at_the_players_turn(table)
    held = []
    table.page.route(PYTHON, lambda route: held.append(route))
    card = f'#app [data-zone="hand-0"] [data-card="{move.card}"]'
    with table.page.expect_request(PYTHON):  # held: Python cannot be up before release()
        table.page.reload(wait_until="domcontentloaded")
        table.tap(card)
        assert table.page.evaluate("document.documentElement.classList.contains('ready')") is False
        assert "queued" in table.page.get_attribute(card, "class")
    table.page.wait_for_function("() => true")  # the route handler has run
    assert held, "Python's modules were not held"
    release(table.page, held)
    table.wait_ready()
    table.wait_turn(len(game.history))
    assert table.saved_game().history[len(game.history)] == move


TAMPERED = (
    '<section class="zone you"><div class="hand" data-zone="hand-0">'
    '<button type="button" class="card" data-card="7H" onclick="window.__pwned=1">'
    '<img src=x onerror="window.__pwned=2">&lt;b&gt;seven</button></div></section>'
    "<script>window.__pwned=3</script><style>body{display:none}</style>"
    '<iframe srcdoc="<script>parent.__pwned=4</script>"></iframe>'
    '<a href="javascript:window.__pwned=5" id="link">go</a>'
    '<svg><use href="data:image/svg+xml,x"/><use href="#suit-H"/>'
    '<foreignObject><img src=x onerror="window.__pwned=6"></foreignObject></svg>'
    '<div style="position:fixed;inset:0" class="felt" data-zone="table" '
    'onmouseover="window.__pwned=7">felt</div>'
)


@PHONE
def test_a_tampered_saved_table_paints_nothing_harmful(table):
    at_the_players_turn(table)
    frame = {"format": 1, "lang": "en", "dir": "ltr", "title": "<b>x</b>", "html": TAMPERED}
    table.page.evaluate(
        "([key, text]) => localStorage.setItem(key, text)", [FRAME_KEY, json.dumps(frame)]
    )
    held = []
    table.page.route(PYTHON, lambda route: held.append(route))
    requests = []
    table.page.on("request", lambda request: requests.append(request.url))
    table.page.reload(wait_until="domcontentloaded")
    app = table.page.locator("#app")
    assert app.get_attribute("data-saved") == ""  # what survived was painted
    found = table.page.evaluate(
        """() => {
        const app = document.getElementById('app');
        const all = [...app.querySelectorAll('*')];
        return {
            tags: [...new Set(all.map((el) => el.localName))].sort(),
            attrs: [...new Set(all.flatMap((el) => [...el.attributes].map((a) => a.name)))].sort(),
            hrefs: all.filter((el) => el.hasAttribute('href')).map((el) => el.getAttribute('href')),
            text: app.querySelector('[data-card="7H"]').textContent,
            pwned: window.__pwned ?? null,
        };
    }"""
    )
    assert found["pwned"] is None
    assert set(found["tags"]) <= {"section", "div", "button", "svg", "use"}, found["tags"]
    assert not [a for a in found["attrs"] if a.startswith("on") or a == "style"], found["attrs"]
    assert found["hrefs"] == ["#suit-H"]
    assert found["text"] == "<b>seven"  # text stays text
    assert table.page.title() == "<b>x</b>"
    release(table.page, held)
    table.wait_ready()
    assert table.page.evaluate("window.__pwned ?? null") is None
    assert not [url for url in requests if url.rstrip("/").endswith("/x")]
    assert table.hand() != ["7H"]  # Python drew the real table over it


def test_an_arabic_font_arriving_late_moves_nothing(table):
    """A reload on a busy phone: the Arabic font comes after Python has taken over."""
    at_the_players_turn(table, "?pace=0&lang=ar")
    table.page.add_init_script(AT_DOM_READY)
    held = []
    table.page.route("**/*.woff2", lambda route: held.append(route))
    table.page.reload(wait_until="commit")
    table.wait_ready()
    assert held, "the page asked for no Arabic font"
    for route in held:
        route.continue_()
    table.page.unroute("**/*.woff2")
    table.page.wait_for_function("document.fonts.status === 'loaded'")
    table.page.evaluate(
        "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    assert table.page.evaluate("window.__shifts") == []
