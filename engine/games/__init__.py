"""The games, listed once: ``GAMES`` maps each ``Game`` to its ``GameRules`` (the one
protocol every game implements, ``engine.protocol``). Every consumer asks a game through
``rules_for(game)`` or ``of(state)``.

The three games of the cabinet are registered here, at import; ``register`` lists any
other (docs/architecture.md, "Adding a game": a test registers a fourth one in a fixture
and ``unregister``s it after). A registered game is a ``Game``: the options, the scenario
format and the bots take it like the others.
"""

from __future__ import annotations

from typing import Any, cast

from engine.errors import EngineError
from engine.games.california.game import CALIFORNIA
from engine.games.speed.game import SPEED
from engine.games.spit.game import SPIT
from engine.protocol import GameRules
from engine.rules import Game, list_game, unlist_game
from engine.state import GameState, GameTable

AnyGame = GameRules[GameState, GameTable]
"""A game's rules as a consumer holds them: they take any game's state (``of`` hands out
the rules of the state's own game, so a state always meets its own game's rules)."""

GAMES: dict[Game, AnyGame] = {}
"""Every registered game, in the order registered (Speed, Spit, California first)."""


class UnknownGame(EngineError, KeyError):
    """A game no package implements."""


class GameTaken(EngineError, ValueError):
    """``register`` was handed a game whose name is registered already."""


def register(game: GameRules[Any, Any]) -> None:
    """List ``game`` (its ``GameRules``) beside the others, under its name ``game.game``
    (made with ``Game.named``): from then on ``Game(name)`` and ``Rules.from_options`` take
    it, and every consumer asks it through ``rules_for`` and ``of``. GameTaken for a name
    registered already (a game cannot replace another)."""
    name = game.game
    if name in GAMES:
        raise GameTaken(f"a game {name.value!r} is registered already")
    GAMES[name] = cast(AnyGame, game)
    list_game(game)


def unregister(game: Game) -> None:
    """Take a game ``register`` listed off again (a test's fixture does, after)."""
    if GAMES.pop(game, None) is not None:
        unlist_game(game)


def rules_for(game: Game) -> AnyGame:
    """The rules of ``game``."""
    try:
        return GAMES[game]
    except KeyError:
        raise UnknownGame(f"no game {game!r}; known: {', '.join(GAMES)}") from None


def of(state: GameState) -> AnyGame:
    """The rules of the game ``state`` is a state of (every state's rules name its game)."""
    return GAMES[state.rules.game]


for _game in (SPEED, SPIT, CALIFORNIA):
    register(_game)
del _game

__all__ = [
    "GAMES",
    "AnyGame",
    "GameTaken",
    "UnknownGame",
    "of",
    "register",
    "rules_for",
    "unregister",
]
