"""What a panel link reports, and the LED modes it shows: the bridge's own types.

The link knows buttons and LEDs by the panel's names (``protocol.BUTTONS``), not the
cabinet's controls; the cabinet maps these types onto its own (cabinet/adapters/serial.py).
So the wire protocol stays the same when the cabinet's model changes, and the bridge
imports nothing of the cabinet's.

* ``ButtonChanged``: a button went down or up, stamped on the host's clock.
* ``PanelStatus``: the link went online, offline, or is receiving garbage.

The link hands them to a ``PanelListener``, one method per event type as in pyserial's
``serial.threaded.Protocol`` (no dispatch on the edge path), on the link's own threads:
the listener must only hand them over (a queue's ``put``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from firmware_bridge import protocol as P


class Button(Enum):
    """A panel button, in ``protocol.BUTTONS`` order (the wire carries its index)."""

    SLOT1 = "slot1"
    SLOT2 = "slot2"
    SLOT3 = "slot3"
    SLOT4 = "slot4"
    SLOT5 = "slot5"
    LEFT = "left"
    RIGHT = "right"
    SLAM = "slam"


class LedMode(Enum):
    """What one panel LED shows, as the level (0-255) the Leds message carries.

    Blinking is not a mode here: the cabinet blinks every panel, serial or GPIO, with one
    phase, so it sends ON and OFF in turn.
    """

    OFF = 0
    DIM = 38
    """0.15 of full, the level the cabinet has always sent for a dimmed LED."""
    ON = 255


ALL_OFF = (LedMode.OFF,) * len(P.BUTTONS)
"""One seat's LEDs all off (a seat's modes are in ``protocol.BUTTONS`` order)."""


class LinkState(Enum):
    ONLINE = "online"
    OFFLINE = "offline"
    GARBAGE = "garbage"
    """Offline because the port delivers bytes but (next to) no valid frame: a bad cable."""


@dataclass(frozen=True, slots=True)
class ButtonChanged:
    """A panel button went down (``pressed``) or up."""

    t: float
    """Host time of the edge (``time.monotonic()``), mapped from the panel's stamp."""
    seat: int
    """The host seat, as mapped by the link's ``seats``."""
    button: Button
    pressed: bool


@dataclass(frozen=True, slots=True)
class PanelStatus:
    """The link to a panel changed state. The cabinet pauses the game while any panel is
    not online and names it on screen (``str(status)`` is a one-line description)."""

    name: str
    """The panel id once a hello was seen, else the port it is looked for on."""
    state: LinkState
    seats: tuple[int, ...]
    """The host seats this panel serves."""
    reason: str
    t: float
    """Host time of the change (``time.monotonic()``)."""

    @property
    def up(self) -> bool:
        return self.state is LinkState.ONLINE

    @property
    def garbage(self) -> bool:
        return self.state is LinkState.GARBAGE

    def __str__(self) -> str:
        seats = ", ".join(str(s + 1) for s in self.seats)
        if self.state is LinkState.GARBAGE:
            return f"panel {self.name} (seat {seats}) {self.reason}"
        return f"panel {self.name} (seat {seats}) {self.state.value}: {self.reason}"


class PanelListener(Protocol):
    """What a link reports to, each call on one of the link's threads."""

    def button_changed(self, event: ButtonChanged) -> None:
        """On the reader thread, in the order the panel sent the edges."""

    def status_changed(self, status: PanelStatus) -> None:
        """On the supervisor thread, on every change of the link's state."""
