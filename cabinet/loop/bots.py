"""The bot driver: asks each seat's bot when it wants to act, and lets it act then.

A bot is told every new state (``observe``) and names the engine time it wants to act at
(``SeatRuntime.wake``); the loop wakes for the earliest, and ``take_turns`` lets every
bot whose time has come act on the state as it is by then.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Protocol

from cabinet.loop.seats import BotLike, SeatRuntime
from engine.commands import Command
from engine.game import GameState


class Applies(Protocol):
    """The table a bot plays at: its state, and applying a command to it."""

    @property
    def state(self) -> GameState: ...
    def apply(self, cmd: Command) -> None: ...


class BotDriver:
    """The bots at the table's seats (a seat with ``bot`` None is a player's)."""

    __slots__ = ("seats",)

    def __init__(self, seats: Sequence[SeatRuntime]) -> None:
        self.seats = seats

    def observe(self, state: GameState) -> None:
        """Every bot sees the new state and says when it wants to act."""
        for seat in self.seats:
            if seat.bot is not None:
                seat.wake = seat.bot.observe(state, state.now)

    def take_turns(self, table: Applies, ms: int) -> None:
        """Each bot due by engine time ``ms`` acts (its command stamped ``ms``)."""
        for seat in self.seats:
            bot = seat.bot
            if bot is not None and seat.wake is not None and seat.wake <= ms:
                seat.wake = None
                cmd = bot.act(table.state, ms)
                if cmd is not None:
                    table.apply(cmd if cmd.t == ms else replace(cmd, t=ms))
                if seat.wake is None:
                    # The bot did nothing the state noticed: ask it again (not sooner than
                    # the next ms, so a bot cannot spin the loop).
                    wake = bot.observe(table.state, ms)
                    seat.wake = None if wake is None else max(wake, ms + 1)

    def seat(self, seat: SeatRuntime, bot: BotLike | None, state: GameState) -> None:
        """``bot`` takes ``seat`` over (None: the player has it back)."""
        seat.bot = bot
        seat.wake = None if bot is None else bot.observe(state, state.now)

    def deal(self, bots: Mapping[int, BotLike | None]) -> None:
        """A new game: these bots at these seats (by seat index; missing: a player's)."""
        for seat in self.seats:
            seat.bot = bots.get(seat.config.index)
            seat.wake = None


__all__ = ["Applies", "BotDriver"]
