"""``speed-cabinet bench``: performance figures, one group at a time or all together.

A group is a function returning figures: ``{name: figure}``, where a figure is a number or
a distribution ``{"p50": .., "p99": .., "max": ..}``, and every name ends in its unit
(``_us``, ``_per_s``, ...). Every group but ``soak`` finishes within a minute.

Groups:
- ``sim``: ``sim_games_per_s`` (2-player Speed, hard vs hard bots, invariant checks on,
  one core, no display), and the floor under it: ``engine_step_us`` (one ``step``),
  ``invariant_check_us`` (one ``check_invariants``) and ``bot_observe_us`` (one bot's
  ``observe`` after a step), measured on the commands of real bot games; then
  ``sim_spit_games_per_s`` and ``sim_california_games_per_s``, the same for Spit and
  California (whole games of several rounds each, hard vs hard).
- ``press``: ``cabinet/tools/bench_press.py``, a GPIO press to the engine and to the LED.
- ``serial``: ``cabinet/tools/bench_serial.py``, a serial panel frame to the engine.
- ``frame``: ``cabinet/tools/bench_frame.py``, the display's frame time and start-up.
- ``soak``: ``cabinet/tools/bench_soak.py``, memory over 300 games with the display drawing,
  then over 300 recorded match games through the loop, the flow and the records (and the
  between-games records pass's time); minutes long, so it runs only with ``--only soak``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from collections.abc import Callable

from engine import speed
from engine.bots import Bot, find_profile
from engine.commands import Command
from engine.invariants import check_invariants
from engine.rules import Game, Rules
from engine.state import SpeedState

Figure = float | int | dict[str, float]

SIM_SECONDS = 10.0
"""How long the sim figure runs at least ..."""
SIM_MIN_GAMES = 200
"""... and on how many games at least (in batches of SIM_BATCH)."""
SIM_BATCH = 50
SAMPLE_GAMES = 40
"""Bot games whose steps the per-step figures are measured on."""
OTHER_SECONDS = 5.0
"""Spit and California: how long each figure runs at least ..."""
OTHER_MIN_GAMES = 20
"""... and on how many games at least (in batches of OTHER_BATCH)."""
OTHER_BATCH = 10


def distribution(samples_ns: list[int]) -> dict[str, float]:
    """p50, p99 and max of nanosecond samples, in microseconds."""
    xs = sorted(samples_ns)

    def at(q: float) -> float:
        return round(xs[min(len(xs) - 1, int(q * len(xs)))] / 1000, 2)

    return {"p50": at(0.50), "p99": at(0.99), "max": round(xs[-1] / 1000, 2)}


def _recorded_steps(rules: Rules, games: int) -> list[tuple[SpeedState, Command]]:
    """(state, command) for every step of ``games`` hard-vs-hard sim games."""
    from cabinet.tools.sim import SpeedSim

    out: list[tuple[SpeedState, Command]] = []
    profiles = [find_profile("hard")] * rules.players
    for k in range(games):
        seed = 10_000 + k
        result = SpeedSim().play(rules, profiles, seed, None)
        table = speed.deal(rules, random.Random(seed))
        state, _ = speed.start(rules, table, random.Random(seed), seed)
        for cmd in result.log:
            out.append((state, cmd))
            state, _ = speed.step(state, cmd)
    return out


def _games_per_s(
    rules: Rules, seconds: float, min_games: int, batch: int, warm_up: int = 2
) -> tuple[float, int]:
    """Hard-vs-hard bot games per second of wall time (after ``warm_up`` games), and how
    many: batches run until ``seconds`` of wall time and ``min_games`` games have passed."""
    from cabinet.tools.sim import simulate

    profiles = [find_profile("hard")] * rules.players
    simulate(rules, profiles, warm_up, 0)
    games, wall, seed = 0, 0.0, 1
    while wall < seconds or games < min_games:
        s = simulate(rules, profiles, batch, seed)
        if s.invariant_breaches:
            raise RuntimeError(f"bench sim: {s.breach}")
        games += s.games
        wall += s.wall_s
        seed += batch
    return round(games / wall, 1), games


def sim_figures() -> dict[str, Figure]:
    """The ``sim`` group."""
    rules = Rules()
    rate, games = _games_per_s(rules, SIM_SECONDS, SIM_MIN_GAMES, SIM_BATCH, warm_up=10)
    steps = _recorded_steps(rules, SAMPLE_GAMES)
    clock = time.perf_counter_ns
    step_ns, check_ns, observe_ns = [], [], []
    bot = Bot(0, "hard", 1)
    for state, cmd in steps:
        t0 = clock()
        after, _ = speed.step(state, cmd)
        t1 = clock()
        check_invariants(after)
        t2 = clock()
        bot.observe(after, cmd.t)
        t3 = clock()
        bot._plan = None  # measure a fresh decision every time
        step_ns.append(t1 - t0)
        check_ns.append(t2 - t1)
        observe_ns.append(t3 - t2)
    spit_rate, spit_games = _games_per_s(
        Rules(game=Game.SPIT), OTHER_SECONDS, OTHER_MIN_GAMES, OTHER_BATCH
    )
    cal_rate, cal_games = _games_per_s(
        Rules(game=Game.CALIFORNIA), OTHER_SECONDS, OTHER_MIN_GAMES, OTHER_BATCH
    )
    return {
        "sim_games_per_s": rate,
        "sim_games": games,
        "engine_step_us": distribution(step_ns),
        "invariant_check_us": distribution(check_ns),
        "bot_observe_us": distribution(observe_ns),
        "sim_spit_games_per_s": spit_rate,
        "sim_spit_games": spit_games,
        "sim_california_games_per_s": cal_rate,
        "sim_california_games": cal_games,
    }


def _lazy(module: str, function: str) -> Callable[[], dict[str, Figure]]:
    def run() -> dict[str, Figure]:
        figures: dict[str, Figure] = getattr(importlib.import_module(module), function)()
        return figures

    return run


GROUPS: dict[str, Callable[[], dict[str, Figure]]] = {
    "sim": sim_figures,
    "press": _lazy("cabinet.tools.bench_press", "press_figures"),
    "serial": _lazy("cabinet.tools.bench_serial", "serial_figures"),
}
"""Every group by name, in the order ``bench`` runs them. Each lives beside what it
measures and is imported only when it runs."""

# The display (issue 7): frame time, start-up, and presses while it draws.
GROUPS["frame"] = _lazy("cabinet.tools.bench_frame", "frame_figures")
# Memory over a night of games (issue 9); minutes long, so only with --only soak.
GROUPS["soak"] = _lazy("cabinet.tools.bench_soak", "soak_figures")
SLOW = ("soak",)


def run(only: str | None = None) -> dict[str, Figure]:
    """Run every group (or one) and merge their figures into one mapping."""
    names = [n for n in GROUPS if n not in SLOW] if only is None else [only]
    figures: dict[str, Figure] = {}
    for name in names:
        figures.update(GROUPS[name]())
    return figures


def format_figures(figures: dict[str, Figure]) -> str:
    """The readable table."""
    lines = []
    for name, value in figures.items():
        if isinstance(value, dict):
            text = "  ".join(f"{k} {v:,}" for k, v in value.items())
        else:
            text = f"{value:,}"
        lines.append(f"  {name:<28} {text}")
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    if args.only is not None and args.only not in GROUPS:
        print(
            f"speed-cabinet bench: unknown group {args.only!r}; known: {', '.join(GROUPS)}",
            file=sys.stderr,
        )
        return 2
    if not args.json:
        print(
            f"speed-cabinet bench: {', '.join([args.only] if args.only else GROUPS)} "
            f"(Python {sys.version.split()[0]}, one core)",
            flush=True,
        )
    figures = run(args.only)
    if args.json:
        json.dump(figures, sys.stdout)
        sys.stdout.write("\n")
    else:
        print(format_figures(figures))
    return 0
