"""Screen care at the cabinet (issue 18; docs/display.md): attract left alone dims the
screen, then blacks it out with every panel's SLAM breathing. The flow's state knows the
level (``Flow.care_at``); this part notices when it changes (the screen must be told, the
journal gets one line) and answers the black screen's LEDs."""

from __future__ import annotations

from collections.abc import Callable

from cabinet.modes.flow.state import Flow
from cabinet.panel import ASLEEP, PanelLights
from display.view import ScreenCare


class CareWatch:
    """The screen's care level last published, and its line in the log."""

    __slots__ = ("_care", "_say")

    def __init__(self, say: Callable[[str], None]) -> None:
        self._care = ScreenCare.AWAKE
        self._say = say

    def changed(self, flow: Flow, now: float) -> bool:
        """Has the screen's care level changed since last published? Logged once each."""
        care = flow.care_at(now)
        if care is self._care:
            return False
        self._care = care
        cfg = flow.config
        match care:
            case ScreenCare.DIM:
                self._say(f"screen dimmed: {cfg.dim_after_s} s of attract with no press")
            case ScreenCare.BLANK:
                self._say(f"screen black, SLAM breathing: {cfg.blank_after_s} s with no press")
            case ScreenCare.AWAKE:
                self._say("screen awake")
        return True


def care_lights(flow: Flow, now: float) -> PanelLights | None:
    """The black screen's panels: only SLAM, breathing; otherwise None (the game's). A dim
    screen keeps attract's own LEDs: its SLAM cue still shows."""
    return ASLEEP if flow.care_at(now) is ScreenCare.BLANK else None


__all__ = ["CareWatch", "care_lights"]
