"""What every game's scenario-format code shares: the error, and the reader that turns a
table's piles of card codes into cards (docs/scenario.md).

Each game reads and writes its own table keys (``GameRules.read_table``, ``table_json``);
``engine.scenario`` checks and plays the file around them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.cards import Card, CardBox, InvalidCard, normalize_code
from engine.errors import EngineError
from engine.rules import Rules


class ScenarioError(EngineError, ValueError):
    """A malformed scenario; the message is one line naming the fault."""


class TableReader:
    """Reads a table's piles of card codes, taking each card from one box of decks."""

    def __init__(self, raw: Mapping[str, Any], rules: Rules, decks: int, jokers: bool) -> None:
        self.raw, self.rules = raw, rules
        self.box = CardBox(decks, jokers)
        self.deck_size = decks * (54 if jokers else 52)

    def cards(self, where: str, pile: object) -> tuple[Card, ...]:
        if not isinstance(pile, list):
            raise ScenarioError(f"table: {where} must be a list of card codes")
        try:
            return tuple(self.box.take(normalize_code(code)) for code in pile)
        except InvalidCard as exc:
            raise ScenarioError(f"table: {where}: {exc}") from None

    def zone(self, key: str, size: int, what: str) -> list[object]:
        if key not in self.raw:
            raise ScenarioError(f"table: missing {key!r}")
        zone = self.raw[key]
        if not isinstance(zone, list) or len(zone) != size:
            raise ScenarioError(f"table: {key!r} needs {what} ({size})")
        return zone

    def per_player(self, key: str) -> tuple[tuple[Card, ...], ...]:
        zone = self.zone(key, self.rules.players, "one list per player")
        return tuple(self.cards(f"{key}[{i}]", pile) for i, pile in enumerate(zone))

    def piles_per_player(
        self, key: str, size: int | None
    ) -> tuple[tuple[tuple[Card, ...], ...], ...]:
        """One list of piles per player (``size`` piles each, when given)."""
        out = []
        for i, piles in enumerate(self.zone(key, self.rules.players, "one list per player")):
            if not isinstance(piles, list) or (size is not None and len(piles) != size):
                exactly = f" of exactly {size} piles" if size is not None else ""
                raise ScenarioError(f"table: {key}[{i}] must be a list{exactly} (each a list)")
            out.append(tuple(self.cards(f"{key}[{i}][{k}]", p) for k, p in enumerate(piles)))
        return tuple(out)

    def check_complete(self) -> None:
        if self.box.remaining():
            total = self.deck_size - self.box.remaining()
            raise ScenarioError(f"table: holds {total} cards; the deck has {self.deck_size}")


def codes(piles: Iterable[Iterable[Card]]) -> list[list[str]]:
    """Piles as lists of card codes, each top first."""
    return [[c.code for c in pile] for pile in piles]


def read_burned(read: TableReader, raw: Mapping[str, Any]) -> tuple[Card, ...]:
    """Spit's and California's ``burned`` cards: their tables have the key only when a
    seat has a head start (docs/rules-options.md, "Handicaps"), so that a game dealt with
    one can be written down; without one the contract's table keys are all there is."""
    if "burned" not in raw:
        return ()
    if not any(h.head_start for h in read.rules.handicaps):
        raise ScenarioError(
            f"table: 'burned' is for a {read.rules.game} game with a head start "
            "(rules 'handicaps'); leave it out"
        )
    return read.cards("burned", raw["burned"])


def burned_json(burned: tuple[Card, ...]) -> dict[str, list[str]]:
    """``burned`` for a Spit or California table: written only when it holds cards."""
    return {"burned": [c.code for c in burned]} if burned else {}
