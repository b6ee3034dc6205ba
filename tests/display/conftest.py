"""Display tests run on SDL's dummy drivers: set before pygame is imported anywhere."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from typing import Any

import pygame
import pytest

from display.paint import Painter


@pytest.fixture(scope="session")
def screen() -> pygame.Surface:
    pygame.display.init()
    pygame.font.init()
    return pygame.display.set_mode((1920, 1080))


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the painters draw from here on, in order (cached or not)."""
    seen: list[str] = []
    real = Painter.text

    def text(paint: Painter, t: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        seen.append(t)
        return real(paint, t, *args, **kwargs)

    monkeypatch.setattr(Painter, "text", text)
    return seen
