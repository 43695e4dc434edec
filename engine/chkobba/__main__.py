"""Command line: ``python -m chkobba bench`` (engine speed), ``python -m chkobba arena`` (bots),
``python -m chkobba goals`` (the hard bot's goals against the peers' algorithm and medium),
``python -m chkobba puzzles`` (puzzles as board lines; ``--goals``: a year of them proved)."""

from __future__ import annotations

import argparse
import sys

from .bots import ARENA_LEVELS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m chkobba", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    bench = commands.add_parser("bench", help="random full deals per second on one core")
    bench.add_argument("--deals", type=int, default=2000)
    bench.add_argument("--players", type=int, choices=(2, 4), default=2)
    bench.add_argument("--repeats", type=int, default=5)
    bench.add_argument(
        "--idle", action="store_true", help="time the loop against an engine that does no work"
    )
    arena = commands.add_parser("arena", help="bot against bot on duplicate deals")
    arena.add_argument("bot_a", choices=ARENA_LEVELS)
    arena.add_argument("bot_b", choices=ARENA_LEVELS)
    arena.add_argument("--deals", type=int, default=2000, help="shuffles, each played twice")
    arena.add_argument("--players", type=int, choices=(2, 4), default=2)
    arena.add_argument("--matches", type=int, help="play this many duplicate whole matches")
    arena.add_argument("--target", type=int, default=21, help="match target with --matches")
    arena.add_argument("--jobs", type=int, default=1, help="worker processes")
    arena.add_argument("--seed", type=int, default=1, help="first shuffle seed")
    arena.add_argument("--samples", type=int, help="hard bot's worlds per move")
    arena.add_argument(
        "--partner",
        choices=ARENA_LEVELS,
        help="four players: bot A's partner plays this level (a mixed partnership)",
    )
    goals = commands.add_parser(
        "goals", help="the hard bot against the peers' algorithm and medium, 2 and 4 players"
    )
    goals.add_argument("--deals", type=int, default=300, help="shuffles per goal, each twice")
    goals.add_argument("--jobs", type=int, default=1, help="worker processes")
    goals.add_argument("--seed", type=int, help="first shuffle seed (default: fresh seeds)")
    puzzles = commands.add_parser(
        "puzzles", help="daily puzzles as board lines, or (--goals) a year of them proved"
    )
    puzzles.add_argument("--count", type=int, default=1, help="puzzles to print, one a day")
    puzzles.add_argument("--from", dest="first", help="the first day, YYYY-MM-DD (default: today)")
    puzzles.add_argument(
        "--goals", action="store_true", help="prove 365 daily puzzles from 2027-01-01 (or --from)"
    )
    puzzles.add_argument("--days", type=int, default=365, help="days proved with --goals")
    args = parser.parse_args(argv)
    if args.command == "bench":
        from .bench import main as run_bench

        run_bench(args.deals, args.players, args.repeats, args.idle)
    elif args.command == "arena":
        from .arena import main as run_arena

        run_arena(
            args.bot_a,
            args.bot_b,
            args.deals,
            args.players,
            args.jobs,
            args.seed,
            args.samples,
            args.matches,
            args.target,
            args.partner,
        )
    elif args.command == "goals":
        from .arena import GOALS_SEED
        from .arena import goals as run_goals

        run_goals(args.deals, args.jobs, args.seed or GOALS_SEED)
    elif args.command == "puzzles":
        return run_puzzles(args)
    return 0


def run_puzzles(args: argparse.Namespace) -> int:
    """``python -m chkobba puzzles``: board lines, or the goals (exit status 1 if one is missed)."""
    import datetime

    from .daily import read_day
    from .errors import ParseError
    from .puzzle_goals import FIRST_DAY, goals, print_boards

    try:
        first = read_day(args.first) if args.first else None
    except ParseError as error:
        print(f"--from: {error}", file=sys.stderr)
        return 2
    if args.goals:
        return 0 if goals(args.days, first or FIRST_DAY) else 1
    print_boards(args.count, first or datetime.datetime.now(datetime.UTC).date())
    return 0


if __name__ == "__main__":
    sys.exit(main())
