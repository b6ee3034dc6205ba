"""The screen and the text view draw any game from one shape: only a game's own module in
``display/games`` names its state. Read from source with ``ast`` (nothing is imported), and
the text view's import is checked to stay free of pygame."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GENERIC = sorted(
    [
        *(p for p in (ROOT / "display").glob("*.py")),
        ROOT / "display" / "games" / "__init__.py",
        ROOT / "display" / "games" / "base.py",
        ROOT / "cabinet" / "adapters" / "screen" / "window.py",
        ROOT / "cabinet" / "adapters" / "screen" / "frame_loop.py",
        ROOT / "cabinet" / "adapters" / "screen" / "feed.py",
        ROOT / "cabinet" / "adapters" / "textview.py",
    ]
)
GAME_STATES = frozenset({"SpeedState", "SpitState", "CaliforniaState"})
GAME_PLAYERS = frozenset({"SpeedPlayer", "SpitPlayer", "CaliforniaPlayer"})
GAME_MODULES = ("engine.speed", "engine.spit", "engine.california", "engine.games.")


def problems(source: str, where: str) -> list[str]:
    """One line per game-state name, game-module import or attribute probe in ``source``."""
    tree = ast.parse(source, where)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith(GAME_MODULES) or node.module in GAME_MODULES:
                found.append(f"{where}:{node.lineno}: imports {node.module}")
            for alias in node.names:
                if alias.name in GAME_STATES | GAME_PLAYERS:
                    found.append(f"{where}:{node.lineno}: imports {alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(GAME_MODULES) or alias.name in GAME_MODULES:
                    found.append(f"{where}:{node.lineno}: imports {alias.name}")
        elif isinstance(node, ast.Name) and node.id in GAME_STATES | GAME_PLAYERS:
            found.append(f"{where}:{node.lineno}: names {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in GAME_STATES | GAME_PLAYERS:
            found.append(f"{where}:{node.lineno}: names {node.attr}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("hasattr", "getattr")
        ):
            found.append(f"{where}:{node.lineno}: probes with {node.func.id}")
    return found


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(ROOT)))
def test_generic_screen_code_names_no_game(path: Path) -> None:
    assert problems(path.read_text(), str(path.relative_to(ROOT))) == []


def test_the_check_finds_a_game_state() -> None:
    bad = (
        "from engine.spit import SpitState\n"
        "def f(s: object) -> bool:\n"
        "    return isinstance(s, SpitState) or hasattr(s, 'draw')\n"
    )
    found = problems(bad, "bad.py")
    assert len(found) == 4, found  # the import, its name, the name again, the probe


def test_the_text_view_imports_no_pygame() -> None:
    """Terminal play and the headless kiosk never start SDL (nor print pygame's banner)."""
    code = (
        "import sys\n"
        "import cabinet.adapters.textview, display.games\n"
        "print('pygame' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False", out.stdout + out.stderr
