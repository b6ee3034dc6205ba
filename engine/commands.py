"""Commands: what players (and the clock) ask of the engine. Every command carries ``t``,
whole milliseconds of game time."""

from __future__ import annotations

from dataclasses import dataclass

SLOTS = 5
"""Slots on a seat's panel (numbered 1-5 in commands, 0-4 in code): Speed's hand, Spit's
stock piles, California's row (of 4 or 5)."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play the held card ``card`` (a canonical code) onto centre pile ``to``."""

    t: int
    player: int
    card: str
    to: int


@dataclass(frozen=True, slots=True)
class Move:
    """Spit: move the stock top ``card`` into empty stock slot ``slot`` (1-5; None: the
    lowest-numbered empty slot). With ``combine_same_rank`` the slot may instead hold a top
    of the same rank, which the card then covers (docs/rules.md SPT-5)."""

    t: int
    player: int
    card: str
    slot: int | None = None


@dataclass(frozen=True, slots=True)
class Slap:
    """Spit: slap centre pile ``pile`` in the slap phase; the first slap takes it."""

    t: int
    player: int
    pile: int


@dataclass(frozen=True, slots=True)
class Cover:
    """California: put the top card of the player's deck onto the visible top ``card``."""

    t: int
    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Slam:
    """The big button: ready at a stall, "Speed!" when out, a false call otherwise."""

    t: int
    player: int


@dataclass(frozen=True, slots=True)
class Pause:
    t: int
    player: int


@dataclass(frozen=True, slots=True)
class Resume:
    t: int
    player: int


@dataclass(frozen=True, slots=True)
class Tick:
    """Time passes: fires every timer due at or before ``t``.

    ``fires``: at most that many timers fire in this step, which then stops with the clock
    at the last one's due time and the rest still due; the next Tick goes on from there.
    How a long run of timers (a 0 ms stall delay re-dealing up to ``round_limit``) is
    handed over in slices, so a reader keeps only a slice's events (docs/scenario.md).
    None: every timer due fires."""

    t: int
    fires: int | None = None


Command = Play | Slam | Pause | Resume | Tick | Move | Slap | Cover
