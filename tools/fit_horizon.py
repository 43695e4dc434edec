"""A hand-end (horizon) evaluation fitted on the hard bot's own self-play.

    python tools/fit_horizon.py play --players 2 --bots hard,hard --seed 8100001 --deals 1000 \
        --jobs 2 --out /tmp/horizon2.jsonl
    python tools/fit_horizon.py fit /tmp/horizon2.jsonl [--features S,K,D,B,T,E,N] [--ridge 1] \
        [--out weights.json]

``play`` plays one deal per seed (``Rules(target=21)``, the bots seeded as ``bot_variants.py`` seeds
them; a pair of levels swaps sides from seed to seed) and writes, at each hand's end where a next
hand is dealt (the horizon the hard bot's search scores), the public position (both piles packed as
``core.pack_pile`` packs them, the table, the side that leads the next hand, the side that took
last, the cards left to deal) and the deal's final point difference, side 0 minus side 1, one JSON
line each. Use tuning seeds, never the goals' (``arena.GOALS_SEED`` on).

``fit`` fits that difference, less the points already sure (the 7♦ and the chkobbas in the
piles), by least squares (ridge ``--ridge``) on the features named by ``--features`` (see
``_features``), and prints the weights with their 95% intervals (clustered by deal: the hand
ends of a deal share its outcome), the mean squared error of the plain ``core.horizon_value`` and
of the fit, in-sample and held out (5 folds by deal), and the weights as a tuple to ship
(``--out``: a JSON file of them). ``FITTED`` holds the weights measured so far, and ``Fitted``
the evaluation that searches with them (``tools/bot_variants.py``'s ``fitNAME`` variants;
``docs/bots-experiments.md``, sixth round).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from collections.abc import Callable
from multiprocessing import Pool
from typing import Any

from chkobba import DECK, Game, Rules
from chkobba.bots import make_bot
from chkobba.bots.core import (
    BERMILA,
    DINARI,
    EMPTY_TABLE,
    KARTA,
    captures,
    expected_diff,
    holding_chances,
    horizon_value,
    pack_pile,
    packed,
    unpack,
)
from chkobba.cardsets import bits_of
from chkobba.kernel import cutter, deal_size, next_hand, side


class Record:
    """A hand's end: the public position before the next hand is dealt, and the deal's end."""

    def __init__(self, row: dict[str, Any]) -> None:
        self.players: int = row["players"]
        self.stats0: int = row["stats0"]
        self.stats1: int = row["stats1"]
        self.table: int = row["table"]
        self.leader: int = row["leader"]
        self.last: int = row["last"]
        self.stock: tuple[int, ...] = tuple(row["stock"])
        self.seed: int = row["seed"]
        self.diff = float(row["diff"])
        self.p_value = holding_chances(self.stock, next_hand(self.stock))

    def sure(self) -> float:
        """The points already won for certain: the 7♦ and the chkobbas."""
        _, _, _, _, h0, w0 = unpack(self.stats0)
        _, _, _, _, h1, w1 = unpack(self.stats1)
        return float(h0 - h1 + w0 - w1)


def leader_capture(
    stats0: int, stats1: int, table: int, leader: int, p_value: list[float]
) -> float:
    """What the leader of the next hand is expected to gain (side 0 minus side 1) by its best
    capture of ``table`` with the first card it plays: each value's best capture priced by
    ``expected_diff`` (the capturing card counted as one more card), the values taken best
    first, each held with its chance (independently)."""
    base = expected_diff(stats0, stats1)
    gains = []
    for value in range(1, 11):
        p = p_value[value]
        if not p:
            continue
        best = 0.0
        for taken in captures(value, table):
            won = packed(taken) + 1 + ((1 << 17) if taken == table else 0)
            after = (
                expected_diff(stats0 + won, stats1) - base
                if leader == 0
                else base - expected_diff(stats0, stats1 + won)
            )
            best = max(best, after)
        if best > 0:
            gains.append((best, p))
    gains.sort(reverse=True)
    expected, missed = 0.0, 1.0
    for gain, p in gains:
        expected += missed * p * gain
        missed *= 1 - p
    return expected if leader == 0 else -expected


def _features(r: Record) -> dict[str, float]:
    """The features of a hand's end, side 0 minus side 1: ``H`` the plain ``horizon_value``
    less the sure points; ``K``, ``D``, ``B`` the karta's, dinari's and bermila's expected
    values (``expected_diff``'s); ``T`` the next leader's threat to the table as
    ``horizon_value`` prices it; ``E`` an empty table (against its leader); ``C`` the leader's
    expected best capture (``leader_capture``); ``N`` the table's cards, for its leader; ``Kr``..
    ``Tr`` those times the share of the stock left; ``L`` the last capturer; ``S`` the leader."""
    c0, d0, s0, x0, _, _ = unpack(r.stats0)
    c1, d1, s1, x1, _, _ = unpack(r.stats1)
    sign = 1 if r.leader == 0 else -1
    rest = len(r.stock) / (len(DECK) - deal_size(r.players))  # of what the first hand left
    karta, dinari, bermila = KARTA[c0][c1], DINARI[d0][d1], BERMILA[s0, s1, x0, x1]
    plain = horizon_value(r.stats0, r.stats1, r.table, r.leader, r.p_value)
    threat = plain - expected_diff(r.stats0, r.stats1) if r.table else 0.0
    return {
        "H": plain - r.sure(),  # the plain evaluation, its sure points left out
        "K": karta,
        "D": dinari,
        "B": bermila,
        "T": threat,
        "E": 0.0 if r.table else -sign,
        "C": leader_capture(r.stats0, r.stats1, r.table, r.leader, r.p_value) if r.table else 0.0,
        "N": sign * r.table.bit_count(),
        "Kr": karta * rest,
        "Dr": dinari * rest,
        "Br": bermila * rest,
        "Tr": threat * rest,
        "L": 0.0 if r.last < 0 else (1.0 if r.last == 0 else -1.0),
        "S": sign,
    }


# ---------------------------------------------------------------- the fitted evaluation

# Weights of the features K, D, B, T, E, N (the sure points weigh 1; ``S``, the same all deal
# long, changes no choice and is left out), by name: the variants of ``tools/bot_variants.py``
# that search with them (``fitted``).
Weights = tuple[float, float, float, float, float, float]
FITTED: dict[str, Weights] = {
    # fit --features S,K,D,B,T,E,N on play --players 2 --bots hard,hard --seed 8100001 (467 deals)
    "n2": (0.9855, 0.8667, 0.7057, 1.0281, -0.4184, 0.1607),
    # fit --features S,K,D,B,T,E on the same hand ends
    "k2": (1.0098, 0.8564, 0.7039, 0.8014, 0.1223, 0.0),
    # fit --features S,H,N on the same hand ends (H: the plain evaluation, its sure points out)
    "h2": (0.863, 0.863, 0.863, 0.863, 0.863 * EMPTY_TABLE, 0.1355),
    # fit --features S,K,D,B,T,E on play --players 4 --bots hard,hard --seed 8200001 (400 deals)
    "k4": (0.513, 1.2064, 0.8061, 0.1629, -0.3984, 0.0),
}


class Fitted:
    """``core.horizon_value`` with the fitted weights: each category's expected value weighed
    (the karta, the dinari, the bermila), the 7♦ and the chkobbas in the piles at 1, the next
    mover's threat to the table (``T``), an empty table (``E``) and the cards on the table for
    the next mover (``N``) each weighed."""

    def __init__(self, weights: Weights) -> None:
        self.karta, self.dinari, self.bermila, self.threat, self.empty, self.cards = weights
        self._cache: dict[int, float] = {}

    def piles(self, stats0: int, stats1: int) -> float:
        """The piles' weighed expected points, side 0 minus side 1."""
        key = stats0 << 32 | stats1
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) > 300_000:
                self._cache.clear()
            c0, d0, s0, x0, h0, w0 = unpack(stats0)
            c1, d1, s1, x1, h1, w1 = unpack(stats1)
            found = self._cache[key] = (
                self.karta * KARTA[c0][c1]
                + self.dinari * DINARI[d0][d1]
                + self.bermila * BERMILA[s0, s1, x0, x1]
                + h0
                - h1
                + w0
                - w1
            )
        return found

    def __call__(
        self, stats0: int, stats1: int, table: int, mover_side: int, p_value: list[float]
    ) -> float:
        plain = horizon_value(stats0, stats1, table, mover_side, p_value)
        extra = plain - expected_diff(stats0, stats1)  # the threat, or an empty table's 0.15
        if not table:
            return self.piles(stats0, stats1) + self.empty / EMPTY_TABLE * extra
        cards = self.cards * table.bit_count()
        return self.piles(stats0, stats1) + self.threat * extra + (-cards if mover_side else cards)


def fitted(name: str) -> Fitted:
    """The evaluation of the fitted weights ``FITTED[name]``."""
    return Fitted(FITTED[name])


# ---------------------------------------------------------------- play


def play_seed(task: tuple[int, tuple[str, ...], int]) -> list[dict[str, object]]:
    """One deal of ``seed``: its hand ends, each with the deal's final difference."""
    players, levels, seed = task
    swap = seed % 2  # a pair of levels alternates its sides from seed to seed
    bots = [make_bot(levels[side(seat) ^ swap], seed=seed * 8 + seat) for seat in range(players)]
    game = Game.new(Rules(players=players, target=21), seed=seed)
    rows: list[dict[str, object]] = []
    while not game.deal_results:
        ending = game.phase == "play" and sum(len(h) for h in game.hands) == 1
        game = game.play(bots[game.current].choose(game.view(game.current)))
        if ending and not game.deal_results:
            view = game.view(0)
            seen = {c.index for pile in view.piles for c in pile} | {c.index for c in view.table}
            last = view.last_capturer
            rows.append(
                {
                    "players": players,
                    "seed": seed,
                    "stats0": pack_pile(view.piles[0], len(view.sweeps[0])),
                    "stats1": pack_pile(view.piles[1], len(view.sweeps[1])),
                    "table": bits_of(view.table),
                    "leader": side(cutter(view.dealer, players)),
                    "last": -1 if last is None else side(last),
                    "stock": sorted(set(range(40)) - seen),
                }
            )
    scores = game.deal_results[0].scores
    for row in rows:
        row["diff"] = scores[0].total - scores[1].total
    return rows


# ---------------------------------------------------------------- fit


Matrix = list[list[float]]


def _gram(xs: Matrix, ridge: float = 0.0) -> Matrix:
    """X'X (+ ridge I)."""
    n = len(xs[0])
    return [
        [sum(r[i] * r[j] for r in xs) + (ridge if i == j else 0.0) for j in range(n)]
        for i in range(n)
    ]


def _gauss(a: Matrix, b: list[float]) -> list[float]:
    """The solution of a w = b, by Gauss-Jordan elimination with partial pivoting."""
    n = len(b)
    a = [row[:] for row in a]
    b = b[:]
    for col in range(n):
        pivot = max(range(col, n), key=lambda k: abs(a[k][col]))
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        for k in range(n):
            if k != col and a[col][col]:
                f = a[k][col] / a[col][col]
                a[k] = [x - f * y for x, y in zip(a[k], a[col], strict=True)]
                b[k] -= f * b[col]
    return [b[i] / a[i][i] if a[i][i] else 0.0 for i in range(n)]


def solve(xs: Matrix, ys: list[float], ridge: float) -> list[float]:
    """Least squares with a ridge: (X'X + ridge I) w = X'y."""
    moments = [sum(r[i] * y for r, y in zip(xs, ys, strict=True)) for i in range(len(xs[0]))]
    return _gauss(_gram(xs, ridge), moments)


def _errors(xs: Matrix, residuals: list[float], groups: list[int]) -> list[float]:
    """The weights' standard errors, clustered by deal (the hand ends of one deal share its
    final difference): the sandwich (X'X)^-1 (sum over deals of X_g'e_g e_g'X_g) (X'X)^-1."""
    n = len(xs[0])
    gram = _gram(xs)
    inverse = [_gauss(gram, [float(i == j) for j in range(n)]) for i in range(n)]
    scores: dict[int, list[float]] = {}
    for row, e, group in zip(xs, residuals, groups, strict=True):
        score = scores.setdefault(group, [0.0] * n)
        for i in range(n):
            score[i] += row[i] * e
    meat = [[sum(s[i] * s[j] for s in scores.values()) for j in range(n)] for i in range(n)]
    out = []
    for i in range(n):
        var = sum(inverse[i][p] * meat[p][q] * inverse[q][i] for p in range(n) for q in range(n))
        out.append(math.sqrt(max(0.0, var)))
    return out


def _mse(predict: Callable[[int], float], ys: list[float], index: list[int]) -> float:
    return statistics.fmean((ys[i] - predict(i)) ** 2 for i in index)


def fit(records: list[Record], names: list[str], ridge: float) -> dict[str, float]:
    """Fit the final difference less the sure points on ``names``; print and return the
    weights."""
    feats = [_features(r) for r in records]
    xs = [[f[name] for name in names] for f in feats]
    ys = [r.diff - r.sure() for r in records]
    every = list(range(len(records)))
    weights = solve(xs, ys, ridge)

    def predict(w: list[float]) -> Callable[[int], float]:
        return lambda i: sum(a * b for a, b in zip(w, xs[i], strict=True))

    residuals = [ys[i] - predict(weights)(i) for i in every]
    errors = _errors(xs, residuals, [r.seed for r in records])
    deals = len({r.seed for r in records})
    print(f"{len(records)} hand ends from {deals} deals; features {','.join(names)}, ridge {ridge}")
    for name, w, e in zip(names, weights, errors, strict=True):
        print(f"  {name:3} {w:+.4f} ± {1.96 * e:.4f}")
    held = 0.0
    folds = 5
    for fold in range(folds):
        test = [i for i in every if records[i].seed % folds == fold]
        train = [i for i in every if records[i].seed % folds != fold]
        trained = solve([xs[i] for i in train], [ys[i] for i in train], ridge)
        held += len(test) * _mse(predict(trained), ys, test)
    plain = _mse(lambda i: feats[i]["H"], ys, every)
    print(
        f"  MSE: zero {_mse(lambda i: 0.0, ys, every):.4f}, plain horizon_value {plain:.4f}, "
        f"fit {_mse(predict(weights), ys, every):.4f}, fit held out (5 folds by deal) "
        f"{held / len(every):.4f}"
    )
    print("  WEIGHTS =", tuple(round(w, 4) for w in weights))
    return dict(zip(names, weights, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play")
    play.add_argument("--players", type=int, default=2)
    play.add_argument("--bots", default="hard,hard", help="side 0's level, side 1's")
    play.add_argument("--seed", type=int, default=8_100_001)
    play.add_argument("--deals", type=int, default=100)
    play.add_argument("--jobs", type=int, default=1)
    play.add_argument("--out", required=True)
    fitting = commands.add_parser("fit")
    fitting.add_argument("data", nargs="+")
    fitting.add_argument("--features", default="S,K,D,B,T,E,N")
    fitting.add_argument("--ridge", type=float, default=0.0)
    fitting.add_argument("--players", type=int)
    fitting.add_argument("--out", help="a JSON file for the weights, by feature")
    args = parser.parse_args()
    if args.command == "play":
        levels = tuple(args.bots.split(","))
        tasks = [(args.players, levels, seed) for seed in range(args.seed, args.seed + args.deals)]
        with Pool(args.jobs) as pool, open(args.out, "a") as out:
            for rows in pool.imap_unordered(play_seed, tasks):
                for row in rows:
                    out.write(json.dumps(row) + "\n")
                out.flush()
        return
    records = []
    for path in args.data:
        with open(path) as data:
            records += [Record(json.loads(line)) for line in data if line.strip()]
    if args.players:
        records = [r for r in records if r.players == args.players]
    weights = fit(records, args.features.split(","), args.ridge)
    if args.out:
        with open(args.out, "w") as out:
            json.dump(weights, out, indent=1)


if __name__ == "__main__":
    main()
