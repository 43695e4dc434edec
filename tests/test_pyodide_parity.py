"""The same seed and moves give the same game on CPython and on Pyodide (the browser's Python).

Runs the engine inside Pyodide under Node.js (Pyodide from node_modules, as the page uses it) and
compares a whole seeded match, move by move, with the same match played here.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from chkobba import Game

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
RUNNER = ROOT / "tools" / "pyodide_engine.mjs"  # a Python text run with the engine

MATCH = """
import json

def play_match(seed, players):
    import random
    from chkobba import Game, Rules

    rng = random.Random(seed)
    game = Game.new(Rules(players=players, target=11), seed=seed)
    while game.phase != "over":
        moves = game.legal_moves()
        game = game.play(moves[int(rng.random() * len(moves))])
    return game.to_json()

json.dumps([play_match(seed, players) for seed in (1, 2024) for players in (2, 4)])
"""


def play_here() -> list[str]:
    namespace: dict[str, object] = {}
    exec(MATCH.replace("json.dumps(", "result = ("), namespace)
    return list(namespace["result"])  # type: ignore[call-overload]


def test_pyodide_plays_the_same_matches_as_cpython():
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide here"
    assert PYODIDE.exists(), "Pyodide comes from `npm ci` (python3 build.py test runs it)"
    done = subprocess.run(
        [node, str(RUNNER), str(PYODIDE), str(ROOT / "engine"), MATCH],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    there = json.loads(done.stdout)
    here = play_here()
    assert len(there) == len(here) == 4
    for theirs, ours in zip(there, here, strict=True):
        assert Game.from_json(theirs) == Game.from_json(ours)
        assert theirs == ours
