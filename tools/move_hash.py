"""The bots' moves over seeded matches, hashed: run before and after a refactor that must not
change them.

    python tools/move_hash.py            hash per scenario, and a total
    python tools/move_hash.py --cuts N   how the hard bot decides the first cut of N seeds
                                         (a list of keep/expose, hashed and written with --dump;
                                         --bot-seed S: another sampling, to see the noise)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys

from chkobba import Game, Rules
from chkobba.bots import make_bot

# (levels of seats 0..n-1, target, seeds): whole matches, cuts and redeals included
SCENARIOS = (
    (("hard", "medium"), 11, range(1, 4)),
    (("medium", "hard"), 11, range(4, 6)),
    (("easy", "medium"), 21, range(1, 4)),
    (("hard", "medium", "hard", "medium"), 11, range(1, 2)),
    (("medium", "easy", "medium", "easy"), 21, range(1, 4)),
)


def match_moves(levels: tuple[str, ...], target: int, seed: int) -> list[str]:
    bots = [make_bot(level, seed=seed * 8 + seat) for seat, level in enumerate(levels)]
    game = Game.new(Rules(players=len(levels), target=target), seed=seed)
    moves = []
    while game.phase != "over":
        move = bots[game.current].choose(game.view(game.current))
        moves.append(str(move))
        game = game.play(move)
    return moves


def cut_moves(count: int, players: int, bot_seed: int = 1) -> list[str]:
    bot = make_bot("hard", seed=bot_seed)
    out = []
    for seed in range(1, count + 1):
        game = Game.new(Rules(players=players), seed=seed)
        out.append(str(bot.choose(game.view(game.current))))
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cuts", type=int)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--dump")
    parser.add_argument("--bot-seed", type=int, default=1, help="the hard bot's seed (--cuts)")
    args = parser.parse_args()
    if args.cuts:
        moves = cut_moves(args.cuts, args.players, args.bot_seed)
        print(hashlib.sha256(" ".join(moves).encode()).hexdigest()[:16], len(moves), "cuts")
        if args.dump:
            with open(args.dump, "w") as out:
                json.dump(moves, out)
        return 0
    total = hashlib.sha256()
    dump = {}
    for levels, target, seeds in SCENARIOS:
        for seed in seeds:
            moves = match_moves(levels, target, seed)
            text = " ".join(moves)
            total.update(text.encode())
            name = f"{'-'.join(levels)}/{target}/s{seed}"
            dump[name] = moves
            print(f"{name}: {len(moves)} moves {hashlib.sha256(text.encode()).hexdigest()[:16]}")
    print("total", total.hexdigest()[:16])
    if args.dump:
        with open(args.dump, "w") as out:
            json.dump(dump, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
