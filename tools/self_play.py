"""Two players: a move value learned from self-play (deep Monte-Carlo, as DouZero learned Dou Dizhu)

    pip install numpy    # the tool's one need beyond the engine (the engine and page never use it)
    python tools/self_play.py train --minutes 60 --seed 7000001 --out /tmp/dmc
    python tools/self_play.py arena /tmp/dmc/30.npz medium --deals 300 --seed 9990001 --jobs 1

``train`` plays deals (``Rules(target=21)``, one deal per seed from ``--seed`` on) in which each
seat is the learner (probability ``--learner``, else the medium bot, a teacher for the first
deals' sense), the learner playing the move its network values most (a random one with
probability ``--epsilon``). Every play of the deal is a sample: the mover's position and move
(``features``) and the deal's final point difference for the mover's side. After each round of
``--round`` deals the network (a small perceptron: ``SIZES``) is fitted to that round's samples
by Adam (step size ``--rate``), one pass of minibatches. It writes the weights (``MINUTES.npz``)
every ``--every`` minutes and logs deals, samples and the round's loss.

``arena`` pits ``LearnedBot`` (the weights; the cut is the medium bot's) against a level on
duplicate deals, through ``chkobba.arena`` (``python -m chkobba arena``'s report). Use tuning
seeds, never the goals' (``arena.GOALS_SEED`` on). ``docs/bots-experiments.md``, twelfth round.
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from pathlib import Path
from typing import Any

import numpy as np
from chkobba import Game, Move, Rules, arena
from chkobba.bots import make_bot
from chkobba.bots.simple import MediumBot
from chkobba.cardsets import bits_of
from chkobba.kernel import side
from chkobba.view import View

SIZES = (248, 256, 128, 1)  # the perceptron's layers: features, two hidden, the value
SHIFTS = np.arange(40, dtype=np.int64)
SCALE = 5.0  # a deal's point difference is learned divided by this


def _bits(cards: int) -> Any:
    """A 40-card set as 40 zeros and ones."""
    return (np.int64(cards) >> SHIFTS) & 1


def features(view: View, moves: list[Move]) -> Any:
    """One row per move: the mover's hand, the table, both sides' piles (the mover's first), the
    card played and the cards taken, and a few counts (the stock, the chkobbas, the last capturer,
    the cards left to play in the hand, whether the move is a chkobba)."""
    mine = view.side
    state = np.concatenate(
        [
            _bits(bits_of(view.hand)),
            _bits(bits_of(view.table)),
            _bits(bits_of(view.piles[mine])),
            _bits(bits_of(view.piles[1 - mine])),
        ]
    ).astype(np.float32)
    last = view.last_capturer
    counts = [
        view.stock_count / 40,
        len(view.sweeps[mine]) / 3,
        len(view.sweeps[1 - mine]) / 3,
        float(last is not None and side(last) == mine),
        float(last is not None and side(last) != mine),
        (sum(view.hand_sizes) - len(view.hand)) / 3,
    ]
    rows = np.zeros((len(moves), SIZES[0]), dtype=np.float32)
    rows[:, :160] = state
    rows[:, 240:246] = counts
    for i, move in enumerate(moves):
        assert move.card is not None
        rows[i, 160 + move.card.index] = 1.0
        rows[i, 200:240] = _bits(bits_of(move.captures))
        rows[i, 246] = float(view.outcome(move)[2])  # a chkobba
        rows[i, 247] = float(len(move.captures) > 0)
    return rows


class Net:
    """A perceptron with ReLU hidden layers, fitted by Adam on squared error."""

    def __init__(self, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.params: list[Any] = []
        for fan_in, fan_out in itertools.pairwise(SIZES):
            self.params.append(
                (rng.standard_normal((fan_in, fan_out)) * np.sqrt(2 / fan_in)).astype(np.float32)
            )
            self.params.append(np.zeros(fan_out, dtype=np.float32))
        self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in self.params]
        self.steps = 0

    def values(self, rows: Any) -> Any:
        """The network's value of each row (in points)."""
        return self._forward(rows)[1] * SCALE

    def _forward(self, x: Any) -> tuple[list[Any], Any]:
        """Each layer's input (``x``, then the hidden layers' outputs) and the output."""
        acts = [x]
        for k in range(0, len(self.params) - 2, 2):
            acts.append(np.maximum(acts[-1] @ self.params[k] + self.params[k + 1], 0))
        return acts, (acts[-1] @ self.params[-2] + self.params[-1])[:, 0]

    def fit(self, rows: Any, targets: Any, batch: int = 256, rate: float = 3e-4) -> float:
        """One pass of Adam over ``rows`` in a random order; the mean squared error (points²)."""
        order = np.random.default_rng(self.steps).permutation(len(rows))
        losses = []
        for start in range(0, len(rows), batch):
            pick = order[start : start + batch]
            losses.append(self._step(rows[pick], targets[pick] / SCALE, rate))
        return float(np.mean(losses)) * SCALE * SCALE

    def _step(self, x: Any, y: Any, rate: float) -> float:
        acts, out = self._forward(x)
        err = out - y
        grad = (2 * err / len(y))[:, None].astype(np.float32)
        grads: list[Any] = [None] * len(self.params)
        for k in range(len(self.params) - 2, -1, -2):
            grads[k] = acts[k // 2].T @ grad
            grads[k + 1] = grad.sum(axis=0)
            if k:
                grad = (grad @ self.params[k].T) * (acts[k // 2] > 0)
        self.steps += 1
        for p, g, (m, v) in zip(self.params, grads, self.moments, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p -= rate * (m / (1 - 0.9**self.steps)) / (np.sqrt(v / (1 - 0.999**self.steps)) + 1e-8)
        return float(np.mean(err * err))

    def save(self, path: Path) -> None:
        np.savez(path, *self.params)

    @classmethod
    def load(cls, path: str | Path) -> Net:
        net = cls(0)
        with np.load(path) as saved:
            net.params = [saved[f"arr_{k}"] for k in range(len(net.params))]
        return net


class LearnedBot:
    """Plays the move the network values most (a random one with probability ``epsilon``)."""

    level = "learned"

    def __init__(self, net: Net, seed: int = 1, epsilon: float = 0.0) -> None:
        self.net = net
        self.rng = random.Random(seed)
        self.epsilon = epsilon
        self.medium = MediumBot(seed)

    def choose(self, view: View) -> Move:
        if view.phase != "play":
            return self.medium.choose(view)
        legal = view.legal_moves()
        rows = features(view, legal)
        if self.epsilon and self.rng.random() < self.epsilon:
            pick = self.rng.randrange(len(legal))
        else:
            pick = int(np.argmax(self.net.values(rows)))
        return legal[pick]


def play_deal(bots: list[Any], seed: int) -> tuple[list[Any], list[float]]:
    """One deal of ``seed``: each play's row and the final difference for its side."""
    game = Game.new(Rules(players=2, target=21), seed=seed)
    rows, sides = [], []
    while not game.deal_results:
        seat = game.current
        view = game.view(seat)
        move = bots[seat].choose(view)
        if view.phase == "play":
            rows.append(features(view, [move])[0])
            sides.append(side(seat))
        game = game.play(move)
    totals = [score.total for score in game.deal_results[0].scores]
    return rows, [float(totals[s] - totals[1 - s]) for s in sides]


def train(args: argparse.Namespace) -> None:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    net = Net(args.seed)
    rng = random.Random(args.seed)
    learner = LearnedBot(net, args.seed, args.epsilon)
    start = time.monotonic()
    seed, samples, saved = args.seed, 0, 0
    while (minutes := (time.monotonic() - start) / 60) < args.minutes:
        rows: list[Any] = []
        targets: list[float] = []
        for _ in range(args.round):
            bots: list[Any] = [
                learner if rng.random() < args.learner else MediumBot(seed * 8 + seat)
                for seat in range(2)
            ]
            deal_rows, deal_targets = play_deal(bots, seed)
            rows += deal_rows
            targets += deal_targets
            seed += 1
        loss = net.fit(np.array(rows), np.array(targets, dtype=np.float32), rate=args.rate)
        samples += len(rows)
        if minutes >= saved + args.every:
            saved += args.every
            net.save(out / f"{saved}.npz")
        print(
            f"{minutes:6.1f} min  deals {seed - args.seed:7d}  samples {samples:9d}  "
            f"loss {loss:.3f}",
            flush=True,
        )
    net.save(out / "last.npz")


def _make_bot(level: str, seed: int = 1, samples: int | None = None, **_: object) -> Any:
    """``make_bot``, and ``LearnedBot`` for a level that names a weights file."""
    if level.endswith(".npz"):
        return LearnedBot(Net.load(level), seed)
    return make_bot(level, seed=seed, samples=samples)


def arena_report(args: argparse.Namespace) -> None:
    arena.make_bot = _make_bot  # type: ignore[assignment]
    outcomes = list(arena.run(args.a, args.b, args.deals, 2, args.jobs, args.seed))
    print(arena.report(args.a, args.b, outcomes, 2, False))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    t = commands.add_parser("train")
    t.add_argument("--minutes", type=float, default=60)
    t.add_argument("--seed", type=int, default=7000001)
    t.add_argument("--round", type=int, default=64)
    t.add_argument("--learner", type=float, default=0.75)
    t.add_argument("--epsilon", type=float, default=0.05)
    t.add_argument("--every", type=int, default=10)
    t.add_argument("--rate", type=float, default=3e-4, help="Adam's step size")
    t.add_argument("--out", required=True)
    a = commands.add_parser("arena")
    a.add_argument("a")
    a.add_argument("b")
    a.add_argument("--deals", type=int, default=300)
    a.add_argument("--seed", type=int, default=9990001)
    a.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    train(args) if args.command == "train" else arena_report(args)


if __name__ == "__main__":
    main()
