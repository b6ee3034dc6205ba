"""What the modes need of the cabinet around them: the loop's table (``Table``), the serial
panels' links (``Links``), the failsafe's budget (``Faults``), the Pi's power flags
(``PowerHealth``) and where systemd reads the cabinet's status (``Status``, the adapter
cabinet/adapters/sdnotify.py); cabinet/app.py hands them in when it composes the cabinet.
What a mode answers the loop is cabinet/modes/stack.py's ``Mode``.

Protocols, not the loop's classes: the modes ask for no more than they use, so the loop
can change around them (and a test can stand in for it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence, Sized
from typing import Protocol

from cabinet.config import SeatConfig
from cabinet.loop.debounce import PanelDebouncer
from engine.bots import Bot
from engine.commands import Command
from engine.events import Event
from engine.game import GameState

Status = Callable[[str], object]
"""Tells systemd where the cabinet is (``STATUS=``: ``cabinet.adapters.sdnotify.status``)."""


class Seat(Protocol):
    """One seat at the table, as the service menu reads it (button test, LED test)."""

    @property
    def config(self) -> SeatConfig: ...
    @property
    def debouncer(self) -> PanelDebouncer: ...


class Faults(Protocol):
    @property
    def times(self) -> Sized:
        """The failsafe's resets in its window (the last minute)."""
        ...


class Links(Protocol):
    """The serial panels' links (``cabinet.loop.PanelLinks``)."""

    @property
    def offline(self) -> Mapping[int, object]:
        """The serial panels that are down, by seat (none: empty)."""
        ...


class PowerHealth(Protocol):
    """The Pi's power flags as the loop knows them (cabinet/loop/power.py)."""

    @property
    def undervoltage(self) -> bool:
        """Undervoltage reported now."""
        ...

    def now_line(self) -> str:
        """The flags now, in words."""
        ...


class Table(Protocol):
    """The loop's table as the modes see it (``cabinet.loop.Table``): the game on it and
    how to change it (only on the loop's thread)."""

    @property
    def first(self) -> GameState:
        """The game as dealt."""
        ...

    @property
    def state(self) -> GameState: ...
    @property
    def game_commands(self) -> Sequence[Command]:
        """Every command applied to the game on the table (its replay)."""
        ...

    @property
    def game_events(self) -> Sequence[Event]: ...
    @property
    def seats(self) -> Sequence[Seat]: ...
    def ms(self, t: float) -> int:
        """Engine time for clock time ``t``."""
        ...

    def swap_game(
        self,
        state: GameState,
        bots: Mapping[int, Bot | None],
        configs: Mapping[int, SeatConfig] | None = None,
    ) -> None:
        """Deal ``state`` in with each seat's bot; ``configs``: seats' configs for it."""
        ...

    def set_bot(self, index: int, bot: Bot | None) -> None: ...
    def command(self, cmd: Command) -> None: ...
