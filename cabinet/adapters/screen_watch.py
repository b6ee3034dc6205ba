"""The kiosk's screen when it may be missing, late or unplugged (issue 18).

The cabinet loop runs whether or not there is a screen; the window's frame loop
(cabinet/adapters/window.py) asks ``ScreenWatch`` whether a try to open the screen is due,
and tells it when an open screen was lost. While there is none, the journal carries what
the screen would show (``ScreenLines``, cabinet/adapters/headless.py, switched on here) and
a new try comes every ``ScreenRetry.every_s``; each failed try leaves SDL's video stopped
(``PygameScreen``), so trying is cheap and nothing piles up between tries.

Said once, not per try: the first missing screen, each loss, each screen that opens (with
how long the cabinet was without one). The tries in between are debug lines.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cabinet.adapters.screen_driver import NoScreen, ScreenDriver

if TYPE_CHECKING:
    import pygame

    from cabinet.adapters.headless import ScreenLines

log = logging.getLogger("speed_cabinet.screen")

RETRY_S = 3.0
"""How often the kiosk tries to open a missing screen: a plugged-in HDMI shows the table
within this (plus SDL's own start, well under a second on a Pi)."""


@dataclass(frozen=True, slots=True)
class ScreenRetry:
    """When to try again: every ``every_s`` seconds of ``clock`` (``time.monotonic``)."""

    every_s: float = RETRY_S
    clock: Callable[[], float] = time.monotonic


class ScreenWatch:
    """The screen side's state for a kiosk: missing (trying every few seconds) or open."""

    def __init__(
        self,
        driver: ScreenDriver,
        retry: ScreenRetry,
        *,
        size: tuple[int, int] | None,
        fullscreen: bool,
        lines: ScreenLines | None = None,
    ) -> None:
        self.driver = driver
        self.retry = retry
        self.size = size
        self.fullscreen = fullscreen
        self.lines = lines
        self.missing_since = retry.clock()
        """Since when there has been no screen (the start, or the last loss)."""
        self.next_try = self.missing_since  # the first try at once
        self.tries = 0
        """Tries to open since the last screen opened (or the start)."""
        self.opened = 0
        """Screens opened so far."""
        self.lost_count = 0
        """Screens lost so far."""
        self._said = False

    def wait_s(self) -> float:
        """Seconds until the next try is due (0 when due now)."""
        return max(0.0, self.next_try - self.retry.clock())

    def try_open(self) -> pygame.Surface | None:
        """Open the screen if a try is due; None while it stays missing."""
        now = self.retry.clock()
        if now < self.next_try:
            return None
        self.tries += 1
        try:
            surface = self.driver.open(self.size, self.fullscreen)
        except NoScreen as exc:
            self.next_try = now + self.retry.every_s
            self._missing(str(exc))
            return None
        width, height = surface.get_size()
        if self.opened == 0 and self.tries == 1:
            log.info("screen opened (%dx%d)", width, height)
        else:
            log.info(
                "screen opened (%dx%d) after %.1f s without one",
                width,
                height,
                now - self.missing_since,
            )
        self.opened += 1
        self.tries = 0
        self._said = False
        if self.lines is not None:
            self.lines.active = False  # the screen shows it now
        return surface

    def lost(self, why: str) -> None:
        """The open screen failed: close it, say so once, go back to trying."""
        self.driver.close()
        now = self.retry.clock()
        self.lost_count += 1
        self.missing_since = now
        self.next_try = now + self.retry.every_s
        self._said = True
        log.warning(
            "screen lost (%s): the game plays on with the panels and LEDs, the journal "
            "shows what the screen would; trying to open it again every %g s",
            why,
            self.retry.every_s,
        )
        if self.lines is not None:
            self.lines.active = True

    def _missing(self, why: str) -> None:
        if self._said:
            log.debug("still no screen (%s)", why)
            return
        self._said = True
        log.warning(
            "no screen (%s): the panels and LEDs run the cabinet, the journal shows what "
            "the screen would; trying to open it every %g s",
            why,
            self.retry.every_s,
        )
        if self.lines is not None:
            self.lines.active = True


__all__ = ["RETRY_S", "ScreenRetry", "ScreenWatch"]
