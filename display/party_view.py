"""What the party event's screens show (docs/party.md, "Screens"): an ``EventView``, filled
by the cabinet from its event (``cabinet/modes/event``'s ``Event``, ``Call``, ``Standing``
and ``Estimate``) and drawn by ``display.party``. Names are the entrants' initials; a name
the operator hid is listed in ``hidden`` and drawn as ``HIDDEN_MARK``, never as itself."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

HIDDEN_MARK = "---"
"""What a screen shows instead of a hidden name (the records keep the name)."""


class PartyFormat(StrEnum):
    """The event's format (the values are ``EventFormat``'s)."""

    WINNER_STAYS = "winner-stays"
    FAIR_STRIKES = "fair-strikes"


class EventPhase(StrEnum):
    """Where the event is, which picks its screen."""

    SIGN_UP = "sign-up"
    """No game played yet: players add their initials."""
    CALLING = "calling"
    """A game is called: its players take their seats and press SLAM."""
    PLAYING = "playing"
    """A game is on the table (attract's card and the standings between rounds)."""
    BETWEEN = "between"
    """A game just ended: the queue or the strikes table."""
    PAUSED = "paused"
    OVER = "over"
    """The podium."""


@dataclass(frozen=True, slots=True)
class CalledSeat:
    """One called player: their initials and the seat they take (0 = seat 1)."""

    name: str
    seat: int
    ready: bool = False
    """They pressed SLAM at their seat: in for the game."""


@dataclass(frozen=True, slots=True)
class CallView:
    """The game called now (``Event.call``): its number, players in seat order with their
    seats (``Call.present`` by seat index), the seconds left to press SLAM before a
    forfeit (None: no countdown running), and who was sent to the back for it."""

    number: int
    seats: tuple[CalledSeat, ...]
    forfeit_s: int | None = None
    sent_back: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings (``formats.Standing``, hidden marked by ``EventView``)."""

    place: int
    name: str
    games: int
    wins: int = 0
    strikes: int = 0
    """Fair strikes: strikes taken."""
    best_streak: int = 0
    """Winner stays: the longest run of wins in a row."""
    standing: bool = True
    """Still in (fair strikes: not struck out; not removed)."""
    removed: bool = False


@dataclass(frozen=True, slots=True)
class QueueView:
    """Winner stays' queue (``WinnerStays``): who holds the seat and their current run of
    wins, and who waits, first in line first."""

    holder: str | None
    streak: int
    line: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EstimateView:
    """The sign-up estimate (``estimate.Estimate``), in whole minutes: this setting and the
    shorter one, named as the sign-up says it ("2 strikes out", "12 games")."""

    minutes: int
    shorter_minutes: int
    shorter: str
    open_ended: bool = False
    """Winner stays with no set end: the minutes are one turn through the queue."""


@dataclass(frozen=True, slots=True)
class EventView:
    """Everything the event's screens draw."""

    format: PartyFormat
    game: str
    """The game's name as shown ("Speed")."""
    seats: int
    """Seats per game."""
    phase: EventPhase
    entrants: tuple[str, ...] = ()
    """Sign-up order (removed ones left out)."""
    hidden: frozenset[str] = field(default_factory=frozenset)
    call: CallView | None = None
    standings: tuple[StandingRow, ...] = ()
    queue: QueueView | None = None
    """Winner stays only."""
    podium: tuple[str, ...] = ()
    estimate: EstimateView | None = None
    strikes_out: int = 3
    streak_cap: int = 3
    games_played: int = 0
    entering: tuple[str, ...] = ()
    """Per seat: the initials being entered there ("AB[C]": the letter changed in
    brackets), or "" (none)."""
    note: str = ""
    """The event's last line (a refused name with its free spelling, a forfeit)."""

    def shown(self, name: str) -> str:
        """``name`` as a screen may show it: the hidden mark for a hidden name."""
        return HIDDEN_MARK if name in self.hidden else name


__all__ = [
    "HIDDEN_MARK",
    "CallView",
    "CalledSeat",
    "EstimateView",
    "EventPhase",
    "EventView",
    "PartyFormat",
    "QueueView",
    "StandingRow",
]
