"""Instructions per hard-bot decision, counted exactly by callgrind.

    python tools/callgrind_bot.py [--decisions 150] [--players 2]

The positions are seat 0's turns in medium-bot matches (seeds 1, 2...: the same positions for
any version of the engine whose medium bot plays the same); the hard bot (seed 7) decides each.
Prints (instructions(decide) - instructions(only build the positions)) / decisions.
"""

from __future__ import annotations

import argparse
import sys

from callgrind_deals import count

POSITIONS = """
from chkobba import Game, Rules
from chkobba.bots import make_bot
positions, seed = [], 1
while len(positions) < {n}:
    game = Game.new(Rules(players={players}, target=11), seed=seed)
    bots = [make_bot("medium", seed=seed + s) for s in range({players})]
    while game.phase != "over" and not game.deal_results and len(positions) < {n}:
        if game.phase == "play" and game.current == 0:
            positions.append(game)
        game = game.play(bots[game.current].choose(game.view(game.current)))
    seed += 1
hard = make_bot("hard", seed=7)
"""
DECIDE = "for game in positions: hard.choose(game.view(0))\n"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--decisions", type=int, default=150)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    setup = POSITIONS.format(n=args.decisions, players=args.players)
    base, full = count(setup), count(setup + DECIDE)
    print(
        f"{args.players} players: {(full - base) / args.decisions / 1e6:.2f} M instructions per "
        f"hard-bot decision ({args.decisions} decisions; {full:,} - {base:,})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
