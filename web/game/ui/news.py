"""The news of a move, as the frame tells it: what happened in words (the status line's and the
live region's, once each), what is heard, the chkobba announced, and where the cards fly."""

from __future__ import annotations

from dataclasses import dataclass

from chkobba import Game, MoveKind, Phase
from chkobba.kernel import HAND_SIZE
from chkobba.kernel import side as side_of
from chkobba.log import made_chkobba
from shared import words as game_words
from shared.i18n import Language
from shared.viewpoint import Viewpoint

from . import words
from .model import MoveMade, ScreenPhase, Stage, Ui
from .phases import SHEETS, on_screen


@dataclass(frozen=True)
class Announcement:
    title: str
    detail: str


@dataclass(frozen=True)
class Motion:
    """Where new cards come from and where vanished ones go (zone names of the frame); ``only``:
    the one new table card that comes from ``origin`` (the others come from the stock)."""

    origin: str = "stock"
    sink: str | None = None
    only: str | None = None
    pace: float = 1.0  # the chosen pace's factor on the travel's time (0: no travel)


def made_sweep(played: MoveMade, game: Game) -> bool:
    """Whether ``played`` (which made ``game``) swept the table for a chkobba."""
    return made_chkobba(played.before, game)


def event(t: Language, game: Game, ui: Ui, seats: Viewpoint, spoken: bool = False) -> str:
    """What just happened, for the status line (``spoken``: in words, for the live region)."""
    last = ui.last
    if last is None:
        return ""
    players = game.rules.players
    cut_card = last.before.cut_card
    if ui.stage == Stage.SHOW:
        return game_words.played(
            t, last.seat, last.move, cut_card, pending=True, players=players, seats=seats
        )
    if game.phase == Phase.CUT and game.redealt:
        return t._(words.REDEALT)
    return game_words.played(
        t, last.seat, last.move, cut_card, spoken=spoken, players=players, seats=seats
    )


def spoken(
    t: Language, game: Game, ui: Ui, phase: ScreenPhase, seats: Viewpoint, moves: int
) -> tuple[tuple[str, str], ...]:
    """The live region's news: each move once it is made (in words, with its chkobba), a deal's
    score when its sheet opens, a notice when it shows. Keys count moves and deals (a notice is
    its own key), so a repaint says nothing new."""
    said: list[tuple[str, str]] = []
    last = ui.last
    if last is not None and ui.stage != Stage.SHOW:
        words_ = event(t, game, ui, seats, spoken=True)
        if ui.stage == Stage.SETTLE and made_sweep(last, game):
            words_ = f"{words_} {words.chkobba_by(t, last.seat, game.rules.players, seats)}"
        said.append((f"move:{moves}", words_))
    if phase in SHEETS and game.deal_results:
        result = game.deal_results[-1]
        points = tuple(s.total for s in result.scores)
        number, players = len(game.deal_results), game.rules.players
        told = words.deal_told(t, number, points, result.totals, players, seats)
        said.append((f"deal:{len(game.deal_results)}", told))
    if ui.notices:
        text = words.notice(t, ui.notices[0])
        said.append((f"notice:{text}", text))
    return tuple(said)


def sounds(
    game: Game, ui: Ui, phase: ScreenPhase, seats: Viewpoint, moves: int
) -> tuple[tuple[str, str], ...]:
    """What is heard, once each (keyed like ``spoken``): the hands dealt, a card played or laid
    by the cut, a capture (a chkobba's own), the leftovers taken and the deal's end when its
    sheet opens, the match won or lost."""
    heard: list[tuple[str, str]] = []
    match = f"{game.seed}.{game.rules.players}"
    shown = on_screen(game, ui)
    hands = [len(hand) for hand in shown.hands]
    if phase not in SHEETS and shown.phase == Phase.PLAY and hands == [HAND_SIZE] * len(hands):
        heard.append((f"dealt:{match}:{len(shown.deal_results)}:{shown.stock_count}", "deal"))
    last = ui.last
    if last is not None and ui.stage is not None:
        number = moves
        if ui.stage == Stage.SETTLE and last.move.captures:
            sound = "chkobba" if made_sweep(last, game) else "capture"
            heard.append((f"take:{match}:{number}", sound))
        elif last.move.kind != MoveKind.KEEP:
            heard.append((f"play:{match}:{number}", "play"))
    if phase in SHEETS and game.deal_results:
        result, number = game.deal_results[-1], len(game.deal_results)
        if result.leftovers:
            heard.append((f"left:{match}:{number}", "leftovers"))
        won = game.winner is not None and seats.mine(game.winner)
        end = "deal-end" if game.winner is None else "win" if won else "lose"
        heard.append((f"end:{match}:{number}", end))
    return tuple(heard)


def announcement(t: Language, game: Game, ui: Ui, seats: Viewpoint) -> Announcement | None:
    if ui.stage != Stage.SETTLE or ui.last is None or not made_sweep(ui.last, game):
        return None
    who = words.swept_table(t, ui.last.seat, game.rules.players, seats)
    return Announcement(t._(game_words.CHKOBBA), who)


def motion(ui: Ui) -> Motion:
    last = ui.last
    if last is None or ui.stage is None:
        return Motion()
    cut = last.before.cut_card
    if last.move.kind == MoveKind.EXPOSE and cut is not None:  # to the table, from the cutter
        return Motion(f"hand-{last.seat}", only=cut.code)
    if last.move.kind != MoveKind.PLAY:
        return Motion()
    origin = f"hand-{last.seat}"
    if ui.stage == Stage.SHOW or not last.move.captures:
        return Motion(origin)
    return Motion(origin, f"pile-{side_of(last.seat)}")
