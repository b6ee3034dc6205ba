"""The kiosk's screen when it may be missing, late or unplugged (issue 18).

The cabinet loop runs whether or not there is a screen; the window's frame loop
(cabinet/adapters/screen/frame_loop.py) asks ``ScreenWatch`` whether a try to open the screen
is due, and tells it when an open screen was lost. While there is none, the journal carries what
the screen would show (``ScreenLines``, cabinet/adapters/headless.py, switched on here) and
a new try comes every ``ScreenRetry.every_s``; each failed try leaves SDL's video stopped
(``PygameScreen``), so trying is cheap and nothing piles up between tries.

Said once, not per try: the first missing screen, each loss, each screen that opens (with
how long the cabinet was without one). The tries in between are debug lines.

On the Pi's ``kmsdrm`` driver SDL cannot tell that the HDMI cable was pulled, so the watch
also reads the kernel's DRM connectors (``connectors``, cabinet/adapters/screen/drm.py)
every ``every_s``: an open screen whose connectors all read ``disconnected`` (none
``connected``) is closed as unplugged, and a missing screen is tried only once a connector
reads ``connected`` (no SDL start every few seconds on a cabinet without a monitor; a
monitor plugged back in gets a fresh SDL start, which sets its mode again). Connectors
that say nothing (none there, ``unknown``) leave SDL to decide, as without them.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from cabinet.adapters.screen.driver import NoScreen, ScreenDriver
from cabinet.adapters.screen.drm import Monitor

if TYPE_CHECKING:
    import pygame

    from cabinet.adapters.screen.drm import DrmConnectors

log = logging.getLogger("speed_cabinet.screen")

RETRY_S = 3.0
"""How often the kiosk tries to open a missing screen: a plugged-in HDMI shows the table
within this (plus SDL's own start, well under a second on a Pi)."""


class JournalLines(Protocol):
    """What the watch switches of the journal's screen lines (``ScreenLines``,
    cabinet/adapters/headless.py): on while there is no screen, off while one shows it."""

    active: bool


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
        lines: JournalLines | None = None,
        connectors: DrmConnectors | None = None,
    ) -> None:
        self.driver = driver
        self.retry = retry
        self.connectors = connectors
        """The kernel's connectors (only the kiosk on ``kmsdrm``); None: SDL alone decides."""
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
        self.next_check = self.missing_since
        """When the open screen's connectors are read next."""
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
        if self.connectors is not None:
            reading = self.connectors.read()
            if reading.monitor is Monitor.UNPLUGGED:  # no monitor: SDL is not even started
                self.next_try = now + self.retry.every_s
                self._missing(reading.why())
                return None
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
        self.next_check = now + self.retry.every_s
        self._said = False
        if self.lines is not None:
            self.lines.active = False  # the screen shows it now
        return surface

    def unplugged(self) -> bool:
        """Read the connectors if due (every ``every_s``) while the screen is open; if the
        monitor is unplugged, close the screen as lost and return True."""
        if self.connectors is None:
            return False
        now = self.retry.clock()
        if now < self.next_check:
            return False
        self.next_check = now + self.retry.every_s
        reading = self.connectors.read()
        if reading.monitor is not Monitor.UNPLUGGED:
            return False
        self.lost(reading.why(), unplugged=True)
        return True

    def lost(self, why: str, *, unplugged: bool = False) -> None:
        """The open screen failed (or its monitor was ``unplugged``): close it, say so
        once, go back to trying."""
        self.driver.close()
        now = self.retry.clock()
        self.lost_count += 1
        self.missing_since = now
        self.next_try = now + self.retry.every_s
        self._said = True
        log.warning(
            "screen %s (%s): the game plays on with the panels and LEDs, the journal "
            "shows what the screen would; trying to open it again every %g s",
            "unplugged" if unplugged else "lost",
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
