"""The cabinet's side of a serial seat: a panel link's events in, the seat's LEDs out.

The link (firmware_bridge/link.py) speaks the bridge's own types (firmware_bridge/events.py):
``ButtonChanged`` and ``PanelStatus`` events, ``LedMode`` levels. This module is where
they meet the cabinet's (cabinet/inputs.py, cabinet/panel.py): a panel button is a
``Control``, an edge goes into the inbox as a ``ButtonEdge`` like a GPIO edge, a status as
a ``LinkChanged``, and each ``Led`` of a ``PanelLights`` becomes a ``LedMode``, with
``BLINK`` shown as ON or OFF by the loop's blink phase (every panel, serial or GPIO, in
step). Both tables are written out so that neither side's values have to agree with the
other's (a test keeps the DIM lamp's wire level at ``panel.LEVELS[Led.DIM]`` of full).
"""

from __future__ import annotations

from cabinet.config import SeatConfig
from cabinet.inputs import ButtonEdge, LinkChanged, Put
from cabinet.panel import Control, Led, PanelLights
from firmware_bridge.events import ALL_OFF, Button, ButtonChanged, LedMode, PanelStatus
from firmware_bridge.link import PanelLink

CONTROL_OF: dict[Button, Control] = {
    Button.SLOT1: Control.SLOT1,
    Button.SLOT2: Control.SLOT2,
    Button.SLOT3: Control.SLOT3,
    Button.SLOT4: Control.SLOT4,
    Button.SLOT5: Control.SLOT5,
    Button.LEFT: Control.LEFT,
    Button.RIGHT: Control.RIGHT,
    Button.SLAM: Control.SLAM,
}
"""Each panel button is the cabinet control of the same name."""

_STEADY: dict[Led, LedMode] = {Led.OFF: LedMode.OFF, Led.DIM: LedMode.DIM, Led.ON: LedMode.ON}
MODE_OF: dict[bool, dict[Led, LedMode]] = {
    True: {**_STEADY, Led.BLINK: LedMode.ON, Led.BREATHE: LedMode.ON},
    False: {**_STEADY, Led.BLINK: LedMode.OFF, Led.BREATHE: LedMode.ON},
}
"""``MODE_OF[blink_on][led]``: the mode a cabinet LED shows in this blink phase (BREATHE
in its slow phase's lit half; ``show`` puts it out in the other half)."""

_SLOW_OFF = {blink_on: {**modes, Led.BREATHE: LedMode.OFF} for blink_on, modes in MODE_OF.items()}
"""``MODE_OF`` in the slow phase's dark half. The frame protocol carries one level per LED
and no pulse, so a serial panel's BREATHE is the slow blink (1 s on, 1 s off): smoothing it
would take a frame from the loop many times a second."""


def link_changed(status: PanelStatus) -> LinkChanged:
    """A link's status as the cabinet's inbox item (``str(status)``: its one line)."""
    return LinkChanged(status.t, status.name, status.up, status.seats, str(status))


class InboxFeed:
    """A link's listener (``firmware_bridge.events.PanelListener``), on the link's threads:
    a button edge or a status goes into the inbox as the cabinet's item."""

    def __init__(self, put: Put) -> None:
        self._put = put

    def button_changed(self, event: ButtonChanged) -> None:
        self._put(ButtonEdge(event.t, event.seat, CONTROL_OF[event.button], event.pressed))

    def status_changed(self, status: PanelStatus) -> None:
        self._put(link_changed(status))


class SerialLights:
    """The LED port for one serial seat, like ``cabinet.adapters.gpio.GpioPanel``'s LED
    side: ``show(PanelLights, blink_on, slow_on)`` sets the seat's eight LEDs on the link."""

    def __init__(self, link: PanelLink, seat: int) -> None:
        self.link = link
        self.seat = seat

    def show(self, lights: PanelLights, blink_on: bool, slow_on: bool = True) -> None:
        mode = MODE_OF[blink_on] if slow_on else _SLOW_OFF[blink_on]
        slots = lights.slots
        self.link.set_leds(
            self.seat,
            (
                mode[slots[0]],
                mode[slots[1]],
                mode[slots[2]],
                mode[slots[3]],
                mode[slots[4]],
                mode[lights.left],
                mode[lights.right],
                mode[lights.slam],
            ),
        )

    def all_off(self) -> None:
        self.link.set_leds(self.seat, ALL_OFF)

    def close(self) -> None:
        self.all_off()


def open_serial_seat(seat: SeatConfig, put: Put) -> SerialLights:
    """Start the link to ``seat``'s panel (its seat 0 is this seat), its edges and statuses
    into the inbox by ``put``; close with ``.link.close()``, which darkens the panel first."""
    if seat.serial is None:
        raise ValueError(f"{seat.name} has no serial port configured")
    link = PanelLink(seat.serial, InboxFeed(put), seats={0: seat.index}, name=seat.name)
    return SerialLights(link, seat.index)


__all__ = ["CONTROL_OF", "MODE_OF", "InboxFeed", "SerialLights", "link_changed", "open_serial_seat"]
