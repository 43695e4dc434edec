"""The arena: bots against bots on duplicate deals, the measure of their strength.

Each shuffle seed is played twice with the seats swapped (bot A on the even seats, then on the odd
ones), so both sides get the same cards and the luck of the deal cancels out in the difference.
``python -m chkobba arena hard medium --deals 2000 --players 2 --jobs 2``. With four players,
``--partner medium`` seats bot A with a medium partner (a mixed partnership, as a human and the
computer make). ``python -m chkobba goals`` prints the hard bot's goals: against the peers'
algorithm (``bots/peer.py``) and the medium bot, two and four players, on the same fresh seeds.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing import Pool

from .bots import make_bot
from .game import Game, Phase
from .kernel import side
from .rules import Rules


@dataclass
class Outcome:
    """One shuffle played twice: bot A's and bot B's points in each game, and move times."""

    seed: int
    points_a: list[int] = field(default_factory=list)
    points_b: list[int] = field(default_factory=list)
    times_a: list[float] = field(default_factory=list)
    times_b: list[float] = field(default_factory=list)
    cpu_a: list[float] = field(default_factory=list)
    cpu_b: list[float] = field(default_factory=list)
    deals: int = 0  # deals played (matches only)


Task = tuple[str, str, int, int, int | None, int | None, str | None]


def play_pair(task: Task) -> Outcome:
    """Play shuffle ``seed`` twice, seats swapped: one deal each, or a whole match to ``target``.

    Bot A and its partner are the same bot, or the ``partner`` level sits opposite bot A."""
    level_a, level_b, players, seed, samples, target, partner = task
    outcome = Outcome(seed)
    for a_side in (0, 1):
        bots = []
        for seat in range(players):
            level = level_a if side(seat) == a_side else level_b
            if partner and seat == a_side + 2:
                level = partner
            bots.append(make_bot(level, seed=seed * 8 + seat, samples=samples))
        rules = Rules(players=players, target=target or 21)
        game = Game.new(rules, seed=seed)
        while game.phase != Phase.OVER and (target or not game.deal_results):
            seat = game.current
            view = game.view(seat)
            start, cpu = time.perf_counter(), time.process_time()
            move = bots[seat].choose(view)
            spent, cpu = time.perf_counter() - start, time.process_time() - cpu
            mine = side(seat) == a_side
            (outcome.times_a if mine else outcome.times_b).append(spent)
            (outcome.cpu_a if mine else outcome.cpu_b).append(cpu)
            game = game.play(move)
        if target:
            outcome.points_a.append(game.scores[a_side])
            outcome.points_b.append(game.scores[1 - a_side])
            outcome.deals += len(game.deal_results)
        else:
            scores = game.deal_results[0].scores
            outcome.points_a.append(scores[a_side].total)
            outcome.points_b.append(scores[1 - a_side].total)
    return outcome


def run(
    level_a: str,
    level_b: str,
    shuffles: int,
    players: int = 2,
    jobs: int = 1,
    first_seed: int = 1,
    samples: int | None = None,
    target: int | None = None,
    partner: str | None = None,
) -> Iterator[Outcome]:
    """Outcomes of the duplicate pairs for seeds ``first_seed``.., in seed order."""
    if partner and players != 4:
        raise ValueError("a partner level needs four players")
    tasks: list[Task] = [
        (level_a, level_b, players, seed, samples, target, partner)
        for seed in range(first_seed, first_seed + shuffles)
    ]
    if jobs <= 1:
        yield from map(play_pair, tasks)
        return
    with Pool(jobs) as pool:
        yield from pool.imap(play_pair, tasks, chunksize=4)


def _ci(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.nan
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)] if ordered else 0.0


def report(level_a: str, level_b: str, outcomes: list[Outcome], players: int, matches: bool) -> str:
    """The arena's printout."""
    name_a, name_b = f"A={level_a}", f"B={level_b}"
    if level_a == level_b:
        name_a, name_b = f"A={level_a}#1", f"B={level_b}#2"
    lines = []
    games = [
        (a, b) for o in outcomes for a, b in zip(o.points_a, o.points_b, strict=True)
    ]  # every game
    pair_a = [statistics.fmean(o.points_a) for o in outcomes]
    pair_b = [statistics.fmean(o.points_b) for o in outcomes]
    pair_d = [a - b for a, b in zip(pair_a, pair_b, strict=True)]
    unit = "match" if matches else "deal"
    what = f"{len(outcomes)} duplicate {'matches' if matches else 'deals'}"
    lines.append(
        f"{players} players, {what} ({len(games)} games, seats swapped), {name_a} vs {name_b}"
    )
    for name, values in ((name_a, pair_a), (name_b, pair_b)):
        mean, half = _ci(values)
        lines.append(f"  {name}: {mean:.3f} ± {half:.3f} points per {unit} (95% CI)")
    mean, half = _ci(pair_d)
    lines.append(f"  difference A-B: {mean:+.3f} ± {half:.3f} points per {unit} (95% CI, paired)")
    won = sum(a > b for a, b in games)
    lost = sum(a < b for a, b in games)
    label = "matches" if matches else "deals"
    lines.append(
        f"  {label} won: A {won}, B {lost}, tied {len(games) - won - lost} "
        f"(A {100 * won / max(1, won + lost):.1f}% of the decided ones)"
    )
    if matches:
        deals = sum(o.deals for o in outcomes)
        lines.append(f"  deals played: {deals} ({deals / len(games):.1f} per match)")
    for name, times, cpu in (
        (name_a, [t for o in outcomes for t in o.times_a], [t for o in outcomes for t in o.cpu_a]),
        (name_b, [t for o in outcomes for t in o.times_b], [t for o in outcomes for t in o.cpu_b]),
    ):
        if times:
            lines.append(
                f"  {name} time per move: mean {1000 * statistics.fmean(times):.2f} ms, "
                f"p95 {1000 * _p95(times):.2f} ms, max {1000 * max(times):.2f} ms "
                f"({len(times)} moves; wall clock in one process)"
            )
            lines.append(
                f"  {name} CPU per move:  mean {1000 * statistics.fmean(cpu):.2f} ms, "
                f"p95 {1000 * _p95(cpu):.2f} ms, max {1000 * max(cpu):.2f} ms "
                "(process CPU time: what the move costs on one core, load aside)"
            )
    return "\n".join(lines)


GOALS = (  # players, opponent, the hard bot's goal in points per deal
    (2, "peer", 0.4),
    (2, "medium", 1.1),
    (4, "peer", 0.3),
    (4, "medium", 0.7),
)
GOALS_SEED = 5_000_001  # fresh seeds: no bot was tuned on them


def goals(
    deals: int,
    jobs: int,
    first_seed: int = GOALS_SEED,
    table: tuple[tuple[int, str, float], ...] = GOALS,
) -> None:
    """The hard bot against each opponent of ``table``, ``deals`` duplicate deals each, the full
    reports, then one line per goal: reached when its interval's lower end is at the goal,
    likely when only its mean is."""
    lines = []
    for players, opponent, goal in table:
        start = time.perf_counter()
        outcomes = list(run("hard", opponent, deals, players, jobs, first_seed))
        print(report("hard", opponent, outcomes, players, False))
        print(f"  ({time.perf_counter() - start:.0f} s wall clock, {jobs} job(s))", flush=True)
        diff = [statistics.fmean(o.points_a) - statistics.fmean(o.points_b) for o in outcomes]
        mean, half = _ci(diff)
        verdict = "reached" if mean - half >= goal else "likely" if mean >= goal else "not reached"
        lines.append(
            f"{players} players, hard vs {opponent}: {mean:+.3f} ± {half:.3f} per deal "
            f"(goal ≥ {goal:+.1f}: {verdict}; seeds {first_seed}-{first_seed + deals - 1})"
        )
    print("Goals:")
    print("\n".join(f"  {line}" for line in lines))


def main(
    level_a: str,
    level_b: str,
    deals: int,
    players: int,
    jobs: int,
    first_seed: int,
    samples: int | None,
    matches: int | None,
    target: int,
    partner: str | None = None,
) -> None:
    start = time.perf_counter()
    count, goal = (matches, target) if matches else (deals, None)
    outcomes = list(run(level_a, level_b, count, players, jobs, first_seed, samples, goal, partner))
    name_a = f"{level_a}+{partner}" if partner else level_a
    print(report(name_a, level_b, outcomes, players, bool(matches)))
    print(f"  ({time.perf_counter() - start:.0f} s wall clock, {jobs} job(s))")
