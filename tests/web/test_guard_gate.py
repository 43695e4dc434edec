"""The host's gate for a friend's messages (web/game/guard.js, run under Node on a made-up
clock): a quick player's moves wait their turn and all arrive, in order; a flood is dropped and
said once."""

import json
import subprocess
from itertools import pairwise
from pathlib import Path

GUARD = Path(__file__).resolve().parents[2] / "web" / "game" / "guard.js"


def gate_run(sends: list[tuple[float, str]], until: float) -> dict[str, object]:
    """Offer each text at its time (seconds) through a gate on a made-up clock run to
    ``until``: what was delivered (time, text) and when ``flooded`` was called."""
    script = (
        f"import {{ makeGate }} from {json.dumps(GUARD.as_uri())};\n"
        f"const sends = {json.dumps(sends)};\n"
        """let clock = 0;
        const timers = [];
        const delivered = [];
        const floods = [];
        const gate = makeGate(
          (text) => delivered.push([clock, text]),
          () => floods.push(clock),
          { now: () => clock * 1000, later: (work, ms) => timers.push([clock + ms / 1000, work]) },
        );
        const events = sends.map(([at, text]) => [at, () => gate.offer(text)]);
        for (;;) {
          const all = [...events, ...timers].sort((a, b) => a[0] - b[0]);
          if (!all.length || all[0][0] > """
        + json.dumps(until)
        + """) break;
          const next = all[0];
          for (const list of [events, timers]) {
            const at = list.indexOf(next);
            if (at >= 0) list.splice(at, 1);
          }
          clock = next[0];
          next[1]();
        }
        console.log(JSON.stringify({ delivered, floods }));
        """
    )
    out = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def test_a_quick_players_moves_all_arrive_in_order():
    # Ten moves, one every 0.1 s: faster than the budget's 2 a second after its burst of 4.
    sends = [(n / 10, f"move {n}") for n in range(8)]
    run = gate_run(sends, until=10)
    assert [text for _, text in run["delivered"]] == [f"move {n}" for n in range(8)]
    times = [at for at, _ in run["delivered"]]
    assert times[:4] == [0, 0.1, 0.2, 0.3]  # the burst: at once
    assert all(later >= earlier for earlier, later in pairwise(times))
    assert times[-1] <= 3  # the waiting ones within about two seconds
    assert run["floods"] == []


def test_a_flood_is_dropped_past_the_waiting_ones_and_said_once():
    sends = [(0.001 * n, f"junk {n}") for n in range(200)]
    run = gate_run(sends, until=30)
    texts = [text for _, text in run["delivered"]]
    assert texts == [f"junk {n}" for n in range(4)]  # the burst; the waiting four dropped too
    assert len(run["floods"]) == 1
    assert run["floods"][0] < 0.2  # said as soon as 40 were dropped


def test_a_person_at_a_persons_pace_is_never_held():
    sends = [(n * 1.5, f"move {n}") for n in range(6)]
    run = gate_run(sends, until=20)
    assert run["delivered"] == [[n * 1.5, f"move {n}"] for n in range(6)]
