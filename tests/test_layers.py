"""The cabinet's layers (docs/architecture.md section 3): a module imports only its own
layer and the layers below it, ``TYPE_CHECKING`` and function-level imports included, so
a lower layer never knows what is built on it (it takes a port instead)."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CABINET = ROOT / "cabinet"

LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"errors", "panel", "inputs"}),
    frozenset({"config"}),
    frozenset({"controls"}),
    frozenset({"loop"}),
    frozenset({"kiosk"}),
    frozenset({"modes"}),
    frozenset({"adapters"}),
    frozenset({"seating", "app", "run"}),
    frozenset({"cli", "tools"}),
)
"""Lowest first; a name is the first part below ``cabinet.``."""


@dataclass(frozen=True, slots=True)
class Crossing:
    path: str
    line: int
    imported: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line} imports {self.imported}"


def layer_of(part: str) -> int | None:
    for index, names in enumerate(LAYERS):
        if part in names:
            return index
    return None


def _layer_of_module(name: str) -> int | None:
    parts = name.split(".")
    if parts[0] != "cabinet" or len(parts) < 2:
        return None
    return layer_of(parts[1])


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imported(tree: ast.Module, module: str, is_package: bool) -> list[tuple[int, str]]:
    """Every module named by an import in ``tree`` (absolute names; ``from X import y``
    gives ``X.y`` too, since ``y`` may be a submodule)."""
    package = module if is_package else module.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            if target == "cabinet":  # `from cabinet import loop` names the layer in the alias
                found.extend((node.lineno, f"{target}.{alias.name}") for alias in node.names)
            else:
                found.append((node.lineno, target))
    return found


def crossings() -> list[Crossing]:
    out: list[Crossing] = []
    for path in sorted(CABINET.rglob("*.py")):
        module = _module_name(path)
        parts = module.split(".")
        if len(parts) < 2:
            continue  # cabinet/__init__.py
        own = layer_of(parts[1])
        assert own is not None, f"{module}: not in any layer; add it to LAYERS and the docs"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, name in _imported(tree, module, path.name == "__init__.py"):
            theirs = _layer_of_module(name)
            if theirs is not None and theirs > own:
                out.append(Crossing(str(path.relative_to(ROOT)), line, name))
    return sorted(set(out), key=str)


def test_no_module_imports_a_layer_above_its_own() -> None:
    found = crossings()
    assert not found, "imports against the layers:\n" + "\n".join(map(str, found))


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from cabinet.adapters.gpio import GpioPanel", True),
        ("from ..adapters import gpio", True),
        ("if TYPE_CHECKING:\n    from cabinet.modes import flow", True),
        ("def f():\n    import cabinet.run", True),
        ("from cabinet.panel import Control", False),
        ("from . import table", False),
    ],
)
def test_the_check_sees_every_kind_of_import(source: str, expected: bool) -> None:
    # As if written in cabinet/loop/core.py (the loop layer).
    names = _imported(ast.parse(source), "cabinet.loop.core", is_package=False)
    loop = LAYERS.index(frozenset({"loop"}))
    above = [name for _, name in names if (_layer_of_module(name) or -1) > loop]
    assert bool(above) is expected
