"""Every exception the engine raises derives from EngineError (one clause catches them)."""

from __future__ import annotations

import inspect
import pkgutil
from importlib import import_module

import engine
from engine.errors import EngineError


def test_every_engine_exception_class_derives_from_engine_error() -> None:
    found = []
    for info in pkgutil.walk_packages(engine.__path__, "engine."):
        module = import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, BaseException) and cls.__module__.startswith("engine"):
                found.append(cls)
                assert issubclass(cls, EngineError), cls
    assert len(found) >= 10


def test_bad_values_stay_value_errors() -> None:
    from engine.bots import BotError
    from engine.cards import InvalidCard
    from engine.errors import InvalidPosition
    from engine.match import MatchError
    from engine.rules import RulesError
    from engine.scenario import ScenarioError

    for cls in (BotError, InvalidCard, InvalidPosition, MatchError, RulesError, ScenarioError):
        assert issubclass(cls, ValueError)
