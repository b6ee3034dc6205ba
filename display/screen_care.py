"""Screen care (docs/display.md): the burn-in shift and the dimmed screen's veil.

A cabinet left in attract for hours shows the same felt, info line and labels in the same
place; an OLED or plasma (and, slowly, an LCD) keeps their ghost. So the whole picture
moves a few pixels along a slow path (``shift_at``), a pure function of the seconds the
renderer has been drawing: exactly (0, 0) at 0 and for its first minute, so a test that
draws at time 0 (or pins the clock) sees every pixel where it always was (the first pixel
of shift comes after about 40 s). Attract left
alone dims (a dark veil over the frame), then goes black (the renderer draws nothing).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

SHIFT_PX = 3
"""Half the shift's swing: the picture moves 0 to 2 * SHIFT_PX pixels right and down."""
PERIOD_X_S = 11 * 60.0
PERIOD_Y_S = 7 * 60.0
"""The shift's periods across and down: different (and coprime in minutes), so the path
wanders over the whole square instead of a diagonal; a pixel moves once a minute or so."""

DIM_ALPHA = 170
"""The dimmed screen's veil: black at this opacity (of 255) over the frame, so attract
still reads ("press SLAM to join") at a third of its light."""


@dataclass(frozen=True, slots=True)
class Shift:
    """How far the picture is drawn right (``dx``) and down (``dy``), in pixels."""

    dx: int = 0
    dy: int = 0

    @property
    def zero(self) -> bool:
        return self.dx == 0 and self.dy == 0


NO_SHIFT = Shift()


def shift_at(seconds: float) -> Shift:
    """The burn-in shift after ``seconds`` of drawing: 0 to ``2 * SHIFT_PX`` each way,
    whole pixels, (0, 0) at 0 (and for the first 40 s or so), changing over minutes."""
    if seconds <= 0:
        return NO_SHIFT
    dx = round(SHIFT_PX * (1 - math.cos(2 * math.pi * seconds / PERIOD_X_S)))
    dy = round(SHIFT_PX * (1 - math.cos(2 * math.pi * seconds / PERIOD_Y_S)))
    return Shift(dx, dy)


def shifted(surface: pygame.Surface, shift: Shift) -> pygame.Surface:
    """Where a frame shifted by ``shift`` is drawn: a subsurface of ``surface`` moved right
    and down (no copy: the frame is drawn there directly; its right and bottom ``shift``
    pixels fall off the screen), the uncovered left and top strips painted black. Only
    right and down, so it costs nothing: a subsurface cannot start left of its parent."""
    if shift.zero:
        return surface
    w, h = surface.get_size()
    dx, dy = min(shift.dx, w - 1), min(shift.dy, h - 1)
    if dx:
        surface.fill((0, 0, 0), pygame.Rect(0, 0, dx, h))
    if dy:
        surface.fill((0, 0, 0), pygame.Rect(0, 0, w, dy))
    return surface.subsurface(pygame.Rect(dx, dy, w - dx, h - dy))


class Veil:
    """The dimmed screen's dark veil, one surface per size (made once)."""

    def __init__(self) -> None:
        self._surf: pygame.Surface | None = None

    def over(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        veil = self._surf
        if veil is None or veil.get_size() != size:
            veil = pygame.Surface(size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, DIM_ALPHA))
            self._surf = veil
        surface.blit(veil, (0, 0))


__all__ = [
    "DIM_ALPHA",
    "NO_SHIFT",
    "PERIOD_X_S",
    "PERIOD_Y_S",
    "SHIFT_PX",
    "Shift",
    "Veil",
    "shift_at",
    "shifted",
]
