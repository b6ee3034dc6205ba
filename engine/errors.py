"""The engine's own errors, in one module every game (and the shared step in ``engine.work``)
can import without importing another game. ``engine.speed`` re-exports both, where callers
have always found them."""

from __future__ import annotations


class EngineError(Exception):
    """A programming error: the engine was asked something no game can mean."""


class InvalidPosition(EngineError, ValueError):
    """A table that breaks the shapes of the game."""


class TimeStandsStill(EngineError):
    """The game keeps setting timers due at the instant they fire, so its clock can never
    move on (a 0 ms call and a 0 ms stall delay on a table whose cards never fit). The
    rules allow such values only where they cannot loop (the scenario refuses a 0 ms call;
    the cabinet has its own ranges); this stops any other such game instead of hanging."""
