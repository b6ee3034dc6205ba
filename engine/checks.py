"""The invariant checks every game shares (docs/rules.md C-8, E25); each game's own checks,
in its package, build on them, and ``engine.invariants`` asks the state's game.

A breach is written in the game's notation, handed in by the game (``Checks(format)``),
so this module asks no registry: the games' packages import it, and the engine's imports
run one way (docs/architecture.md, "The engine").
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Generic, TypeVar

from engine.cards import Card, make_deck
from engine.errors import EngineError
from engine.state import GameState, Phase, TimerKind


class InvariantBreach(EngineError):
    """A state no legal sequence of commands can reach: a bug in the engine."""


@cache
def _deck_uids(decks: int, jokers: bool) -> frozenset[int]:
    return frozenset(card.uid for card in make_deck(decks, jokers))


def conserved(cards: list[Card], decks: int, jokers: bool) -> bool:
    """Every card of the decks, each exactly once."""
    deck = _deck_uids(decks, jokers)
    return len(cards) == len(deck) and {card.uid for card in cards} == deck


S = TypeVar("S", bound=GameState)


class Checks(Generic[S]):
    """The shared checks of one game, writing a breach with the game's ``format``."""

    __slots__ = ("_format",)

    def __init__(self, format: Callable[[S], str]) -> None:
        self._format = format

    def breach(self, what: str, state: S) -> None:
        """Raise the breach of ``what`` in ``state``, written in the game's notation."""
        raise InvariantBreach(f"{what}: {self._format(state)}")

    def require(self, ok: bool, what: str, where: S) -> None:
        """Raise unless ``ok``; ``where`` is the state (written out only on a breach)."""
        if not ok:
            self.breach(what, where)

    def check_timers(self, state: S, position: S) -> None:
        """Shared: decided games keep no timers; a stall has exactly one flip timer."""
        require = self.require
        flips = sum(1 for tm in state.timers if tm.kind is TimerKind.FLIP)
        if state.phase.is_over:
            require(not state.timers, "timers left after the game was decided", position)
            require(
                (state.winner is not None) == (state.phase is Phase.WON),
                "winner and phase",
                position,
            )
            return
        require(state.winner is None, "a winner while the game goes on", position)
        require(
            flips == (1 if state.phase is Phase.STALLED else 0),
            "flip timer and phase disagree",
            position,
        )
        if state.paused_at is None:
            require(all(tm.due >= state.now for tm in state.timers), "an overdue timer", position)
