"""Speed's frozen state: the players, the centre and side piles, the table as written."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.state import GameTable, TimedState, TimerKind, positional_new

HAND_SIZE = 5


@dataclass(frozen=True, slots=True)
class SpeedPlayer:
    hand: tuple[Card, ...]
    """Held cards in slot order (slot 1 first); shorter than 5 once the draw pile is empty."""
    draw: tuple[Card, ...]
    """Face-down draw pile, top first."""
    locked_until: int = 0
    """Plays are refused while ``t < locked_until``."""

    @property
    def cards(self) -> int:
        """Cards still to shed: hand + draw."""
        return len(self.hand) + len(self.draw)


@dataclass(frozen=True, slots=True)
class SpeedState(TimedState[SpeedPlayer]):
    center: tuple[tuple[Card, ...], ...]
    """Centre piles, each top first; never empty."""
    side: tuple[tuple[Card, ...], ...]
    """Side piles, top first; pile i flips onto centre pile i and belongs to seat i."""
    burned: tuple[Card, ...] = ()
    deadlock_played: frozenset[int] = frozenset()
    """Players who made their one rank-free play onto their LEFT pile in this deadlock."""
    rebuilt_since_play: bool = False
    """A rebuild happened and nobody has played since (rule 8's second deadlock case)."""

    def call_due(self, player: int) -> int | None:
        """When ``player``'s call timeout runs out, if it runs."""
        return self.timer_due(TimerKind.CALL, player)

    def cards_total(self) -> int:
        """Every card on the table, counted once in every zone (burned included)."""
        return (
            sum(p.cards for p in self.players)
            + sum(map(len, self.center))
            + sum(map(len, self.side))
            + len(self.burned)
        )

    def all_cards(self) -> list[Card]:
        cards: list[Card] = []
        for p in self.players:
            cards += p.hand
            cards += p.draw
        for pile in (*self.center, *self.side):
            cards += pile
        cards += self.burned
        return cards


@dataclass(frozen=True, slots=True)
class SpeedTable(GameTable):
    """A Speed layout as dealt or as written down (every pile top first)."""

    hands: tuple[tuple[Card, ...], ...]
    draws: tuple[tuple[Card, ...], ...]
    center: tuple[tuple[Card, ...], ...]
    side: tuple[tuple[Card, ...], ...]
    burned: tuple[Card, ...] = ()


new_speed_state = positional_new(SpeedState)
"""``SpeedState(...)`` with all 18 fields by position (the shared ones first), fast (see
``positional_new``)."""
new_speed_player = positional_new(SpeedPlayer)
"""``SpeedPlayer(hand, draw, locked_until)``, fast."""
