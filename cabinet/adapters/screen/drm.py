"""Whether a monitor is plugged in, as the kernel's DRM connectors say (issue 18).

Under SDL's ``kmsdrm`` driver (the Pi's kiosk) SDL sends no hot-plug events and a page
flip to an unplugged HDMI output does not fail (cabinet/adapters/screen/driver.py), so the
kiosk reads the kernel's own connector status instead: one ``status`` file per connector,
``/sys/class/drm/card1-HDMI-A-1/status`` holding ``connected``, ``disconnected`` or
``unknown``. Reading it returns the state the kernel last saw (its hot-plug interrupt or
its output poll keeps it current) without probing the monitor, so a read every few seconds
is cheap (docs/hardware.md 8).

Only the kiosk on ``kmsdrm`` asks (``kiosk_connectors``): under X11 or Wayland the display
server owns the outputs, and a laptop's unused HDMI socket reading ``disconnected`` says
nothing about its window.
"""

from __future__ import annotations

import logging
import os
import sys
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

log = logging.getLogger("speed_cabinet.screen")

SYS_CLASS_DRM = Path("/sys/class/drm")
"""Where the kernel lists its DRM cards and their connectors."""

STATUS_GLOB = "card*-*/status"
"""One file per connector (``card1-HDMI-A-1/status``); the cards themselves have none."""


class ConnectorStatus(Enum):
    """What one connector's ``status`` file says (the kernel's three words)."""

    CONNECTED = "connected"
    DISCONNECTED = "disconnected"
    UNKNOWN = "unknown"


class Monitor(Enum):
    """What the connectors together say about a monitor."""

    PLUGGED = "plugged"
    """Some connector reads ``connected``."""
    UNPLUGGED = "unplugged"
    """None reads ``connected`` and at least one reads ``disconnected``."""
    UNKNOWN = "unknown"
    """No connector files, or only ``unknown`` (or unreadable) ones: the kiosk behaves as
    without the connectors (it trusts SDL)."""


@dataclass(frozen=True, slots=True)
class Connector:
    """One connector and its status: ``name`` as the kernel lists it (``card1-HDMI-A-1``)."""

    name: str
    status: ConnectorStatus

    @property
    def output(self) -> str:
        """The output's own name, without the card (``HDMI-A-1``)."""
        return self.name.split("-", 1)[1] if "-" in self.name else self.name


@dataclass(frozen=True, slots=True)
class ConnectorReading:
    """One read of every connector, and what it means for the monitor."""

    connectors: tuple[Connector, ...]

    @property
    def monitor(self) -> Monitor:
        statuses = {c.status for c in self.connectors}
        if ConnectorStatus.CONNECTED in statuses:
            return Monitor.PLUGGED
        if ConnectorStatus.DISCONNECTED in statuses:
            return Monitor.UNPLUGGED
        return Monitor.UNKNOWN

    def why(self) -> str:
        """The log's words for an unplugged monitor: ``HDMI-A-1 disconnected``."""
        gone = [c.output for c in self.connectors if c.status is ConnectorStatus.DISCONNECTED]
        return f"{', '.join(gone)} disconnected"


class DrmConnectors:
    """Reads the connectors under ``root`` (the tests give a tmp_path tree).

    A file that cannot be read, or says something else, counts as ``unknown`` and is logged
    once (per file), never raised: a kernel quirk must not stop the cabinet."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = SYS_CLASS_DRM if root is None else root
        self._said: set[str] = set()

    def read(self) -> ConnectorReading:
        try:
            paths = sorted(self.root.glob(STATUS_GLOB))
        except OSError as exc:  # the folder itself unreadable
            self._say_once(str(self.root), f"DRM connectors not listed ({exc})")
            return ConnectorReading(())
        return ConnectorReading(tuple(self._connector(p) for p in paths))

    def _connector(self, path: Path) -> Connector:
        name = path.parent.name
        try:
            text = path.read_text(encoding="ascii").strip()
        except (OSError, UnicodeDecodeError) as exc:
            self._say_once(str(path), f"DRM connector {name} unreadable ({exc}): unknown")
            return Connector(name, ConnectorStatus.UNKNOWN)
        try:
            return Connector(name, ConnectorStatus(text))
        except ValueError:
            self._say_once(str(path), f"DRM connector {name} says {text!r}: unknown")
            return Connector(name, ConnectorStatus.UNKNOWN)

    def _say_once(self, key: str, message: str) -> None:
        if key in self._said:
            return
        self._said.add(key)
        log.warning("%s", message)


def kiosk_connectors(
    env: dict[str, str] | None = None, platform: str | None = None, root: Path | None = None
) -> DrmConnectors | None:
    """The connectors to watch, or None where they say nothing about our screen.

    Only SDL's ``kmsdrm`` driver draws straight to a DRM connector: asked for by name
    (``SDL_VIDEODRIVER=kmsdrm``, as the unit sets; the first name when several are listed),
    or left to SDL on a Linux console (no driver named, no X11 or Wayland display).
    X11, Wayland, SDL's dummy or offscreen driver, and every other system: None."""
    env = dict(os.environ) if env is None else env
    platform = sys.platform if platform is None else platform
    if not platform.startswith("linux"):
        return None
    requested = env.get("SDL_VIDEODRIVER", "").split(",")[0].strip().lower()
    if requested:
        return DrmConnectors(root) if requested == "kmsdrm" else None
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    return DrmConnectors(root)


__all__ = [
    "STATUS_GLOB",
    "SYS_CLASS_DRM",
    "Connector",
    "ConnectorReading",
    "ConnectorStatus",
    "DrmConnectors",
    "Monitor",
    "kiosk_connectors",
]
