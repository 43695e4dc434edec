"""Command line: ``python -m chkobba bench`` (engine speed), ``python -m chkobba arena`` (bots)."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m chkobba", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    bench = commands.add_parser("bench", help="random full deals per second on one core")
    bench.add_argument("--deals", type=int, default=2000)
    bench.add_argument("--players", type=int, choices=(2, 4), default=2)
    bench.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    if args.command == "bench":
        from .bench import main as run_bench

        run_bench(args.deals, args.players, args.repeats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
