"""The engine tests' fixtures: every game the conformance suite holds to the contract.

``game`` runs a test once per game: each game of ``engine.games.GAMES`` and each
test-only game of ``TEST_GAMES``, which the fixture registers through
``engine.games.register`` for the test and unregisters after (docs/architecture.md,
"Adding a game"). A new engine game is in ``GAMES``, so it gets every test that takes
``game`` with no test file edited.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.games import GAMES, AnyGame, register, unregister
from engine.protocol import GameRules
from tests.engine.fourth_game import CLIMB_RULES

TEST_GAMES: tuple[GameRules[Any, Any], ...] = (CLIMB_RULES,)
"""Games that live under tests/ only: registered by the ``game`` fixture, never at import."""


def _names() -> list[str]:
    return [*(g.value for g in GAMES), *(g.game.value for g in TEST_GAMES)]


@pytest.fixture(params=_names())
def game(request: pytest.FixtureRequest) -> Iterator[AnyGame]:
    """One game's ``GameRules`` (a test-only game registered for the test)."""
    name: str = request.param
    extra = next((g for g in TEST_GAMES if g.game.value == name), None)
    if extra is None:
        yield next(rules for g, rules in GAMES.items() if g.value == name)
        return
    register(extra)
    try:
        yield GAMES[extra.game]
    finally:
        unregister(extra.game)
