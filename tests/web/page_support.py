"""What the game page's browser tests share: markers read on the page (how Python booted, what
the page fetched, nothing spilling out of the screen), its start-failure panel, the people form,
axe once the screen is still, and a friend's phone (``Player``) linked to the host's."""

from __future__ import annotations

from axe import audit, blocking, report
from conftest import ROOT, Table

STILL = "() => document.getAnimations().every(a => a.playState !== 'running')"


def checked_by_axe(table: Table) -> None:
    """axe on the screen once cards have landed and dialogs faded in (colours as they stay)."""
    table.page.wait_for_function(STILL)
    violations = blocking(audit(table.page))
    assert violations == [], report(violations)


def people_form(table: Table, query: str | None = None) -> None:
    """The settings' people form opened by taps (on the page opened at ``query`` first)."""
    if query is not None:
        table.open(query)
    table.tap('[data-action="settings"]')
    table.wait_phase("settings")
    table.tap('[data-action="people"]')
    table.wait_phase("people")


# Every text the page's data channels receive, kept for the test to read (before the page's own
# scripts make any connection): the flood measure's listener, shared.
LISTEN = (ROOT / "tools" / "measure" / "channel_listener.js").read_text()
ANYWHERE = "'[data-zone^=\"hand-\"] [data-card]'"


class Player:
    """One player's phone: the game page in a browser context of its own (a kept one,
    ``KeptContexts``: what it stored is forgotten after the test)."""

    def __init__(self, context, base: str) -> None:
        self.context = context
        self.page = self.context.new_page()
        self.page.add_init_script(f"({LISTEN})()")
        self.table = Table(self.page, base, "phone")

    def code(self) -> str:
        """The code shown to pass on (the invitation, or the answer), as its link."""
        self.page.wait_for_selector('[data-link-state="waiting"] [data-code]', timeout=20_000)
        return self.page.inner_text('[data-link-state="waiting"] [data-code]')

    def open_link(self) -> None:
        self.page.wait_for_selector('[data-link-state="open"], #app:not([data-phase="friends"])')

    def faces_of_others(self, seat: int) -> list[str]:
        """Cards drawn face up in any hand but ``seat``'s."""
        return self.page.evaluate(
            f"""seat => [...document.querySelectorAll({ANYWHERE})]
                .filter(c => c.closest('[data-zone]').dataset.zone !== 'hand-' + seat)
                .map(c => c.dataset.card)""",
            seat,
        )


def invite_a_friend(table: Table, name: str = "") -> None:
    """The host's people form sent: a friend online at seat 1 (named ``name``), on one network
    (no STUN server asked)."""
    people_form(table, "?seed=4&pace=0")
    table.page.select_option('select[name="kind-1"]', "friend")
    table.page.uncheck('input[name="stun"]')
    if name:
        table.page.fill('input[name="name-1"]', name)
    table.tap('form[data-form="people"] button[type="submit"]')


def take_turn(player: Player, seat: int) -> None:
    """The player plays the first card of its hand (its first capture), or keeps its cut."""
    moves = player.table.moves
    if player.table.phase == "cut":
        player.table.tap('[data-move="keep"]')
    else:
        player.table.tap(f'[data-zone="hand-{seat}"] [data-card] >> nth=0')
        player.page.wait_for_function(
            """n => { const a = document.querySelector('#app');
                return +a.dataset.moves > n || a.dataset.phase === 'choose'; }""",
            arg=moves,
        )
        if player.table.phase == "choose":
            player.table.tap(".choice[data-move] >> nth=0")
    player.page.wait_for_function(
        "n => +document.querySelector('#app').dataset.moves > n", arg=moves
    )


IN_WORKER = "document.querySelector('script[type=\"py\"]').hasAttribute('worker')"
BOOT = "document.documentElement.dataset.boot"  # how Python started (host.js)
SNAPSHOT_DONE = "html[data-snapshot]"


FAILURE = ".start-failure"
# The page's own resources: what its thread fetched (a worker's fetches are not among them).
PAGE_FETCHED = "performance.getEntriesByType('resource').map((e) => e.name)"


def expect_failure(table, *words: str) -> str:
    """The failure's panel, shown within 20 s: its text (each of ``words`` in it)."""
    panel = table.page.wait_for_selector(FAILURE, timeout=20_000)
    text = panel.inner_text()
    assert "could not start" in text, text
    for word in words:
        assert word in text, text
    assert table.page.get_attribute("html", "data-start") == "failed"
    assert not table.page.locator("html.ready").count()
    return text


def retry(table) -> None:
    table.tap(f"{FAILURE} button")
    table.wait_ready()
    assert not table.page.locator(FAILURE).count()
    table.play_one()


# Every element of the page inside the viewport's width, and no text spilling out of its box
# (a box whose own text is wider than it, unless it scrolls or clips on purpose).
OVERFLOW = """() => {
    const width = document.documentElement.clientWidth, bad = [];
    for (const el of document.querySelectorAll('#app *, .notice *')) {
        if (el.closest('.sr-only, .ghost, svg.defs')) continue;
        const box = el.getBoundingClientRect();
        if (!box.width || !box.height) continue;
        const clipped = getComputedStyle(el).overflowX !== 'visible';
        const text = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
        if (box.left < -1 || box.right > width + 1) bad.push('outside: ' + describe(el));
        else if (text && !clipped && el.scrollWidth > el.clientWidth + 1 && el.clientWidth)
            bad.push('text spills: ' + describe(el));
    }
    function describe(el) {
        return el.tagName.toLowerCase() + '.' + [...el.classList].join('.') +
            ' "' + (el.textContent || '').trim().slice(0, 30) + '"';
    }
    return bad;
}"""


ENGLISH_STATUS = "Your turn: tap a card of your hand."
