"""A board's picture as one frozen value: ``frame(board)`` decides everything that is shown
(which cards, which are tappable, every line of text in the board's language, the buttons);
the renderer only draws it. Every word comes from the game's catalogs (``shared.i18n``)."""

from __future__ import annotations

from dataclasses import dataclass

from chkobba import Card, DealResult, DealScore, Move
from chkobba.kernel import CATEGORIES
from shared import words
from shared.i18n import N_, Language, language
from shared.refusals import move_words, not_asked, refused

from .state import Board, Feedback, can_act

YOU, OPPONENT = N_("You"), N_("Opponent")
PLAY, PREVIOUS, NEXT, AGAIN = N_("Play"), N_("Previous"), N_("Next"), N_("Start again")
SOLVED = N_("Solved!")
NEXT_MOVE = N_("Right. Now the next move.")
LOOK_AGAIN = N_("look for a better one")
TONES = {"refused": "bad", "not-asked": "bad", "right": "good", "solved": "good"}


@dataclass(frozen=True)
class Spot:
    """A card where it lies: its look (``selected``, ``picked``, ``taken``...) and whether a tap
    on it means something."""

    card: Card
    marks: tuple[str, ...] = ()
    button: bool = False


@dataclass(frozen=True)
class Side:
    name: str
    pile: int  # cards captured
    sweeps: tuple[Card, ...]  # each chkobba's card, face up
    label: str  # the pile in words, for screen readers


@dataclass(frozen=True)
class Frame:
    lang: Language
    mode: str
    caption: str
    hand: tuple[Spot, ...]  # the shown seat's hand, face up
    hidden: int  # cards in the other hand, face down
    table: tuple[Spot, ...]
    cut: Card | None  # the card the shown seat cut and must keep or expose
    sides: tuple[Side, Side]  # the shown seat's side first
    stock: int
    status: str
    feedback: str
    tone: str
    buttons: tuple[tuple[str, str, bool], ...]  # (action, label, enabled)
    step: str
    heads: tuple[str, str]  # the score sheet's columns: the shown seat's side, the other
    score: tuple[tuple[str, str, str], ...]  # a deal scored on this board: (row, you, them)
    leftovers: str
    announce: str
    finished: bool
    notice: str


def frame(board: Board) -> Frame:
    spec, game = board.spec, board.game
    t = language(spec.lang)
    seat = spec.seat
    view = game.view(seat)
    acting = can_act(board)
    playing = acting and game.phase == "play"
    hand = tuple(Spot(c, ("selected",) if c is board.selected else (), playing) for c in view.hand)
    table = tuple(
        Spot(c, ("picked",) if c in board.picked else (), playing and board.selected is not None)
        for c in view.table
    )
    names = (t._(YOU), t._(OPPONENT))
    sides = tuple(
        Side(
            names[i],
            len(view.piles[side]),
            view.sweeps[side],
            words.pile(t, names[i], len(view.piles[side]), len(view.sweeps[side])),
        )
        for i, side in enumerate((seat, 1 - seat))
    )
    result = scored(board)
    step = t._("Step {step} of {steps}", step=board.step, steps=len(spec.steps))
    return Frame(
        lang=t,
        mode=spec.mode,
        caption=spec.caption,
        hand=hand,
        hidden=view.hand_sizes[1 - seat],
        table=table,
        cut=view.cut_card,
        sides=(sides[0], sides[1]),
        stock=view.stock_count,
        status=status(t, board, acting),
        feedback=said(t, board.feedback, spec.explain),
        tone=TONES.get(board.feedback.kind, "") if board.feedback else "",
        buttons=buttons(t, board, acting),
        step=step if spec.mode == "line" else "",
        heads=names,
        score=score_rows(t, result, seat) if result else (),
        leftovers=leftovers_text(t, result, seat) if result else "",
        announce=t._(words.CHKOBBA) if announce(board) else "",
        finished=board.finished,
        notice=board.notice,
    )


def said(t: Language, feedback: Feedback | None, explain: str) -> str:
    """The feedback line in words: a refusal and why, a right move, or an author's caption."""
    if feedback is None:
        return ""
    if feedback.refusal is not None:
        return refused(t, feedback.refusal)
    assert feedback.move is not None or feedback.kind == "caption"
    if feedback.kind == "not-asked" and feedback.move is not None:
        return not_asked(t, feedback.move, explain or t._(LOOK_AGAIN))
    if feedback.kind in ("right", "solved") and feedback.move is not None:
        done = SOLVED if feedback.kind == "solved" else NEXT_MOVE
        after = feedback.text or t._(done)
        return t._("Right: {move}. {after}", move=move_words(t, feedback.move), after=after)
    return feedback.text


def scored(board: Board) -> DealResult | None:
    """The deal that ended on this board (after its start), if one did."""
    game, before = board.game, board.spec.start
    if len(game.deal_results) > len(before.deal_results):
        return game.deal_results[-1]
    return None


def status(t: Language, board: Board, acting: bool) -> str:
    game, seat = board.game, board.spec.seat
    if board.solved:
        return t._("Solved.")
    if board.finished:
        return t._("The end of this line.")
    if game.phase == "over":
        return t._("The match is over.")
    if scored(board):
        return t._("The deal is over and scored.")
    if game.phase == "cut":
        if game.current == seat:
            return t._("Your cut: keep the card in your hand, or expose it on the table.")
        return t._("Your opponent cuts the deck.")
    if not acting:
        return t._(words.YOUR_TURN) if game.current == seat else t._("Your opponent's turn.")
    card = board.selected
    if card is None:
        return t._("Your turn: tap a card of your hand.")
    if not board.picked:
        return t._(
            "Your {card} is worth {value}: tap the cards it takes, then Play.",
            card=words.label(t, card),
            value=card.value,
        )
    line = words.running(t, card, [c.value for c in board.picked])
    refusal = board.game.refusal(Move.play(card, board.picked))  # the engine decides, not a sum
    if refusal is None:
        return t._("{line}. Tap Play.", line=line)
    if any(set(board.picked) < set(option) for option in refusal.options):
        return t._("{line}. Tap more cards, or Play to try.", line=line)
    return t._("{line}. {why}", line=line, why=refused(t, refusal))


def buttons(t: Language, board: Board, acting: bool) -> tuple[tuple[str, str, bool], ...]:
    spec, game = board.spec, board.game
    if spec.mode == "line":
        return (
            ("prev", t._(PREVIOUS), board.step > 0),
            ("next", t._(NEXT), not board.finished),
            ("reset", t._(AGAIN), board.step > 0),
        )
    row: list[tuple[str, str, bool]] = []
    if acting and game.phase == "cut":
        row += [("move:keep", t._(words.KEEP), True), ("move:expose", t._(words.EXPOSE), True)]
    elif acting:
        row += [
            ("play", t._(PLAY), board.selected is not None),
            ("cancel", t._(words.CANCEL), board.selected is not None),
        ]
    if spec.play:
        bad = board.feedback is not None and board.feedback.kind in ("refused", "not-asked")
        row.append(("reset", t._(AGAIN), board.step > 0 or bad))
    return tuple(row)


def score_rows(t: Language, result: DealResult, seat: int) -> tuple[tuple[str, str, str], ...]:
    """The deal's score sheet, the shown seat first: each row's points and the counts they came
    from, the deal's total, and the match's totals before and after it."""
    you, them = result.scores[seat], result.scores[1 - seat]

    def row(name: str, key: str) -> tuple[str, str, str]:
        def shown(score: DealScore) -> str:
            points, note = words.cell(t, key, score)
            return t._("{points} ({note})", points=points, note=note) if note else str(points)

        return t._(name), shown(you), shown(them)

    def match(side: int) -> str:
        after = result.totals[side]
        before = after - result.scores[side].total
        return t._("{before} + {deal} = {after}", before=before, deal=after - before, after=after)

    return (
        *(row(words.ROW_NAMES[key], key) for key in CATEGORIES),
        (t._(words.THIS_DEAL), str(you.total), str(them.total)),
        (t._(words.MATCH), match(seat), match(1 - seat)),
    )


def leftovers_text(t: Language, result: DealResult, seat: int) -> str:
    if not result.leftovers or result.leftovers_side is None:
        return t._("No cards were left on the table.")
    cards = words.cards_shown(t, result.leftovers)
    if result.leftovers_side == seat:
        return t._(
            "Left on the table: {cards}, taken by you, the last to capture (no chkobba).",
            cards=cards,
        )
    return t._(
        "Left on the table: {cards}, taken by your opponent, the last to capture (no chkobba).",
        cards=cards,
    )


def announce(board: Board) -> bool:
    """Whether to say ``Chkobba!``: right after a move that swept the table (not at a deal's
    end)."""
    if len(board.games) < 2 or scored(board):
        return False
    before, after = board.games[-2], board.game
    return sum(after.chkobbas) > sum(before.chkobbas)
