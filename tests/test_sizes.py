"""No class in cabinet/ over 200 lines and no function over 60 (``end_lineno - lineno + 1``,
decorators not counted), methods and nested functions included (docs/architecture.md
section 7). cli.py's argparse builders (``_add_...``) are exempt: a parser builder is a
flat list of ``add_argument`` calls, and cutting it only scatters the command's options."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CABINET = ROOT / "cabinet"
MAX_CLASS = 200
MAX_FUNCTION = 60


@dataclass(frozen=True, slots=True)
class TooLong:
    path: str
    line: int
    kind: str
    name: str
    lines: int
    limit: int

    def __str__(self) -> str:
        return (
            f"{self.path}:{self.line} {self.kind} {self.name}: {self.lines} lines (> {self.limit})"
        )


def exempt(path: Path, node: ast.AST) -> bool:
    """cli.py's argparse builders (the module docstring says why)."""
    return (
        path == CABINET / "cli.py"
        and isinstance(node, ast.FunctionDef)
        and node.name.startswith("_add_")
    )


def too_long(path: Path, tree: ast.AST) -> list[TooLong]:
    found = []
    rel = path.relative_to(ROOT).as_posix()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            kind, limit = "class", MAX_CLASS
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            kind, limit = "function", MAX_FUNCTION
        else:
            continue
        assert node.end_lineno is not None
        lines = node.end_lineno - node.lineno + 1
        if lines > limit and not exempt(path, node):
            found.append(TooLong(rel, node.lineno, kind, node.name, lines, limit))
    return found


def test_no_class_or_function_in_the_cabinet_is_too_long() -> None:
    found = [
        long
        for path in sorted(CABINET.rglob("*.py"))
        for long in too_long(path, ast.parse(path.read_text(encoding="utf-8"), str(path)))
    ]
    assert not found, "\n".join(map(str, found))


def test_the_sizes_are_counted_from_the_first_line_to_the_last() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION - 1))
    fits = ast.parse(f"def fits():\n{body}\n")
    over = ast.parse(f"def over():\n{body}\n    y = 0\n")
    cli = CABINET / "cli.py"
    assert too_long(CABINET / "x.py", fits) == []
    assert [str(t) for t in too_long(CABINET / "x.py", over)] == [
        f"cabinet/x.py:1 function over: {MAX_FUNCTION + 1} lines (> {MAX_FUNCTION})"
    ]
    assert too_long(cli, ast.parse(f"def _add_over():\n{body}\n    y = 0\n")) == []
    assert len(too_long(cli, over)) == 1
