"""The "needs the operator" line on the cabinet's screen (issue 17,
``cabinet/kiosk/operator_wait.py``).

A full screen with the one line on it, word-wrapped and large enough to read from where the
operator stands, so the person who opens the cabinet sees what the journal says. It opens
the same display the game would (``SDL_VIDEODRIVER``: kmsdrm on the Pi); with none, there is
no screen and the journal and the LEDs carry the message alone.
"""

from __future__ import annotations

import os
from typing import Any

BACKGROUND = (90, 0, 0)
TEXT = (255, 255, 255)
TITLE = "The cabinet needs the operator"


def wrap(line: str, fits: Any, limit: int) -> list[str]:
    """``line`` in rows whose width (``fits(text)``, pixels) stays within ``limit``."""
    rows: list[str] = []
    row = ""
    for word in line.split():
        candidate = f"{row} {word}" if row else word
        if row and fits(candidate) > limit:
            rows.append(row)
            row = word
        else:
            row = candidate
    if row:
        rows.append(row)
    return rows


class OperatorScreen:
    """The message on the whole screen; ``pump`` keeps SDL's event queue drained."""

    def __init__(self, surface: Any) -> None:
        import pygame

        self._pygame = pygame
        self.surface = surface
        pygame.font.init()
        height = surface.get_height()
        self._title = pygame.font.Font(None, max(24, height // 12))
        self._body = pygame.font.Font(None, max(18, height // 20))
        self.line = ""

    def show(self, line: str) -> None:
        self.line = line
        pygame = self._pygame
        width, height = self.surface.get_size()
        margin = width // 16
        self.surface.fill(BACKGROUND)
        y = height // 6
        title = self._title.render(TITLE, True, TEXT)
        self.surface.blit(title, (margin, y))
        y += title.get_height() * 2
        for row in wrap(line, lambda text: self._body.size(text)[0], width - 2 * margin):
            image = self._body.render(row, True, TEXT)
            self.surface.blit(image, (margin, y))
            y += image.get_height() + image.get_height() // 3
        pygame.display.flip()

    def pump(self) -> None:
        self._pygame.event.pump()

    def close(self) -> None:
        self._pygame.display.quit()


def open_operator_screen() -> OperatorScreen | None:
    """The screen, or None when no display opens (the kiosk's headless fallback)."""
    from cabinet.adapters.screen.window import try_display

    if try_display() is not None:
        return None
    import pygame

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        info = pygame.display.Info()
        size = (info.current_w, info.current_h) if info.current_w > 0 else (800, 480)
        surface = pygame.display.set_mode(size)
        pygame.display.set_caption("speed-cabinet: needs the operator")
        return OperatorScreen(surface)
    except Exception:  # a driver that starts but gives no mode: journal and LEDs only
        pygame.display.quit()
        return None


__all__ = ["OperatorScreen", "open_operator_screen", "wrap"]
