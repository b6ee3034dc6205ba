"""Each seat's numbers for the records, from the one fold of a game (``engine.stats``):
the same figures the sim and the result screen count, hidden stalls included.

A game is folded from its first state and its commands (a replay, a few ms: between games
only, never on the deciding pass), or from its stored replay scenario (the recount of old
games, ``recount.py``). Both end at the same clock, so they give the same figures.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from cabinet.kiosk.records.model import JSONValue, SeatResult
from engine.commands import Command, Tick
from engine.game import GameState, new_game, start_table
from engine.scenario import parse
from engine.stats import GameStats, GameTally


def seat_results(tally: GameTally) -> tuple[SeatResult, ...]:
    """The records' numbers for each seat of a folded game."""
    return tuple(
        SeatResult(
            cards_left=seat.cards_left,
            plays=seat.plays,
            longest_run=seat.longest_run,
            stalls=seat.stalls,
            reactions_ms=tuple(map(float, seat.reactions_ms)),
        )
        for seat in tally.seats
    )


def game_tally(
    first: GameState,
    commands: Sequence[Command],
    until: int | None = None,
    *,
    reactions: bool = True,
) -> GameTally:
    """The fold of ``commands`` applied to ``first`` (Ticks may be left out), run on to
    ``until`` when given (the clock the game reached, where its stored replay ends)."""
    fed = commands if until is None else (*commands, Tick(until))
    return GameStats.replay(first, fed, reactions=reactions).tally()


def replay_results(
    first: GameState, commands: Sequence[Command], until: int | None = None
) -> tuple[SeatResult, ...]:
    """Each seat's numbers for ``Records.finish_game``: the game as dealt (``first``),
    every command applied to it, and the clock it reached (``until``)."""
    return seat_results(game_tally(first, commands, until))


def scenario_tally(replay: Mapping[str, JSONValue], *, reactions: bool = True) -> GameTally:
    """The fold of a stored replay (``engine.scenario.record``), started as
    ``engine.scenario.play`` starts it. ScenarioError (a ValueError) for a bad one."""
    scenario = parse(replay)
    rng = random.Random(scenario.seed)
    if scenario.table is None:
        first, _ = new_game(scenario.rules, rng, scenario.seed)
    else:
        first, _ = start_table(scenario.rules, scenario.table, rng, scenario.seed)
    return game_tally(first, scenario.inputs, scenario.until, reactions=reactions)
