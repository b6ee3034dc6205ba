"""One seat as the loop holds it: its config, its controls for the game in play, its
debouncer, its panel's LEDs (if it has a panel) and its bot (if a bot plays it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from cabinet.config import SeatConfig
from cabinet.controls.base import Controller, Drawn
from cabinet.controls.registry import make_controller
from cabinet.loop.debounce import PanelDebouncer
from cabinet.panel import PanelLights
from engine.commands import Command
from engine.game import GameState
from engine.rules import Game


class PanelPort(Protocol):
    """A seat's LEDs (GPIO pins, a serial panel): written on the loop's thread only."""

    def show(self, lights: PanelLights, blink_on: bool, slow_on: bool = True) -> None: ...
    def all_off(self) -> None: ...


class BotLike(Protocol):
    """A computer player for one seat (``engine.bots.Bot``): told every new state, it
    names the engine time it wants to act at; asked then, it may return a command."""

    def observe(self, state: GameState, now_ms: int) -> int | None: ...
    def act(self, state: GameState, now_ms: int) -> Command | None: ...


@dataclass(slots=True)
class SeatRuntime:
    config: SeatConfig
    controller: Controller
    """The seat's controls for the game in play (the table swaps in the right one)."""
    debouncer: PanelDebouncer
    panel: PanelPort | None = None
    bot: BotLike | None = None
    wake: int | None = None
    """The engine time the bot wants to act at (``cabinet.loop.bots``)."""
    lights: PanelLights | None = field(default=None, repr=False)
    """What its panel's LEDs show now (None: no panel, or a new deal not yet lit)."""
    shown: tuple[PanelLights, bool, bool] | None = field(default=None, repr=False)
    """What was last written to its panel, with the blink phase."""


def in_game(seat: SeatRuntime, state: GameState) -> bool:
    """Does ``seat`` play the game on the table? A game may seat fewer players than the
    cabinet has seats (a party's event, docs/party.md): the seats past its players are
    dark and their presses play nothing."""
    return seat.config.index < len(state.players)


def controls_for(config: SeatConfig, game: Game, two_hand: bool) -> Controller:
    """The seat's controls for ``game`` as its config has them (its hand, its side of a
    clockwise ring, how the screen draws it)."""
    return make_controller(
        game,
        config.index,
        # A clockwise ring swaps LEFT and RIGHT as a left-handed player does.
        config.left_handed != config.turned,
        two_hand,
        Drawn.of(config.upright, config.position),
    )


def reseat(seat: SeatRuntime, config: SeatConfig, game: Game) -> None:
    """``seat`` with ``config`` for the game about to be dealt (a player's choices at
    join: hints, hand, cards): its controls rebuilt for it, its debouncer and panel kept."""
    seat.config = config
    seat.controller = controls_for(config, game, seat.controller.two_hand)


def seat_runtime(
    config: SeatConfig,
    *,
    debounce_ms: int,
    stuck_ms: int,
    service_hold_ms: int,
    two_hand: bool,
    panel: PanelPort | None = None,
    bot: BotLike | None = None,
    game: Game = Game.SPEED,
) -> SeatRuntime:
    return SeatRuntime(
        config=config,
        controller=controls_for(config, game, two_hand),
        debouncer=PanelDebouncer(debounce_ms / 1000, stuck_ms / 1000, service_hold_ms / 1000),
        panel=panel,
        bot=bot,
    )


__all__ = [
    "BotLike",
    "PanelPort",
    "SeatRuntime",
    "controls_for",
    "in_game",
    "reseat",
    "seat_runtime",
]
