"""Bench group ``sim``: bot games per second, and the per-step costs under them.

* ``sim_games_per_s``: 2-player Speed, quick vs quick bots, invariant checks on, one core, no
  display (``speed-cabinet sim``'s own loop), over at least ``SIM_SECONDS`` and
  ``SIM_MIN_GAMES`` games;
* ``engine_step_us``, ``invariant_check_us``, ``bot_observe_us``: one ``step``, one
  ``check_invariants`` and one bot's ``observe`` after a step, measured on the commands of
  ``SAMPLE_GAMES`` real bot games;
* ``sim_<game>_games_per_s`` (``sim_spit_games_per_s``, ``sim_california_games_per_s``):
  the same rate for every other game of the cabinet (``GAME_ROWS``; whole games of
  several rounds each, quick vs quick).
"""

from __future__ import annotations

import random
import time

from cabinet.controls.registry import GAME_ROWS
from cabinet.tools.bench.figures import NS_TO_US, Figures, distribution
from cabinet.tools.sim import play_game, simulate
from engine.bots import Bot, find_profile
from engine.commands import Command
from engine.games import rules_for
from engine.invariants import check_invariants
from engine.rules import Rules
from engine.state import GameState

SIM_SECONDS = 10.0
"""How long the sim figure runs at least ..."""
SIM_MIN_GAMES = 200
"""... and on how many games at least (in batches of SIM_BATCH)."""
SIM_BATCH = 50
SAMPLE_GAMES = 40
"""Bot games whose steps the per-step figures are measured on."""
OTHER_SECONDS = 5.0
"""The other games: how long each figure runs at least ..."""
OTHER_MIN_GAMES = 20
"""... and on how many games at least (in batches of OTHER_BATCH)."""
OTHER_BATCH = 10


def _recorded_steps(rules: Rules, games: int) -> list[tuple[GameState, Command]]:
    """(state, command) for every step of ``games`` quick-vs-quick sim games."""
    out: list[tuple[GameState, Command]] = []
    profiles = [find_profile("quick")] * rules.players
    game = rules_for(rules.game)
    for k in range(games):
        seed = 10_000 + k
        result = play_game(rules, profiles, seed)
        table = game.deal(rules, random.Random(seed))
        state, _ = game.start(rules, table, random.Random(seed), seed)
        for cmd in result.log:
            out.append((state, cmd))
            state, _ = game.step(state, cmd)
    return out


def _games_per_s(
    rules: Rules, seconds: float, min_games: int, batch: int, warm_up: int = 2
) -> tuple[float, int]:
    """Quick-vs-quick bot games per second of wall time (after ``warm_up`` games), and how
    many: batches run until ``seconds`` of wall time and ``min_games`` games have passed."""
    profiles = [find_profile("quick")] * rules.players
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


def sim_figures() -> Figures:
    """The ``sim`` group."""
    rules = Rules()
    rate, games = _games_per_s(rules, SIM_SECONDS, SIM_MIN_GAMES, SIM_BATCH, warm_up=10)
    steps = _recorded_steps(rules, SAMPLE_GAMES)
    step = rules_for(rules.game).step  # the game's own step function, no wrapper
    clock = time.perf_counter_ns
    step_ns, check_ns, observe_ns = [], [], []
    bot = Bot(0, "quick", 1)
    for state, cmd in steps:
        t0 = clock()
        after, _ = step(state, cmd)
        t1 = clock()
        check_invariants(after)
        t2 = clock()
        bot.observe(after, cmd.t)
        t3 = clock()
        bot._plan = None  # measure a fresh decision every time
        step_ns.append(t1 - t0)
        check_ns.append(t2 - t1)
        observe_ns.append(t3 - t2)
    figures: Figures = {
        "sim_games_per_s": rate,
        "sim_games": games,
        "engine_step_us": distribution(step_ns, NS_TO_US),
        "invariant_check_us": distribution(check_ns, NS_TO_US),
        "bot_observe_us": distribution(observe_ns, NS_TO_US),
    }
    for game in GAME_ROWS:  # every other game of the cabinet: its own games/s
        if game != rules.game:
            other, played = _games_per_s(
                Rules(game=game), OTHER_SECONDS, OTHER_MIN_GAMES, OTHER_BATCH
            )
            figures[f"sim_{game.value}_games_per_s"] = other
            figures[f"sim_{game.value}_games"] = played
    return figures
