"""One bot game on simulated time, for any game: the sim's loop.

The loop is event driven: it jumps to the earliest of the bots' wake-up times and the
engine's own timers (a timer due at or before a bot's time fires first, so the bot sees
its effect), applies what the bot does, checks the invariants, and shows the new state to
every bot. Nothing sleeps, so thousands of games run per minute.

A game's bots are seeded from its deal seed (``bot_seed``), so the seed alone replays it.
A broken invariant (or an engine exception) raises ``SimBreach``, after writing the game
so far as a scenario file (``engine.scenario.record``: the rules, the table as dealt,
every command) that ``speed-cabinet scenario`` replays.

Games plug in through ``SIM_GAMES``: an adapter deals, steps, checks and records its game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from cabinet.tools.sim.result import GameResult
from cabinet.tools.sim.tally import SpeedTally, TableTally
from engine import california, speed, spit
from engine.bots import Bot, BotProfile
from engine.commands import Command, Tick
from engine.events import Event
from engine.invariants import check_invariants
from engine.notation import table_of
from engine.rules import Game, Rules
from engine.scenario import record
from engine.state import Phase

LIMIT_MS = 30 * 60 * 1000
"""A game still going after 30 simulated minutes is a draw by limit (it should never be)."""
MAX_COMMANDS = 100_000
"""A game needing more commands than this is a draw by limit too (a stuck bot)."""


class SimBreach(Exception):
    """An invariant broke (or the engine raised) in a simulated game; a scenario was written."""

    def __init__(self, message: str, path: Path | None, game_seed: int) -> None:
        super().__init__(message)
        self.path = path
        self.game_seed = game_seed


class SimGame(Protocol):
    """What the sim needs of a game (Spit and California add theirs to SIM_GAMES)."""

    def play(
        self, rules: Rules, profiles: Sequence[BotProfile], seed: int, breach_dir: Path | None
    ) -> GameResult:
        """Play one bot game dealt from ``seed``; raise SimBreach on a broken invariant."""


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game dealt from ``game_seed``."""
    return game_seed * 8 + seat + 1


class Tally(Protocol):
    """One game's own counts, added up step by step and written into its result."""

    def count(self, before: Any, state: Any, events: list[Event]) -> None:
        """Add one step (``before`` -> ``state``, with its ``events``)."""

    def fill(self, result: GameResult, state: Any) -> None:
        """Write the counts (and whatever the end ``state`` tells) into ``result``."""


class LoopSim:
    """The event-driven loop of the module docstring, for any game: ``module`` deals,
    starts and steps it, ``tally(rules)`` counts its events. Everything the games share
    (bots, timers, limits, invariant checks, the breach file) is here, once."""

    late_ms = 0
    """How far past LIMIT_MS a bot may still act (a timer past LIMIT_MS is always the
    limit)."""

    def __init__(self, module: Any, tally: Callable[[Rules], Tally]) -> None:
        self.module = module
        self.tally = tally

    def recorded_table(self, table: Any, first: Any) -> Any:
        """The table a breach's scenario starts from (dealt, or as ``first`` started it)."""
        return table

    def play(
        self, rules: Rules, profiles: Sequence[BotProfile], seed: int, breach_dir: Path | None
    ) -> GameResult:
        # Dealt and started as a scenario with this table and seed replays it (the rebuild
        # shuffles continue a fresh Random(seed), as engine.scenario.play does).
        module = self.module
        table = module.deal(rules, random.Random(seed))
        step = module.step  # looked up per game, so a test can inject a faulty engine
        check = check_invariants
        state, _ = module.start(rules, table, random.Random(seed), seed)
        first = state
        commands: list[Command] = []

        def breach(exc: Exception, t: int) -> SimBreach:
            path = None
            if breach_dir is not None:
                data = record(rules, self.recorded_table(table, first), seed, commands, until=t)
                path = breach_dir / f"sim-breach-{rules.game}-seed{seed}.json"
                path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
            what = f"{type(exc).__name__}: {exc}"
            return SimBreach(f"game seed {seed} at t = {t} ms: {what}", path, seed)

        try:
            check(state)
        except Exception as exc:
            raise breach(exc, 0) from exc
        n = rules.players
        bots = [Bot(i, profiles[i], bot_seed(seed, i)) for i in range(n)]
        wake: list[int | None] = [b.observe(state, 0) for b in bots]
        tally = self.tally(rules)
        count = tally.count
        tie_next = 0  # equal wake times: seats take turns (rules.md C-7's alternation)
        horizon = LIMIT_MS + self.late_ms  # read per game: a test shortens LIMIT_MS
        limit = False
        over = (Phase.WON, Phase.TIED)
        while state.phase not in over:
            # The earliest bot (none past the horizon); on equal times the seats take turns.
            who, tb, tie = -1, horizon, False
            for i in range(n):
                w = wake[i]
                if w is None or w > tb:
                    continue
                if w < tb or who < 0:
                    who, tb, tie = i, w, False
                else:
                    tie = True
                    if (i - tie_next) % n < (who - tie_next) % n:
                        who = i
            # The engine's earliest timer; it fires first on a tie.
            timers = state.timers
            tt = (
                (timers[0].due if len(timers) == 1 else min(tm.due for tm in timers))
                if timers
                else None
            )
            cmd: Command | None
            if tt is not None and tt <= tb:
                if tt > LIMIT_MS:
                    limit = True
                    break
                cmd = Tick(tt)
            elif who < 0:
                limit = True  # nobody wants to act and nothing is due: stuck (or past the limit)
                break
            else:
                cmd = bots[who].act(state, tb)
                if cmd is None:
                    wake[who] = bots[who].observe(state, tb)
                    continue
                if tie:
                    tie_next = who + 1
            commands.append(cmd)
            if len(commands) > MAX_COMMANDS:
                limit = True
                break
            before = state
            try:
                state, events = step(state, cmd)
                check(state)
            except Exception as exc:
                raise breach(exc, cmd.t) from exc
            count(before, state, events)
            t = cmd.t
            wake = [b.observe(state, t) for b in bots]
        result = GameResult(
            seed,
            state.winner,
            state.now,
            commands=len(commands),
            limit=limit,
            cards_left=tuple(p.cards for p in state.players),
            log=commands,
        )
        tally.fill(result, state)
        return result


class SpeedSim(LoopSim):
    """Speed, 2-4 players."""

    late_ms = 1  # Speed's loop always let a bot act at LIMIT_MS + 1; kept for its replays

    def __init__(self) -> None:
        super().__init__(speed, SpeedTally.of)

    def recorded_table(self, table: Any, first: Any) -> Any:
        return table_of(first)  # the hands as start topped them up


class TableSim(LoopSim):
    """Spit and California (2 players), counting rounds and, for Spit, moves and slap
    outcomes.

    ``plays`` counts plays onto the spit piles (Spit) or covers (California);
    ``reshuffles`` counts Spit recycles (the ``recycle`` option); ``rejected`` every
    rejected play, move or cover. There are no deadlocks in these games.
    """

    def __init__(self, module: Any) -> None:
        super().__init__(module, TableTally.of)


SIM_GAMES: dict[Game, SimGame] = {
    Game.SPEED: SpeedSim(),
    Game.SPIT: TableSim(spit),
    Game.CALIFORNIA: TableSim(california),
}
"""The games the sim plays."""
