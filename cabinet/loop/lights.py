"""The panels' LEDs: what each seat's controls show for the game (or what the service
menu's LED test or the sleeping screen shows instead), written only where it changed,
every panel on one blink phase (``BLINK_S``) and one slow phase (``SLOW_S``: a breathing
LED's slow blink where it has no PWM)."""

from __future__ import annotations

import math
from collections.abc import Callable

from cabinet.loop.seats import in_game
from cabinet.loop.table import Table
from cabinet.panel import ALL_OFF, Led, PanelLights

BLINK_S = 0.25
"""Half a blink period: SLAM cues and teach hints blink at 2 Hz, every panel in phase."""

SLOW_S = 1.0
"""Half the slow phase: a breathing LED without PWM (a plain GPIO LED, a serial panel) is
on 1 s, off 1 s; the loop wakes only once a second for it."""

LightsOverride = Callable[[int], PanelLights | None]
"""Per seat index, LEDs to show instead of the game's (the service menu's LED test, the
black screen's breathing SLAM); None: the game's."""


class PanelLamps:
    __slots__ = ("blinking", "breathing", "override", "table")

    def __init__(self, table: Table, *, override: LightsOverride | None = None) -> None:
        self.table = table
        self.override = override
        self.blinking = False
        """Does some LED blink (the loop wakes at each blink phase)?"""
        self.breathing = False
        """Does some LED breathe (the loop wakes at each slow phase)?"""

    def refresh(self, now: float) -> None:
        """Recompute each panel's LEDs if the game (or a lockout's end) may have changed
        them, and write the ones that differ, with the common blink phase."""
        table = self.table
        blink_on = math.floor((now - table.t0) / BLINK_S) % 2 == 0
        slow_on = math.floor(now / SLOW_S) % 2 == 0  # not from t0: a demo's deal restarts t0
        out = table.outbox
        dirty = out.lights_dirty
        out.lights_dirty = False
        blinking = breathing = False
        state = table.state
        ms = -1
        override = self.override
        for seat in table.seats:
            if seat.panel is None:
                continue
            lights = seat.lights
            # A blinking LEFT: locked out (or a SLAM cue), which ends by itself.
            if dirty or lights is None or lights.left is Led.BLINK:
                if ms < 0:
                    ms = table.ms(now)
                lights = seat.lights = (
                    seat.controller.lights(state, seat.config.assist, ms)
                    if in_game(seat, state)
                    else ALL_OFF  # a seat the game does not seat: dark
                )
            if override is not None:
                lights = override(seat.config.index) or lights
            if lights.blinks:
                blinking = True
            slow = True
            if lights.breathes:
                breathing, slow = True, slow_on
            shown = (lights, blink_on, slow)
            if seat.shown != shown:
                seat.shown = shown
                seat.panel.show(lights, blink_on, slow)
        self.blinking = blinking
        self.breathing = breathing

    def next_blink(self, now: float) -> float | None:
        """The next blink (or, while only breathing, slow) phase change."""
        if self.blinking:
            t0 = self.table.t0
            return t0 + (math.floor((now - t0) / BLINK_S) + 1) * BLINK_S
        if self.breathing:
            return (math.floor(now / SLOW_S) + 1) * SLOW_S
        return None

    def all_off(self) -> None:
        """The safe state: every LED off."""
        for seat in self.table.seats:
            if seat.panel is not None:
                seat.panel.all_off()


__all__ = ["BLINK_S", "SLOW_S", "LightsOverride", "PanelLamps"]
