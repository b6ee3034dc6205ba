"""An event as an append-only log (docs/party.md, "The log"): every change is a record
naming the cabinet it happened at and when (ms of the event's own clock), and the event is
the fold of its records (``Event.replay``), so a restart replays the log to the same point
and records from several cabinets could one day be merged into one table. Nothing is ever
taken out: a removal or a hiding is a record of its own."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cabinet.modes.event.rules import EventRules


class EndReason(StrEnum):
    OPERATOR = "operator"
    """The operator, or the guest who started it, ended it."""
    GAMES = "games"
    """Winner stays: the set number of games was played."""
    TIME = "time"
    """Winner stays: the set time ran out."""
    DECIDED = "decided"
    """Fair strikes: one player is left standing (or the game cap decided it)."""


@dataclass(frozen=True, slots=True)
class Opened:
    """The event opened with ``rules``; ``seed`` fixes its deals and draws."""

    rules: EventRules
    seed: int


@dataclass(frozen=True, slots=True)
class Joined:
    """``name`` signed up; ``choices`` (the flow's handicap and accessibility choices,
    carried unopened) go with them to whichever seat they take."""

    name: str
    choices: object = None


@dataclass(frozen=True, slots=True)
class Removed:
    """The operator took ``name`` out of the event (their games stay in it)."""

    name: str


@dataclass(frozen=True, slots=True)
class Hidden:
    """The operator hid ``name`` from the screen (kept in the records, marked)."""

    name: str


@dataclass(frozen=True, slots=True)
class Dealt:
    """Game ``number`` was dealt to the players present: the call is fixed until the
    game is decided (or abandoned and dealt again)."""

    number: int


@dataclass(frozen=True, slots=True)
class Decided:
    """Game ``number`` was decided: ``winner`` is a seat of the players present (None: a
    tied game), ``cards_left`` each present seat's cards still to shed, as the engine
    reports a game's end (the flow's ``GameOver``)."""

    number: int
    winner: int | None
    cards_left: tuple[int, ...]
    length_ms: int = 0


@dataclass(frozen=True, slots=True)
class Abandoned:
    """Game ``number`` stopped undecided (a restart, a power cut): it is played again on
    a fresh deal, the next attempt."""

    number: int


@dataclass(frozen=True, slots=True)
class Forfeited:
    """``name`` was called and did not press SLAM in time: they forfeit that game."""

    name: str


@dataclass(frozen=True, slots=True)
class SentBack:
    """``name`` was called but is away: to the back, once per call."""

    name: str


@dataclass(frozen=True, slots=True)
class Paused:
    """The operator paused the event: no game is called until it resumes."""


@dataclass(frozen=True, slots=True)
class Resumed:
    """The event goes on."""


@dataclass(frozen=True, slots=True)
class Ended:
    """The event ended (the operator, or a set number of games or time)."""

    reason: EndReason


Change = (
    Opened
    | Joined
    | Removed
    | Hidden
    | Dealt
    | Decided
    | Abandoned
    | Forfeited
    | SentBack
    | Paused
    | Resumed
    | Ended
)


@dataclass(frozen=True, slots=True)
class EventRecord:
    """One line of an event's log: ``change`` at ``cabinet``, ``at_ms`` into the event,
    the ``seq``-th record there (0 first)."""

    seq: int
    cabinet: str
    at_ms: int
    change: Change


__all__ = [
    "Abandoned",
    "Change",
    "Dealt",
    "Decided",
    "EndReason",
    "Ended",
    "EventRecord",
    "Forfeited",
    "Hidden",
    "Joined",
    "Opened",
    "Paused",
    "Removed",
    "Resumed",
    "SentBack",
]
