"""What every event format is to the event (docs/party.md, "Formats"): the next game's
players in seat order, hearing a game's finish, the standings, whether it is over and the
podium. ``WinnerStays`` (``queue.py``) and ``FairStrikes`` (``strikes.py``) fill it in."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, Self


@dataclass(frozen=True, slots=True)
class Finish:
    """A game as a format hears it: ``players`` in seat order (forfeits included),
    ``places`` each seat's finishing place (1 = the winner; equal places share), and
    ``tied`` for a game nobody won (every place 1 but a forfeit's)."""

    players: tuple[str, ...]
    places: tuple[int, ...]
    tied: bool = False

    @property
    def winner(self) -> str | None:
        if self.tied:
            return None
        return next(p for p, place in zip(self.players, self.places, strict=True) if place == 1)

    @property
    def order(self) -> tuple[str, ...]:
        """The players, best place first (seat order among equals)."""
        ranked = sorted(zip(self.places, range(len(self.players)), self.players, strict=True))
        return tuple(p for _, _, p in ranked)


def places(winner: int | None, cards_left: Sequence[int]) -> tuple[int, ...]:
    """Each seat's finishing place: the winner 1st, the others by cards left, fewer
    first, equal counts sharing the better place (1, 2, 2, 4); a tie: every seat 1st."""
    if winner is None:
        return tuple(1 for _ in cards_left)
    out = []
    for seat, cards in enumerate(cards_left):
        if seat == winner:
            out.append(1)
            continue
        better = sum(1 for s, c in enumerate(cards_left) if s != winner and c < cards)
        out.append(2 + better)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Standing:
    """One entrant's line in the standings table."""

    name: str
    place: int
    games: int
    wins: int = 0
    strikes: int = 0
    """Fair strikes: strikes taken."""
    best_streak: int = 0
    """Winner stays: the longest run of wins in a row."""
    standing: bool = True
    """Still in the event (fair strikes: not struck out; not removed)."""
    removed: bool = False
    hidden: bool = False
    """The operator hid the name: a screen shows a mark, the records keep it."""


class Format(Protocol):
    """One event format's own state, frozen: each change gives a new one."""

    def joined(self, name: str) -> Self:
        """``name`` signed up (winner stays: at the back of the queue)."""
        ...

    def left(self, name: str) -> Self:
        """``name`` was removed: never called again."""
        ...

    def next_players(self) -> tuple[str, ...]:
        """The next game's players in seat order (() when no game can be called)."""
        ...

    def sent_back(self, name: str) -> Self:
        """``name``, called for the next game, is away: called later instead."""
        ...

    def heard(self, finish: Finish) -> Self:
        """The game ``next_players`` called was played to ``finish``."""
        ...

    def standings(self, signed: Sequence[str]) -> tuple[Standing, ...]:
        """Every entrant (``signed``: sign-up order, the last tie-break), best first."""
        ...

    @property
    def over(self) -> bool:
        """Has the format itself ended the event (a winner, its set games)?"""
        ...


__all__ = ["Finish", "Format", "Standing", "places"]
