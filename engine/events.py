"""Events: what happened, in the past tense. ``to_dict`` writes the contract's JSON form."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from engine.cards import Card


class Reason(StrEnum):
    """Why a play was rejected."""

    PAUSED = "paused"
    LOCKED = "locked"
    NOT_HELD = "not_held"
    OUT_OF_REACH = "out_of_reach"
    NOT_ADJACENT = "not_adjacent"
    JOKER_LAST = "joker_last"

    @property
    def locks_out(self) -> bool:
        """Rejections for these reasons start no lockout (contract rule 3)."""
        return self not in (Reason.PAUSED, Reason.LOCKED)


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


Event = (
    CardPlayed | PlayRejected | Stalled | CardFlipped | CardDrawn | CenterReshuffled
    | PenaltyTaken | GameWon | GameTied | GamePaused | GameResumed
)
