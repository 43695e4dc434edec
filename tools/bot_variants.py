"""A variant of the hard bot against an opponent, paired with the unchanged bot on the same deals.

    python tools/bot_variants.py VARIANT OPPONENT --players 2 --seed 7300001 --deals 100 --jobs 1
    python tools/bot_variants.py VARIANT OPPONENT --players 2 --seed 7300001 --deals 100 --dump F
    python tools/bot_variants.py VARIANT OPPONENT --read F [F...]   (the report of dumped seeds)

Each shuffle seed is played four times: the variant against ``OPPONENT`` with the seats swapped,
then the unchanged hard bot against the same ``OPPONENT`` (same bot seeds), seats swapped. Prints
each one's points per deal over the opponent and their paired difference (95% intervals), and
the hard bots' CPU per move. Use tuning seeds, never the goals' (``arena.GOALS_SEED`` on).

``VARIANT`` is ``base`` or parts joined by ``+``:

- ``w64``: 64 worlds (``samples``); ``wbN``: N worlds before the deal's last hand, the node
  cap grown with them; ``nodesN``: the node cap N (two players 8,000);
  ``extra3``: 3 plies into the next hand;
  ``late4x3``: 3 plies into the next hand once at most 4 cards are left in the hands;
  ``penN``: in the deal's last hand but one, N plies into the last hand (99: to the deal's end),
  with ``PEN_CAP`` times the node cap;
- ``beta5``: the two-player inference's sharpness (``infer.BETA``, 20);
  ``reply5``: the sharpness of a greedy opponent's replies in the two-player search (20);
- ``opp20`` / ``mate20``: the four-player inference's sharpness for the opponents' plays
  (``team.OPPONENT_BETA``, 200) / the partner's (``team.PARTNER_BETA``, 20);
- ``mate``: four players, the partner searched at its best in every hand (not only the last);
- ``opps``: four players, the opponents searched at their best in every hand;
- ``all``: four players, every seat at its best in every hand;
- ``mix2``: two players, before the last hand each world searched with the opponent greedy
  and at its best, the values summed (twice the nodes allowed);
- ``nomix``: four players, the last hand searched with the opponents greedy only (before
  ``team.BOTH_MODELS_LAST``; ``mixl`` at commit 9aded38 was its opposite);
- ``lcapN``: four players, the last hand's node cap N times ``team.MAX_NODES`` (2);
- ``lbestW``: four players, the last hand's moves worth the search with the opponents greedy plus
  W times the search with them at their best (1);
- ``loppB``: four players, the opponents' plays read with sharpness B in the last hand only
  (``team.OPPONENT_BETA``, 200; 0: not read, the worlds dealt uniformly);
- ``lmixP``: four players, in the last hand the opponents' plays read as those of a greedy player
  (sharpness ``team.OPPONENT_BETA``) with prior P, or of a player who picks any play, a world's
  weight the mixture of both;
- ``a2unread`` / ``a2best`` / ``a2mix``: two players, once a play of the opponent's in the
  deal's finished hands was not a greedy player's best (``infer.opponents_greedy``): its plays
  not read / it searched at its best / both, summed (as ``mix2``); ``a2readB`` / ``a2replyB``:
  its plays then read with sharpness B (``infer.BETA``, 20) / its replies in the search
  weighed with sharpness B (``search.BETA``, 20);
- ``sure2``: two players, the opponent searched playing its first best reply (``team.SURE``);
  ``g2sure`` / ``g2readB``: only while its plays in the finished hands were a greedy player's
  best (``infer.opponents_greedy``) / its plays then read with sharpness B (``infer.BETA``, 20);
- ``nongB``: four players, before the last hand, the opponents found not greedy read with
  sharpness B (0: not read, ``team.READ_ONLY_GREEDY_BEFORE``); ``lnongB``: in the last hand
  (0, ``team.READ_ONLY_GREEDY_LAST``);
- ``bbest`` / ``bmix``: four players, before the last hand, the opponents found not greedy
  searched at their best / both greedy and at their best, summed (the partner greedy);
- ``readbefore``: four players, the opponents' plays read before the last hand even when one of
  their plays in the finished hands was not a greedy player's best (before
  ``team.READ_ONLY_GREEDY_BEFORE``; ``aunread`` at commit f222e73 was its opposite);
- ``readall``: four players, the last hand's opponents' plays read even when one of their plays
  in the deal's finished hands was not a greedy player's best (before
  ``team.READ_ONLY_GREEDY_LAST``; ``ladapt0`` at commit a698730 was its opposite);
- ``seeall``: the true deal its one world (a bound, not a player: it sees every hand);
  ``seemate`` / ``seeopps``: four players, the partner's / the opponents' true hands in every
  world (the rest dealt and read as the bot does);
- ``iss``: before the last hand, every world searched at once, the bot's later moves in the
  hand one choice for the worlds it cannot tell apart (``info_search.py``);
- ``ensN``: each card play's value the hard bot's plus N times the peers' algorithm's;
  ``enssN`` / ``enslN``: only while the stock lasts / only once it is empty; ``psN``: the
  peers' algorithm on N deals in it (12); ``learnN@PATH``: N times the move's value learned
  from self-play instead, its weights at PATH (``tools/self_play.py``; numpy needed);
- ``fitNAME``: the search's horizon scored by the evaluation fitted on self-play
  (``fit_horizon.FITTED[NAME]``, ``tools/fit_horizon.py``).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from multiprocessing import Pool
from typing import Any

from chkobba import Game, Rules
from chkobba.bots import core, infer, make_bot, search, team, worlds
from chkobba.bots import hard as hard_module
from chkobba.bots.core import ints
from chkobba.bots.hard import HardBot
from chkobba.bots.peer import SAMPLES as PEER_SAMPLES
from chkobba.bots.peer import PeerBot
from chkobba.cardsets import BITS
from chkobba.kernel import Phase, partner, side
from chkobba.moves import Move
from chkobba.puzzles import _world as puzzle_world
from chkobba.view import View
from fit_horizon import fitted
from info_search import InfoSearch

PEN_CAP = 4  # ``penN``: the node cap's factor in the last hand but one


class LateBot(HardBot):
    """``HardBot`` searching ``late[1]`` plies into the next hand once at most ``late[0]`` cards
    are left in the hands."""

    def __init__(
        self,
        seed: int,
        late: tuple[int, int] | None = None,
        unlike: tuple[str, ...] = (),
        greedy2: tuple[bool, bool, float | None] | None = None,
        info: bool = False,
        pen: int | None = None,
        before: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__(seed, **options)
        self.pen = pen
        self.before = before
        self.late = late
        self.unlike = unlike
        self.greedy2 = greedy2
        self.info = info

    def choose(self, view: View) -> Move:
        if self.info and view.phase == Phase.PLAY and view.stock_count:
            return self._info_search(view)
        if self.late:
            self.extra = self.late[1] if sum(view.hand_sizes) <= self.late[0] else 0
        last_but_one = view.phase == Phase.PLAY and view.stock_count == 3 * view.rules.players
        if self.pen is not None and last_but_one:
            return self._penultimate(view, self.pen)
        if self.before and view.phase == Phase.PLAY and view.stock_count:
            return self._more_worlds(view, self.before)
        if self.greedy2 and view.rules.players == 2:
            return self._as_greedy(view, *self.greedy2)
        if not self.unlike or view.rules.players != 2 or infer.opponents_greedy(view):
            return super().choose(view)
        # Two players, an opponent who has played otherwise than a greedy player (``a2...``).
        if "best" in self.unlike:
            self.greedy = False
            try:
                return super().choose(view)
            finally:
                self.greedy = True
        reads = [float(part[4:]) for part in self.unlike if part.startswith("read")]
        replies = [float(part[5:]) for part in self.unlike if part.startswith("reply")]
        with _swapped(
            0.0 if "unread" in self.unlike else reads[0] if reads else None,
            replies[0] if replies else None,
            BothModels2 if "mix" in self.unlike else None,
        ):
            return super().choose(view)

    def _more_worlds(self, view: View, samples: int) -> Move:
        """``samples`` worlds, the node cap grown with them (``wbN``: before the last hand)."""
        plain = self.samples, self.max_nodes, self.nodes_given
        planned = self.setup(view, exact=False)
        self.samples, self.max_nodes = samples, planned.max_nodes * samples // planned.samples
        self.nodes_given = True
        try:
            return HardBot.choose(self, view)
        finally:
            self.samples, self.max_nodes, self.nodes_given = plain

    def _penultimate(self, view: View, plies: int) -> Move:
        """In the deal's last hand but one, ``plies`` into the last hand (``penN``), with
        ``PEN_CAP`` times the node cap (four players: each seat's model as planned before the
        last hand)."""
        plain = self.extra, self.max_plies, self.max_nodes, team.MAX_NODES, hard_module.settings
        self.extra, self.max_plies = plies, 99
        self.max_nodes *= PEN_CAP
        team.MAX_NODES *= PEN_CAP

        def settings(view: View, samples: int | None, max_plies: int | None) -> team.Plan:
            plan = plain[4](view, samples, team.WHOLE_HAND)

            def searcher(world: worlds.World) -> search.Searcher:
                found = plan.searcher(world)
                found.max_plies = sum(len(hand) for hand in world.hands) + plies
                return found

            return plan._replace(searcher=searcher)

        hard_module.settings = settings
        try:
            return HardBot.choose(self, view)
        finally:
            self.extra, self.max_plies, self.max_nodes, team.MAX_NODES, hard_module.settings = plain

    def _info_search(self, view: View) -> Move:
        """Before the deal's last hand, the worlds searched together (``iss``:
        ``info_search.py``), the bot's later moves one choice for the worlds it cannot tell
        apart; the worlds, their searchers and their weighing as the unchanged bot's."""
        legal = view.legal_moves()
        if len(legal) == 1:
            return legal[0]
        samples, searcher_for, _, betas, pool = self.setup(view, exact=False)
        hidden = [card.index for card in view.unseen()]
        rng = worlds.decision_rng(self.seed, view)
        drawn = list(
            hard_module.weighed_worlds(view, hidden, samples, rng, lambda: False, betas, pool)
        )
        together = InfoSearch(
            [searcher_for(world) for world, _ in drawn], [w for _, w in drawn], view.seat
        )
        roots: dict[Any, Move] = {}
        for move in legal:
            roots.setdefault(hard_module._alike(move), move)
        sign = 1 if view.side == 0 else -1

        def value(move: Move) -> float:
            assert move.card is not None
            taken = sum(BITS[card.index] for card in move.captures)
            return sign * together.root(move.card.index, taken)

        return max(roots.values(), key=value)

    def _as_greedy(self, view: View, always: bool, sure: bool, beta: float | None) -> Move:
        """Two players, an opponent found greedy (``infer.opponents_greedy``; ``always``: any
        opponent): searched playing its first best reply (``sure``), its plays read with
        sharpness ``beta`` (``g2...`` / ``sure2``)."""
        if not always and not infer.opponents_greedy(view):
            return HardBot.choose(self, view)
        with _swapped(beta, None, SureSearcher if sure else None):
            return HardBot.choose(self, view)


@contextmanager
def _swapped(
    beta: float | None, reply: float | None, searcher: type[search.Searcher] | None
) -> Iterator[None]:
    """The two-player bot's reading sharpness (``hard.BETA``), its greedy opponent's replies'
    (``search.BETA``) and its ``Searcher`` set for one decision (``None``: as they are), then put
    back."""
    plain = hard_module.BETA, search.BETA, hard_module.Searcher
    if beta is not None:
        hard_module.BETA = beta
    if reply is not None:
        search.BETA = reply
    if searcher is not None:
        hard_module.Searcher = searcher
    try:
        yield
    finally:
        hard_module.BETA, search.BETA, hard_module.Searcher = plain


class SureSearcher(search.Searcher):
    """``search.Searcher`` whose greedy opponent plays its first best reply (as ``team.SURE``)."""

    sure = True


class Ensemble:
    """``hard`` whose card plays are each worth its value plus ``weight`` times another's mean
    value of them (``opinion``: the peers' algorithm's, its own deals and evaluation, or a value
    learned from self-play, ``self_play.py``), in the hands ``when`` says ("all"; "stock": while
    the stock lasts; "last": once it is empty), but where the hard bot's search is exact (two
    players, the last hand)."""

    def __init__(
        self, hard: LateBot, weight: float, when: str, opinion: Callable[[View, list[Move]], Any]
    ) -> None:
        self.hard, self.weight, self.when, self.opinion = hard, weight, when, opinion

    def choose(self, view: View) -> Move:
        move, values = self.hard.evaluate(view)
        if view.phase == Phase.CUT or len(values) < 2:
            return move
        exact = view.rules.players == 2 and not view.stock_count
        in_hands = self.when == "all" or (self.when == "stock") == (view.stock_count > 0)
        if exact or not in_hands:
            return move
        legal = list(values)
        other = self.opinion(view, legal)
        return max(
            zip(legal, other, strict=True), key=lambda mv: values[mv[0]] + self.weight * mv[1]
        )[0]


def _peers_opinion(seed: int, samples: int) -> Callable[[View, list[Move]], list[float]]:
    """The peers' algorithm's mean value of each move, on ``samples`` deals."""
    peer = PeerBot(seed, samples=samples)
    return lambda view, legal: [value / samples for value in peer.values(view, legal)]


@cache
def _learned_opinion(path: str) -> Callable[[View, list[Move]], Any]:
    """The value of each move learned from self-play, its weights at ``path`` (numpy needed)."""
    import self_play

    net = self_play.Net.load(path)
    return lambda view, legal: net.values(self_play.features(view, legal))


def hard_bot(seed: int, options: dict[str, Any]) -> LateBot | Ensemble:
    """The variant's hard bot for ``seed``: a ``LateBot``, in an ``Ensemble`` if asked."""
    plain = {k: v for k, v in options.items() if not k.startswith(("ensemble", "learned"))}
    peer_samples = plain.pop("peer_samples", PEER_SAMPLES)
    hard = LateBot(seed, **plain)
    if not options.get("ensemble"):
        return hard
    learned = options.get("learned")
    opinion = _learned_opinion(learned) if learned else _peers_opinion(seed, peer_samples)
    return Ensemble(hard, options["ensemble"], options.get("ensemble_when", "all"), opinion)


class MixedInference(infer.Inference):
    """``infer.Inference`` whose four-player last hand reads the opponents' plays as a greedy
    player's with chance ``prior``, else as a player's who picks any play (``lmixP``)."""

    prior = 0.5

    def __init__(self, view: View, betas: tuple[float, float] = (infer.BETA, infer.BETA)) -> None:
        super().__init__(view, betas)
        self.mixed = view.rules.players == 4 and not view.stock_count
        self._parts: dict[tuple[int, tuple[int, ...]], tuple[float, float]] = {}

    def log_weight(self, hands: tuple[tuple[int, ...], ...]) -> float:
        if not self.mixed:
            return super().log_weight(hands)
        mate = greedy = anyone = 0.0
        for index, play in enumerate(self.plays):
            held = hands[play.seat]
            parts = self._parts.get((index, held))
            if parts is None:
                hand = tuple(sorted((*held, *play.later)))
                count = sum(1 for _ in core.children(hand, play.table))
                parts = self._parts[index, held] = (self._log_chance(play, held), -math.log(count))
            if side(play.seat) == self.side:
                mate += parts[0]
            else:
                greedy += parts[0]
                anyone += parts[1]
        top = max(greedy, anyone)
        mixed = self.prior * math.exp(greedy - top) + (1 - self.prior) * math.exp(anyone - top)
        return mate + top + math.log(mixed)


def _last_hand(
    best: float | None = None, beta: float | None = None, cap: float | None = None
) -> Any:
    """``team.settings`` with, in the last hand, the search at their best counted ``best`` times
    (``team.BothModels.weight``), the opponents' plays read with sharpness ``beta`` and the node
    cap ``cap`` times ``team.MAX_NODES``."""
    plain = team.settings

    def settings(view: View, samples: int | None, max_plies: int | None) -> team.Plan:
        plan = plain(view, samples, max_plies)
        if view.stock_count:
            return plan
        if cap is not None:
            plan = plan._replace(max_nodes=int(cap * team.MAX_NODES))
        if best is not None:
            plies = max_plies or team.WHOLE_HAND
            greedy = frozenset(s for s in range(4) if side(s) != view.side)
            weighed = type("Weighed", (team.BothModels,), {"weight": best})
            plan = plan._replace(searcher=lambda world: weighed(world, plies, greedy))
        if beta is not None:
            plan = plan._replace(betas=(plan.betas[0], beta))
        return plan

    return settings


def _unlike_read(beta: float, last: bool) -> Any:
    """``team.settings`` with the opponents found not greedy read with sharpness ``beta`` before
    the last hand (``last``: in it)."""
    plain = team.settings

    def settings(view: View, samples: int | None, max_plies: int | None) -> team.Plan:
        plan = plain(view, samples, max_plies)
        if bool(view.stock_count) != last and not infer.opponents_greedy(view):
            return plan._replace(betas=(plan.betas[0], beta))
        return plan

    return settings


def _before(model: str) -> Any:
    """``team.settings`` with, before the last hand, the opponents found not greedy
    (``infer.opponents_greedy``) searched at their best (``bbest``) or both greedy and at their
    best, summed (``bmix``, twice the nodes); the partner greedy as planned."""
    plain = team.settings

    def settings(view: View, samples: int | None, max_plies: int | None) -> team.Plan:
        plan = plain(view, samples, max_plies)
        if not view.stock_count or infer.opponents_greedy(view):
            return plan
        plies = max_plies or team.WHOLE_HAND
        mate = frozenset({partner(view.seat, 4)})
        if model == "best":
            return plan._replace(searcher=lambda world: team.TeamSearcher(world, plies, mate))
        greedy = frozenset(s for s in range(4) if s != view.seat)
        both = type("Both", (team.BothModels,), {"second": mate})
        return plan._replace(
            searcher=lambda world: both(world, plies, greedy), max_nodes=2 * plan.max_nodes
        )

    return settings


def _seats(best: str) -> Any:
    """``team.settings`` with other seats at their best: ``mate``, ``opps`` or ``all``."""
    plain = team.settings

    def settings(view: View, samples: int | None, max_plies: int | None) -> team.Plan:
        plan = plain(view, samples, max_plies)
        plies = max_plies or team.WHOLE_HAND
        mate = partner(view.seat, 4)
        opponents = frozenset(s for s in range(4) if side(s) != view.side)
        greedy = {
            "mate": opponents,
            "opps": frozenset() if not view.stock_count else frozenset({mate}),
            "all": frozenset(),
        }[best]
        return plan._replace(searcher=lambda world: team.TeamSearcher(world, plies, greedy))

    return settings


class BothModels2(search.Searcher):
    """Two players: a greedy opponent's ``Searcher`` whose root moves are worth the sum of the
    search with the opponent greedy and with it at its best."""

    def root(self, seat: int, card: int, group: tuple[int, ...]) -> float:
        first = super().root(seat, card, group)
        if self.greedy_side is None:
            return first
        planned, self.greedy_side = self.greedy_side, None
        try:
            return first + super().root(seat, card, group)
        finally:
            self.greedy_side = planned


TRUTH: list[Game] = []  # the game being played (``seeall``)


def true_world(view: View, *_: Any) -> Any:
    """``worlds.weighed_worlds`` for a bot shown every hand: the game's own deal, once."""
    game = TRUTH[0]
    hands = tuple(ints(hand) for hand in game.hands)
    yield puzzle_world(game, hands, tuple(card.index for card in game.stock)), 1


def shown_worlds(shown: str) -> Any:
    """``worlds.weighed_worlds`` with the true hands of the partner (``shown`` "mate") or of the
    opponents ("opps") in each world: the cards a world gave them swapped with their true ones,
    wherever the world had put those."""
    plain = worlds.weighed_worlds

    def weighed(view: View, *args: Any) -> Any:
        game = TRUTH[0]
        mate = partner(view.seat, 4)
        seats = [mate] if shown == "mate" else [s for s in range(4) if side(s) != view.side]
        for world, weight in plain(view, *args):
            hands = [list(hand) for hand in world.hands]
            stock = list(world.stock)
            for seat in seats:
                truth = ints(game.hands[seat])
                given = [card for card in hands[seat] if card not in truth]
                for card, wanted in zip(
                    given, [c for c in truth if c not in hands[seat]], strict=True
                ):
                    holder = next((h for h in hands if wanted in h), stock)
                    holder[holder.index(wanted)] = card
                hands[seat] = list(truth)
            dealt = tuple(tuple(sorted(hand)) for hand in hands)
            yield (
                worlds.World(
                    dealt,
                    world.table,
                    world.stats0,
                    world.stats1,
                    world.last,
                    tuple(stock),
                    world.first,
                ),
                weight,
            )

    return weighed


# ``team``'s names as imported: restored before each variant, rather than the module read again
# (a reload would read an engine changed on disk during a run).
TEAM_AS_IMPORTED = dict(vars(team))


def apply(variant: str) -> dict[str, Any]:
    """Set the variant's module constants (after restoring the unchanged bot's) and return its
    ``hard_bot`` options."""
    for name, value in TEAM_AS_IMPORTED.items():
        setattr(team, name, value)
    worlds.Inference = infer.Inference
    hard_module.BETA = search.BETA = infer.BETA
    search.horizon_value = core.horizon_value
    hard_module.Searcher = search.Searcher
    hard_module.weighed_worlds = worlds.weighed_worlds
    options: dict[str, Any] = {}
    for part in variant.split("+"):
        if part == "base":
            continue
        if part in ("mate", "opps", "all"):
            team.settings = _seats(part)
        elif part == "nomix":
            team.BOTH_MODELS_LAST = False
        elif part == "mix2":
            hard_module.Searcher = BothModels2
            options["max_nodes"] = 16_000
        elif part.startswith("lbest"):
            team.settings = _last_hand(best=float(part[5:]))
        elif part.startswith("lopp"):
            team.settings = _last_hand(beta=float(part[4:]))
        elif part in ("a2unread", "a2best", "a2mix") or part.startswith(("a2read", "a2reply")):
            options["unlike"] = (*options.get("unlike", ()), part[2:])
        elif part.startswith(("nong", "lnong")):
            team.settings = _unlike_read(float(part.split("nong")[1]), part[0] == "l")
        elif part in ("bbest", "bmix"):
            team.settings = _before(part[1:])
        elif part in ("sure2", "g2sure"):
            _, _, beta = options.get("greedy2", (False, False, None))
            options["greedy2"] = (part == "sure2", True, beta)
        elif part.startswith("g2read"):
            always, sure, _ = options.get("greedy2", (False, False, None))
            options["greedy2"] = (always, sure, float(part[6:]))
        elif part in ("seemate", "seeopps"):
            hard_module.weighed_worlds = shown_worlds(part[3:])
        elif part.startswith("pen"):
            options["pen"] = int(part[3:])
        elif part == "iss":
            options["info"] = True
        elif part == "seeall":
            hard_module.weighed_worlds = true_world
        elif part == "readbefore":
            team.READ_ONLY_GREEDY_BEFORE = False
        elif part == "readall":
            team.READ_ONLY_GREEDY_LAST = False
        elif part.startswith("lmix"):
            worlds.Inference = type("Mixed", (MixedInference,), {"prior": float(part[4:])})
        elif part.startswith("lcap"):
            team.settings = _last_hand(cap=float(part[4:]))
        elif part.startswith("fit"):
            search.horizon_value = fitted(part[3:])
        elif part.startswith("late"):
            cards, plies = part[4:].split("x")
            options["late"] = (int(cards), int(plies))
        elif part.startswith("ps"):  # the ensemble's deals for the peers' algorithm
            options["peer_samples"] = int(part[2:])
        elif part.startswith(("enss", "ensl")):  # only while the stock lasts, only after it
            options["ensemble"] = float(part[4:])
            options["ensemble_when"] = "stock" if part[3] == "s" else "last"
        elif part.startswith("ens"):
            options["ensemble"] = float(part[3:])
        elif part.startswith("learn"):  # learnW@PATH: the ensemble's opinion learned
            weight, path = part[5:].split("@")
            options["ensemble"], options["learned"] = float(weight), path
        elif part.startswith("nodes"):
            options["max_nodes"] = int(part[5:])
        elif part.startswith("extra"):
            options["extra"] = int(part[5:])
        elif part.startswith("wb"):
            options["before"] = int(part[2:])
        elif part.startswith("w"):
            options["samples"] = int(part[1:])
        elif part.startswith("reply"):
            search.BETA = float(part[5:])
        elif part.startswith("beta"):
            hard_module.BETA = float(part[4:])
        elif part.startswith("opp"):
            team.OPPONENT_BETA = float(part[3:])
        elif part.startswith("mate"):
            team.PARTNER_BETA = float(part[4:])
        else:
            raise SystemExit(f"unknown variant part {part!r}")
    hard_module.settings = team.settings
    return options


Result = tuple[float, list[float]]  # points per deal over the opponent, CPU per move


def play(task: tuple[str, str, int, int]) -> tuple[Result, Result]:
    """Seed ``seed`` played by ``variant`` and by the unchanged bot, seats swapped each time."""
    variant, opponent, players, seed = task
    results = []
    for name in (variant, "base"):
        options = apply(name)
        points, cpu = [], []
        for hard_side in (0, 1):
            bots = [
                hard_bot(seed * 8 + seat, options)
                if side(seat) == hard_side
                else make_bot(opponent, seed=seed * 8 + seat)
                for seat in range(players)
            ]
            game = Game.new(Rules(players=players, target=21), seed=seed)
            while not game.deal_results:
                seat = game.current
                TRUTH[:] = [game]
                start = time.process_time()
                move = bots[seat].choose(game.view(seat))
                if side(seat) == hard_side:
                    cpu.append(time.process_time() - start)
                game = game.play(move)
            scores = game.deal_results[0].scores
            points.append(scores[hard_side].total - scores[1 - hard_side].total)
        results.append((statistics.fmean(points), cpu))
    return results[0], results[1]


def _ci(values: list[float]) -> str:
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{statistics.fmean(values):+.3f} ± {half:.3f}"


def _cpu(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return f"CPU per move mean {1000 * statistics.fmean(values):.1f} ms, p95 {1000 * p95:.1f} ms"


def _report(title: str, out: list[tuple[Result, Result]]) -> None:
    print(title)
    print(f"  variant   {_ci([v[0] for v, _ in out])}  {_cpu([c for v, _ in out for c in v[1]])}")
    print(f"  unchanged {_ci([b[0] for _, b in out])}  {_cpu([c for _, b in out for c in b[1]])}")
    print(f"  paired    {_ci([v[0] - b[0] for v, b in out])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("opponent")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7_300_001)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--dump", help="append each seed's results to this file as they come")
    parser.add_argument("--read", nargs="+", help="report the seeds of these dumps, play none")
    args = parser.parse_args()
    if args.read:
        rows = []
        for path in args.read:
            with open(path) as dump:
                rows += [json.loads(line) for line in dump if line.strip()]
        seeds = sorted(row["seed"] for row in rows)
        _report(
            f"{args.variant} vs {args.opponent}, {len(seeds)} seeds {seeds[0]}-{seeds[-1]}",
            [((*row["variant"],), (*row["unchanged"],)) for row in rows],
        )
        return
    tasks = [
        (args.variant, args.opponent, args.players, seed)
        for seed in range(args.seed, args.seed + args.deals)
    ]
    out = []
    with Pool(args.jobs) as pool:
        for seed, result in zip(
            range(args.seed, args.seed + args.deals),
            pool.imap(play, tasks, chunksize=2),
            strict=True,
        ):
            out.append(result)
            if args.dump:
                with open(args.dump, "a") as dump:
                    row = {"seed": seed, "variant": result[0], "unchanged": result[1]}
                    dump.write(json.dumps(row) + "\n")
    last = args.seed + args.deals - 1
    _report(
        f"{args.variant} vs {args.opponent}, {args.players} players, seeds {args.seed}-{last}", out
    )


if __name__ == "__main__":
    main()
