"""Looking back at a deal: how a person played it (each decision beside the hard bot's), the
deal played again by the hard bot in their seat (the expert's replay), and a shared deal
followed move by move. Decisions are reviewed in the background as the match goes, so that
"How did I play?" opens at once."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, replace
from html import escape
from typing import TYPE_CHECKING

from chkobba import ChkobbaError, DealResult, EntryKind, Game, Move
from chkobba.kernel import CATEGORIES
from chkobba.kernel import side as side_of
from chkobba.log import match_log, replay
from shared import words as game_words
from shared.i18n import Language
from shared.viewpoint import Viewpoint

from . import words
from .dialog import SCROLLS, TITLE_ID, close_button, title, working
from .friends import Friends
from .model import ALONE, MoveMade, Roster, ScreenPhase, Stage, Ui
from .phases import logged_deal
from .sheets import Row, points_table
from .taps import AppForFeatures, Tap

if TYPE_CHECKING:  # the review imports the bots' search: the page imports it when asked
    from chkobba.review import Decision

SEARCH_YIELD_S = 0.03  # lets the browser paint "Working it out…" (a hint: "Looking…") first
REVIEW_DELAY_S = 0.05  # a decision is reviewed this long after the move (its frame first)


@dataclass(frozen=True)
class ReviewLine:
    played: str  # what the player did, in words
    grade: str  # "best", "fine", "costly"
    grade_label: str
    expert: str  # what the hard bot would have done instead, and what the difference cost ("")
    retry: int | None = None  # a costly decision offered to try again: its index in the history


@dataclass(frozen=True)
class Person:
    """A person at a pass-and-play table, offered in the review and the expert's replay."""

    seat: int
    name: str
    shown: bool  # the panel is about this person's seat


@dataclass(frozen=True)
class ReviewPanel:
    """How the player played a deal: each decision beside the hard bot's."""

    title: str
    summary: str
    lines: tuple[ReviewLine, ...]
    working: bool
    persons: tuple[Person, ...] = ()  # pass-and-play: each person, whose play is shown


@dataclass(frozen=True)
class ExpertPanel:
    """A deal's sheet beside the one the hard bot made with the player's cards."""

    title: str
    columns: tuple[str, str]  # "You", "The expert"
    rows: tuple[Row, ...]  # per row: the player's side's points and note, then the expert's
    totals: tuple[int, int]
    others: str  # what the other side scored in each
    working: bool
    persons: tuple[Person, ...] = ()  # pass-and-play: each person, whose seat is replayed


def reviewed_seat(ui: Ui) -> int:
    """The seat the review and the expert's replay are about: the one chosen, else the
    viewer's."""
    return ui.viewer if ui.reviewed is None else ui.reviewed


def persons(ui: Ui, people: Roster) -> tuple[Person, ...]:
    """Pass-and-play: each person, to review one after the other (none when alone)."""
    if not people.shared:
        return ()
    seat = reviewed_seat(ui)
    return tuple(Person(s, people.name(s), s == seat) for s in people.people)


def review_panel(
    t: Language, game: Game, ui: Ui, seats: Viewpoint, people: Roster = ALONE
) -> ReviewPanel:
    players, seat = game.rules.players, reviewed_seat(ui)
    lines = []
    for decision in ui.review:
        before = Game.from_notation(decision.position)  # (its hidden cards never shown)
        played = game_words.played(
            t, seat, decision.played, before.cut_card, players=players, seats=seats
        )
        expert = ""
        if decision.grade != "best":
            expert = words.expert_instead(t, decision.bot, before.cut_card, decision.loss)
        label = t._(words.GRADE_NAMES[decision.grade])
        retry = decision.index if decision.grade == "costly" and not people.remote else None
        lines.append(ReviewLine(played, decision.grade, label, expert, retry))
    counts = {grade: sum(d.grade == grade for d in ui.review) for grade in words.GRADE_NAMES}
    return ReviewPanel(
        words.review_title(t, logged_deal(game, ui), seats.name(seat)),
        words.review_summary(t, counts) if ui.review else "",
        tuple(lines),
        ui.working,
        persons(ui, people),
    )


def expert_panel(
    t: Language, game: Game, ui: Ui, seats: Viewpoint, people: Roster = ALONE
) -> ExpertPanel:
    deal, seat = logged_deal(game, ui), reviewed_seat(ui)
    mine, expert = game.deal_results[deal - 1], ui.expert
    side = side_of(seat)
    rows: list[Row] = []
    if expert is not None:
        for key in CATEGORIES:
            cells = (
                game_words.cell(t, key, mine.scores[side]),
                game_words.cell(t, key, expert.scores[side]),
            )
            rows.append(Row(key, t._(game_words.ROW_NAMES[key]), cells))
    totals = (mine.scores[side].total, expert.scores[side].total if expert else 0)
    others = "" if ui.working else t._(words.NO_EXPERT)
    if expert is not None:
        theirs = (mine.scores[1 - side].total, expert.scores[1 - side].total)
        other = seats.name((seat + 1) % game.rules.players)  # a person: named, not "computer"
        others = words.expert_others(t, theirs, game.rules.players, seats.name(seat), other)
    columns = (game_words.side_name(t, side, game.rules.players, seats), t._(words.THE_EXPERT))
    return ExpertPanel(
        words.expert_title(t, deal, seats.name(seat)),
        columns,
        tuple(rows),
        totals,
        others,
        ui.working,
        persons(ui, people),
    )


class Review:
    """The review's and the expert's taps, their results worked out in the background as the
    match goes (each of the player's decisions by the history up to it; each deal's expert
    sheet by its seat and deal), and a shared deal's steps."""

    def __init__(self, app: AppForFeatures, friends: Friends) -> None:
        """``friends``: a guest's page (the match is the host's) has no review."""
        self.app, self.friends = app, friends
        self.reviews: dict[tuple[Move, ...], Decision] = {}
        self.experts: dict[tuple[int, int, DealResult], DealResult] = {}
        self.analyses: set[asyncio.Future[None]] = set()  # the work ahead of its asking
        self.graded: Callable[[Decision], None] = lambda decision: None  # (each, as reviewed)

    def taps(self) -> dict[str, Tap]:
        sheets = (ScreenPhase.SHEET, ScreenPhase.OVER)
        return {
            "review": Tap(self.tap_review, (*sheets, ScreenPhase.REVIEW), guest=False),
            "expert": Tap(self.tap_expert, (*sheets, ScreenPhase.EXPERT), guest=False),
            "replay": Tap(self.tap_replay, (ScreenPhase.REPLAY,)),
        }

    async def tap_review(self, value: str) -> bool:
        await self.open_review(self.person(value))
        return False

    async def tap_expert(self, value: str) -> bool:
        await self.open_expert(self.person(value))
        return False

    async def tap_replay(self, value: str) -> bool:
        self.replay_step(value)
        return True

    def so_far(self) -> None:
        """Review, in the background, what a reload left unreviewed."""
        self.app.spawn(self.review_so_far(), self.analyses)

    def ahead(self, before: Game, move: Move) -> None:
        """Review the player's ``move`` from ``before`` in the background (a guest's page has
        no review: the match is the host's)."""
        if not self.friends.guest:
            self.app.spawn(self.review_later(before, move), self.analyses)

    def expert_ahead(self) -> None:
        """Play the expert's replay of the deal just scored in the background, while its sheet
        is read (not on a guest's page)."""
        game = self.app.game
        if not self.friends.guest:
            self.app.spawn(self.expert_later(game, len(game.deal_results)), self.analyses)

    def replay_step(self, step: str) -> None:
        """Follow a shared deal: its first position, the one before, the next, its end."""
        line, at = self.app.params.deal, self.app.ui.replay
        if line is None or at is None:
            return
        now, total = at
        moves = {"first": 0, "prev": now - 1, "next": now + 1, "last": total}
        if step not in moves:
            return
        to = max(0, min(total, moves[step]))
        last, stage = None, None
        if to > 0:
            before = line.positions[to - 1]
            last = MoveMade(before.current, line.moves[to - 1], before)
            if line.positions[to].deal_results != before.deal_results:
                stage = Stage.SHOW  # the deal's last card on its table, not the next deal's
        ui = replace(self.app.ui, replay=(to, total), last=last, stage=stage, hint=None)
        self.app.state = replace(self.app.state, game=line.positions[to], ui=ui)

    async def review_later(self, before: Game, move: Move) -> None:
        """Review the player's ``move`` from ``before`` once the frame that shows it is painted
        (one search, ~40 ms in Pyodide): "How did I play?" then opens at once."""
        await self.app.sleep(REVIEW_DELAY_S)
        self.graded(self.reviewed(before, move))

    async def review_so_far(self) -> None:
        """Review the player's decisions of the deal on the table (or on its sheet) that a
        reload left unreviewed, one at a time in the background."""
        game = self.app.game
        for before, move in self.decisions(
            game, logged_deal(game, self.app.ui), self.app.ui.viewer
        ):
            await self.app.sleep(REVIEW_DELAY_S)
            if self.app.game is not game:
                return
            self.graded(self.reviewed(before, move))

    @staticmethod
    def decisions(game: Game, deal: int, seat: int) -> list[tuple[Game, Move]]:
        """The decisions of ``seat`` (the cut, the plays) in ``deal``: each position and move,
        the history replayed once."""
        kinds = (EntryKind.CUT, EntryKind.PLAY)
        numbers = {
            e.number
            for e in match_log(game)
            if e.deal == deal and e.seat == seat and e.kind in kinds
        }
        return [
            (before, move)
            for number, (before, move, _) in enumerate(replay(game), 1)
            if number in numbers
        ]

    def reviewed(self, before: Game, move: Move) -> Decision:
        """The player's ``move`` from ``before`` beside the hard bot's, reviewed now if it was
        not yet (its index in the match's history: ``before``'s history's length)."""
        from chkobba.review import review_position

        key = (*before.history, move)
        if key not in self.reviews:
            self.reviews[key] = review_position(before, move, len(before.history))
        return self.reviews[key]

    async def expert_later(self, game: Game, deal: int) -> None:
        """Play the expert's replay of ``deal`` while its sheet is read, a move at a time (the
        worker stays free for taps); given up once the match moves on."""
        from chkobba.review import expert_steps

        seat = self.app.ui.viewer
        key = (seat, deal, game.deal_results[deal - 1])
        final = None
        try:
            steps = expert_steps(game, seat, deal, self.app.state.settings.level)
        except ChkobbaError:  # a deal set up in mid-play: no shuffle to deal again
            return
        for position in steps:
            final = position
            await self.app.sleep(0)
            if self.app.game is not game or self.app.ui.seen_deals >= deal:  # the sheet was left
                return
        if final is not None:  # the deal played out: its sheet
            self.experts[key] = final.deal_results[-1]

    def person(self, value: str) -> int:
        """The seat whose play is reviewed: a person's at the table, as tapped (pass-and-play),
        else the viewer's."""
        seats = {str(seat): seat for seat in self.app.people.people}
        return seats.get(value, self.app.ui.viewer)

    async def open_review(self, seat: int) -> None:
        """The decisions of ``seat``'s person in the deal on the sheet, each beside the hard
        bot's."""
        game, deal = self.app.game, logged_deal(self.app.game, self.app.ui)
        self.app.set_ui(panel=ScreenPhase.REVIEW, review=(), working=True, reviewed=seat)
        self.app.paint()
        await self.app.sleep(SEARCH_YIELD_S)  # "Working it out…" paints first
        if self.app.game is not game:
            return
        chosen = self.decisions(game, deal, seat)
        review = tuple(self.reviewed(before, move) for before, move in chosen)
        self.app.set_ui(review=review, working=False)
        self.app.paint()

    async def open_expert(self, seat: int) -> None:
        """The deal on the sheet played again by the hard bot in ``seat``."""
        from chkobba.review import expert_replay

        game, deal = self.app.game, logged_deal(self.app.game, self.app.ui)
        self.app.set_ui(panel=ScreenPhase.EXPERT, expert=None, working=True, reviewed=seat)
        self.app.paint()
        await self.app.sleep(SEARCH_YIELD_S)
        if self.app.game is not game:
            return
        key = (seat, deal, game.deal_results[deal - 1])
        if key not in self.experts:
            try:
                replayed = expert_replay(game, seat, deal, self.app.state.settings.level)
            except ChkobbaError:  # a deal set up in mid-play: the panel says there is none
                self.app.set_ui(working=False)
                self.app.paint()
                return
            self.experts[key] = replayed.deal_results[-1]
        self.app.set_ui(expert=self.experts[key], working=False)
        self.app.paint()


# --- drawn ---------------------------------------------------------------------------------------


def review_html(t: Language, panel: ReviewPanel) -> str:
    """Each decision with its grade, and what the expert would have done where it differs."""
    if panel.working:
        return f"{title(panel.title)}{working(t)}{close_button(t)}"
    items = []
    for number, line in enumerate(panel.lines):
        expert = f"<small>{escape(line.expert)}</small>" if line.expert else ""
        retry = ""
        if line.retry is not None:  # named "Try again", described by its decision
            retry = (
                f'<button type="button" class="btn retry" data-action="retry" '
                f'data-value="{line.retry}" aria-describedby="decision-{number}">'
                f"{escape(t._(words.RETRY))}</button>"
            )
        items.append(
            f'<li class="{line.grade}"><span class="grade">{escape(line.grade_label)}</span>'
            f'<span id="decision-{number}">{escape(line.played)}{expert}</span>{retry}</li>'
        )
    return (
        f"{title(panel.title)}{persons_html('review', panel.persons)}"
        f'<p class="sub">{escape(panel.summary)}</p>'
        f'<ol class="log review" data-review="{len(panel.lines)}" {SCROLLS}>'
        f"{''.join(items)}</ol>"
        f"{close_button(t)}"
    )


def persons_html(action: str, people: tuple[Person, ...]) -> str:
    """Pass-and-play: a button for each person, the one whose seat is shown pressed."""
    if not people:
        return ""
    buttons = "".join(
        f'<button type="button" data-action="{action}" data-value="{p.seat}" '
        f'aria-pressed="{str(p.shown).lower()}" dir="auto">{escape(p.name)}</button>'
        for p in people
    )
    return f'<div class="seg" role="group" aria-labelledby="{TITLE_ID}">{buttons}</div>'


def expert_html(t: Language, panel: ExpertPanel) -> str:
    """The player's side's points beside the expert's, row by row, on the same cards."""
    if panel.working:
        return f"{title(panel.title)}{working(t)}{close_button(t)}"
    table = points_table(t, panel.columns, panel.rows, panel.totals)
    return (
        f"{title(panel.title)}{persons_html('expert', panel.persons)}{table}"
        f'<p class="sub">{escape(panel.others)}</p>{close_button(t)}'
    )
