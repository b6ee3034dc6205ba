"""The engine's own errors: every exception the engine raises derives from ``EngineError``
(python-chess style: a bad value is also a ``ValueError``, a bad type a ``TypeError``), so
a caller can catch the engine's faults in one clause. Each module defines the errors of its
own concern on this root (``InvalidCard``, ``RulesError``, ``ScenarioError``, ...)."""

from __future__ import annotations


class EngineError(Exception):
    """A programming error: the engine was asked something no game can mean."""


class InvalidPosition(EngineError, ValueError):
    """A table that breaks the shapes of the game."""


class EngineTypeError(EngineError, TypeError):
    """A value of a type the engine cannot take there (a programming error)."""
