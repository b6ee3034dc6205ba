"""Pixel probes the display tests share: colours seen in a rectangle, pixels two surfaces
differ in, and the screenshot a test saves when asked (``FLOW_SHOTS``, ``SERVICE_SHOTS``)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame


def colours(surface: pygame.Surface, rect: pygame.Rect) -> set[tuple[int, int, int]]:
    """The colours at every third pixel of ``rect``."""
    seen = set()
    for x in range(rect.left, rect.right, 3):
        for y in range(rect.top, rect.bottom, 3):
            c = surface.get_at((x, y))
            seen.add((c.r, c.g, c.b))
    return seen


def changed(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect, step: int) -> int:
    """How many of ``rect``'s pixels, every ``step``-th, differ between ``a`` and ``b``."""
    return sum(
        1
        for x in range(rect.left, rect.right, step)
        for y in range(rect.top, rect.bottom, step)
        if a.get_at((x, y)) != b.get_at((x, y))
    )


def save_shot(env: str, surface: pygame.Surface, name: str) -> None:
    """With ``$env`` set to a folder, save ``surface`` there as ``name``.png."""
    folder = os.environ.get(env)
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(Path(folder) / f"{name}.png"))
