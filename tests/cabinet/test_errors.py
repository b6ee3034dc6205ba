"""One root under the cabinet's errors (cabinet/errors.py): every exception class defined
in cabinet/ descends from ``CabinetError`` and keeps its other bases."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

from cabinet.config import ConfigError
from cabinet.errors import CabinetError

ROOT = Path(__file__).resolve().parents[2]


def _classes() -> list[tuple[str, str]]:
    """(module, class) for every top-level class in cabinet/ that names a base."""
    found = []
    for path in sorted((ROOT / "cabinet").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        module = module.removesuffix(".__init__")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [(module, n.name) for n in tree.body if isinstance(n, ast.ClassDef) and n.bases]
    return found


def test_every_cabinet_exception_descends_from_cabinet_error() -> None:
    errors = []
    for module, name in _classes():
        cls = getattr(importlib.import_module(module), name)
        if isinstance(cls, type) and issubclass(cls, BaseException):
            errors.append(cls)
            assert issubclass(cls, CabinetError), f"{module}.{name}"
    named = {cls.__name__ for cls in errors}  # the search finds them wherever they move
    assert {"ConfigError", "RecordsError", "PinFactoryError", "StartupError"} <= named
    assert issubclass(ConfigError, ValueError)  # the other bases stay
