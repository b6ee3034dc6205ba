"""Invariants every game state keeps (docs/rules.md C-8, E25), checked by tests and the sim.

``check_invariants`` asks the state's game (``GameRules.check``: each game's checks are
in its own package, built on the shared ones in ``engine.checks``).
"""

from __future__ import annotations

from engine.checks import InvariantBreach, conserved
from engine.games import GAMES
from engine.state import GameState

__all__ = ["InvariantBreach", "check_invariants", "conserved"]


def check_invariants(state: GameState) -> None:
    """Raise InvariantBreach naming the first broken invariant (the game's own checks)."""
    GAMES[state.rules.game].check(state)
