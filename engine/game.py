"""One entry point for every game: ``new_game``, ``start_table``, ``step`` and ``table_of``
ask the game of ``rules.game`` (or of the state) in the registry, ``engine.games``.

A table of games, not a class tree (docs/architecture.md 2): each game implements the one
protocol, ``engine.protocol.GameRules``, over its own frozen state and table types.
"""

from __future__ import annotations

import random

from engine import turn
from engine.commands import Command
from engine.errors import EngineError
from engine.events import Event
from engine.games import GAMES, of, rules_for
from engine.rules import Rules
from engine.state import GameState, GameTable

Table = GameTable
"""Any game's written table."""

__all__ = ["GAMES", "GameState", "Table", "new_game", "start_table", "step", "table_of"]


def new_game(rules: Rules, rng: random.Random, seed: int = 0) -> tuple[GameState, list[Event]]:
    """Deal ``rules.game`` with ``rng`` and start play at t = 0 (a deal turned by
    ``rules.turn`` seats: engine/turn.py)."""
    if not rules.turn:
        return rules_for(rules.game).new_game(rules, rng, seed)
    return rules_for(rules.game).start(rules, turn.deal(rules, rng), rng, seed)


def start_table(
    rules: Rules, table: Table, rng: random.Random, seed: int = 0
) -> tuple[GameState, list[Event]]:
    """Start ``rules.game`` on a written table at t = 0 (InvalidPosition for a bad one)."""
    game = rules_for(rules.game)
    if not isinstance(table, game.table_type):
        raise EngineError(f"a {type(table).__name__} is not a {rules.game} table")
    return game.start(rules, table, rng, seed)


def step(state: GameState, cmd: Command) -> tuple[GameState, list[Event]]:
    """Apply one command to any game's state."""
    return of(state).step(state, cmd)


def table_of(state: GameState) -> Table:
    """The written table of a state (what ``start_table`` turns back into it at t = 0)."""
    return of(state).table_of(state)
