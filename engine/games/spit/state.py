"""Spit's frozen state: the players' stock piles and spit cards, the two spit piles, the
round and the scores; and the table as written.

Words: a player's five *stock* piles (slots 1-5, 0-4 in code), their face-down *spit* cards,
and the two centre *spit piles*; pile i was started by player i. A pile is *in use* unless
its starter has no spit cards and the pile is empty (rule 4/5: a one-pile round).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.state import GameTable, TimedState, TimerKind

PLAYERS = 2
STOCK_SLOTS = 5
LAYOUT_SIZE = 15
"""A full layout: slot k holds k cards (1 + 2 + 3 + 4 + 5)."""
DEAL_EACH = 26
POINTS_TARGET = 100
"""SPS-1: the series ends once a score reaches this; the lowest score wins."""

Pile = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class SpitTable(GameTable):
    """A Spit layout as dealt or as written down (every pile top first)."""

    stocks: tuple[tuple[Pile, ...], ...]
    """Per player, exactly five stock piles (slot 1 first); an empty one is ``()``."""
    spit: tuple[Pile, ...]
    """Per player, the face-down spit cards, top first."""
    center: tuple[Pile, ...]
    """The two spit piles; pile i was started by player i."""
    burned: Pile = ()
    """Cards out of play: the head starts (docs/rules-options.md, "Handicaps")."""


@dataclass(frozen=True, slots=True)
class SpitPlayer:
    stocks: tuple[Pile, ...]
    """Five stock piles, slot 1 first, each top first; the top is face up."""
    spit: Pile
    """Face-down spit cards, top first (taken piles join them when the game is decided)."""
    locked_until: int = 0
    """Plays and moves are refused while ``t < locked_until``."""

    @property
    def stock_cards(self) -> int:
        return sum(map(len, self.stocks))

    @property
    def cards(self) -> int:
        """Cards still to shed: stocks + spit cards."""
        return self.stock_cards + len(self.spit)

    @property
    def tops(self) -> tuple[Card | None, ...]:
        return tuple(pile[0] if pile else None for pile in self.stocks)


@dataclass(frozen=True, slots=True)
class SpitState(TimedState[SpitPlayer]):
    center: tuple[Pile, ...]
    """The two spit piles, top first; an empty pile is ``()``."""
    round: int = 1
    """Rounds are counted from the table (round 1); ``round_limit`` caps them."""
    ender: int | None = None
    """In the slap phase: who emptied their stocks (None: the round ended in a stall)."""
    recycled: frozenset[int] = frozenset()
    """``recycle``: players who recycled their pile since the last play."""
    scores: tuple[int, ...] = (0, 0)
    """``scoring`` = points: the running scores (SPS-1)."""
    burned: Pile = ()
    """Cards out of play for the whole game: the head starts (docs/rules-options.md,
    "Handicaps"). No re-deal takes them back."""

    def in_use(self, pile: int) -> bool:
        """Is spit pile ``pile`` in use this round (rule 4/5)?"""
        return bool(self.center[pile] or self.players[pile].spit)

    def slap_due(self) -> int | None:
        return self.timer_due(TimerKind.SLAP)

    def cards_total(self) -> int:
        return sum(p.cards for p in self.players) + sum(map(len, self.center)) + len(self.burned)

    def all_cards(self) -> list[Card]:
        cards: list[Card] = []
        for p in self.players:
            for pile in p.stocks:
                cards += pile
            cards += p.spit
        for pile in self.center:
            cards += pile
        cards += self.burned
        return cards
