"""Puzzles on the page (?puzzle; ``chkobba.puzzles`` makes and proves them): the day's, chosen
by the UTC date; one of the player's own (their costly moves in a deal's last hand, kept on the
device, solved or not); or one from a link (its position, proved again here). The table shows
the position from the puzzle seat's view; a move tapped is judged (``puzzles.judge``) and told
in the player's words: right (why), allowed but worse (a clue: try again) or refused (the
rule). Then the puzzle's link and its board line, to share.

The streak: the UTC days on which the day's puzzle was solved that day, wrong tries allowed;
a day whose answer was shown ("Show the answer") does not count, nor an earlier day's puzzle
solved later (as the daily deal's run of days).

The puzzle is made in the worker once the first frame ("Making the puzzle…") is painted: the
page never waits for it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from html import escape
from typing import TYPE_CHECKING

from chkobba import ChkobbaError, Game, Move
from chkobba.cardsets import bits_of
from chkobba.daily import read_day, streak, utc_day
from chkobba.kernel import counters, side
from shared.i18n import Language
from shared.refusals import refused

from . import words
from .daily_deal import clock_time
from .dialog import SCROLLS, button, close_button, copy_button, title
from .model import (
    AddressProblem,
    MoveMade,
    Notice,
    NoticeKind,
    Params,
    PuzzleView,
    Roster,
    ScreenPhase,
    Stage,
    Ui,
)
from .phases import PLAYING
from .storage import PUZZLE_DAYS_KEY, Storage
from .taps import AppForFeatures, Tap

if TYPE_CHECKING:  # the puzzles import the bots' search: the page imports them when asked
    from chkobba.puzzles import Puzzle, Verdict
    from chkobba.review import Decision

MAKE_YIELD_S = 0.03  # "Making the puzzle…" is painted before the worker searches


class PuzzleScreen:
    """The puzzle on the table for the app (its ``ui.puzzle``; None: a match is played)."""

    def __init__(self, app: AppForFeatures) -> None:
        self.app = app
        self.today = utc_day(clock_time(app.clock()))
        self.asked = ""  # ?puzzle=<notation>: the position to prove (else a day's puzzle)

    def opening(self, params: Params) -> PuzzleView | None:
        """The puzzle asked for by the address, to be made: today's, any day's (past or to
        come: each day's is the same everywhere), or a position's."""
        asked = params.puzzle
        if asked is None:
            return None
        if " " in asked:
            self.asked = asked
            return PuzzleView()
        return PuzzleView(asked or self.today.isoformat())

    def set_aside(self, storage: Storage) -> list[Notice]:
        """What is kept of the puzzles (the days solved, the player's own) and cannot be read:
        set aside, each with its notice."""
        found = (storage.check_days(PUZZLE_DAYS_KEY), storage.check_own())
        return [notice for notice in found if notice]

    def taps(self) -> dict[str, Tap]:
        here = (*PLAYING, ScreenPhase.WAIT)
        return {
            "puzzle-answer": Tap(self.tap_answer, PLAYING),
            "puzzle-move": Tap(self.tap_move, PLAYING),
            "puzzles": Tap(self.tap_list, here),
            "puzzle-open": Tap(self.tap_open, (ScreenPhase.PUZZLES,)),
            "puzzle-today": Tap(self.tap_today, (*here, ScreenPhase.PUZZLES)),
        }

    # --- making and showing ------------------------------------------------------------------

    def start(self) -> None:
        """Make the puzzle asked for in the background, the first frame painted."""
        if self.app.ui.puzzle is not None:
            self.app.spawn(self.make(self.app.ui.puzzle.day, self.asked))

    async def make(self, day: str, position: str = "") -> None:
        """Prove ``position`` (a link's) or make ``day``'s puzzle, then show it; a position
        that is no puzzle gives today's, with a notice."""
        await self.app.sleep(MAKE_YIELD_S)
        from chkobba.puzzles import daily_puzzle, prove

        puzzle = None
        if position:
            try:
                puzzle = prove(Game.from_notation(position))
            except ChkobbaError:
                puzzle = None
            if puzzle is None:
                problem = AddressProblem("not-puzzle", "puzzle")
                self.app.notify(Notice(NoticeKind.ADDRESS, problems=(problem,)))
                day = self.today.isoformat()
        if puzzle is None:
            try:
                puzzle = daily_puzzle(read_day(day))
            except ChkobbaError:  # no puzzle in the day's deals (none of 2027's): said so
                self.app.set_ui(puzzle=PuzzleView(day, outcome="failed"))
                self.app.paint()
                return
        self.show(puzzle, day)

    def show(self, puzzle: Puzzle, day: str) -> None:
        """``puzzle`` on the table, untried, from its seat's view (``day``: the day's, or "")."""
        seat = puzzle.seat
        today = self.today.isoformat()
        view = PuzzleView(day, puzzle, streak=self.streak(), own=self.own(), today=today)
        ui = Ui(notices=self.app.ui.notices, viewer=seat, puzzle=view)
        self.app.state = replace(self.app.state, game=puzzle.game, ui=ui, seats=Roster((seat,)))
        self.app.paint()

    def own(self) -> tuple[tuple[str, bool], ...]:
        return tuple(self.app.storage.own_puzzles()[0])

    def streak(self) -> tuple[int, int]:
        """The runs of days on which the day's puzzle was solved: now, and the best."""
        return streak(self.app.storage.days(PUZZLE_DAYS_KEY), self.today)

    # --- a try ---------------------------------------------------------------------------------

    async def tried(self, move: Move | str) -> None:
        """A move tapped (or its text): judged; right, it is played and the reason told; else
        what is wrong with it is told, and the table stays for another try."""
        view = self.app.ui.puzzle
        if view is None or view.puzzle is None or view.outcome:
            return
        from chkobba.puzzles import judge

        try:
            verdict = judge(view.puzzle, move)
        except ChkobbaError:  # no card played (a cut's move): nothing to judge
            return
        if verdict.right:
            self.solve(view, verdict.move, replace(view, verdict=verdict, outcome="solved"))
        else:
            view = replace(view, verdict=verdict, wrong=view.wrong + 1)
            self.app.set_ui(puzzle=view, selected=None, picked=())
        self.app.paint()

    def solve(self, view: PuzzleView, move: Move, after: PuzzleView) -> None:
        """The puzzle is over (solved, or its answer shown): the move played on the table (but
        a deal's last card: the table stays), the day solved kept, the run of days told."""
        puzzle, before = view.puzzle, self.app.game
        assert puzzle is not None
        storage = self.app.storage
        if after.outcome == "solved" and view.day == self.today.isoformat():
            self.app.notify(storage.played_day(self.today, PUZZLE_DAYS_KEY))
        if after.outcome == "solved" and any(p == puzzle.position for p, _ in view.own):
            self.app.notify(storage.keep_puzzle(puzzle.position, solved=True))
        after = replace(after, streak=self.streak(), own=self.own())
        played = before.play(move)
        if len(played.deal_results) > len(before.deal_results):
            self.app.set_ui(puzzle=after, selected=None, picked=())
            return
        made = MoveMade(puzzle.seat, move, before)
        self.app.state = replace(self.app.state, game=played)
        self.app.set_ui(puzzle=after, selected=None, picked=(), last=made, stage=Stage.SETTLE)

    async def tap_move(self, value: str) -> bool:
        """A move as text (the table's taps make only allowed ones): judged, a refused one
        told why."""
        await self.tried(value)
        return False

    async def tap_answer(self, value: str) -> bool:
        view = self.app.ui.puzzle
        if view is None or view.puzzle is None or not view.wrong or view.outcome:
            return False
        self.solve(view, view.puzzle.answer, replace(view, outcome="shown"))
        return True

    # --- the player's own puzzles --------------------------------------------------------------

    def keep_costly(self, decision: Decision) -> None:
        """A decision of the player's just reviewed: kept as one of their puzzles when it was
        costly in a two-player deal's last hand and one move was proved best by a point or
        more (``puzzles_from``; a few ms, in the worker). Not at a table of several people."""
        app = self.app
        if decision.grade != "costly" or not app.keeps_save or app.people.among_people:
            return
        from chkobba.puzzles import puzzles_from

        for puzzle in puzzles_from((decision,)):
            app.notify(app.storage.keep_puzzle(puzzle.position))

    async def tap_list(self, value: str) -> bool:
        view = self.app.ui.puzzle
        if view is None:
            return False
        self.app.set_ui(panel=ScreenPhase.PUZZLES, puzzle=replace(view, own=self.own()))
        return True

    async def tap_open(self, value: str) -> bool:
        """One of the player's own puzzles, from the list (by its place in it), proved again."""
        from chkobba.puzzles import prove

        view = self.app.ui.puzzle
        own = self.own()
        if view is None or not value.isdigit() or int(value) >= len(own):
            return False
        try:
            puzzle = prove(Game.from_notation(own[int(value)][0]))
        except ChkobbaError:
            puzzle = None
        if puzzle is None:  # (kept by another version of the game, or changed by hand)
            problem = AddressProblem("not-puzzle", "puzzle")
            self.app.notify(Notice(NoticeKind.ADDRESS, problems=(problem,)))
            self.app.set_ui(panel=None)
            return True
        self.show(puzzle, "")
        return False

    async def tap_today(self, value: str) -> bool:
        self.app.set_ui(puzzle=PuzzleView(self.today.isoformat()), panel=None)
        self.app.paint()
        await self.make(self.today.isoformat())
        return False


# --- what the screen shows ---------------------------------------------------------------------


@dataclass(frozen=True)
class PuzzleBar:
    """The puzzle under the player's hand: its title, question, the last try's words (said
    once too), the buttons it offers and, once over, the run of days and what to share."""

    state: str  # the root's data-puzzle: "making", "open", "solved", "shown"
    title: str
    question: str
    verdict: str  # the last try's words ("" before any)
    right: bool
    answer: bool  # "Show the answer" is offered (after a wrong try)
    streak: str  # the days solved in a row ("": not today's puzzle, or none ever solved)
    link: str  # the puzzle's link ("?puzzle=...")
    board: str  # the puzzle as a board line, in the page's language ("" until it is over)
    today: bool  # the way to today's puzzle (another puzzle is shown)


def puzzle_bar(t: Language, ui: Ui) -> PuzzleBar | None:
    view = ui.puzzle
    if view is None:
        return None
    if view.puzzle is None:
        state = view.outcome or "making"  # ("failed": no puzzle could be made)
        return PuzzleBar(state, t._(words.PUZZLE), "", "", False, False, "", "", "", False)
    puzzle = view.puzzle
    day = view.day
    name = words.puzzle_of(t, day) if day else t._(words.OWN_PUZZLE)
    state = view.outcome or "open"
    run = ""
    if day == view.today and (view.outcome or view.streak[1]):  # (only today's counts)
        run = words.puzzle_streak(t, *view.streak)
    return PuzzleBar(
        state=state,
        title=name,
        question=question(t, puzzle),
        verdict=verdict_words(t, view),
        right=view.outcome == "solved",
        answer=bool(view.wrong) and not view.outcome,
        streak=run,
        link=puzzle_link(puzzle, day),
        board=board_words(t, puzzle) if view.outcome else "",
        today=day != view.today,
    )


def puzzle_link(puzzle: Puzzle, day: str) -> str:
    """The puzzle's address: its day's, or its position's (a space as "+", any other character
    but letters, digits and "-/._~" as %XX)."""
    if day:
        return f"?puzzle={day}"
    return "?puzzle=" + "".join(
        c
        if c.isascii() and (c.isalnum() or c in "-/._~")
        else "+"
        if c == " "
        else f"%{ord(c):02X}"
        for c in puzzle.position
    )


def question(t: Language, puzzle: Puzzle) -> str:
    """The question, with what the table does not show: the other hand, and what each side has
    taken that scores."""
    game = puzzle.game
    other = game.hands[1 - puzzle.seat]
    mine = side(puzzle.seat)
    return words.puzzle_question(t, other, taken(t, game, mine), taken(t, game, 1 - mine))


def taken(t: Language, game: Game, which: int) -> str:
    cards, diamonds, sevens, sixes, hayya = counters(bits_of(game.piles[which]))
    counts = (cards, diamonds, sevens, sixes)
    return words.puzzle_taken(t, counts, bool(hayya), len(game.sweeps[which]))


def verdict_words(t: Language, view: PuzzleView) -> str:
    """The last try in words: the reason when right or shown, else the clue or the refusal."""
    puzzle, verdict = view.puzzle, view.verdict
    if puzzle is None:
        return ""
    if view.outcome == "shown":
        return words.puzzle_shown(t, reason(t, puzzle))
    if verdict is None:
        return ""
    return tried_words(t, puzzle, verdict)


def tried_words(t: Language, puzzle: Puzzle, verdict: Verdict) -> str:
    """What a try is told: why it is right, or the clue (not the answer), or the refusal."""
    if verdict.refusal is not None:
        return words.puzzle_refused(t, refused(t, verdict.refusal))
    if verdict.right:
        return words.puzzle_right(t, reason(t, puzzle))
    return words.puzzle_clue(t, verdict.loss, verdict.gives_up or puzzle.wins)


def reason(t: Language, puzzle: Puzzle) -> str:
    """Why the answer is right: what it takes and leaves, by how much it beats the best other
    move, in which categories."""
    return words.puzzle_reason(
        t, puzzle.answer, puzzle.leaves, puzzle.margin, puzzle.runner_up, puzzle.wins
    )


def board_words(t: Language, puzzle: Puzzle) -> str:
    """The puzzle as a tutorial's board line, with the page language's words."""
    from chkobba.puzzles import board_line

    clue = words.puzzle_clue(t, puzzle.margin, puzzle.wins)
    return board_line(puzzle, question(t, puzzle), reason(t, puzzle), clue, t.code)


def puzzle_status(t: Language, ui: Ui) -> str:
    """The status line while the puzzle is made, or once it is over; none while it is tried
    (the question under the hand says what to do)."""
    view = ui.puzzle
    if view is not None and view.outcome == "failed":
        return t._(words.NO_PUZZLE_MADE)
    if view is None or view.puzzle is None:
        return t._(words.MAKING_PUZZLE)
    if not view.outcome:
        return ""
    return t._(words.PUZZLE_SOLVED if view.outcome == "solved" else words.PUZZLE_OVER)


def puzzle_spoken(t: Language, ui: Ui) -> tuple[tuple[str, str], ...]:
    """The last try's words, said once by the live region."""
    view = ui.puzzle
    if view is None or view.puzzle is None:
        return ()
    said = verdict_words(t, view)
    return ((f"puzzle-{view.wrong}-{view.outcome}", said),) if said else ()


def puzzle_html(t: Language, bar: PuzzleBar | None, inert: str) -> str:
    """The puzzle's row under the player's hand."""
    if bar is None:
        return ""
    parts = [f'<h2 id="puzzle-title">{escape(bar.title)}</h2>']
    if bar.question and bar.state == "open":  # (once over, the reason says it all)
        parts.append(f'<p class="question" data-question>{escape(bar.question)}</p>')
    if bar.verdict:
        kind = "right" if bar.right else "wrong" if bar.state == "open" else "shown"
        parts.append(f'<p class="verdict {kind}" data-verdict>{escape(bar.verdict)}</p>')
    if bar.streak:
        parts.append(f'<p class="streak" data-streak>{escape(bar.streak)}</p>')
    actions, more = [], []  # the buttons, and the quieter links under them
    if bar.answer:
        actions.append(button("puzzle-answer", t._(words.SHOW_ANSWER), "btn"))
    actions.append(copy_button(bar.link, t._(words.SHARE_PUZZLE), t._(words.COPIED)))
    if bar.board:
        more.append(
            f'<button type="button" class="link" data-line="{escape(bar.board)}" '
            f'data-copied="{escape(t._(words.BOARD_COPIED))}">{escape(t._(words.COPY_BOARD))}'
            "</button>"
        )
    more.append(button("puzzles", t._(words.YOUR_PUZZLES), "link"))
    if bar.today:
        more.append(button("puzzle-today", t._(words.TODAYS_PUZZLE), "link"))
    return (
        f'<section class="puzzle-row" data-puzzle-bar="{bar.state}" aria-labelledby="puzzle-title"'
        f"{inert}>{''.join(parts)}"
        f'<div class="actions">{"".join(actions)}</div>'
        f'<div class="more">{"".join(more)}</div></section>'
    )


@dataclass(frozen=True)
class PuzzlesPanel:
    """The player's own puzzles, newest first: each one's place in the list kept, its words."""

    title: str
    items: tuple[tuple[int, str, str], ...]  # (place kept, its cards in hand, solved or not)
    empty: str


def puzzles_panel(t: Language, ui: Ui) -> PuzzlesPanel:
    own = ui.puzzle.own if ui.puzzle is not None else ()
    items = []
    for place, (position, solved) in enumerate(own):
        try:
            game = Game.from_notation(position)
        except ChkobbaError:
            continue
        hand = game.hands[game.current]
        items.append((place, words.own_puzzle_item(t, hand), words.solved_or_not(t, solved)))
    return PuzzlesPanel(t._(words.YOUR_PUZZLES), tuple(reversed(items)), t._(words.NO_PUZZLES))


def puzzles_html(t: Language, panel: PuzzlesPanel) -> str:
    rows = "".join(
        f'<li><button type="button" class="btn plain" data-action="puzzle-open" '
        f'data-value="{place}">{escape(hand)}</button><small>{escape(solved)}</small></li>'
        for place, hand, solved in panel.items
    )
    body = (
        f'<ol class="own-puzzles" {SCROLLS}>{rows}</ol>'
        if rows
        else f"<p>{escape(panel.empty)}</p>"
    )
    return f"{title(panel.title)}{body}{close_button(t)}"
