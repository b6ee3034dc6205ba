"""The bridge imports nothing of the cabinet's (nor the engine's, nor the display's): it
has its own event and LED types, and the cabinet maps them (cabinet/adapters/serial.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = frozenset({"cabinet", "engine", "display"})


def our_imports(source: str, filename: str = "<bridge>") -> list[str]:
    """One ``file:line: module`` per import of a FORBIDDEN package, however imported."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules = [node.module]
        else:
            continue
        found += [f"{filename}:{node.lineno}: {m}" for m in modules if m.split(".")[0] in FORBIDDEN]
    return found


def test_the_bridge_imports_no_cabinet_engine_or_display() -> None:
    problems = [
        p
        for path in sorted(ROOT.glob("firmware_bridge/**/*.py"))
        for p in our_imports(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert problems == []


@pytest.mark.parametrize(
    "source",
    [
        "import cabinet",
        "from cabinet.config import Control",
        "import engine.cards as cards",
        "def f():\n    from display import renderer",
    ],
)
def test_the_check_catches_an_import(source: str) -> None:
    assert our_imports(source) != []


def test_the_check_passes_the_bridges_own_imports() -> None:
    source = "import serial\nfrom firmware_bridge import protocol\nfrom . import events"
    assert our_imports(source) == []
