"""What the screen shows changing by itself, between presses: the countdown's digits, the
"still playing?" warning, the failsafe's "resetting" card, and screen care (issue 18;
docs/display.md): attract left alone dims the screen, then blacks it out with every
panel's SLAM breathing. The flow's state knows each (``Flow.count_at``, ``idle_left``,
``care_at``); ``ScreenWatch`` notices when one changes (the screen must be told, the
journal gets a line) and ``care_lights`` answers the black screen's LEDs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from cabinet.modes.flow.state import EPS, Flow, FlowPhase
from cabinet.panel import ASLEEP, PanelLights
from display.view import FlowScreen, FlowView, ScreenCare


class Numbers(Protocol):
    def took_stats(self) -> bool:
        """Did a game's numbers come for the result screen since the last pass?"""
        ...


RESET_CARD_S = 3.0
"""How long the failsafe's "resetting" card stays over the fresh demo."""


class ScreenWatch:
    """What the screen showed when last published, and its lines in the log."""

    __slots__ = ("_care", "_count", "_idle", "_say", "card_until")

    def __init__(self, say: Callable[[str], None]) -> None:
        self._care = ScreenCare.AWAKE
        self._count = 0
        """The countdown's number last shown (0: none): a new one must be published."""
        self._idle = 0
        """The idle warning's seconds last shown (0: none), as ``_count``."""
        self.card_until: float | None = None
        """The failsafe's "resetting" card is up until then."""
        self._say = say

    def raise_card(self, now: float) -> None:
        """The failsafe's "resetting" card goes up for ``RESET_CARD_S``."""
        self.card_until = now + RESET_CARD_S

    def card_up(self, now: float) -> bool:
        return self.card_until is not None and now < self.card_until

    def card(self, flow: Flow) -> FlowView:
        """The "resetting" card, over the fresh demo."""
        return FlowView(FlowScreen.RESETTING, flow.game, hint="back to the demo in a moment")

    def changed(self, flow: Flow, now: float) -> bool:
        """Has what the screen shows changed by itself since last published?"""
        # 3, 2, 1: a new number is published on the pass woken for it. Not the flow's next
        # due time: a pass a hair after a digit's time already sees the next digit's.
        count = flow.count_at(now) if flow.phase is FlowPhase.COUNTDOWN else 0
        counting, self._count = count != self._count, count
        idle = flow.idle_left(now)
        if idle and not self._idle:
            self._say(f"still playing? back to attract in {idle} s unless someone presses")
        warning, self._idle = idle != self._idle, idle
        card = self.card_until is not None and now >= self.card_until - EPS
        if card:
            self.card_until = None  # the "resetting" card comes down
        return counting | warning | card

    def after(self, flow: Flow, now: float, numbers: Numbers) -> bool:
        """After a pass: has what the screen shows changed by itself (a countdown digit,
        the idle warning, the "resetting" card down, the game's numbers, screen care)?"""
        changed = self.changed(flow, now)
        stats = numbers.took_stats()
        care = self.care_changed(flow, now)
        return changed or stats or care

    def care_changed(self, flow: Flow, now: float) -> bool:
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


__all__ = ["RESET_CARD_S", "ScreenWatch", "care_lights"]
