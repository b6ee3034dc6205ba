"""Climb's frozen state and written table.

Climb: two players, one deck, 26 cards each: one face up (the seat's one slot), the rest
face down under it. A face-up card goes onto the one centre pile when the pile is empty
or the card is next in rank to its top (the rules' ``adjacent``); the next card of the
seat's pile turns up. Nobody able to play is a stall; at its flip the centre pile is
cleared (onto the cleared pile, out of play). The first seat out of cards wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.state import GameTable, TimedState

Pile = tuple[Card, ...]
"""Top first."""


@dataclass(frozen=True, slots=True)
class ClimbPlayer:
    up: Pile
    """The face-up card (none once the seat is out)."""
    down: Pile
    """The face-down pile; its top turns up after a play."""
    locked_until: int = 0

    @property
    def cards(self) -> int:
        return len(self.up) + len(self.down)


@dataclass(frozen=True, slots=True, kw_only=True)
class ClimbState(TimedState[ClimbPlayer]):
    center: tuple[Pile, ...] = ((),)
    """The one centre pile, top first."""
    cleared: Pile = ()
    """The centre's cards cleared at the flips, out of play."""

    def all_cards(self) -> list[Card]:
        cards = [*self.center[0], *self.cleared]
        for p in self.players:
            cards += [*p.up, *p.down]
        return cards


@dataclass(frozen=True, slots=True)
class ClimbTable(GameTable):
    ups: tuple[Pile, ...]
    downs: tuple[Pile, ...]
    center: Pile = ()
    cleared: Pile = ()
