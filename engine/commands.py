"""Commands: what players (and the clock) ask of the engine. Every command carries ``t``,
whole milliseconds of game time."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Play:
    """Play the held card ``card`` (a canonical code) onto centre pile ``to``."""

    t: int
    player: int
    card: str
    to: int


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
    """Time passes: fires every timer due at or before ``t``."""

    t: int


Command = Play | Slam | Pause | Resume | Tick
