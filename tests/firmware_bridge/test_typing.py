"""``mypy --strict`` on the whole bridge (docs/architecture.md 7 names protocol.py in particular).

Only the firmware modules that import MicroPython-only modules (``machine``, ``rp2``,
``micropython``) are left out; ``firmware/panel.py`` and ``protocol.py``, which also run on
the host, are checked.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MICROPYTHON_ONLY = frozenset(
    {
        "firmware_bridge/firmware/main.py",
        "firmware_bridge/firmware/ws2812.py",
        "firmware_bridge/firmware/config.py",
    }
)


def checked_files() -> list[str]:
    names = (str(p.relative_to(ROOT)) for p in sorted(ROOT.glob("firmware_bridge/**/*.py")))
    return [name for name in names if name not in MICROPYTHON_ONLY]


def test_the_check_covers_every_host_module() -> None:
    files = checked_files()
    for name in (
        "firmware_bridge/protocol.py",
        "firmware_bridge/link.py",
        "firmware_bridge/events.py",
        "firmware_bridge/clock.py",
        "firmware_bridge/discovery.py",
        "firmware_bridge/sim.py",
        "firmware_bridge/firmware/panel.py",
    ):
        assert name in files
    assert not MICROPYTHON_ONLY & set(files)


def test_mypy_strict_passes_on_the_bridge() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", *checked_files()],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
