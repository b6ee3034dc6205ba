"""The operator's side of an event (issue 27 items 1, 2, 5; docs/party.md): what the
service menu shows of the event that is on and what it may do to it. The cabinet's event
mode fills the ``EventDesk`` port; the service menu (cabinet/modes/service/) only talks to
the port, so neither imports the other. Each action answers None when done, or the one
line the menu shows when the event refuses it (nothing is then recorded)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from cabinet.modes.event.rules import EventFormat, EventRules


@dataclass(frozen=True, slots=True)
class DeskPlayer:
    """One entrant as the operator sees them (the real initials, hidden or not)."""

    name: str
    hidden: bool = False
    removed: bool = False


@dataclass(frozen=True, slots=True)
class DeskView:
    """The event that is on, as the service menu's event page shows it."""

    id: int
    format: EventFormat
    game: str
    seats: int
    players: tuple[DeskPlayer, ...]
    games_played: int
    paused: bool
    over: bool


class EventDesk(Protocol):
    """What the service menu may ask of the cabinet's event (times: the loop's clock, s)."""

    def desk(self) -> DeskView | None:
        """The event that is on (None: none, or the last one is over and put away)."""
        ...

    def start_event(self, rules: EventRules, now: float) -> str | None:
        """Open an event played as ``rules`` (its sign-up comes up on the table)."""
        ...

    def end_event(self, now: float) -> str | None:
        """End the event: the podium from the standings (a game on the table finishes)."""
        ...

    def pause_event(self, now: float) -> str | None:
        """No game is called until ``resume_event`` (a game on the table finishes)."""
        ...

    def resume_event(self, now: float) -> str | None: ...

    def remove_player(self, name: str, now: float) -> str | None:
        """Remove ``name`` between games (a record of its own; their games stay)."""
        ...

    def hide_name(self, name: str, now: float) -> str | None:
        """Hide ``name`` from every screen (the records keep it, marked hidden)."""
        ...


__all__ = ["DeskPlayer", "DeskView", "EventDesk"]
