"""Static checks beside pytest (docs/architecture.md 7): ruff on the repo, mypy on engine/,
cabinet/, display/ and the tests themselves (firmware_bridge/:
tests/firmware_bridge/test_typing.py; the records fixture writers, which import an old
commit's modules on purpose, are excluded in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run_module(*args: str) -> subprocess.CompletedProcess[str]:
    """Run `python -m ARGS` from the repo root with this interpreter, capturing all output."""
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_ruff_check_passes_on_whole_repo() -> None:
    result = _run_module("ruff", "check", ".")
    assert result.returncode == 0, f"ruff check . failed:\n{result.stdout}{result.stderr}"


def test_mypy_strict_passes_on_engine() -> None:
    result = _run_module("mypy", "--strict", "engine")
    assert result.returncode == 0, f"mypy --strict engine failed:\n{result.stdout}{result.stderr}"


def test_mypy_strict_passes_on_cabinet_and_display() -> None:
    result = _run_module("mypy", "--strict", "cabinet", "display")
    assert result.returncode == 0, (
        f"mypy --strict cabinet display failed:\n{result.stdout}{result.stderr}"
    )


def test_mypy_strict_passes_on_the_tests() -> None:
    result = _run_module("mypy", "--strict", "tests")
    assert result.returncode == 0, f"mypy --strict tests failed:\n{result.stdout}{result.stderr}"


def test_ruff_format_check_passes_on_whole_repo() -> None:
    result = _run_module("ruff", "format", "--check", ".")
    assert result.returncode == 0, f"ruff format --check . failed:\n{result.stdout}{result.stderr}"
