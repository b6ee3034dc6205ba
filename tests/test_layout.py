"""The tests' layout (docs/architecture.md, "Tests"): tests/cabinet/ mirrors cabinet/'s
sub-packages, and a test module imports no other test module (what tests share lives in a
helper module, such as tests/cabinet/rigs.py), so a test file can move or go without
breaking another."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
NOT_MIRRORS = {"data", "__pycache__"}
"""Folders under tests/cabinet/ that hold no tests of their own: fixtures, caches."""


def _is_test_module(dotted: str) -> bool:
    return dotted.rsplit(".", 1)[-1].startswith("test_")


def imported_test_modules(path: Path) -> list[str]:
    """The test modules ``path`` imports, as ``line: module``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        else:
            continue
        found += [
            f"{node.lineno}: {name}"
            for name in names
            if name.split(".")[0] == "tests" and _is_test_module(name)
        ]
    return found


def test_no_test_module_imports_another() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{where}"
        for path in sorted(TESTS.rglob("*.py"))
        if "__pycache__" not in path.parts
        for where in imported_test_modules(path)
    ]
    assert offenders == [], (
        "a test module imports another test module; move what they share into a helper "
        "module (not named test_*) and import it from there:\n" + "\n".join(offenders)
    )


def test_the_cabinet_tests_mirror_the_cabinet_packages() -> None:
    folders = sorted(
        path.relative_to(TESTS / "cabinet")
        for path in (TESTS / "cabinet").rglob("*")
        if path.is_dir() and not NOT_MIRRORS & set(path.relative_to(TESTS / "cabinet").parts)
    )
    assert folders, "tests/cabinet/ has its sub-packages' folders"
    strays = [str(f) for f in folders if not (ROOT / "cabinet" / f).is_dir()]
    assert strays == [], (
        "each folder under tests/cabinet/ holds the tests of the cabinet/ sub-package of the "
        f"same name; no such sub-package for: {strays}"
    )
