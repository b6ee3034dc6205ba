"""The service menu's power-off, reboot and restart, done once the cabinet has stopped."""

from __future__ import annotations

import subprocess
import sys
from enum import StrEnum
from typing import TextIO


class PowerAction(StrEnum):
    """``poweroff`` or ``reboot`` (``systemctl``, never a shell), or ``restart`` (the
    cabinet exits and systemd starts it again); laptop mode: quit. The service menu's
    power page offers them (cabinet/modes/service/)."""

    POWEROFF = "poweroff"
    REBOOT = "reboot"
    RESTART = "restart"


def power(action: str | None, *, laptop: bool, out: TextIO | None = None) -> None:
    """The service menu's power-off or reboot, after the LEDs went safe: ``systemctl``
    run directly (an argv, never a shell; deploy/50-speed-cabinet-power.rules lets the
    cabinet's user do these two and nothing else). "restart" just exits: the unit's
    ``Restart=always`` starts the cabinet again, with the saved settings. Laptop mode
    only quits. ``out``: None is ``sys.stdout`` at the call."""
    out = sys.stdout if out is None else out
    if action is None:
        return
    if action == "restart" and not laptop:
        print(
            "speed-cabinet: service menu restart: exiting; systemd starts the cabinet "
            "again with the saved settings",
            file=out,
            flush=True,
        )
        return

    argv = power_command(action, laptop=laptop)
    if argv is None:
        print(f"speed-cabinet: service menu {action}: laptop mode, so just quitting", file=out)
        return
    print(f"speed-cabinet: service menu {action}: {' '.join(argv)}", file=out, flush=True)
    subprocess.run(argv, check=False)  # a fixed argv, no shell


def power_command(action: str | None, *, laptop: bool) -> list[str] | None:
    """The command ``power`` runs once the loop has stopped and the LEDs are off: an argv
    for ``subprocess.run`` (never a shell), or None (no request, or laptop mode: quit)."""
    if action not in (PowerAction.POWEROFF, PowerAction.REBOOT) or laptop:
        return None
    return ["systemctl", str(action)]


__all__ = ["PowerAction", "power", "power_command"]
