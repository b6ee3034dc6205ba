"""Game state: frozen values that no reader can see change."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar

from engine.errors import EngineTypeError
from engine.rules import Rules


class Phase(Enum):
    """Where a game is. Exactly one at a time; pausing is orthogonal (``paused_at``)."""

    PLAYING = "playing"
    STALLED = "stalled"
    DEADLOCKED = "deadlocked"
    """A stall whose flip is only forced discards (docs/scenario.md Speed rule 8)."""
    SLAP = "slap"
    """Spit: a two-pile round has ended; the first slap takes a pile (docs/scenario.md Spit
    rule 3)."""
    WON = "won"
    TIED = "tied"

    @property
    def is_over(self) -> bool:
        return self is Phase.WON or self is Phase.TIED

    @property
    def is_stall(self) -> bool:
        return self is Phase.STALLED or self is Phase.DEADLOCKED


class TimerKind(Enum):
    FLIP = "flip"
    """The stall's flip, ``stall_delay_ms`` after the stall."""
    CALL = "call"
    """An out player's ``call_timeout_ms`` to claim the win."""
    SLAP = "slap"
    """Spit: the slap phase's ``slap_timeout_ms``; the piles are then given out by rule."""


@dataclass(frozen=True, slots=True)
class Timer:
    due: int
    seq: int
    """Set order: timers due at the same time fire in the order they were set."""
    kind: TimerKind
    player: int = -1


class Seat(Protocol):
    """What every game's player shares."""

    @property
    def locked_until(self) -> int:
        """Plays (moves, covers) are refused while ``t < locked_until``."""
        ...

    @property
    def cards(self) -> int:
        """Cards still to shed (the contract's ``cards``)."""
        ...


P = TypeVar("P", bound=Seat, covariant=True)


@dataclass(frozen=True, slots=True, kw_only=True)
class TimedState(Generic[P]):
    """What every game's frozen state shares, declared once: the rules, the players, the
    phase, the clock and its timers, the ready players, the winner, the shuffle stream and
    the game's stall counts. Each game's state is a frozen dataclass deriving from
    ``TimedState[ItsPlayer]`` that adds its own zones.

    The shared fields are keyword-only (so a game's own fields, with or without defaults,
    may follow them); ``positional_new`` takes every field by position all the same, these
    first, in this order.
    """

    rules: Rules
    players: tuple[P, ...]
    phase: Phase = Phase.PLAYING
    now: int = 0
    timers: tuple[Timer, ...] = ()
    timer_seq: int = 0
    ready: frozenset[int] = frozenset()
    """Players who slammed ready since the current stall."""
    paused_at: int | None = None
    winner: int | None = None
    seed: int = 0
    rng_state: Any = None
    """``random.Random.getstate()`` for the next shuffle (a rebuild, re-deal or recycle)."""
    stalls: int = 0
    """How many times the game has entered a stall (deadlocks included), announced or not
    (a hidden stall emits no ``stalled``): what statistics count."""
    deadlocks: int = 0
    """How many of those stalls were deadlocks (Speed rule 8; 0 in the other games)."""

    @property
    def round(self) -> int:
        """The round, counted from the table (round 1). Games with rounds (Spit, California)
        declare it as their own field; a game without them is always in round 1."""
        return 1

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    @property
    def is_over(self) -> bool:
        return self.phase.is_over

    def timer_due(self, kind: TimerKind, player: int | None = None) -> int | None:
        """When the first-set pending timer of ``kind`` (for ``player``, if given) fires."""
        for timer in self.timers:
            if timer.kind is kind and (player is None or timer.player == player):
                return timer.due
        return None

    def flip_due(self) -> int | None:
        """When the pending stall flip fires, if any."""
        return self.timer_due(TimerKind.FLIP)


GameState = TimedState[Seat]
"""Any game's state, as every consumer outside a game's own package holds it: what it
needs beyond these shared fields it asks the game (``engine.games.of(state)``)."""


class GameTable:
    """What every game's written table derives from (its zones, every pile top first): the
    start of a game, as ``start`` takes it and ``table_of`` writes it."""

    __slots__ = ()


T = TypeVar("T")


def positional_new(cls: type[T]) -> Callable[..., T]:
    """A constructor of the frozen, slotted dataclass ``cls`` taking every field by position,
    in field order (no defaults): the same object as ``cls(...)``, built in about half the
    time. (A frozen dataclass's ``__init__`` stores each field through ``object.__setattr__``,
    a type lookup per field; this stores through the slot descriptors.) The sim builds a
    state, a player and an event on every step, so Speed's hot paths build them this way.
    Generated like dataclasses' own ``__init__``.
    """
    if not hasattr(cls, "__slots__") or hasattr(cls, "__post_init__"):
        raise EngineTypeError(f"{cls.__name__} is not a slotted dataclass without __post_init__")
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = [f"def new({', '.join(names)}):", "    obj = _new(_cls)"]
    for name in names:
        env[f"_set_{name}"] = getattr(cls, name).__set__
        lines.append(f"    _set_{name}(obj, {name})")
    lines.append("    return obj")
    exec("\n".join(lines), env)
    new: Callable[..., T] = env["new"]
    new.__qualname__ = new.__name__ = f"new_{cls.__name__}"
    return new
