"""Layer boundaries (docs/architecture.md 1): a pure stdlib engine/, no hardware in display/.

The checks read source with `ast`, so they see what the code imports and calls without
importing it. They walk whatever .py files exist, so a missing or half-written package
passes until it breaks a rule.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# display/ draws a view it is handed: no hardware, no composition root, no serial link.
DISPLAY_FORBIDDEN = frozenset({"gpiozero", "serial", "lgpio", "RPi", "cabinet", "firmware_bridge"})
# protocol.py is pure bytes <-> messages; pyserial lives in link.py only.
PROTOCOL_FORBIDDEN = frozenset({"serial", "gpiozero", "lgpio", "RPi", "pygame", "cabinet"})

# Time and chance are inputs to the engine, never read inside it.
ENGINE_FORBIDDEN_MODULES = frozenset(
    {"threading", "_thread", "multiprocessing", "concurrent", "asyncio", "importlib"}
)
ENGINE_FORBIDDEN_ATTRS = {
    "time": frozenset(
        {
            "time",
            "time_ns",
            "monotonic",
            "monotonic_ns",
            "perf_counter",
            "perf_counter_ns",
            "process_time",
            "sleep",
        }
    ),
}
# Everything in `random` but the Random class uses the hidden module-level generator.
RANDOM_ALLOWED = frozenset({"Random"})


def _top(module: str) -> str:
    return module.split(".", 1)[0]


def _imports(tree: ast.AST) -> list[tuple[int, str, list[str]]]:
    """(line, absolute top-level module, imported names) for each import; relative ones skipped."""
    found: list[tuple[int, str, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module, [alias.name for alias in node.names]))
    return found


def check_engine_source(source: str, filename: str = "<engine>") -> list[str]:
    """Return one message per boundary violation in a module of engine/."""
    tree = ast.parse(source, filename)
    problems: list[str] = []
    module_aliases: dict[str, str] = {}  # local name -> module, for `import time as t`

    for lineno, module, names in _imports(tree):
        top = _top(module)
        where = f"{filename}:{lineno}"
        if top != "engine" and top not in sys.stdlib_module_names:
            problems.append(f"{where}: imports {module!r}, which is neither stdlib nor engine")
        if top in ENGINE_FORBIDDEN_MODULES:
            problems.append(f"{where}: imports {module!r} (the engine is single-threaded, pure)")
        for name in names:
            if name in ENGINE_FORBIDDEN_ATTRS.get(module, ()):
                problems.append(f"{where}: imports {module}.{name} (time comes in as data)")
            if module == "random" and name not in RANDOM_ALLOWED:
                problems.append(f"{where}: imports random.{name} (pass a random.Random in)")

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    module_aliases[alias.asname] = alias.name
                else:
                    module_aliases[_top(alias.name)] = _top(alias.name)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "__import__"
        ):
            problems.append(f"{filename}:{node.lineno}: calls __import__")

    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
            continue
        bound = module_aliases.get(node.value.id, "")
        where = f"{filename}:{node.lineno}"
        if node.attr in ENGINE_FORBIDDEN_ATTRS.get(bound, ()):
            problems.append(f"{where}: uses {bound}.{node.attr} (time comes in as data)")
        if bound == "random" and node.attr not in RANDOM_ALLOWED:
            problems.append(f"{where}: uses random.{node.attr} (pass a random.Random in)")
    return problems


def check_forbidden_imports(
    source: str, forbidden: frozenset[str], filename: str = "<module>"
) -> list[str]:
    """Return one message per import of a top-level module in `forbidden`."""
    tree = ast.parse(source, filename)
    return [
        f"{filename}:{lineno}: imports {module!r}"
        for lineno, module, _ in _imports(tree)
        if _top(module) in forbidden
    ]


def _sources(pattern: str) -> list[tuple[str, str]]:
    return [
        (str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"))
        for path in sorted(ROOT.glob(pattern))
    ]


# The real tree.


def test_engine_imports_only_stdlib_and_itself_and_reads_no_clock_or_global_random() -> None:
    problems = [
        p for name, src in _sources("engine/**/*.py") for p in check_engine_source(src, name)
    ]
    assert problems == []


def test_display_imports_no_hardware_or_cabinet() -> None:
    problems = [
        p
        for name, src in _sources("display/**/*.py")
        for p in check_forbidden_imports(src, DISPLAY_FORBIDDEN, name)
    ]
    assert problems == []


def test_firmware_protocol_imports_no_pyserial() -> None:
    problems = [
        p
        for name, src in _sources("firmware_bridge/protocol.py")
        for p in check_forbidden_imports(src, PROTOCOL_FORBIDDEN, name)
    ]
    assert problems == []


# The checkers themselves, so the tests above can fail.


@pytest.mark.parametrize(
    "source",
    [
        "import pygame",
        "from gpiozero import Button",
        "import serial.threaded",
        "from display import renderer",
        "import threading",
        "from concurrent.futures import ThreadPoolExecutor",
        "import time\nnow = time.monotonic()",
        "import time as clock\nclock.sleep(1)",
        "from time import perf_counter",
        "import random\nrandom.shuffle(deck)",
        "import random\nrandom.seed(7)",
        "import random as r\ncard = r.choice(deck)",
        "from random import randint",
        "mod = __import__('pygame')",
    ],
)
def test_engine_checker_catches_violation(source: str) -> None:
    assert check_engine_source(source) != []


@pytest.mark.parametrize(
    "source",
    [
        "from __future__ import annotations\nimport dataclasses, enum, json",
        "from . import cards\nfrom .rules import Rules",
        "import engine.cards\nfrom engine.state import GameState",
        "import random\ndef deal(rng: random.Random) -> None:\n    rng.shuffle([])",
        "from random import Random\nrng = Random(7)",
        "def step(state, now_ms: int):\n    time = now_ms\n    return time.real",
    ],
)
def test_engine_checker_accepts_pure_code(source: str) -> None:
    assert check_engine_source(source) == []


@pytest.mark.parametrize(
    "source",
    [
        "import gpiozero",
        "from serial import Serial",
        "import RPi.GPIO",
        "from cabinet.app import x",
    ],
)
def test_display_checker_catches_hardware_import(source: str) -> None:
    assert check_forbidden_imports(source, DISPLAY_FORBIDDEN) != []


def test_display_checker_accepts_pygame_and_engine() -> None:
    source = "import pygame\nfrom engine import GameState\nfrom . import layout"
    assert check_forbidden_imports(source, DISPLAY_FORBIDDEN) == []
