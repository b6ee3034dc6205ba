"""Events: what happened, in the past tense. ``to_dict`` writes the contract's JSON form."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from engine.cards import Card


class Reason(StrEnum):
    """Why a play (or a Spit move, or a California cover) was rejected.

    Documented for the cabinet and scenario readers in docs/rules-options.md.
    """

    PAUSED = "paused"
    LOCKED = "locked"
    NOT_HELD = "not_held"
    """Speed: the card is not in the hand. Spit: the card is not one of the player's stock
    tops."""
    OUT_OF_REACH = "out_of_reach"
    NOT_ADJACENT = "not_adjacent"
    JOKER_LAST = "joker_last"
    ROUND_OVER = "round_over"
    """Spit: a play or move in the slap phase (no lockout, contract Spit rule 3)."""
    EMPTY_PILE = "empty_pile"
    """Spit: the spit pile has no card (not in use, or before the round's first spit)."""
    NO_CARD_UNDER = "no_card_under"
    """Spit: a move of a card with no card under it (rules.md E15)."""
    NO_EMPTY_SLOT = "no_empty_slot"
    """Spit: a move with no empty stock slot, a sixth pile (rules.md E16)."""
    SLOT_TAKEN = "slot_taken"
    """Spit: a move into a slot that holds cards (and is not a same-rank combine)."""
    NOT_VISIBLE = "not_visible"
    """California: the covered card is not a visible top (also: someone covered it first)."""
    NO_MATCH = "no_match"
    """California: the top is neither of a live match's rank nor on a double."""

    @property
    def locks_out(self) -> bool:
        """Rejections for these reasons start no lockout (contract rule 3, Spit rule 3)."""
        return self not in (Reason.PAUSED, Reason.LOCKED, Reason.ROUND_OVER)


@dataclass(frozen=True, slots=True)
class CardPlayed:
    type: ClassVar[str] = "played"
    t: int
    player: int
    card: Card
    to: int

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.t, "type": self.type, "player": self.player,
                "card": self.card.code, "to": self.to}


@dataclass(frozen=True, slots=True)
class PlayRejected:
    type: ClassVar[str] = "rejected"
    t: int
    player: int
    reason: Reason
    card: str
    to: int

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.t, "type": self.type, "player": self.player,
                "reason": str(self.reason), "card": self.card, "to": self.to}


@dataclass(frozen=True, slots=True)
class ActionRejected:
    """A refused Spit move or California cover (type ``rejected``).

    The contract's JSON gives only ``player`` and ``reason`` for these; ``action``, ``card``
    and ``slot`` are kept for displays and logs, like ``Stalled.deadlock``.
    """

    type: ClassVar[str] = "rejected"
    t: int
    player: int
    reason: Reason
    action: str
    card: str
    slot: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.t, "type": self.type, "player": self.player,
                "reason": str(self.reason)}


@dataclass(frozen=True, slots=True)
class Stalled:
    type: ClassVar[str] = "stalled"
    t: int
    deadlock: bool = False
    """Internal detail for displays and logs; not written to the contract's JSON."""

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.t, "type": self.type}


@dataclass(frozen=True, slots=True)
class CardFlipped:
    """A side pile's top turned onto a centre pile, or (with ``player``) a forced discard."""

    type: ClassVar[str] = "flipped"
    t: int
    card: Card
    to: int
    player: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": self.t, "type": self.type, "card": self.card.code,
                               "to": self.to}
        if self.player is not None:
            out["player"] = self.player
        return out


@dataclass(frozen=True, slots=True)
class CardDrawn:
    """A player holding only jokers took their own side pile's top at a flip."""

    type: ClassVar[str] = "drew"
    t: int
    player: int
    card: Card

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.t, "type": self.type, "player": self.player, "card": self.card.code}


@dataclass(frozen=True, slots=True)
class CenterReshuffled:
    type: ClassVar[str] = "reshuffled"
    t: int

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.t, "type": self.type}


@dataclass(frozen=True, slots=True)
class PenaltyTaken:
    """A missed or false call: ``count`` cards moved under the player's draw pile."""

    type: ClassVar[str] = "penalty"
    t: int
    player: int
    count: int

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.t, "type": self.type, "player": self.player, "count": self.count}


@dataclass(frozen=True, slots=True)
class GameWon:
    type: ClassVar[str] = "won"
    t: int
    player: int

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.t, "type": self.type, "player": self.player}


@dataclass(frozen=True, slots=True)
class GameTied:
    type: ClassVar[str] = "tied"
    t: int

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.t, "type": self.type}


@dataclass(frozen=True, slots=True)
class GamePaused:
    type: ClassVar[str] = "paused"
    t: int
    player: int

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.t, "type": self.type, "player": self.player}


@dataclass(frozen=True, slots=True)
class GameResumed:
    type: ClassVar[str] = "resumed"
    t: int
    player: int

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.t, "type": self.type, "player": self.player}


@dataclass(frozen=True, slots=True)
class CardMoved:
    """Spit: a stock top moved into stock slot ``slot`` (1-5); ``source`` is where from."""

    type: ClassVar[str] = "moved"
    t: int
    player: int
    card: Card
    slot: int
    source: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.t, "type": self.type, "player": self.player,
                "card": self.card.code, "slot": self.slot}


@dataclass(frozen=True, slots=True)
class RoundOver:
    """Spit: the round ended; ``player`` emptied their stocks (None: a stall ending)."""

    type: ClassVar[str] = "round_over"
    t: int
    player: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": self.t, "type": self.type}
        if self.player is not None:
            out["player"] = self.player
        return out


@dataclass(frozen=True, slots=True)
class Slapped:
    """Spit: the first slap of the slap phase; ``player`` takes pile ``to``."""

    type: ClassVar[str] = "slapped"
    t: int
    player: int
    to: int

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.t, "type": self.type, "player": self.player, "to": self.to}


@dataclass(frozen=True, slots=True)
class Redealt:
    """Spit: every player re-dealt their cards; California: rows picked up and dealt anew."""

    type: ClassVar[str] = "redealt"
    t: int

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.t, "type": self.type}


@dataclass(frozen=True, slots=True)
class Covered:
    """California: ``player`` put ``card`` (their deck's top) onto the visible top ``on``."""

    type: ClassVar[str] = "covered"
    t: int
    player: int
    card: Card
    on: Card

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.t, "type": self.type, "player": self.player,
                "card": self.card.code, "on": self.on.code}


@dataclass(frozen=True, slots=True)
class SpitRecycled:
    """Spit with ``recycle``: a player out of spit cards shuffled their own pile, all but
    its top, into ``count`` new spit cards (rules.md SPT-7)."""

    type: ClassVar[str] = "recycled"
    t: int
    player: int
    count: int

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.t, "type": self.type, "player": self.player, "count": self.count}


@dataclass(frozen=True, slots=True)
class RoundScored:
    """Spit with ``scoring`` = points: each player's score after this round's points
    (stock + spit cards at the round's end, rules.md SPS-1/2)."""

    type: ClassVar[str] = "scored"
    t: int
    scores: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.t, "type": self.type, "scores": list(self.scores)}


Event = (
    CardPlayed | PlayRejected | Stalled | CardFlipped | CardDrawn | CenterReshuffled
    | PenaltyTaken | GameWon | GameTied | GamePaused | GameResumed
    | ActionRejected | CardMoved | RoundOver | Slapped | Redealt | Covered | SpitRecycled
    | RoundScored
)
