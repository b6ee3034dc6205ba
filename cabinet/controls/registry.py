"""The cabinet's games: one row per game (``GAME_ROWS``), everything the cabinet keeps of
a game beside the engine's rules.

A row holds the game's seat controls (its controller class: the presses, the LEDs and
attract's rules card) and what the sim's summary reports of it (``SimFigures``). A game
the engine plays but the cabinet has no row for is named by ``MissingGame``; a test checks
that every engine game has its row here and its art in ``display/games`` (which may not
import the cabinet, so it keeps its own table): docs/architecture.md, "Adding a game".
"""

from __future__ import annotations

from dataclasses import dataclass

from cabinet.controls.base import Controller, Drawn
from cabinet.controls.california import CaliforniaController
from cabinet.controls.speed import SpeedController
from cabinet.controls.spit import SpitController
from cabinet.errors import CabinetError
from engine.rules import Game


@dataclass(frozen=True, slots=True)
class SimFigures:
    """Which of the sim's figures a game's summary reports, and what it calls them."""

    plays: str = "plays"
    """The plays row's name ("covers" where a play covers a card)."""
    rejected: str = "rejected"
    """The rejections row's name."""
    rounds: bool = False
    """Rounds played (a game dealt again between rounds)."""
    rebuilds: bool = False
    """Rebuilds of the side piles, and deadlocks."""
    slaps: bool = False
    """Moves into empty slots, recycles and the slap outcomes."""


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game in the cabinet: its seat controls and its sim figures."""

    controls: type[Controller]
    """The game's controller class: it makes one seat's controls."""
    figures: SimFigures


GAME_ROWS: dict[Game, GameRow] = {
    Game.SPEED: GameRow(SpeedController, SimFigures(rejected="rejected plays", rebuilds=True)),
    Game.SPIT: GameRow(SpitController, SimFigures(rounds=True, slaps=True)),
    Game.CALIFORNIA: GameRow(CaliforniaController, SimFigures(plays="covers", rounds=True)),
}
"""One row per game, in the engine's order."""


class MissingGame(CabinetError, KeyError):
    """A game the engine plays that has no row in ``GAME_ROWS``."""


def row_for(game: Game) -> GameRow:
    """The cabinet's row for ``game``."""
    try:
        return GAME_ROWS[game]
    except KeyError:
        raise MissingGame(
            f"the cabinet has no row for game {game.value!r}: add one to GAME_ROWS in "
            "cabinet/controls/registry.py"
        ) from None


def make_controller(
    game: Game,
    player: int,
    left_handed: bool = False,
    two_hand: bool = False,
    drawn: Drawn = Drawn.FACING,
) -> Controller:
    """The controller for one seat of ``game`` (``drawn``: how the screen shows the seat)."""
    return row_for(game).controls(player, left_handed, two_hand, drawn)


def controller_for(game: Game, like: Controller) -> Controller:
    """Fresh controls for ``game`` for the seat ``like`` serves (the same player, hand and
    two-hand option and the way it is drawn; no picks)."""
    return make_controller(game, like.player, like.left_handed, like.two_hand, like.drawn)


def rules_card(game: Game) -> tuple[str, ...]:
    """Attract's short rules card for ``game``."""
    return row_for(game).controls.rules_card


__all__ = [
    "GAME_ROWS",
    "GameRow",
    "MissingGame",
    "SimFigures",
    "controller_for",
    "make_controller",
    "row_for",
    "rules_card",
]
