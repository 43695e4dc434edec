"""Instructions per random deal through the public API, counted exactly by callgrind.

    python tools/callgrind_deals.py [--deals 2000] [--players 2]

Runs ``chkobba.bench.play_random_deals`` under ``valgrind --tool=callgrind`` for 0 and for
``--deals`` deals and prints (instructions(deals) - instructions(0)) / deals: the start-up and
the imports cancel out, the caches' warm-up is shared over the deals. ``PYTHONHASHSEED`` is fixed
so that two runs of the same code count the same.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile


def instructions(deals: int, players: int) -> int:
    code = "from chkobba.bench import play_random_deals; play_random_deals({}, {}, 1)"
    return count(code.format(deals, players))


def count(code: str) -> int:
    """Instructions CPython executes to run ``code`` (the engine importable from here)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        result = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                "-c",
                code,
            ],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
    found = re.search(r"Collected : (\d+)", result.stderr)
    assert found, result.stderr
    return int(found.group(1))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    base = instructions(0, args.players)
    full = instructions(args.deals, args.players)
    per = (full - base) / args.deals
    print(
        f"{args.players} players: {per / 1e6:.3f} M instructions per random deal "
        f"({args.deals} deals; {full:,} - {base:,})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
