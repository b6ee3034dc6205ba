"""California's frozen state: each player's row of face-up piles and face-down deck, the
live ranks and the round; and the table as written.

Words: each player has a face-down *deck* and a *row* of ``row`` face-up piles in front of
them. A *visible top* is the top card of any row pile. A rank is *live* from the moment two
or more tops of that rank are visible at once until no top of that rank is visible (rule 1),
so every card of a match gets covered, the last one too.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.state import GameTable, TimedState

PLAYERS = 2
DEAL_EACH = 26

Pile = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CaliforniaTable(GameTable):
    """A California layout as dealt or as written down (every pile top first)."""

    rows: tuple[tuple[Pile, ...], ...]
    """Per player, the row's piles (slot 1 first)."""
    decks: tuple[Pile, ...]
    """Per player, the face-down deck, top first."""
    burned: Pile = ()
    """Cards out of play: the head starts (docs/rules-options.md, "Handicaps")."""


@dataclass(frozen=True, slots=True)
class CaliforniaPlayer:
    row: tuple[Pile, ...]
    """The row's piles, slot 1 first, each top first; never an empty pile."""
    deck: Pile
    """Face-down deck, top first."""
    locked_until: int = 0
    """Covers are refused while ``t < locked_until``."""

    @property
    def cards(self) -> int:
        """Cards still to shed: the deck (the contract's ``cards``)."""
        return len(self.deck)

    @property
    def row_cards(self) -> int:
        return sum(map(len, self.row))


@dataclass(frozen=True, slots=True)
class CaliforniaState(TimedState[CaliforniaPlayer]):
    live: frozenset[int] = frozenset()
    """Ranks whose match is live (rule 1)."""
    round: int = 1
    """Rounds are counted from the table (round 1); each re-deal starts the next."""
    burned: Pile = ()
    """Cards out of play for the whole game: the head starts (docs/rules-options.md,
    "Handicaps")."""

    def tops(self) -> list[Card]:
        return [pile[0] for p in self.players for pile in p.row]

    def cards_total(self) -> int:
        return sum(len(p.deck) + p.row_cards for p in self.players) + len(self.burned)

    def all_cards(self) -> list[Card]:
        cards: list[Card] = []
        for p in self.players:
            for pile in p.row:
                cards += pile
            cards += p.deck
        cards += self.burned
        return cards
