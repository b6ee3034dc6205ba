"""Display tests run on SDL's dummy drivers: set before pygame is imported anywhere."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest


@pytest.fixture(scope="session")
def screen() -> pygame.Surface:
    pygame.display.init()
    pygame.font.init()
    return pygame.display.set_mode((1920, 1080))
