"""How long the hard bot thinks per move inside Pyodide (the page's Python), next to CPython.

Run by `python3 build.py bottime`. The same Python (DECISIONS below) runs here and in Pyodide under
Node.js (Pyodide from node_modules, the engine mounted from engine/ as in
tests/test_pyodide_parity.py): seeded games (2 players, or 4 with --players 4) where the hard bot
plays seat 1 and the medium bot every other seat, timing each of the hard bot's decisions (cut
and play) until --moves are timed. Each setting runs in a fresh interpreter, as on a freshly
opened page. Prints median and p95 milliseconds per move for each setting, the page's own
settings marked.

`python3 build.py bottime --review [SAMPLES ...]` times the play review instead (chkobba.review,
with chkobba.bench.review_timings in both interpreters): over the first --deals deals of seeded
matches that --level bots play, each of seat 0's decisions reviewed as soon as it is made, each
deal's whole review and its expert replay, and each of those decisions tried again
(chkobba.retry.retry_verdict, the first legal move), in process CPU time (the machine's load
aside); at the review's own number of worlds, and at each SAMPLES given.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "engine"))
sys.path.insert(0, str(ROOT / "web" / "game"))  # the page's search budgets (ui)
sys.path.insert(0, str(ROOT / "web"))  # (shared, which ui imports)

PYODIDE = ROOT / "node_modules" / "pyodide"
RUNNER = ROOT / "tools" / "pyodide_engine.mjs"  # a Python text run in Pyodide, with the engine

DECISIONS = """
import json, time
from chkobba import Game, Rules
from chkobba.bots import make_bot

def timings(moves, samples, budget_ms):
    out, seed = [], 0
    while len(out) < moves:
        seed += 1
        game = Game.new(Rules(players=PLAYERS, target=11), seed=seed)
        hard = make_bot("hard", seed=seed, samples=samples, budget_ms=budget_ms)
        other = make_bot("medium", seed=seed)
        while game.phase != "over" and len(out) < moves:
            view = game.view(game.current)
            if game.current == 1 and len(view.legal_moves()) > 1:
                start = time.perf_counter()
                move = hard.choose(view)
                out.append((time.perf_counter() - start) * 1000)
            else:
                move = (hard if game.current == 1 else other).choose(view)
            game = game.play(move)
    return out

json.dumps([timings(MOVES, s, b) for s, b in SETTINGS])
"""


# The review is timed in process CPU time, as it would run on a core of its own: in CPython
# time.process_time, in Pyodide Node's process.cpuUsage (there, time.process_time is wall time).
REVIEWS = """
import json, time
from chkobba.bench import review_timings

try:
    from js import process

    def clock():
        used = process.cpuUsage()
        return (used.user + used.system) / 1e6
except ImportError:
    clock = time.process_time

json.dumps(review_timings(DEALS, PLAYERS, SAMPLES, LEVEL, clock))
"""
REVIEW_WORK = (
    ("log", "the match's log, first opened (match_log)"),
    ("decision", "one decision (review_move)"),
    ("deal", "a deal's review (review_deal)"),
    ("replay", "expert replay (expert_replay)"),
    ("retry", "try again (retry_verdict)"),
)


def page_settings() -> list[tuple[int | None, float | None]]:
    from ui.controller import BOT_SAMPLES
    from ui.hint import HINT_BUDGET_MS, HINT_SAMPLES

    return [(BOT_SAMPLES, None), (HINT_SAMPLES, HINT_BUDGET_MS)]


def script(moves: int, settings: list[tuple[int | None, float | None]], players: int) -> str:
    code = DECISIONS.replace("MOVES", str(moves)).replace("SETTINGS", repr(settings))
    return code.replace("PLAYERS", str(players))


def in_cpython(code: str) -> Any:
    run = code.replace("json.dumps(", "print(json.dumps(") + ")"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine")}
    done = subprocess.run(
        [sys.executable, "-c", run], capture_output=True, text=True, env=env, check=False
    )
    if done.returncode:
        sys.exit(done.stderr[-2000:])
    return json.loads(done.stdout)


def in_pyodide(code: str) -> Any:
    node = shutil.which("node")
    if not node or not PYODIDE.exists():
        sys.exit("Node.js and node_modules/pyodide (npm ci) are needed")
    done = subprocess.run(
        [node, str(RUNNER), str(PYODIDE), str(ROOT / "engine"), code],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        sys.exit(done.stderr[-2000:])
    return json.loads(done.stdout)


def summary(ms: list[float]) -> str:
    ordered = sorted(ms)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):6.1f}  p95 {p95:6.1f}  max {ordered[-1]:6.1f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=100, help="decisions timed per setting")
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument(
        "--try",
        dest="extra",
        action="append",
        default=[],
        metavar="SAMPLES:BUDGET_MS",
        help="another setting to time, e.g. 48: (engine default, no budget) or 16:150",
    )
    parser.add_argument(
        "--review",
        nargs="*",
        type=int,
        metavar="SAMPLES",
        help="time the play review instead, at its own worlds per decision and at each SAMPLES",
    )
    parser.add_argument("--deals", type=int, default=12, help="deals timed (--review)")
    parser.add_argument(
        "--level", choices=("easy", "medium", "hard"), default="medium", help="(--review)"
    )
    args = parser.parse_args()
    if args.review is not None:
        return review_times(args.review, args.deals, args.players, args.level)
    page = page_settings()
    settings = list(page)
    for text in args.extra:
        samples, _, budget = text.partition(":")
        settings.append((int(samples) if samples else None, float(budget) if budget else None))
    # Each setting in a fresh interpreter, as on a freshly opened page (the engine's caches cold).
    here, there = [], []
    for setting in settings:
        code = script(args.moves, [setting], args.players)
        here += in_cpython(code)
        there += in_pyodide(code)
    names = ["page: computer", "page: hint"] + [""] * (len(settings) - 2)
    print(
        f"hard bot, ms per decision over {args.moves} decisions "
        f"({args.players} players, seeded games)"
    )
    for (samples, budget), name, cp, py in zip(settings, names, here, there, strict=True):
        what = f"samples={samples or 'default'} budget_ms={budget or 'none'}"
        print(f"{what:36} {name}")
        print(f"    CPython  {summary(cp)}")
        print(f"    Pyodide  {summary(py)}")
    return 0


def review_times(extra: list[int], deals: int, players: int, level: str) -> int:
    """Print the play review's costs, in CPython and in Pyodide."""
    from chkobba.review import REVIEW_SAMPLES

    print(
        f"play review, CPU ms over the first {deals} deals of seeded matches "
        f"({players} players, {level} bots; the replay's others {level})"
    )
    for samples in [REVIEW_SAMPLES, *extra]:
        code = REVIEWS.replace("DEALS", str(deals)).replace("PLAYERS", str(players))
        code = code.replace("SAMPLES", str(samples)).replace("LEVEL", repr(level))
        here, there = in_cpython(code), in_pyodide(code)
        mark = " (REVIEW_SAMPLES)" if samples == REVIEW_SAMPLES else ""
        print(f"samples={samples}{mark}")
        for key, name in REVIEW_WORK:
            print(f"    {name:31} CPython  {summary(here[key])}  n={len(here[key])}")
            print(f"    {'':31} Pyodide  {summary(there[key])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
