"""The statistics' screen: the panel of the player's matches against the computer (counts per
level and players, a chart of the last matches), its taps (export, import, reset, each asked
first), and the match over recorded as play goes.
``stats`` is their data model."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from html import escape

from chkobba import Phase
from shared import words as game_words
from shared.i18n import Language

from . import words
from .dialog import button, close_button, title
from .model import ScreenPhase, Ui
from .stats import (
    RECENT,
    Stats,
    StatsError,
    chart,
    export_text,
    import_text,
    match_id,
    record,
    reset,
)
from .taps import AppForFeatures, Tap


@dataclass(frozen=True)
class StatsGroup:
    """One level and number of players: its heading, and (label, value) lines."""

    heading: str
    lines: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class StatsBar:
    """A match in the chart: the winning (+) or losing (-) margin, and the match in words."""

    margin: int
    label: str


@dataclass(frozen=True)
class StatsPanel:
    """The player's statistics, a chart of the last matches, and what the panel asks."""

    title: str
    summary: str
    groups: tuple[StatsGroup, ...]
    bars: tuple[StatsBar, ...]
    chart_label: str
    ask: str  # a question waiting for the player's yes ("" none)
    yes: str  # the yes button's label
    error: str  # why the file picked was not imported ("" none)
    detail: str  # what was wrong in it (the checker's words, short)


DAMAGED = "damaged"  # a file refused for a reason not foreseen is said to be damaged


def stats_panel(t: Language, ui: Ui, stats: Stats) -> StatsPanel:
    played = sum(tally.played for tally in stats.tallies)
    won = sum(tally.won for tally in stats.tallies)
    groups = []
    for tally in stats.tallies:
        if not tally.played:
            continue
        lines = [
            ("played", str(tally.played)),
            ("won", words.stats_won(t, tally.won, tally.played)),
            ("streak", words.stats_streak(t, tally.streak, tally.best_streak)),
            ("points", words.decimal(t, tally.mean_points or 0.0)),  # (played: deals too)
            ("chkobbas", str(tally.chkobbas)),
            ("hayyas", words.stats_hayyas(t, tally.hayyas, tally.deals)),
        ]
        if tally.best is not None:
            lines.append(("best", words.stats_best(t, tally.best.margin, tally.best.when)))
        named = tuple((t._(words.STATS_ROWS[key]), value) for key, value in lines)
        groups.append(StatsGroup(words.stats_group(t, tally.level, tally.players), named))
    points = chart(stats)
    bars = tuple(
        StatsBar(p.ours - p.theirs, words.stats_bar(t, p.label, p.ours, p.theirs, p.won))
        for p in points
    )
    ask, yes = "", ""
    if ui.stats_ask == "reset":
        ask, yes = t._(words.STATS_RESET_ASK), t._(words.STATS_RESET_YES)
    elif ui.stats_ask == "import" and ui.stats_file is not None:
        then = sum(tally.played for tally in ui.stats_file.tallies)
        ask, yes = words.stats_import_ask(t, played, then), t._(words.STATS_IMPORT_YES)
    error, detail = "", ""
    if ui.stats_error is not None:
        kind, detail = ui.stats_error
        known = kind if kind in words.STATS_FILE_ERRORS else DAMAGED
        error = t._(words.STATS_FILE_ERRORS[known])
    return StatsPanel(
        t._(words.STATS),
        words.stats_summary(t, played, won) if played else t._(words.STATS_EMPTY),
        tuple(groups),
        bars,
        words.stats_chart(t, len(points), sum(p.won for p in points)),
        ask,
        yes,
        error,
        words.clip(detail),
    )


class StatsScreen:
    """The statistics' taps and records. ``download``: hands the page a file to save (its name
    and text): the statistics exported."""

    def __init__(
        self, app: AppForFeatures, download: Callable[[str, str], None] | None = None
    ) -> None:
        self.app = app
        self.download = download

    def taps(self) -> dict[str, Tap]:
        here = (ScreenPhase.STATS,)
        return {
            "stats": Tap(self.open, (ScreenPhase.SETTINGS,)),
            "stats-export": Tap(self.export, here),
            "stats-reset": Tap(self.ask_reset, here),
            "stats-cancel": Tap(self.cancel, here),
            "stats-confirm": Tap(self.confirm, here),
        }

    async def open(self, value: str) -> bool:
        self.app.set_ui(panel=ScreenPhase.STATS, stats_ask=None, stats_file=None, stats_error=None)
        return True

    def leave(self) -> None:
        """Back to the settings, nothing asked any more."""
        self.app.set_ui(
            panel=ScreenPhase.SETTINGS, stats_ask=None, stats_file=None, stats_error=None
        )

    async def export(self, value: str) -> bool:
        self.export_stats()
        return False  # nothing on screen changes: no frame

    async def ask_reset(self, value: str) -> bool:
        self.app.set_ui(stats_ask="reset", stats_file=None, stats_error=None)
        return True

    async def cancel(self, value: str) -> bool:
        self.app.set_ui(stats_ask=None, stats_file=None)
        return True

    async def confirm(self, value: str) -> bool:
        self.confirm_stats()
        return True

    @property
    def stats(self) -> Stats:
        return self.app.state.stats or Stats()

    def keep_stats(self, stats: Stats) -> None:
        self.app.state = replace(self.app.state, stats=stats)
        self.app.notify(self.app.storage.save_stats(stats))

    def record_match(self) -> None:
        """Count the match just over in the statistics, once: on the latest kept (another tab
        may have counted it already), by its id."""
        if (
            not self.app.keeps_save
            or self.app.daily is not None
            or self.app.game.phase != Phase.OVER
        ):
            return
        if self.app.people.among_people:  # not the player's against the computer
            return
        kept = self.app.storage.read_stats()
        stats = kept if kept is not None else self.stats
        level = self.app.state.settings.level
        recorded = record(stats, match_id(self.app.game), self.app.game, level, self.app.clock())
        if recorded is stats:
            self.app.state = replace(self.app.state, stats=stats)
        else:
            self.keep_stats(recorded)

    def changed_stats(self) -> None:
        """Another tab changed the statistics: show them as they are kept."""
        kept = self.app.storage.read_stats()
        if kept is not None and kept != self.app.state.stats:
            self.app.state = replace(self.app.state, stats=kept)
            if self.app.ui.panel == ScreenPhase.STATS:
                self.app.paint()

    def export_stats(self) -> None:
        if self.download is not None:
            name = f"chkobba-statistics-{self.app.clock()[:10]}.json"
            self.download(name, export_text(self.stats))

    def import_stats(self, text: str) -> None:
        """A file the player picked: its statistics, checked, wait for the player's yes."""
        if self.app.phase() != ScreenPhase.STATS:
            return
        try:
            found = import_text(text, keep=self.stats)
        except StatsError as error:
            self.app.set_ui(stats_ask=None, stats_file=None, stats_error=(error.kind, str(error)))
        else:
            self.app.set_ui(stats_ask="import", stats_file=found, stats_error=None)
        self.app.paint()

    def confirm_stats(self) -> None:
        """The player said yes: the statistics reset, or replaced by the file's."""
        ask, found = self.app.ui.stats_ask, self.app.ui.stats_file
        if ask == "reset":
            self.keep_stats(reset(keep=self.stats))
        elif ask == "import" and found is not None:
            self.keep_stats(found)
        self.app.set_ui(stats_ask=None, stats_file=None, stats_error=None)


# --- drawn ---------------------------------------------------------------------------------------


CHART_BAR, CHART_GAP, CHART_HALF = 10, 4, 40  # the chart's bars, in its viewBox's units


def stats_chart(label: str, bars: tuple[StatsBar, ...]) -> str:
    """The last matches as bars about a line: up for a match won, down for one lost, as high
    as the margin (the largest fills half the height); each bar named in words."""
    if not bars:
        return ""
    scale = CHART_HALF / max(max(abs(bar.margin) for bar in bars), 1)
    width = RECENT * (CHART_BAR + CHART_GAP) + CHART_GAP  # a bar as wide however many there are
    shapes = []
    for i, bar in enumerate(bars):
        height = max(abs(bar.margin) * scale, 2)
        y = CHART_HALF - height if bar.margin > 0 else CHART_HALF
        x = CHART_GAP + i * (CHART_BAR + CHART_GAP)
        shapes.append(
            f'<rect class="{"won" if bar.margin > 0 else "lost"}" x="{x}" y="{y:.1f}" '
            f'width="{CHART_BAR}" height="{height:.1f}"><title>{escape(bar.label)}</title></rect>'
        )
    return (
        f'<svg class="chart" viewBox="0 0 {width} {2 * CHART_HALF}" role="img" '
        f'aria-label="{escape(label)}" data-bars="{len(bars)}">'
        f'<line x1="0" y1="{CHART_HALF}" x2="{width}" y2="{CHART_HALF}"/>{"".join(shapes)}</svg>'
    )


def stats_html(t: Language, panel: StatsPanel) -> str:
    """The counts per level and number of players, the chart, and the file and reset
    controls; a question waiting for a yes replaces the controls."""
    groups = "".join(
        f'<h3>{escape(group.heading)}</h3><dl class="stats">'
        + "".join(f"<dt>{escape(name)}</dt><dd>{escape(value)}</dd>" for name, value in group.lines)
        + "</dl>"
        for group in panel.groups
    )
    chart = ""
    if panel.bars:
        chart = (
            f"<h3>{escape(panel.chart_label)}</h3>{stats_chart(panel.chart_label, panel.bars)}"
            f'<p class="sub small">{escape(t._(words.STATS_CHART_KEY))}</p>'
        )
    error = ""
    if panel.error:
        detail = (
            f'<small dir="ltr" lang="en">{escape(panel.detail)}</small>' if panel.detail else ""
        )
        error = (
            f'<p class="stats-error" role="alert" data-stats-error>{escape(panel.error)}'
            f"{detail}</p>"
        )
    if panel.ask:
        actions = (
            f'<p class="ask" data-stats-ask>{escape(panel.ask)}</p><div class="actions stacked">'
            f"{button('stats-cancel', t._(game_words.CANCEL), 'btn')}"
            f"{button('stats-confirm', panel.yes, 'btn alt')}</div>"
        )
    else:
        picker = (
            '<label class="btn plain file"><input type="file" accept=".json,application/json" '
            f'data-file="stats">{escape(t._(words.STATS_IMPORT))}</label>'
        )
        actions = (
            '<div class="actions more">'
            f"{button('stats-export', t._(words.STATS_EXPORT), 'btn plain')}{picker}"
            f"{button('stats-reset', t._(words.STATS_RESET), 'btn plain')}</div>"
            f"{close_button(t)}"
        )
    return (
        f'{title(panel.title)}<p class="sub" data-stats-summary>{escape(panel.summary)}</p>'
        f"{groups}{chart}"
        f"{error}{actions}"
    )
