"""Fake sysfs trees for the power flags (for tests/cabinet/adapters/test_power_flags.py and
tests/cabinet/loop/test_power_health.py): a firmware file, an rpi_volt hwmon, and an inbox
drained."""

from __future__ import annotations

import queue
from pathlib import Path

from cabinet.inputs import Inbox, InboxItem

PI4_FIRMWARE = "devices/platform/soc/soc:firmware"


def firmware(root: Path, text: str, folder: str = PI4_FIRMWARE) -> Path:
    path = root / folder / "get_throttled"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def hwmon(root: Path, name: str, alarm: str | None, index: int = 0) -> Path:
    """A ``class/hwmon/hwmonN`` folder named ``name`` (with an alarm file unless None)."""
    folder = root / "class/hwmon" / f"hwmon{index}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "name").write_text(name + "\n")
    if alarm is not None:
        (folder / "in0_lcrit_alarm").write_text(alarm)
    return folder / "in0_lcrit_alarm"


def drain(inbox: Inbox) -> list[InboxItem]:
    out = []
    while True:
        try:
            out.append(inbox.get_nowait())
        except queue.Empty:
            return out
