"""An event's settings, fixed when it opens: the format, the game and its seats, and each
format's own limits (docs/party.md); the deal seed of every game."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from enum import StrEnum

from cabinet.errors import CabinetError
from engine.rules import Game

MIN_ENTRANTS = 3
MAX_ENTRANTS = 16
MIN_STRIKES_ENTRANTS = 4
"""Fair strikes is a tournament: it starts with at least four players."""
MIN_GAMES = 2
"""Fair strikes: nobody is out before their second game (every player gets two)."""
TWO_SEAT_GAMES = (Game.SPIT, Game.CALIFORNIA)
"""Spit and California seat two; Speed seats two to four."""


class EventFormat(StrEnum):
    WINNER_STAYS = "winner-stays"
    FAIR_STRIKES = "fair-strikes"


class EventError(CabinetError, ValueError):
    """A change the event refuses (a full event, unknown initials, a game not called);
    the message is the one line a screen or the sim shows."""


STRIKES: dict[int, tuple[int, ...]] = {2: (0, 1), 3: (0, 1, 1), 4: (0, 1, 1, 2)}
"""Fair strikes: the strikes a game of 2, 3 or 4 seats gives each finishing place
(1st, 2nd, ...); players sharing a place take that place's strikes."""


@dataclass(frozen=True, slots=True)
class EventRules:
    """What an event is played as. ``seats``: seats per game (Spit and California 2,
    Speed 2-4); a game uses fewer when fewer players remain."""

    format: EventFormat
    game: Game = Game.SPEED
    seats: int = 2
    streak_cap: int = 3
    """Winner stays: wins in a row a player may take before going to the back."""
    max_games: int | None = None
    """Winner stays: the event ends after this many games (None: the operator ends it)."""
    time_limit_ms: int | None = None
    """Winner stays: no game is called after this much play (pauses not counted)."""
    strikes_out: int = 3
    """Fair strikes: strikes that put a player out (after their second game)."""

    def __post_init__(self) -> None:
        if self.game in TWO_SEAT_GAMES and self.seats != 2:
            raise EventError(f"{self.game.value} seats 2 per game, not {self.seats}")
        if not 2 <= self.seats <= 4:
            raise EventError(f"seats per game: 2 to 4, not {self.seats}")
        if self.streak_cap < 1 or self.strikes_out < 1:
            raise EventError("the streak cap and strikes out are at least 1")
        if self.max_games is not None and self.max_games < 1:
            raise EventError("a set number of games is at least 1")
        if self.time_limit_ms is not None and self.time_limit_ms < 1:
            raise EventError("a set time is at least 1 ms")

    @property
    def min_entrants(self) -> int:
        strikes = self.format is EventFormat.FAIR_STRIKES
        return MIN_STRIKES_ENTRANTS if strikes else MIN_ENTRANTS

    def shorter(self, entrants: int) -> EventRules:
        """The sign-up screen's shorter setting: one strike fewer (never under 2: a
        player still gets two games), or winner stays' set games cut to two turns
        through the queue of ``entrants``."""
        if self.format is EventFormat.FAIR_STRIKES:
            return replace(self, strikes_out=max(2, self.strikes_out - 1))
        games = turns_games(2, entrants, self.seats)
        if self.max_games is not None:
            games = min(games, max(1, self.max_games // 2))
        return replace(self, max_games=games)


def turns_games(turns: int, entrants: int, seats: int) -> int:
    """Winner stays: games for ``turns`` turns through a queue of ``entrants`` (each game
    seats ``seats - 1`` new players while its winner stays)."""
    table = max(2, min(seats, entrants))
    return max(1, -(-turns * entrants // (table - 1)))


def deal_seed(event_seed: int, number: int, attempt: int) -> int:
    """The deal of game ``number`` (1-based) of the event, attempt ``attempt`` (0 first;
    a game replayed after a restart is dealt afresh)."""
    key = f"speed-cabinet event {event_seed} game {number} attempt {attempt}"
    return random.Random(key).getrandbits(32)


def round_random(event_seed: int, number: int) -> random.Random:
    """The draw that breaks ties in fair strikes' round ``number`` (who sits out, who
    meets whom among equals): fixed by the event seed, so a replayed log pairs alike."""
    return random.Random(f"speed-cabinet event {event_seed} round {number}")


__all__ = [
    "MAX_ENTRANTS",
    "MIN_ENTRANTS",
    "MIN_GAMES",
    "STRIKES",
    "EventError",
    "EventFormat",
    "EventRules",
    "deal_seed",
    "round_random",
    "turns_games",
]
