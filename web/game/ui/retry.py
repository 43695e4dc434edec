"""Try again: a costly decision of "How did I play?" made anew on the table as it was before it
(``chkobba.retry``: the same hidden cards and stock), from the player's seat. The new choice is
judged by the review's own search (as good as the expert's or not, what it gains or costs on the
match's move); then the hand can be followed to its end, the other seats playing as they did
while the play is the match's, then as the match's level plays, at a person's pace; or the
player goes back to the review. The match waits aside in ``Ui.retry`` meanwhile: nothing of it
is saved or counted, and leaving puts it back as it was."""

from __future__ import annotations

from dataclasses import dataclass, replace
from html import escape
from typing import TYPE_CHECKING

from chkobba import ChkobbaError, Game, Move, Phase
from chkobba.daily import DAILY_LEVEL
from shared import words as game_words
from shared.i18n import Language
from shared.viewpoint import Viewpoint

from . import words
from .dialog import button, title, working
from .model import Retry, Roster, ScreenPhase, Stage, Ui
from .phases import logged_deal
from .review import SEARCH_YIELD_S
from .taps import AppForFeatures, Tap

if TYPE_CHECKING:
    from chkobba.retry import Verdict


@dataclass(frozen=True)
class RetryPanel:
    """The verdict on the new choice, or the hand played out after it."""

    title: str
    chosen: str  # what the player chose now, in words
    grade: str  # the review's grade of it: "best", "fine", "costly"
    grade_label: str
    verdict: str  # as good as the expert's, or what the expert would have done (and its cost)
    gain: str  # against the match's move
    over: str  # "The hand is over." once followed to its end ("")
    follow: bool  # the hand can be followed to its end
    working: bool  # the verdict is being worked out


def retry_panel(t: Language, game: Game, ui: Ui, seats: Viewpoint) -> RetryPanel | None:
    """The panel of the retry under way in ``ui`` (None: none)."""
    retry = ui.retry
    if retry is None:
        return None
    heading = words.retry_title(t, logged_deal(retry.match, retry.back))
    verdict = retry.verdict
    if verdict is None:
        return RetryPanel(heading, "", "", "", "", "", "", False, True)
    players, cut = game.rules.players, retry.start.cut_card
    chosen = game_words.played(
        t, retry.start.current, verdict.move, cut, players=players, seats=seats
    )
    if verdict.as_good:
        said = t._(words.RETRY_AS_GOOD)
    else:
        said = words.expert_instead(t, verdict.bot, cut, verdict.loss)
    if verdict.move == verdict.played:
        gain = t._(words.RETRY_SAME)
    elif abs(verdict.gain) < 0.05:
        gain = t._(words.RETRY_EVEN)
    else:
        gain = words.retry_gain(t, verdict.gain)
    over = hand_over(retry, game)
    return RetryPanel(
        heading,
        chosen,
        verdict.grade,
        t._(words.GRADE_NAMES[verdict.grade]),
        said,
        gain,
        t._(words.RETRY_HAND_OVER) if retry.following and over else "",
        not over,
        False,
    )


def hand_over(retry: Retry, game: Game) -> bool:
    """Whether the hand the new choice was made in is over in ``game`` (a new hand dealt from
    the stock, the deal scored, the match over)."""
    return (
        game.stock_count < retry.stock
        or len(game.deal_results) > len(retry.start.deal_results)
        or game.phase != Phase.PLAY
    )


def chosen(retry: Retry, game: Game) -> bool:
    """Whether the new choice is made in ``game`` (the retry's table played on from it)."""
    return len(game.history) > retry.index


RETRY_BEFORE, RETRY_ON = "before", "on"  # the retry's table: before the choice, or played on


def retry_step(game: Game, ui: Ui) -> str:
    """Where a retry under way in ``ui`` is: "" (none), RETRY_BEFORE (its table before the
    decision) or RETRY_ON (the new choice made, the play gone on from it)."""
    if ui.retry is None:
        return ""
    return RETRY_ON if chosen(ui.retry, game) else RETRY_BEFORE


def retry_bar(t: Language, retrying: str, inert: str) -> str:
    """While trying again, under the hand: what this is, and the way back to the review."""
    if not retrying:
        return ""
    said = t._(words.RETRY_BAR_ON if retrying == RETRY_ON else words.RETRY_BAR)
    back = button("retry-back", t._(words.RETRY_BACK), "own")
    return (
        f'<div class="replay-row retry-row"{inert} data-retry>'
        f'<p class="step">{escape(said)}</p>{back}</div>'
    )


def retry_html(t: Language, panel: RetryPanel) -> str:
    if panel.working:
        return f"{title(panel.title)}{working(t)}"
    over = f'<p class="sub" data-retry-over>{escape(panel.over)}</p>' if panel.over else ""
    follow = button("retry-follow", t._(words.RETRY_FOLLOW), "btn") if panel.follow else ""
    back = button("retry-back", t._(words.RETRY_BACK), "btn plain" if follow else "btn")
    return (
        f"{title(panel.title)}{over}"
        f'<ul class="log review"><li class="{panel.grade}" data-verdict="{panel.grade}">'
        f'<span class="grade">{escape(panel.grade_label)}</span>'
        f"<span>{escape(panel.chosen)}<small>{escape(panel.verdict)}</small>"
        f"<small>{escape(panel.gain)}</small></span></li></ul>"
        f'<div class="actions">{follow}{back}</div>'
    )


class RetryScreen:
    """Try again's taps, and the table's play while it is under way (``move``, ``holds``)."""

    def __init__(self, app: AppForFeatures) -> None:
        self.app = app

    def taps(self) -> dict[str, Tap]:
        return {
            "retry": Tap(self.tap_start, (ScreenPhase.REVIEW,), guest=False),
            "retry-follow": Tap(self.tap_follow, (ScreenPhase.RETRY,)),
            "retry-back": Tap(self.tap_back),
        }

    async def tap_start(self, value: str) -> bool:
        """The table before the review's costly decision ``value`` (its index in the match's
        history), the match set aside."""
        from chkobba.retry import retry_start

        app, ui = self.app, self.app.ui
        offered = [d for d in ui.review if d.grade == "costly" and str(d.index) == value]
        if not offered or ui.retry is not None or app.people.remote:
            return False
        decision = offered[0]
        try:
            start = retry_start(app.game, decision.index)
        except ChkobbaError:  # (the review is of this match: never)
            return False
        seat = start.current
        retry = Retry(app.game, ui, app.people, start, decision.index, decision.played)
        app.epoch += 1  # the match's pending work stops (its computer player is kept as it is)
        # (no links to friends far away: nothing of the retry is sent to anyone)
        fresh = Ui(seen_deals=len(start.deal_results), viewer=seat, retry=retry)
        app.state = replace(
            app.state, game=start, ui=fresh, seats=Roster((seat,), app.people.names)
        )
        return True

    async def tap_follow(self, value: str) -> bool:
        """Play the hand on to its end: the other seats at a person's pace, the player theirs."""
        retry = self.app.ui.retry
        if retry is None:
            return False
        self.app.set_ui(panel=None, retry=replace(retry, following=True))
        return True

    async def tap_back(self, value: str) -> bool:
        """Back to the review, the match as it was."""
        retry = self.app.ui.retry
        if retry is None:
            return False
        self.app.epoch += 1  # the retry's pending work stops
        self.app.state = replace(self.app.state, game=retry.match, ui=retry.back, seats=retry.seats)
        return True

    def move(self, position: Game) -> Move:
        """A seat's move in the retry: as the match played while its play is the match's, then
        as the match's level plays (``chkobba.retry.retry_move``)."""
        from chkobba.retry import retry_move

        retry = self.app.ui.retry
        assert retry is not None
        level = DAILY_LEVEL if self.app.daily is not None else self.app.state.settings.level
        return retry_move(retry.match, retry.index, position, level)

    def holds(self) -> bool:
        """Whether the retry's table waits for the player rather than the computer: the new
        choice to be judged (the verdict is worked out now), the verdict read, or the hand
        played out (its end said); the verdict's panel is opened again if another was opened
        over it and closed (the settings)."""
        retry = self.app.ui.retry
        if retry is None or (self.app.ui.busy and not self.at_end()):
            return False
        if not chosen(retry, self.app.game):
            return False
        if retry.verdict is None:
            if self.app.ui.panel != ScreenPhase.RETRY:  # (asked once)
                self.app.set_ui(panel=ScreenPhase.RETRY)
                self.app.spawn(self.judge(retry))
            return True
        if retry.following and not hand_over(retry, self.app.game):
            return False
        if self.app.ui.panel is None:  # (the verdict again, once the settings are closed)
            self.app.set_ui(panel=ScreenPhase.RETRY)
            self.app.paint()
        return True

    def ends_hand(self, after: Game) -> bool:
        """Whether a move of the hand followed to its end leads to ``after``, its end: its last
        card is then shown on the table it lands on (``at_end``), not the next hand's."""
        retry = self.app.ui.retry
        return retry is not None and retry.following and hand_over(retry, after)

    def at_end(self) -> bool:
        """Whether the screen shows the followed hand's last card on its table, the hand over
        (the move still at its SHOW stage: the next hand, dealt in the game, is not drawn)."""
        ui = self.app.ui
        return ui.stage == Stage.SHOW and not ui.thinking and self.ends_hand(self.app.game)

    async def judge(self, retry: Retry) -> None:
        """The new choice beside the expert's, by the review's search ("Working it out…"
        painted first)."""
        from chkobba.retry import verdict_at

        epoch, game = self.app.epoch, self.app.game
        self.app.paint()
        await self.app.sleep(SEARCH_YIELD_S)
        if epoch != self.app.epoch:
            return
        chosen = game.history[retry.index]
        verdict: Verdict = verdict_at(retry.start, retry.played, retry.index, chosen)
        self.app.set_ui(retry=replace(retry, verdict=verdict, stock=game.stock_count))
        self.app.paint()
