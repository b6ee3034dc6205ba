"""The panel's eight controls, as the config names them (``buttons``, ``leds``,
``operator_code``). The one definition the rest of the package imports."""

from __future__ import annotations

from enum import StrEnum


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
        return SLOTS.index(self) if self in SLOTS else None


SLOTS = (Control.SLOT1, Control.SLOT2, Control.SLOT3, Control.SLOT4, Control.SLOT5)
CONTROLS = tuple(Control)
