"""What an event's screens and records read: its entrants, the game called now and the
games decided."""

from __future__ import annotations

from dataclasses import dataclass

from cabinet.modes.event.rules import deal_seed


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player of the event; ``choices`` (handicap, accessibility) travel with them."""

    name: str
    choices: object = None
    removed: bool = False
    hidden: bool = False


@dataclass(frozen=True, slots=True)
class Call:
    """The game called now: ``players`` in seat order as called, ``present`` those who
    play it (forfeits left out; the game is dealt for them, seat ``i`` of the deal being
    ``present[i]``), dealt from ``deal_seed``."""

    number: int
    attempt: int
    players: tuple[str, ...]
    present: tuple[str, ...]
    event_seed: int

    @property
    def deal_seed(self) -> int:
        return deal_seed(self.event_seed, self.number, self.attempt)


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A decided game: ``players`` as called (seat order), ``places`` theirs."""

    number: int
    attempt: int
    players: tuple[str, ...]
    places: tuple[int, ...]
    tied: bool
    forfeited: tuple[str, ...] = ()
    length_ms: int = 0
    at_ms: int = 0

    @property
    def order(self) -> tuple[str, ...]:
        """Finishing order, best first (seat order among equal places)."""
        ranked = sorted(zip(self.places, range(len(self.players)), self.players, strict=True))
        return tuple(p for _, _, p in ranked)

    @property
    def by_forfeit(self) -> bool:
        """Won because every other player forfeited (counts for the event, not boards)."""
        return len(self.forfeited) == len(self.players) - 1


__all__ = ["Call", "Entrant", "PlayedGame"]
