"""The window's own facts: whether one can open (``try_display``), F12's screenshots, and
the frame loop's constants. The frame loop itself is ``FrameLoop``
(cabinet/adapters/screen/frame_loop.py).

The display is reached only through a ``ScreenDriver`` (cabinet/adapters/screen/driver.py).
The kiosk's loop starts before its screen and never waits for one: with none, the main
thread keeps the watchdog and tries to open it every few seconds
(cabinet/adapters/screen/watch.py), and a screen lost mid-game is closed and tried again
the same way while the game plays on. On the Pi's ``kmsdrm`` driver, where SDL cannot see an
HDMI cable pulled out, the kernel's DRM connectors tell (cabinet/adapters/screen/drm.py).
"""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING

from cabinet.adapters.screen.driver import display_available

if TYPE_CHECKING:
    import pygame

log = logging.getLogger("speed_cabinet.screen")

SWITCH_INTERVAL_S = 0.0005
"""The GIL hand-over time while the window draws (Python's default is 5 ms)."""


SCREENSHOT = "screenshots/speed-cabinet.png"
"""F12's file, relative to the working directory (``$SPEED_CABINET_SCREENSHOT`` overrides
it), numbered from 1: on a laptop ``screenshots/`` in the checkout, which .gitignore lists;
in the kiosk under its working directory /run/speed-cabinet (RAM, charged to the unit's
memory limit: deploy/speed-cabinet.service)."""

SCREENSHOTS_KEPT = 5
"""F12 keeps this many newest shots of a name and removes older ones, so that a kiosk's
F12 pressed again and again cannot fill its RAM."""


def _numbered(path: Path) -> dict[int, Path]:
    """The numbered shots of ``path`` that exist (``shot-3.png`` for ``shot.png``), by number."""
    suffix = path.suffix or ".png"
    found: dict[int, Path] = {}
    if not path.parent.is_dir():
        return found
    for shot in path.parent.glob(f"{path.stem}-*{suffix}"):
        number = shot.name[len(path.stem) + 1 : len(shot.name) - len(suffix)]
        if number.isdigit():
            found[int(number)] = shot
    return found


def _base(base: str | os.PathLike[str] | None) -> Path:
    return Path(
        base if base is not None else os.environ.get("SPEED_CABINET_SCREENSHOT", SCREENSHOT)
    )


def screenshot_path(base: str | os.PathLike[str] | None = None) -> Path:
    """The next numbered file for ``base`` (default: $SPEED_CABINET_SCREENSHOT, else
    ``SCREENSHOT``): ``shot.png`` gives ``shot-1.png``, then ``shot-2.png``, always one
    past the newest there, so each F12 keeps the earlier shots (up to ``SCREENSHOTS_KEPT``)."""
    path = _base(base)
    suffix = path.suffix or ".png"
    return path.with_name(f"{path.stem}-{max(_numbered(path), default=0) + 1}{suffix}")


def prune_screenshots(
    base: str | os.PathLike[str] | None = None, keep: int = SCREENSHOTS_KEPT
) -> list[Path]:
    """Remove all but the ``keep`` newest numbered shots of ``base``; the ones removed."""
    numbered = _numbered(_base(base))
    old = [numbered[n] for n in sorted(numbered)[: max(0, len(numbered) - keep)]]
    for shot in old:
        with contextlib.suppress(FileNotFoundError):
            shot.unlink()
    return old


def save_screenshot(
    screen: pygame.Surface, base: str | os.PathLike[str] | None = None
) -> Path | None:
    """Save ``screen`` to the next numbered file (its folder made if missing), keep the
    newest ``SCREENSHOTS_KEPT`` and log where; None (logged) if it cannot be written (a
    read-only kiosk)."""
    import pygame

    shot = screenshot_path(base)
    try:
        shot.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(screen, str(shot))
        prune_screenshots(base)
    except (OSError, pygame.error) as exc:
        log.warning("screenshot %s not saved: %s", shot, exc)
        return None
    log.info("screenshot saved to %s (the newest %d are kept)", shot.resolve(), SCREENSHOTS_KEPT)
    return shot


FALLBACK_FILL = (16, 16, 24)
"""The plain card drawn right after a frame failed (until a frame draws normally again)."""
FALLBACK_TEXT = (220, 220, 230)

FRAME_STEP_S = 0.25
"""The longest the frame loop's thread waits while there is no screen (a watchdog ping
or a try to open may fall due meanwhile)."""


def try_display() -> str | None:
    """None if SDL's video starts on a display (the window can open), else why not."""
    from cabinet.adapters.screen.driver import NoScreen, start_video

    reason = display_available()
    if reason is not None:
        return reason
    try:
        start_video()
    except NoScreen as exc:
        return f"SDL video did not start ({exc})"
    except ImportError as exc:
        return f"pygame-ce is not installed ({exc})"
    return None


__all__ = [
    "FALLBACK_FILL",
    "FALLBACK_TEXT",
    "FRAME_STEP_S",
    "SCREENSHOTS_KEPT",
    "SWITCH_INTERVAL_S",
    "display_available",
    "prune_screenshots",
    "save_screenshot",
    "screenshot_path",
    "try_display",
]
