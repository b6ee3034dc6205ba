"""One entry point for every game: ``new_game``, ``start_table`` and ``step`` choose Speed,
Spit or California by ``rules.game``.

A table of functions, not a class tree (architecture.md 3.4): each game is a module with the
same three functions over its own frozen state and table types.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine import california, notation, speed, spit
from engine.commands import Command
from engine.errors import EngineError
from engine.events import Event
from engine.rules import Game, Rules
from engine.state import SpeedState

GameState = SpeedState | spit.SpitState | california.CaliforniaState
Table = speed.SpeedTable | spit.SpitTable | california.CaliforniaTable


@dataclass(frozen=True, slots=True)
class GameFns:
    """The functions one game module provides (typed loosely: each takes its own state)."""

    new_game: Callable[[Rules, random.Random, int], tuple[Any, list[Event]]]
    start: Callable[[Rules, Any, random.Random, int], tuple[Any, list[Event]]]
    step: Callable[[Any, Command], tuple[Any, list[Event]]]
    table_type: type


GAMES: dict[Game, GameFns] = {
    Game.SPEED: GameFns(speed.new_game, speed.start, speed.step, speed.SpeedTable),
    Game.SPIT: GameFns(spit.new_game, spit.start, spit.step, spit.SpitTable),
    Game.CALIFORNIA: GameFns(
        california.new_game, california.start, california.step, california.CaliforniaTable
    ),
}


def new_game(rules: Rules, rng: random.Random, seed: int = 0) -> tuple[GameState, list[Event]]:
    """Deal ``rules.game`` with ``rng`` and start play at t = 0."""
    state, events = GAMES[rules.game].new_game(rules, rng, seed)
    return _checked(state), events


def start_table(
    rules: Rules, table: Table, rng: random.Random, seed: int = 0
) -> tuple[GameState, list[Event]]:
    """Start ``rules.game`` on a written table at t = 0 (InvalidPosition for a bad one)."""
    fns = GAMES[rules.game]
    if not isinstance(table, fns.table_type):
        raise EngineError(f"a {type(table).__name__} is not a {rules.game} table")
    state, events = fns.start(rules, table, rng, seed)
    return _checked(state), events


def step(state: GameState, cmd: Command) -> tuple[GameState, list[Event]]:
    """Apply one command to any game's state."""
    after, events = GAMES[state.rules.game].step(state, cmd)
    return _checked(after), events


def _checked(state: object) -> GameState:
    if not isinstance(state, SpeedState | spit.SpitState | california.CaliforniaState):
        raise EngineError(f"not a game state: {state!r}")
    return state


def table_of(state: GameState) -> Table:
    """The written table of a state (what ``start_table`` turns back into it at t = 0)."""
    if isinstance(state, spit.SpitState):
        return spit.table_of(state)
    if isinstance(state, california.CaliforniaState):
        return california.table_of(state)
    return notation.table_of(state)
