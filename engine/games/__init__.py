"""The games, listed once: ``GAMES`` maps each ``Game`` to its ``GameRules`` (the one
protocol every game implements, ``engine.protocol``). Every consumer asks a game through
``rules_for(game)`` or ``of(state)``; adding a game adds its package and one row here.
"""

from __future__ import annotations

from typing import cast

from engine.errors import EngineError
from engine.games.california.game import CALIFORNIA
from engine.games.speed.game import SPEED
from engine.games.spit.game import SPIT
from engine.protocol import GameRules
from engine.rules import Game
from engine.state import GameState, GameTable

AnyGame = GameRules[GameState, GameTable]
"""A game's rules as a consumer holds them: they take any game's state (``of`` hands out
the rules of the state's own game, so a state always meets its own game's rules)."""

GAMES: dict[Game, AnyGame] = {
    Game.SPEED: cast(AnyGame, SPEED),
    Game.SPIT: cast(AnyGame, SPIT),
    Game.CALIFORNIA: cast(AnyGame, CALIFORNIA),
}


class UnknownGame(EngineError, KeyError):
    """A game no package implements."""


def rules_for(game: Game) -> AnyGame:
    """The rules of ``game``."""
    try:
        return GAMES[game]
    except KeyError:
        raise UnknownGame(f"no game {game!r}; known: {', '.join(GAMES)}") from None


def of(state: GameState) -> AnyGame:
    """The rules of the game ``state`` is a state of (every state's rules name its game)."""
    return GAMES[state.rules.game]


__all__ = ["GAMES", "AnyGame", "UnknownGame", "of", "rules_for"]
