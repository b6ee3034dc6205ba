"""The games' controls by ``Game``: one row per game."""

from __future__ import annotations

from cabinet.controls.base import Controller, Drawn
from cabinet.controls.california import CaliforniaController
from cabinet.controls.speed import SpeedController
from cabinet.controls.spit import SpitController
from engine.rules import Game

CONTROLLERS: dict[
    Game, type[SpeedController] | type[SpitController] | type[CaliforniaController]
] = {
    Game.SPEED: SpeedController,
    Game.SPIT: SpitController,
    Game.CALIFORNIA: CaliforniaController,
}


def make_controller(
    game: Game,
    player: int,
    left_handed: bool = False,
    two_hand: bool = False,
    drawn: Drawn = Drawn.FACING,
) -> Controller:
    """The controller for one seat of ``game`` (``drawn``: how the screen shows the seat)."""
    return CONTROLLERS[game](player, left_handed, two_hand, drawn)


def controller_for(game: Game, like: Controller) -> Controller:
    """Fresh controls for ``game`` for the seat ``like`` serves (the same player, hand and
    two-hand option and the way it is drawn; no picks)."""
    return make_controller(game, like.player, like.left_handed, like.two_hand, like.drawn)


def rules_card(game: Game) -> tuple[str, ...]:
    """Attract's short rules card for ``game``."""
    return CONTROLLERS[game].rules_card


__all__ = ["CONTROLLERS", "controller_for", "make_controller", "rules_card"]
