"""The engine's own errors, in one module every game (and the shared step in ``engine.work``)
can import without importing another game. ``engine.speed`` re-exports both, where callers
have always found them."""

from __future__ import annotations


class EngineError(Exception):
    """A programming error: the engine was asked something no game can mean."""


class InvalidPosition(EngineError, ValueError):
    """A table that breaks the shapes of the game."""
