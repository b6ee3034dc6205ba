"""Cards and card codes.

A card code is rank then suit, as the scenario contract writes it: ``7H``, ``TC``, ``AS``;
``JK`` is a joker. ``10`` is accepted for ``T`` on input; output always writes ``T``.
With two decks the same code exists twice: ``Card.copy`` keeps every physical card unique
(docs/rules.md E24), so logs and replays can tell the two seven of hearts apart.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache

from engine.errors import EngineError

RANKS = "A23456789TJQK"
SUITS = "SHDC"
JOKER = 0
JOKER_CODE = "JK"


class InvalidCard(EngineError, ValueError):
    """A card code that is not exactly one of the contract's codes."""


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. ``rank`` is 1 (ace) to 13 (king), 0 for a joker."""

    rank: int
    suit: str
    copy: int = 0
    """Which copy of this code it is: the deck index, or for jokers deck * 2 + joker."""

    uid: int = field(init=False, repr=False, compare=False)
    """A number unique to this physical card within its decks (jokers after the rest)."""
    code: str = field(init=False, repr=False, compare=False)
    """The contract's code: ``7H``, ``TC``, ``JK``."""

    def __post_init__(self) -> None:
        # Both are read on every play: computed once per card, not per use.
        if self.rank == JOKER:
            uid, code = 1000 + self.copy, JOKER_CODE
        else:
            uid = self.copy * 52 + SUITS.index(self.suit) * 13 + self.rank - 1
            code = RANKS[self.rank - 1] + self.suit
        object.__setattr__(self, "uid", uid)
        object.__setattr__(self, "code", code)

    def __hash__(self) -> int:
        return self.uid

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code}#{self.copy})" if self.copy else f"Card({self.code})"


def normalize_code(code: object) -> str:
    """Return the canonical code for ``code`` or raise InvalidCard.

    >>> normalize_code("10H")
    'TH'
    """
    if not isinstance(code, str):
        raise InvalidCard(f"card code must be a string, got {code!r}")
    if code == JOKER_CODE:
        return code
    body, suit = code[:-1], code[-1:]
    if body == "10":
        body = "T"
    if len(body) != 1 or body not in RANKS or suit == "" or suit not in SUITS:
        raise InvalidCard(f"bad card code {code!r} (rank A23456789TJQK then suit SHDC, or JK)")
    return body + suit


def rank_of(code: str) -> int:
    """Rank of a canonical code (0 for the joker)."""
    return JOKER if code == JOKER_CODE else RANKS.index(code[0]) + 1


@cache
def make_deck(decks: int = 1, jokers: bool = False) -> tuple[Card, ...]:
    """Every card of ``decks`` decks in a fixed order (jokers last). Cards are values, so
    every deal shares one set of objects."""
    cards = [
        Card(rank, suit, copy) for copy in range(decks) for suit in SUITS for rank in range(1, 14)
    ]
    if jokers:
        cards += [Card(JOKER, "", copy) for copy in range(2 * decks)]
    return tuple(cards)


def shuffled_deck(decks: int, jokers: bool, rng: random.Random) -> list[Card]:
    deck = list(make_deck(decks, jokers))
    rng.shuffle(deck)
    return deck


class CardBox:
    """Hands out unique Card objects for codes, one physical copy at a time.

    Used to turn a written table (codes only) into cards: the first ``7H`` met becomes copy
    0, the second copy 1. Raises InvalidCard when the decks hold no more copies.
    """

    def __init__(self, decks: int, jokers: bool) -> None:
        self._left: dict[str, list[Card]] = {}
        for card in reversed(make_deck(decks, jokers)):
            self._left.setdefault(card.code, []).append(card)

    def take(self, code: str) -> Card:
        copies = self._left.get(code)
        if not copies:
            if code == JOKER_CODE and code not in self._left:
                raise InvalidCard("JK on the table but the rules have no jokers")
            raise InvalidCard(f"more copies of {code} than the decks hold")
        return copies.pop()

    def remaining(self) -> int:
        return sum(len(v) for v in self._left.values())


def shuffle_stream(game: str, seed: int) -> random.Random:
    """The stream every shuffle after the deal (rebuilds, re-deals, recycles) draws from.

    It depends on the game and ``seed`` alone, not on how the table came about, so a game
    dealt from a seed and its recording (the table at t = 0 plus the same seed) shuffle
    alike.
    """
    return random.Random(f"{game}-shuffles:{seed}")
