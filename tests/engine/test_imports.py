"""engine/ has no import circle (docs/architecture.md, "The engine"): its modules import
one way, from the cards and the rules up through the games to the registry, the bots and
the statistics. Read with ``ast``, so every import counts: at the top, inside a function,
or under ``TYPE_CHECKING``."""

from __future__ import annotations

import ast
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(tree: ast.AST, name: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules of ``known`` that module ``name``'s source imports (relative imports
    resolved; ``from a import b`` is ``a.b`` when that is a module, else ``a``)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".")
                anchor = anchor[: len(anchor) - node.level + (1 if is_package else 0)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in known:
                    found.add(full)
                elif base in known:
                    found.add(base)
    found.discard(name)
    return found


def import_graph(package: Path) -> dict[str, set[str]]:
    """Module -> the package's modules it imports."""
    root = package.parent
    paths = {module_name(p, root): p for p in sorted(package.rglob("*.py"))}
    known = set(paths)
    return {
        name: imports_of(
            ast.parse(path.read_text(encoding="utf-8")), name, path.stem == "__init__", known
        )
        for name, path in paths.items()
    }


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Every import circle, as one path round it per circle found (depth first)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                found.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def test_engine_has_no_import_circle() -> None:
    graph = import_graph(ROOT / "engine")
    assert "engine.games" in graph["engine.bots"]  # the graph sees imports at all
    assert cycles(graph) == [], "\n".join(" -> ".join(c) for c in cycles(graph))


def test_the_circle_finder_finds_circles_wherever_an_import_sits(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from . import leaf\n")
    (pkg / "sub" / "leaf.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import top\n"
    )
    (pkg / "top.py").write_text("def f():\n    import pkg.sub.leaf\n")
    (pkg / "alone.py").write_text("import os\n")
    graph = import_graph(pkg)
    assert graph["pkg.sub"] == {"pkg.sub.leaf"}
    assert cycles(graph) == [["pkg.sub.leaf", "pkg.top", "pkg.sub.leaf"]]
