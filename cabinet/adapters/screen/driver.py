"""The screen as a small seam: open, flip, pump events, close (issue 18).

The window's frame loop (cabinet/adapters/screen/frame_loop.py) talks to the display only
through a ``ScreenDriver``, so it can tell "the display went away" from "our drawing broke": every
failure of a display call comes out as ``NoScreen`` (opening) or ``ScreenLost`` (a screen
that was open), and anything else raised while a frame draws is a drawing fault for the
loop's failsafe. ``PygameScreen`` is the real one (SDL through pygame-ce); the tests put a
driver in front of it that fails on the tries they choose.

What SDL can tell us: with X11 or Wayland, closing the window is an event (``QUIT``,
``WINDOWCLOSE``) and a dead display server fails the next call. With ``kmsdrm`` (the Pi's
kiosk) SDL 2 finds the connected HDMI connectors once, when the video subsystem starts
("No connected displays found" when there is none), and sends no hot-plug events after that;
a failed page flip is only written to SDL's own log, so pygame-ce's ``flip`` does not raise.
SDL alone therefore misses an HDMI cable pulled out while the screen is open (the frames go
to the connector as before); the kiosk reads the kernel's DRM connector status for that
(cabinet/adapters/screen/drm.py, used by cabinet/adapters/screen/watch.py), and
deploy/README.md says what the operator sees.

Two guards in ``open``: SDL's ``offscreen`` driver, which it falls back to when no display
answers, counts as no screen (unless asked for by name); and the window gets an icon of
ours, because pygame-ce otherwise loads its own through Python code whose errors it clears,
which swallowed a SIGTERM (systemd's stop) arriving just then.
"""

from __future__ import annotations

import contextlib
import os
from typing import TYPE_CHECKING, Protocol

from cabinet.errors import CabinetError

if TYPE_CHECKING:
    import pygame


class NoScreen(CabinetError):
    """No screen opened; the message says why in one line (SDL's own words)."""


class ScreenLost(CabinetError):
    """A screen that was open failed (a display call raised, or the window was closed)."""


class ScreenDriver(Protocol):
    """The display calls the frame loop makes, nothing else."""

    def open(self, size: tuple[int, int] | None, fullscreen: bool) -> pygame.Surface:
        """Start the display and open the screen: ``size`` None fills the screen when
        ``fullscreen``, else a default window. Raises ``NoScreen``, leaving nothing open."""
        ...

    def surface(self) -> pygame.Surface:
        """The screen's surface now (after a resize). Raises ``ScreenLost``."""
        ...

    def flip(self) -> None:
        """Show what was drawn. Raises ``ScreenLost``."""
        ...

    def events(self) -> list[pygame.event.Event]:
        """The window's pending events. Raises ``ScreenLost``."""
        ...

    def close(self) -> None:
        """Close the screen and stop the display (never raises; safe when not open)."""
        ...


def display_available(env: dict[str, str] | None = None) -> str | None:
    """None if a window can be tried, else why not (no display server, no SDL driver)."""
    env = dict(os.environ) if env is None else env
    if env.get("SDL_VIDEODRIVER"):
        return None
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    return "no DISPLAY or WAYLAND_DISPLAY and no SDL_VIDEODRIVER"


def start_video() -> None:
    """Start SDL's video subsystem on a real display, or raise ``NoScreen`` with it
    stopped again (nothing half-started is left for the next try)."""
    reason = display_available()
    if reason is not None:
        raise NoScreen(reason)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame as pg

    try:
        pg.display.init()
        requested = os.environ.get("SDL_VIDEODRIVER", "")
        if pg.display.get_driver() == "offscreen" and requested != "offscreen":
            # SDL's last resort when no display answers: frames nobody would see.
            raise NoScreen("no display answered (SDL fell back to its offscreen driver)")
    except NoScreen:
        pg.display.quit()
        raise
    except Exception as exc:  # pygame.error: no X server behind DISPLAY, no such driver
        pg.display.quit()
        raise NoScreen(_one_line(exc)) from exc


DEFAULT_SIZE = (1280, 720)
"""The window's size when none is given and it is not fullscreen."""


ICON_FELT = (20, 90, 50)
ICON_CARD = (245, 245, 240)


def _icon() -> pygame.Surface:
    """The window's icon: a card on the felt (drawn, not loaded from a file)."""
    import pygame as pg

    icon = pg.Surface((32, 32))
    icon.fill(ICON_FELT)
    icon.fill(ICON_CARD, pg.Rect(9, 5, 14, 22))
    return icon


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


class PygameScreen:
    """The real display: SDL's video subsystem through pygame-ce.

    Each ``open`` starts SDL's video subsystem and a failed one stops it again, so a
    retry starts from nothing (no half-open driver, no file descriptor kept between tries).
    """

    def __init__(self, title: str = "speed-cabinet") -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        self.title = title

    def open(self, size: tuple[int, int] | None, fullscreen: bool) -> pygame.Surface:
        import pygame as pg

        # A window may be resized (the table is laid out again for its new size).
        flags = pg.FULLSCREEN if fullscreen else pg.RESIZABLE
        if size is None:
            size = (0, 0) if fullscreen else DEFAULT_SIZE
        try:
            start_video()
            pg.font.init()
            # Our own icon: without one, set_mode loads pygame's through Python code whose
            # errors it clears, and a SIGTERM (systemd's stop) landing there would be lost.
            pg.display.set_icon(_icon())
            try:
                screen = pg.display.set_mode(size, flags, vsync=1)
            except pg.error:  # no vsync renderer (SDL's dummy driver, some X servers)
                screen = pg.display.set_mode(size, flags)
            pg.display.set_caption(self.title)
        except NoScreen:
            self.close()
            raise
        except Exception as exc:  # pygame.error, or SDL's video refusing outright
            self.close()
            raise NoScreen(_one_line(exc)) from exc
        return screen

    def surface(self) -> pygame.Surface:
        import pygame as pg

        try:
            surface = pg.display.get_surface()
        except pg.error as exc:
            raise ScreenLost(_one_line(exc)) from exc
        if surface is None:
            raise ScreenLost("the screen has no surface any more")
        return surface

    def flip(self) -> None:
        import pygame as pg

        try:
            pg.display.flip()
        except pg.error as exc:
            raise ScreenLost(_one_line(exc)) from exc

    def events(self) -> list[pygame.event.Event]:
        import pygame as pg

        try:
            return pg.event.get()
        except pg.error as exc:
            raise ScreenLost(_one_line(exc)) from exc

    def close(self) -> None:
        import pygame as pg

        with contextlib.suppress(Exception):  # closing what is already gone
            pg.display.quit()


__all__ = [
    "DEFAULT_SIZE",
    "NoScreen",
    "PygameScreen",
    "ScreenDriver",
    "ScreenLost",
    "display_available",
    "start_video",
]
