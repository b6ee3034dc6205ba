"""One bot game on simulated time, for any game: the sim's loop.

The loop is event driven: it jumps to the earliest of the bots' wake-up times and the
engine's own timers (a timer due at or before a bot's time fires first, so the bot sees
its effect), applies what the bot does, checks the invariants, and shows the new state to
every bot. Nothing sleeps, so thousands of games run per minute.

The game is asked through the engine's one protocol (``engine.games.rules_for``): it
deals, starts, steps and checks itself, and ``engine.stats.GameStats`` counts it, the same
fold the records and the result screen count with. A game's bots are seeded from its deal
seed (``bot_seed``), so the seed alone replays it. A broken invariant (or an engine
exception) raises ``SimBreach``, after writing the game so far as a scenario file
(``engine.scenario.record``: the rules, the table as dealt, every command) that
``speed-cabinet scenario`` replays.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

from cabinet.errors import CabinetError
from cabinet.tools.sim.result import GameResult
from engine.bots import Bot, BotProfile
from engine.commands import Command, Tick
from engine.games import AnyGame, rules_for
from engine.rules import Rules
from engine.scenario import record
from engine.state import GameState, GameTable, Phase
from engine.stats import GameStats

LIMIT_MS = 30 * 60 * 1000
"""A game still going after 30 simulated minutes is a draw by limit (it should never be)."""
LATE_MS = 1
"""How far past LIMIT_MS a bot may still act (a timer past LIMIT_MS is always the limit);
the sim has always let a bot act at LIMIT_MS + 1, and keeps it so its games replay alike."""
MAX_COMMANDS = 100_000
"""A game needing more commands than this is a draw by limit too (a stuck bot)."""
_OVER = (Phase.WON, Phase.TIED)


class SimBreach(CabinetError):
    """An invariant broke (or the engine raised) in a simulated game; a scenario was written."""

    def __init__(self, message: str, path: Path | None, game_seed: int) -> None:
        super().__init__(message)
        self.path = path
        self.game_seed = game_seed


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game dealt from ``game_seed``."""
    return game_seed * 8 + seat + 1


def _write_breach(
    exc: Exception,
    t: int,
    rules: Rules,
    table: GameTable,
    seed: int,
    commands: Sequence[Command],
    breach_dir: Path | None,
) -> SimBreach:
    """The breach, its scenario file written to ``breach_dir`` (if given)."""
    path = None
    if breach_dir is not None:
        data = record(rules, table, seed, commands, until=t)
        path = breach_dir / f"sim-breach-{rules.game}-seed{seed}.json"
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    what = f"{type(exc).__name__}: {exc}"
    return SimBreach(f"game seed {seed} at t = {t} ms: {what}", path, seed)


def _started(
    rules: Rules, seed: int, breach_dir: Path | None
) -> tuple[AnyGame, GameTable, GameState]:
    """The game of ``rules`` dealt from ``seed`` and started, its first state checked."""
    # Dealt and started as a scenario with this table and seed replays it. The game is
    # looked up per game, so a test can inject a faulty engine.
    game = rules_for(rules.game)
    table = game.deal(rules, random.Random(seed))
    state, _ = game.start(rules, table, random.Random(seed), seed)
    try:
        game.check(state)
    except Exception as exc:
        raise _write_breach(exc, 0, rules, table, seed, [], breach_dir) from exc
    return game, table, state


def play_game(
    rules: Rules, profiles: Sequence[BotProfile], seed: int, breach_dir: Path | None = None
) -> GameResult:
    """Play one bot game of ``rules`` dealt from ``seed`` to its end (or the limit); raise
    SimBreach on a broken invariant, its scenario written to ``breach_dir``."""
    game, table, state = _started(rules, seed, breach_dir)
    step, check = game.step, game.check
    commands: list[Command] = []
    stats = GameStats(state, reactions=False)  # the sim reports no reaction times
    add = stats.add
    n = rules.players
    seats = range(n)
    bots = [Bot(i, profiles[i], bot_seed(seed, i)) for i in seats]
    observe, act = [b.observe for b in bots], [b.act for b in bots]  # bound once per game
    wake: list[int | None] = [look(state, 0) for look in observe]
    tie_next = 0  # equal wake times: seats take turns (docs/rules.md C-7's alternation)
    horizon = LIMIT_MS + LATE_MS  # read per game: a test shortens LIMIT_MS
    while state.phase not in _OVER:
        # The earliest bot (none past the horizon); on equal times the seats take turns.
        who, tb, tie = -1, horizon, False
        for i in seats:
            w = wake[i]
            if w is None or w > tb:
                continue
            if w < tb or who < 0:
                who, tb, tie = i, w, False
            else:
                tie = True
                if (i - tie_next) % n < (who - tie_next) % n:
                    who = i
        ts = state.timers  # the engine's earliest timer; it fires first on a tie
        tt = ts[0].due if len(ts) == 1 else (min(tm.due for tm in ts) if ts else None)
        cmd: Command | None
        if tt is not None and tt <= tb:
            if tt > LIMIT_MS:
                break
            cmd = Tick(tt)
        elif who < 0:
            break  # nobody wants to act and nothing is due: stuck (or past the limit)
        else:
            cmd = act[who](state, tb)
            if cmd is None:
                wake[who] = observe[who](state, tb)
                continue
            if tie:
                tie_next = who + 1
        commands.append(cmd)
        if len(commands) > MAX_COMMANDS:
            break
        try:
            state, events = step(state, cmd)
            check(state)
        except Exception as exc:
            raise _write_breach(exc, cmd.t, rules, table, seed, commands, breach_dir) from exc
        add(cmd, state, events)
        t = cmd.t
        for i in seats:
            wake[i] = observe[i](state, t)
    limit = state.phase not in _OVER  # left undecided by a break above: a draw by limit
    return GameResult.of(seed, stats.tally(reactions=False), commands, limit)
