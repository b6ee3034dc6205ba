"""Events: what happened, in the past tense. ``to_dict`` writes the contract's JSON form."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
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
    """Spit: a play or move in the slap phase (no lockout, docs/scenario.md Spit rule 3)."""
    EMPTY_PILE = "empty_pile"
    """Spit: the spit pile has no card (not in use, or before the round's first spit)."""
    NO_CARD_UNDER = "no_card_under"
    """Spit: a move of a card with no card under it (docs/rules.md E15)."""
    NO_EMPTY_SLOT = "no_empty_slot"
    """Spit: a move with no empty stock slot, a sixth pile (docs/rules.md E16)."""
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


class _Event:
    """What every event shares: its ``type`` and the contract's JSON form."""

    __slots__ = ()
    type: ClassVar[str]
    t: int

    def to_dict(self) -> dict[str, Any]:
        """``t``, ``type``, then each field: cards as codes, absent (None) fields left out,
        fields marked ``json=False`` kept for the cabinet only."""
        out: dict[str, Any] = {"t": self.t, "type": self.type}
        for name in _json_fields(type(self)):
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, Card):
                value = value.code
            elif isinstance(value, StrEnum):
                value = str(value)
            elif isinstance(value, tuple):
                value = list(value)
            out[name] = value
        return out


_FIELDS: dict[type, tuple[str, ...]] = {}


def _json_fields(cls: type) -> tuple[str, ...]:
    """The fields an event class writes besides ``t`` (looked up once per class)."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(
            f.name for f in fields(cls) if f.name != "t" and f.metadata.get("json", True)
        )
    return names


INTERNAL: Any = {"json": False}
"""Field metadata: not written to the contract's JSON."""


@dataclass(frozen=True, slots=True)
class CardPlayed(_Event):
    type: ClassVar[str] = "played"
    t: int
    player: int
    card: Card
    to: int


@dataclass(frozen=True, slots=True)
class PlayRejected(_Event):
    type: ClassVar[str] = "rejected"
    t: int
    player: int
    reason: Reason
    card: str
    to: int


@dataclass(frozen=True, slots=True)
class ActionRejected(_Event):
    """A refused Spit move or California cover (type ``rejected``).

    The contract's JSON gives ``player``, ``reason`` and ``card``, the card the move or
    cover names; ``action`` and ``slot`` are kept for displays and logs, like
    ``Stalled.deadlock``.
    """

    type: ClassVar[str] = "rejected"
    t: int
    player: int
    reason: Reason
    action: str = field(metadata=INTERNAL)
    card: str
    slot: int | None = field(default=None, metadata=INTERNAL)


@dataclass(frozen=True, slots=True)
class Stalled(_Event):
    type: ClassVar[str] = "stalled"
    t: int
    deadlock: bool = field(default=False, metadata=INTERNAL)
    """Internal detail for displays and logs; not written to the contract's JSON."""


@dataclass(frozen=True, slots=True)
class CardFlipped(_Event):
    """A side pile's top turned onto a centre pile, or (with ``player``) a forced discard."""

    type: ClassVar[str] = "flipped"
    t: int
    card: Card
    to: int
    player: int | None = None


@dataclass(frozen=True, slots=True)
class CardDrawn(_Event):
    """A player holding only jokers took their own side pile's top at a flip."""

    type: ClassVar[str] = "drew"
    t: int
    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class CenterReshuffled(_Event):
    type: ClassVar[str] = "reshuffled"
    t: int


@dataclass(frozen=True, slots=True)
class PenaltyTaken(_Event):
    """A missed or false call: ``count`` cards moved under the player's draw pile."""

    type: ClassVar[str] = "penalty"
    t: int
    player: int
    count: int


@dataclass(frozen=True, slots=True)
class GameWon(_Event):
    type: ClassVar[str] = "won"
    t: int
    player: int


@dataclass(frozen=True, slots=True)
class GameTied(_Event):
    type: ClassVar[str] = "tied"
    t: int


@dataclass(frozen=True, slots=True)
class GamePaused(_Event):
    type: ClassVar[str] = "paused"
    t: int
    player: int


@dataclass(frozen=True, slots=True)
class GameResumed(_Event):
    type: ClassVar[str] = "resumed"
    t: int
    player: int


@dataclass(frozen=True, slots=True)
class CardMoved(_Event):
    """Spit: a stock top moved into stock slot ``slot`` (1-5); ``source`` is where from."""

    type: ClassVar[str] = "moved"
    t: int
    player: int
    card: Card
    slot: int
    source: int = field(default=0, metadata=INTERNAL)


@dataclass(frozen=True, slots=True)
class RoundOver(_Event):
    """Spit: the round ended; ``player`` emptied their stocks (None: a stall ending)."""

    type: ClassVar[str] = "round_over"
    t: int
    player: int | None = None


@dataclass(frozen=True, slots=True)
class Slapped(_Event):
    """Spit: the first slap of the slap phase; ``player`` takes pile ``to``."""

    type: ClassVar[str] = "slapped"
    t: int
    player: int
    to: int


@dataclass(frozen=True, slots=True)
class Redealt(_Event):
    """Spit: every player re-dealt their cards; California: rows picked up and dealt anew."""

    type: ClassVar[str] = "redealt"
    t: int


@dataclass(frozen=True, slots=True)
class Covered(_Event):
    """California: ``player`` put ``card`` (their deck's top) onto the visible top ``on``."""

    type: ClassVar[str] = "covered"
    t: int
    player: int
    card: Card
    on: Card


@dataclass(frozen=True, slots=True)
class SpitRecycled(_Event):
    """Spit with ``recycle``: a player out of spit cards shuffled their own pile, all but
    its top, into ``count`` new spit cards (docs/rules.md SPT-7)."""

    type: ClassVar[str] = "recycled"
    t: int
    player: int
    count: int


@dataclass(frozen=True, slots=True)
class RoundScored(_Event):
    """Spit with ``scoring`` = points: each player's score after this round's points
    (stock + spit cards at the round's end, docs/rules.md SPS-1/2)."""

    type: ClassVar[str] = "scored"
    t: int
    scores: tuple[int, ...]


Event = (
    CardPlayed
    | PlayRejected
    | Stalled
    | CardFlipped
    | CardDrawn
    | CenterReshuffled
    | PenaltyTaken
    | GameWon
    | GameTied
    | GamePaused
    | GameResumed
    | ActionRejected
    | CardMoved
    | RoundOver
    | Slapped
    | Redealt
    | Covered
    | SpitRecycled
    | RoundScored
)
