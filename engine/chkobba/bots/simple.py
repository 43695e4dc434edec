"""The easy and medium bots: one look at each legal move, no search."""

from __future__ import annotations

from ..kernel import SEAT_SIDE, Phase, cutter, next_hand
from ..moves import EXPOSE_MOVE, KEEP_MOVE, Move
from ..view import View
from .core import holding_chances, pack_pile, pile_gain
from .infer import greedy_value
from .worlds import decision_rng


def _no_move(view: View) -> ValueError:
    return ValueError(f"seat {view.seat} has no move to make now (phase {view.phase})")


class EasyBot:
    """A beginner: grabs the biggest capture it sees, lays whatever card when it cannot take,
    never thinks about what it leaves, and now and then just plays the first card that comes."""

    level = "easy"

    def __init__(self, seed: int = 1, blunder: float = 0.3) -> None:
        self.seed = seed
        self.blunder = blunder

    def choose(self, view: View) -> Move:
        legal = view.legal_moves()
        if not legal:
            raise _no_move(view)
        rng = decision_rng(self.seed, view)
        if view.phase == Phase.CUT or rng.random() < self.blunder:
            return rng.choice(legal)
        takes = [m for m in legal if m.captures]
        if takes:
            most = max(len(m.captures) for m in takes)
            return rng.choice([m for m in takes if len(m.captures) == most])
        return rng.choice(legal)


class MediumBot:
    """The "five reflexes" of a good player, greedily, one move ahead.

    Each move is scored by the expected deal points of the piles after it (so taking the 7♦, a
    seven, a diamond at equal value, a chkobba come first) minus what the opponent to play next may
    do with the table it leaves: sweep it if they hold its sum, take a 7♦ left lying there. Those
    chances come from counting the cards not yet seen (the sevens included). The cut card is kept
    when it is worth holding (a seven, a six, a diamond) and exposed otherwise.
    """

    level = "medium"

    def __init__(self, seed: int = 1) -> None:
        self.seed = seed

    def choose(self, view: View) -> Move:
        legal = view.legal_moves()
        if not legal:
            raise _no_move(view)
        if view.phase == Phase.CUT:
            card = view.cut_card
            assert card is not None
            keep = card.value in (6, 7) or card.suit == "D"
            return KEEP_MOVE if keep else EXPOSE_MOVE
        return max(legal, key=lambda move: self.score(view, move))

    def score(self, view: View, move: Move) -> float:
        """Expected deal points for this side after ``move``, the next reply priced in."""
        assert move.card is not None
        side = view.side
        stats0, stats1, table, nxt = self.foresee(view, move)
        size = view.hand_sizes[nxt] or next_hand(view.stock_count)
        p_value = holding_chances([c.index for c in view.unseen()], size)
        if view.rules.players == 4 and SEAT_SIDE[nxt] == side:
            p_value = [0.0] * 11  # no threat from a partner (not quite true, but a medium habit)
        # At equal worth, keep the diamonds and sevens in hand for later; lay the dull cards.
        laid = -1 if move.captures else move.card.index
        return greedy_value(stats0, stats1, table, side, SEAT_SIDE[nxt], p_value, laid)

    @staticmethod
    def foresee(view: View, move: Move) -> tuple[int, int, int, int]:
        """The piles (packed), the table and the seat to play after ``move``: the kernel's
        ``play_card`` from what ``view`` shows (once the hand is over, the cutter leads)."""
        table, won, chkobba, after = view.outcome(move)
        stats = [
            pack_pile(pile, len(marks)) for pile, marks in zip(view.piles, view.sweeps, strict=True)
        ]
        if won:
            stats[view.side] += pile_gain(won, chkobba)
        if after < 0:
            after = cutter(view.dealer, view.rules.players)
        return stats[0], stats[1], table, after


__all__ = ["EasyBot", "MediumBot"]
