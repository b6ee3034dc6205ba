"""The modes' stack at a built cabinet, bottom to top:

1. ``FlowDirector`` (cabinet/modes/flow_director.py) runs the player's flow and deals the
   games into the loop;
2. ``ServiceDirector`` (cabinet/modes/service_director.py) stands in front of it with the
   operator's service menu: while the menu is closed it passes every press, batch and
   deadline down to the flow; open, it keeps them.

The top is the loop's ``director``; the flow's ``reset`` is the loop's failsafe. Also the
settings page's files and the power page's command.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from cabinet.config import CabinetConfig
from cabinet.kiosk.settings import BASE_CONFIG, SETTINGS_NAME
from cabinet.modes.flow_director import FlowDirector
from cabinet.modes.ports import Built
from cabinet.modes.service import PowerAction
from cabinet.modes.service_director import ServiceDirector


def service_paths(
    config: CabinetConfig, laptop: bool, state_dir: str | Path | None = None
) -> tuple[Path | None, Path | None]:
    """(installed config, operator settings file) for the settings page, or (None, None)
    in laptop mode, with no state directory (the run's ``Cabinet.state_dir``), or when the
    installed config is not a file (nothing to layer over)."""
    if laptop or state_dir is None:
        return None, None
    for base in (Path(config.source), BASE_CONFIG):
        if base.is_file():
            return base, Path(state_dir) / SETTINGS_NAME
    return None, None


def attach_directors(
    cab: Built, *, laptop: bool, out: TextIO | None = None
) -> tuple[FlowDirector, ServiceDirector]:
    """The player's flow with the service menu in front, attached to a built cabinet's
    loop (window or headless): records and settings from the cabinet's state directory,
    the flow's reset as the loop's failsafe."""
    config = cab.config
    base, settings = service_paths(config, laptop, cab.state_dir)
    players = FlowDirector(config, out=out, records=cab.records)
    director = ServiceDirector(
        players,
        out=out,
        records=cab.records,
        base_path=base,
        settings_path=settings,
        laptop=laptop,
    )
    cab.loop.failsafe = players.reset  # an exception: "resetting", then attract
    director.attach(cab.loop)  # attract mode: a bot demo until a seat presses SLAM
    return players, director


def power_command(action: str | None, *, laptop: bool) -> list[str] | None:
    """The command the app runs once the loop has stopped and the LEDs are off: an argv
    for ``subprocess.run`` (never a shell), or None (no request, or laptop mode: quit)."""
    if action not in (PowerAction.POWEROFF, PowerAction.REBOOT) or laptop:
        return None
    return ["systemctl", str(action)]


__all__ = ["attach_directors", "power_command", "service_paths"]
