"""Invariants every game state keeps (docs/rules.md C-8, E25), checked by tests and the sim.

``check_invariants`` asks the state's game (``GameRules.check``: each game's checks are
in its own package); the checks every game shares are here.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from engine.cards import Card, make_deck
from engine.errors import EngineError
from engine.rules import Game
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


def check_invariants(state: GameState) -> None:
    """Raise InvariantBreach naming the first broken invariant (the game's own checks)."""
    checks = _CHECKS or _load_checks()
    checks[state.rules.game](state)


_CHECKS: dict[Game, Callable[[GameState], None]] = {}


def _load_checks() -> dict[Game, Callable[[GameState], None]]:
    # The registry imports every game, and every game these helpers: looked up once, on
    # the first check, not at import (the simulator checks after every step).
    from engine.games import GAMES

    _CHECKS.update({game: rules.check for game, rules in GAMES.items()})
    return _CHECKS


def breach(what: str, state: GameState) -> None:
    """Raise the breach of ``what`` in ``state``, written in the game's notation."""
    from engine.games import of

    raise InvariantBreach(f"{what}: {of(state).format(state)}")


def require(ok: bool, what: str, where: GameState) -> None:
    """Raise unless ``ok``; ``where`` is the state (written out only on a breach)."""
    if not ok:
        breach(what, where)


def check_timers(state: GameState, position: GameState) -> None:
    """Shared: decided games keep no timers; a stall has exactly one flip timer."""
    flips = sum(1 for tm in state.timers if tm.kind is TimerKind.FLIP)
    if state.phase.is_over:
        require(not state.timers, "timers left after the game was decided", position)
        require(
            (state.winner is not None) == (state.phase is Phase.WON), "winner and phase", position
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
