"""The panel: eight buttons and the LEDs beside them, modelled once.

Every adapter maps from here: the GPIO pins (``cabinet.adapters.gpio``), the serial
panel's LED levels, the keyboard's key sets, the text view and the display's lights view.
An LED shows one of four things (``Led``); how bright each one is lives here too
(``Led.level``), so a DIM lamp is equally dim on every adapter that drives a real LED.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum


class Control(StrEnum):
    """The eight buttons of a Speed panel (and the LEDs beside them)."""

    SLOT1 = "slot1"
    SLOT2 = "slot2"
    SLOT3 = "slot3"
    SLOT4 = "slot4"
    SLOT5 = "slot5"
    LEFT = "left"
    RIGHT = "right"
    SLAM = "slam"

    @property
    def slot(self) -> int | None:
        """0-4 for the slot buttons, else None."""
        return _SLOT_INDEX.get(self)


SLOTS = (Control.SLOT1, Control.SLOT2, Control.SLOT3, Control.SLOT4, Control.SLOT5)
CONTROLS = tuple(Control)
"""Panel order: slots 1-5, LEFT, RIGHT, SLAM (the wire's button and LED order too)."""
_SLOT_INDEX = {c: k for k, c in enumerate(SLOTS)}


class Led(Enum):
    """What one LED shows; BLINK follows the loop's common blink phase, so a panel (and
    every panel) blinks together. BREATHE is the sleeping screen's SLAM (screen care): a
    slow smooth pulse where the LED has PWM (gpiozero's ``pulse``), else a slow blink on
    the loop's slow phase (``slow_on``, ``cabinet.loop.lights.SLOW_S``)."""

    OFF = "off"
    DIM = "dim"
    ON = "on"
    BLINK = "blink"
    BREATHE = "breathe"

    def level(self, blink_on: bool, slow_on: bool = True) -> float:
        """Brightness 0..1 at this point of the blink phases (a PWM duty cycle); BREATHE
        as its slow blink."""
        if self is Led.BLINK:
            return 1.0 if blink_on else 0.0
        if self is Led.BREATHE:
            return 1.0 if slow_on else 0.0
        return LEVELS[self]


LEVELS = {Led.OFF: 0.0, Led.DIM: 0.15, Led.ON: 1.0}
"""The steady LEDs' brightness: DIM is a low PWM duty (a hint that glows, not a lit lamp)."""


@dataclass(frozen=True, slots=True)
class PanelLights:
    """Every LED of one panel."""

    slots: tuple[Led, Led, Led, Led, Led]
    left: Led
    right: Led
    slam: Led

    def get(self, control: Control) -> Led:
        slot = _SLOT_INDEX.get(control)
        if slot is not None:
            return self.slots[slot]
        if control is Control.LEFT:
            return self.left
        return self.right if control is Control.RIGHT else self.slam

    def leds(self) -> tuple[Led, ...]:
        """The eight LEDs in ``CONTROLS`` order."""
        return (*self.slots, self.left, self.right, self.slam)

    def levels(self, blink_on: bool, slow_on: bool = True) -> tuple[float, ...]:
        """The eight brightness levels (``CONTROLS`` order) at these blink phases."""
        return tuple(led.level(blink_on, slow_on) for led in self.leds())

    @property
    def breathes(self) -> bool:
        """Does any LED breathe (the loop then wakes for the slow phase)?"""
        return Led.BREATHE in self.leds()

    @property
    def blinks(self) -> bool:
        """Does any LED blink (the loop then wakes for the next blink phase)?"""
        blink = Led.BLINK
        return (
            self.slam is blink or self.left is blink or self.right is blink or blink in self.slots
        )


ALL_OFF = PanelLights((Led.OFF,) * 5, Led.OFF, Led.OFF, Led.OFF)
ALL_ON = PanelLights((Led.ON,) * 5, Led.ON, Led.ON, Led.ON)
ALL_BLINK = PanelLights((Led.BLINK,) * 5, Led.BLINK, Led.BLINK, Led.BLINK)
ASLEEP = PanelLights((Led.OFF,) * 5, Led.OFF, Led.OFF, Led.BREATHE)
"""The black screen's panel (screen care): only SLAM, breathing, so guests see the
cabinet is alive and which button wakes it."""


def lit(slots: list[Led], left: bool, right: bool, slam: Led) -> PanelLights:
    """A panel from five slot LEDs, LEFT and RIGHT on or off, and SLAM."""
    return PanelLights(
        (slots[0], slots[1], slots[2], slots[3], slots[4]),
        Led.ON if left else Led.OFF,
        Led.ON if right else Led.OFF,
        slam,
    )


__all__ = [
    "ALL_BLINK",
    "ALL_OFF",
    "ALL_ON",
    "ASLEEP",
    "CONTROLS",
    "LEVELS",
    "SLOTS",
    "Control",
    "Led",
    "PanelLights",
    "lit",
]
