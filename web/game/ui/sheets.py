"""The deal's sheets: its score sheet (a deal scored, the match won, the daily deal's result),
its log, each side's cards taken in it, and its link to share; each as a frame part and as HTML,
and the taps that open them."""

from __future__ import annotations

from dataclasses import dataclass, replace
from html import escape

from chkobba import Card, DealResult, Game, Move, MoveKind, Phase, deal_link
from chkobba.daily import daily_points
from chkobba.kernel import CATEGORIES, tied
from chkobba.kernel import side as side_of
from chkobba.log import Entry, EntryKind
from shared import words as game_words
from shared.cards import card_html
from shared.i18n import Language
from shared.viewpoint import SOLO, Viewpoint

from . import words
from .dialog import SCROLLS, button, close_button, copy_button, title
from .model import ScreenPhase, Ui
from .phases import logged_deal
from .taps import AppForFeatures, Tap


@dataclass(frozen=True)
class Row:
    key: str
    name: str
    cells: tuple[tuple[int, str], ...]  # per side: points and a note


@dataclass(frozen=True)
class Sheet:
    kind: ScreenPhase  # SHEET (a deal scored) or OVER (the match is won)
    title: str
    won: bool  # the player's side won the match
    notes: tuple[str, ...]
    sides: tuple[str, ...]
    rows: tuple[Row, ...]
    deal: tuple[int, ...]  # this deal's points per side ("" rows absent for a finished position)
    totals: tuple[int, ...]
    target: int
    action: str  # "next" or "new" ("": none, the daily deal's result)
    action_label: str
    share: str = ""  # the daily deal's result as a text to share, with ``link``
    link: str = ""  # the daily deal's link ("?daily=YYYY-MM-DD")
    more: tuple[str, ...] = ("log", "taken", "review", "expert", "share")  # offered beside
    together: bool = False  # several people read it: "How did each of us play?"


@dataclass(frozen=True)
class LogLine:
    kind: EntryKind
    text: str
    mine: bool  # the player's side's
    chkobba: bool


@dataclass(frozen=True)
class LogPanel:
    """The deal's log: every event of one deal, in order."""

    title: str
    lines: tuple[LogLine, ...]


@dataclass(frozen=True)
class TakenPanel:
    """Each side's cards taken in one deal (its plays' captures and the leftovers)."""

    title: str
    sides: tuple[tuple[str, tuple[Card, ...]], ...]  # each side's name and its cards


@dataclass(frozen=True)
class SharePanel:
    """A deal as a link to share."""

    title: str
    text: str
    link: str  # the page's address's query: "?deal=..."


def score_sheet(
    t: Language, game: Game, kind: ScreenPhase, undos: int = 0, seats: Viewpoint = SOLO
) -> Sheet:
    players = game.rules.players
    sides = (game_words.side_name(t, 0, players, seats), game_words.side_name(t, 1, players, seats))
    target = game.rules.target
    result: DealResult | None = game.deal_results[-1] if game.deal_results else None
    notes = []
    if result and result.leftovers and result.leftovers_side is not None:
        side, count = result.leftovers_side, len(result.leftovers)
        notes.append(words.leftovers(t, side, count, players, seats))
        notes.append(words.left_on_table(t, result.leftovers))
    totals = result.totals if result else game.scores
    if kind == ScreenPhase.OVER:
        winner = game.winner if game.winner is not None else 0
        title, won = words.won(t, winner, players, seats), seats.mine(winner)
        notes.insert(0, words.final(t, totals))
        if undos:
            notes.append(words.undos_used(t, undos))
        action, label = "new", t._(words.NEW_MATCH)
    else:
        title, won = words.scored(t, len(game.deal_results)), False
        if tied(totals, target):
            notes.append(words.tie(t, target))
        action, label = "next", t._(words.NEXT_DEAL)
    rows: list[Row] = []
    deal: tuple[int, ...] = ()
    if result:
        for key in CATEGORIES:
            cells = tuple(game_words.cell(t, key, score) for score in result.scores)
            rows.append(Row(key, t._(game_words.ROW_NAMES[key]), cells))
        deal = tuple(score.total for score in result.scores)
    return Sheet(
        kind,
        title,
        won,
        tuple(notes),
        sides,
        tuple(rows),
        deal,
        totals,
        target,
        action,
        label,
        together=seats.hiding,
    )


def daily_sheet(t: Language, game: Game, ui: Ui) -> Sheet:
    """The daily deal's result: its one deal's points, the run of days played, and the text
    and link to share it."""
    deal = score_sheet(t, game, ScreenPhase.SHEET)
    ours, theirs = daily_points(game)
    notes = [words.daily_of(t, ui.daily), *deal.notes]
    if ui.streak[0]:
        notes.append(words.daily_streak(t, *ui.streak))
    if ui.next_daily:
        notes.append(words.next_daily(t, ui.next_daily))
    return replace(
        deal,
        kind=ScreenPhase.OVER,
        title=words.daily_result(t, ours, theirs),
        won=ours > theirs,
        notes=tuple(notes),
        target=0,  # no match totals: the deal is all
        action="",
        share=words.daily_share(t, ui.daily, ours, theirs),
        link="?daily=" + ui.daily,
    )


def log_text(t: Language, entry: Entry, players: int, seats: Viewpoint = SOLO) -> str:
    """A log line in words: what the entry says happened, cards as printed."""
    if entry.kind == EntryKind.REDEAL:
        return t._(words.REDEALT)
    if entry.kind == EntryKind.LEFTOVERS:
        assert entry.side is not None
        return words.leftovers_to(t, entry.side, entry.cards, players, seats)
    if entry.kind == EntryKind.SCORED:
        assert entry.result is not None
        points = tuple(s.total for s in entry.result.scores)
        return words.deal_told(t, entry.deal, points, entry.result.totals, players, seats)
    assert entry.seat is not None
    if entry.kind == EntryKind.CUT:
        move = Move(MoveKind.KEEP if entry.kept else MoveKind.EXPOSE, None, ())
        return game_words.played(t, entry.seat, move, entry.card, players=players, seats=seats)
    assert entry.card is not None
    play = Move.play(entry.card, entry.cards)
    line = game_words.played(t, entry.seat, play, None, players=players, seats=seats)
    return words.with_chkobba(t, line) if entry.chkobba else line


def log_panel(
    t: Language, game: Game, ui: Ui, seats: Viewpoint, log: tuple[Entry, ...]
) -> LogPanel:
    number, players = logged_deal(game, ui), game.rules.players
    lines = []
    for entry in log:
        if entry.deal == number:
            seat = entry.seat if entry.seat is not None else entry.side
            mine = seat is not None and seats.mine(side_of(seat))
            text = log_text(t, entry, players, seats)
            lines.append(LogLine(entry.kind, text, mine, entry.chkobba))
    return LogPanel(words.log_title(t, number), tuple(lines))


def taken_panel(
    t: Language, game: Game, ui: Ui, seats: Viewpoint, log: tuple[Entry, ...]
) -> TakenPanel:
    number, players = logged_deal(game, ui), game.rules.players
    taken: tuple[list[Card], list[Card]] = ([], [])
    for entry in log:
        if entry.deal != number:
            continue
        if entry.kind == EntryKind.PLAY and entry.cards and entry.seat is not None:
            assert entry.card is not None
            taken[side_of(entry.seat)].extend((entry.card, *entry.cards))
        elif entry.kind == EntryKind.LEFTOVERS and entry.side is not None:
            taken[entry.side].extend(entry.cards)
    sides = tuple(
        (game_words.side_name(t, s, players, seats), tuple(sorted(taken[s], key=by_suit)))
        for s in (0, 1)
    )
    return TakenPanel(words.taken_title(t, number), sides)


def share_panel(t: Language, game: Game, ui: Ui) -> SharePanel:
    deal = logged_deal(game, ui)
    return SharePanel(
        words.share_title(t, deal), t._(words.SHARE_TEXT), "?deal=" + deal_link(game, deal)
    )


def by_suit(card: Card) -> tuple[str, int]:
    return card.suit, card.index


class DealSheets:
    """The taps of a deal's sheets: its log (opened and closed from the table too), the cards
    taken, its link (not on a guest's page: the deal is the host's), the next deal."""

    def __init__(self, app: AppForFeatures) -> None:
        self.app = app

    def taps(self) -> dict[str, Tap]:
        sheets = (ScreenPhase.SHEET, ScreenPhase.OVER)
        return {
            "log": Tap(self.log),
            "taken": Tap(self.taken, (*sheets, ScreenPhase.LOG)),
            "share": Tap(self.share, sheets, guest=False),
            "next": Tap(self.next_deal, (ScreenPhase.SHEET,), daily=False),
        }

    async def log(self, value: str) -> bool:
        panel = self.app.ui.panel
        self.app.set_ui(panel=None if panel == ScreenPhase.LOG else ScreenPhase.LOG)
        return True

    async def taken(self, value: str) -> bool:
        self.app.set_ui(panel=ScreenPhase.TAKEN)
        return True

    async def share(self, value: str) -> bool:
        self.app.set_ui(panel=ScreenPhase.SHARE)
        return True

    async def next_deal(self, value: str) -> bool:
        """The sheet read: the next deal's table (the match saved with it)."""
        app = self.app
        if app.game.phase != Phase.OVER:
            app.set_ui(seen_deals=len(app.game.deal_results), last=None)
            app.save()
        return True


# --- drawn ---------------------------------------------------------------------------------


def score_sheet_html(t: Language, sheet: Sheet) -> str:
    head = title(sheet.title, "win" if sheet.won else "")
    notes = "".join(f'<p class="sub">{escape(n)}</p>' for n in sheet.notes)
    table = ""
    if sheet.rows:
        match = ""
        if sheet.target:  # (the daily deal: one deal, no match)
            totals = "".join(f"<td>{p}</td>" for p in sheet.totals)
            match = (
                f'<tr class="match"><th scope="row">{escape(t._(game_words.MATCH))}'
                f"<small>{escape(words.match_target(t, sheet.target))}</small></th>{totals}</tr>"
            )
        table = points_table(t, sheet.sides, sheet.rows, sheet.deal, match)
    action = button(sheet.action, sheet.action_label) if sheet.action else ""
    if sheet.share:
        share = copy_button(
            sheet.link, t._(words.SHARE_RESULT), t._(words.COPIED_RESULT), sheet.share
        )
        action = f'{share}<a class="btn alt" href="./index.html">{escape(t._(words.OWN_MATCH))}</a>'
    labels = {
        "log": words.LOG,
        "taken": words.TAKEN,
        "review": words.REVIEW,
        "expert": words.EXPERT,
        "share": words.SHARE,
    }
    if sheet.together:
        labels["review"] = words.REVIEW_TOGETHER
    more = "".join(button(name, t._(labels[name]), "btn plain") for name in sheet.more)
    actions = f'<div class="actions">{action}</div><div class="actions more">{more}</div>'
    return f"{head}{notes}{table}{actions}"


def log_html(t: Language, panel: LogPanel) -> str:
    """The deal's log: one list item a line, the player's side's marked, chkobbas starred."""
    items = []
    for line in panel.lines:
        cls = " ".join(
            c
            for c in (
                str(line.kind),
                "mine" if line.mine else "",
                "chkobba" if line.chkobba else "",
            )
            if c
        )
        items.append(f'<li class="{cls}">{escape(line.text)}</li>')
    body = (
        f'<ol class="log" data-log="{len(panel.lines)}" {SCROLLS}>{"".join(items)}</ol>'
        if items
        else f'<p class="sub">{escape(t._(words.NOTHING_YET))}</p>'
    )
    return f"{title(panel.title)}{body}{close_button(t)}"


def taken_html(t: Language, panel: TakenPanel) -> str:
    """Each side's cards taken in the deal, small, by suit."""
    parts = []
    for name, cards in panel.sides:
        minis = "".join(card_html(t, c, key="data-mini") for c in cards)
        parts.append(
            f"<h3>{escape(name)} <small>{escape(t.count_cards(len(cards)))}</small></h3>"
            f'<div class="taken" role="group" aria-label="{escape(name)}">{minis}</div>'
        )
    return f"{title(panel.title)}{''.join(parts)}{close_button(t)}"


def share_html(t: Language, panel: SharePanel) -> str:
    """The deal's link, to copy or hand to the phone's share sheet (host.js does: data-copy)."""
    link = escape(panel.link)
    return (
        f'{title(panel.title)}<p class="sub">{escape(panel.text)}</p>'
        f'<p><a class="deal-link" href="{link}" dir="ltr">{link}</a></p>'
        '<div class="actions">'
        f"{copy_button(panel.link, t._(words.COPY), t._(words.COPIED))}"
        f"{button('close', t._(words.CLOSE), 'btn plain')}</div>"
    )


def points_table(
    t: Language,
    columns: tuple[str, ...],
    rows: tuple[Row, ...],
    deal: tuple[int, ...],
    after: str = "",
) -> str:
    """A score sheet's table: a column a side (or a player), a row a point with what earned it,
    the deal's points, then ``after`` (the match's totals)."""
    cols = "".join(f'<th scope="col">{escape(name)}</th>' for name in columns)
    body = []
    for row in rows:
        cells = "".join(
            f"<td>{points}{f'<small>{escape(note)}</small>' if note else ''}</td>"
            for points, note in row.cells
        )
        body.append(f'<tr data-row="{row.key}"><th scope="row">{escape(row.name)}</th>{cells}</tr>')
    points = "".join(f"<td>{p}</td>" for p in deal)
    body.append(
        '<tr class="total" data-row="total">'
        f'<th scope="row">{escape(t._(game_words.THIS_DEAL))}</th>{points}</tr>{after}'
    )
    corner = f'<th scope="col"><span class="sr-only">{escape(t._(words.SCORE))}</span></th>'
    return f"<table><tr>{corner}{cols}</tr>{''.join(body)}</table>"
