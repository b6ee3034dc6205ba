"""A test-only fourth game, Climb: a small but real ``GameRules`` that the conformance
suite (tests/engine/test_conformance.py) registers through ``engine.games.register`` and
holds to the same contract as the cabinet's three games (docs/architecture.md, "Adding
a game")."""

from tests.engine.fourth_game.game import CLIMB, CLIMB_RULES
from tests.engine.fourth_game.state import ClimbState, ClimbTable

__all__ = ["CLIMB", "CLIMB_RULES", "ClimbState", "ClimbTable"]
