"""How sharply an opponent's plays follow a greedy player's measure: the sharpness to read them.

    python tools/read_fit.py peer --players 2 --seed 9400001 --deals 150 --jobs 2

Plays one deal per seed, the hard bot's side against ``OPPONENT`` (the bots seeded as
``bot_variants.py`` seeds them), and at each of the opponent's plays with a choice (two moves or
more that the hard bot tells apart) scores every play it could have made by the medium bot's
measure from its own view (``MediumBot.score``: a greedy player's worth). Prints, before the
deal's last hand and in it, the share of its plays that were a greedy player's best and the mean
log-likelihood of the plays seen under a softmax of that measure, for each sharpness
(``infer.Inference``'s model of a player; 0: every play alike, as if not read). The
sharpness of the highest likelihood is the one that reads that opponent's plays best. Use tuning
seeds, never the goals' (``arena.GOALS_SEED`` on).
"""

from __future__ import annotations

import argparse
import math
from multiprocessing import Pool

from chkobba import Game, Rules
from chkobba.bots import make_bot
from chkobba.bots.hard import _alike
from chkobba.bots.infer import GREEDY_SLACK
from chkobba.bots.simple import MediumBot
from chkobba.kernel import Phase, side

SHARPNESS = (0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 12.0, 20.0, 200.0)

Choice = tuple[bool, int, list[float]]  # in the last hand, the play seen, every play's worth


def choices(task: tuple[str, int, int]) -> list[Choice]:
    """The opponent's plays with a choice in seed ``seed``'s deal."""
    opponent, players, seed = task
    measure = MediumBot(seed)
    bots = [
        make_bot("hard" if side(seat) == 0 else opponent, seed=seed * 8 + seat)
        for seat in range(players)
    ]
    game = Game.new(Rules(players=players, target=21), seed=seed)
    found = []
    while not game.deal_results:
        seat = game.current
        view = game.view(seat)
        move = bots[seat].choose(view)
        if side(seat) == 1 and view.phase == Phase.PLAY:
            plays = {}
            for legal in view.legal_moves():
                plays.setdefault(_alike(legal), legal)
            if len(plays) > 1:
                worths = [measure.score(view, play) for play in plays.values()]
                found.append((not view.stock_count, list(plays).index(_alike(move)), worths))
        game = game.play(move)
    return found


def log_likelihood(found: list[Choice], sharpness: float) -> float:
    """The mean log-chance of the plays seen, a softmax of their worths with ``sharpness``."""
    total = 0.0
    for _, seen, worths in found:
        scores = [sharpness * worth for worth in worths]
        top = max(scores)
        total += scores[seen] - top - math.log(sum(math.exp(s - top) for s in scores))
    return total / len(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("opponent")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=9_400_001)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.deals)
    with Pool(args.jobs) as pool:
        found = [
            c
            for seed in pool.imap(choices, [(args.opponent, args.players, s) for s in seeds])
            for c in seed
        ]
    print(f"{args.opponent}, {args.players} players, seeds {seeds[0]}-{seeds[-1]}")
    for last, name in ((False, "before the last hand"), (True, "in the last hand")):
        part = [c for c in found if c[0] == last]
        if not part:
            continue
        best = sum(w[seen] >= max(w) - GREEDY_SLACK for _, seen, w in part) / len(part)
        print(f"  {name}: {len(part)} plays, a greedy player's best {best:.3f}")
        fits = {s: log_likelihood(part, s) for s in SHARPNESS}
        top = max(fits, key=lambda s: fits[s])
        for sharpness, value in fits.items():
            print(f"    {sharpness:>6g} {value:.3f}{'  (best)' if sharpness == top else ''}")


if __name__ == "__main__":
    main()
