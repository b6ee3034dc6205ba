"""What the app hands the records and what they hand back: frozen values, no rows."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple, TypeAlias

from cabinet.loop.power import PowerEvent as PowerEvent  # counted by the loop, kept here
from engine.match import Match

JSONValue: TypeAlias = "str | int | float | bool | list[JSONValue] | JSONObject | None"
"""A value of a JSON column (``json.loads``)."""
JSONObject: TypeAlias = "dict[str, JSONValue]"
"""A JSON column's object: a game's rules options, its replay scenario."""


class GameStatus(StrEnum):
    """A game's row: ``running`` from before its deal until it is finished or abandoned."""

    RUNNING = "running"
    FINISHED = "finished"
    ABANDONED = "abandoned"


class MatchStatus(StrEnum):
    OPEN = "open"
    OVER = "over"
    ABANDONED = "abandoned"


# What the app hands in.


def valid_initials(text: str) -> bool:
    return len(text) == 3 and text.isascii() and text.isalpha() and text.isupper()


@dataclass(frozen=True, slots=True)
class SeatEntry:
    """Who sits in a seat: a player's initials (three letters, or None) or a bot preset."""

    initials: str | None = None
    bot: str | None = None

    def __post_init__(self) -> None:
        if self.initials is not None and not valid_initials(self.initials):
            raise ValueError(f"initials {self.initials!r}: use three letters A-Z")


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's numbers at the end of a game."""

    cards_left: int = 0
    plays: int = 0
    longest_run: int = 0
    """The most plays this seat made in a row with no other seat playing in between."""
    stalls: int = 0
    reactions_ms: Sequence[float] = ()
    """Reaction times from the press timestamps (e.g. card playable -> press edge), ms."""


@dataclass(frozen=True, slots=True)
class PlayerChoices:
    """A player's own choices at join, kept with their initials: the values as the flow
    names them (cabinet/modes/flow/choices.py), which reads them back leniently (a value
    another release wrote is its default)."""

    hints: str
    handicap: str
    four_colour: bool = False
    large_cards: bool = False
    left_handed: bool = False


# What the records hand back.


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    game: str
    rules: JSONObject
    seed: int | None
    status: GameStatus
    winner: int | None
    duration_ms: int | None
    match_id: int | None
    started_wall: str
    seats: tuple[SeatEntry, ...]
    fault: str | None = None
    """A damaged row (e.g. its rules are not JSON): what is wrong; None for a sound one."""

    @property
    def abandoned(self) -> bool:
        return self.status is GameStatus.ABANDONED


@dataclass(frozen=True, slots=True)
class Stats:
    """Totals for one seat index or one set of initials (finished games only)."""

    key: str
    """``seat 1`` ... or the initials."""
    games: int = 0
    wins: int = 0
    fastest_win_ms: int | None = None
    mean_reaction_ms: float | None = None
    best_reaction_ms: float | None = None
    longest_run: int = 0
    stalls: int = 0
    plays: int = 0
    handicap_wins: int = 0
    """Wins in games where some seat had a handicap (docs/rules-options.md, "Handicaps")."""

    @property
    def mark(self) -> str:
        """``HANDICAP_MARK`` after a high-score line with a win from a handicapped game."""
        return HANDICAP_MARK if self.handicap_wins else ""


HANDICAP_MARK = "*"
HANDICAP_LEGEND = "* won with a handicap at the table"
"""The high-score tables' footnote, shown under a table with a marked line."""


def handicaps_text(rules: JSONObject) -> str:
    """A stored game's handicaps (its rules options), one short phrase per seat that had
    one: ``P1 head start 5, lockout 900 ms; P2 claim 6.0 s``; "" when nobody had one."""
    seats = rules.get("handicaps")
    if not isinstance(seats, list):
        return ""
    names = (("head_start", "head start {}"), ("lockout_ms", "lockout {} ms"))
    out = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or not seat:
            continue
        parts = [text.format(seat[key]) for key, text in names if key in seat]
        claim = seat.get("claim_ms")
        if isinstance(claim, int):
            parts.append(f"claim {claim / 1000:.1f} s")
        out.append(f"P{i + 1} {', '.join(parts)}")
    return "; ".join(out)


@dataclass(frozen=True, slots=True)
class Bookkeeping:
    games: int
    finished: int
    abandoned: int
    running: int
    matches: int
    starts: int = 0
    """Cabinet starts (boots and restarts) since the stats were reset."""
    faults: int = 0
    """Errors the failsafe reset the table for, since the stats were reset."""
    last_fault: str = ""
    """The newest error: wall time and one line ("" when there was none)."""
    undervoltage: int = 0
    """Times the Pi reported undervoltage (each start), since the stats were reset."""
    throttled: int = 0
    """Times the firmware started throttling the ARM, since the stats were reset."""
    last_undervoltage: str = ""
    """The newest undervoltage's wall time ("" when there was none)."""
    extra: Mapping[str, str] = field(default_factory=dict)
    """More lines for the bookkeeping page, by name."""


class OpenMatch(NamedTuple):
    """The match the records kept open (its score survives a restart)."""

    match_id: int
    match: Match


class Claim(NamedTuple):
    """A won game whose winner has no initials yet (the service menu's high-score entry)."""

    game_id: int
    seat: int


def json_object(text: object, column: str) -> tuple[JSONObject, str | None]:
    """A stored JSON object and None, or {} and what is wrong with it (a damaged row)."""
    if not isinstance(text, str | bytes):
        return {}, f"its {column} is not JSON"
    try:
        value = json.loads(text)
    except ValueError:
        return {}, f"its {column} is not JSON"
    if not isinstance(value, dict):
        return {}, f"its {column} is not a JSON object"
    return value, None
