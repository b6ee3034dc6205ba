"""The boards (issue 28 item 1; docs/boards.md): what the records give the screens and the
operator. A board is one metric (fastest win, ...) over one window (today, this event, all
time) for one kind of game (the game, its seat count, its rules variant and who the
opponents were), ranked by initials. ``BoardsSource`` is the port the records fill
(``boards``) and the attract card, the result line and the operator's page read."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol


class BoardWindow(StrEnum):
    TODAY = "today"
    """The cabinet day (from a set hour, on a synchronised clock; else since power-on)."""
    EVENT = "event"
    """The event that is on."""
    ALL_TIME = "all time"
    """Since the board's last reset (its Champion stays across resets)."""


class BoardMetric(StrEnum):
    FASTEST_WIN = "fastest win"
    LONGEST_RUN = "longest run"
    BEST_REACTION = "best mean reaction"
    MOST_WINS = "most wins"


@dataclass(frozen=True, slots=True)
class BoardKind:
    """Which games a board ranks: ``game`` ("speed"), ``seats`` (2-4), ``variant`` (the
    rules variant as the records name it) and ``opponent`` (a bot preset, or "people")."""

    game: str
    seats: int
    variant: str
    opponent: str


@dataclass(frozen=True, slots=True)
class BoardKey:
    window: BoardWindow
    metric: BoardMetric
    kind: BoardKind


@dataclass(frozen=True, slots=True)
class BoardEntry:
    """One line of a board. ``value``: the metric's number (ms for a time, a count);
    ``shown``: how a screen prints it ("41.2 s"); ``game_id``: the game it came from
    (None for a count over games); ``handicapped``: won with a handicap (kept marked)."""

    place: int
    initials: str
    value: float
    shown: str
    game_id: int | None = None
    handicapped: bool = False


@dataclass(frozen=True, slots=True)
class Board:
    key: BoardKey
    entries: tuple[BoardEntry, ...]
    champion: BoardEntry | None = None
    """All time with reset every N plays: the best entry ever, kept across resets."""
    reset_wall: str | None = None
    """When the board last restarted (None: never); shown only from a synchronised clock."""
    plays: int = 0
    """Plays of its kind in the window (since the last reset, all time)."""


@dataclass(frozen=True, slots=True)
class Placing:
    """A player's entry into a board with a game just played ("2nd fastest today")."""

    seat: int
    initials: str
    key: BoardKey
    place: int


class BoardsSource(Protocol):
    """The boards as the records keep them (cabinet/kiosk/records/)."""

    def boards(self) -> tuple[Board, ...]:
        """Every board with at least one entry, today's first."""
        ...

    def placings(self, game_id: int) -> tuple[Placing, ...]:
        """The boards game ``game_id`` entered, and at which place."""
        ...

    def clear_board(self, key: BoardKey) -> None:
        """Restart ``key``'s board now (a record of its own; nothing is deleted)."""
        ...

    def hide_entry(self, key: BoardKey, initials: str, game_id: int | None) -> None:
        """Hide one entry from ``key``'s board (a record of its own; kept, marked)."""
        ...


__all__ = [
    "Board",
    "BoardEntry",
    "BoardKey",
    "BoardKind",
    "BoardMetric",
    "BoardWindow",
    "BoardsSource",
    "Placing",
]
