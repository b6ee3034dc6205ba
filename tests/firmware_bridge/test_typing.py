"""``mypy --strict`` on the bridge (architecture 3.10 names protocol.py in particular)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FILES = [
    "firmware_bridge/protocol.py",
    "firmware_bridge/link.py",
    "firmware_bridge/sim.py",
    "firmware_bridge/firmware/panel.py",
]


def test_mypy_strict_passes_on_the_bridge() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", *FILES],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
