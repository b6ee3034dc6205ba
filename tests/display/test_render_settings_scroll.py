"""The settings page when its rows outgrow the screen (four seats and the volume rows on
a 1280x720 display): a window of rows around the chosen one, with a grey arrow where more
are, and never a row over the save message or the hint. ``SERVICE_SHOTS=/tmp/dir`` also
saves each page."""

from __future__ import annotations

from dataclasses import replace

import pygame

from cabinet.config import Control, laptop_config
from cabinet.modes import service as sv
from display.animations import Animations
from display.palette import GREY
from display.renderer import Renderer
from display.service_menu import HIGHLIGHT
from tests.display import scenes
from tests.display.pixels import save_shot

SIZE = (1280, 720)
U = max(24, SIZE[1] // 14)
MARGIN = SIZE[0] // 20
MESSAGE_TOP = SIZE[1] - MARGIN // 2 - round(U * 0.9) - round(U * 1.4)
"""Where the save message starts (display/service_menu.py ``draw``)."""


def settings(*presses: Control, done: bool = False) -> sv.ServiceMenu:
    svc = sv.start(laptop_config(4, 2, "easy", seed=1), difficulties=("easy",), matches=("single",))
    svc, _ = sv.step(svc, sv.ServiceButton(False), 0.0)
    while sv.ITEMS[svc.cursor] is not sv.Page.SETTINGS:
        svc, _ = sv.step(svc, sv.MenuPress(0, Control.RIGHT), 0.0)
    svc, _ = sv.step(svc, sv.MenuPress(0, Control.SLAM), 0.0)
    for c in presses:
        svc, _ = sv.step(svc, sv.MenuPress(0, c), 0.0)
    if done:
        svc, _ = sv.step(svc, sv.Done(None), 0.0)
    return svc


def drawn(svc: sv.ServiceMenu, name: str) -> pygame.Surface:
    """The page drawn at ``SIZE`` (the display is up: the ``screen`` fixture)."""
    surface = pygame.Surface(SIZE)
    table = scenes.view(scenes.speed_new(4), players=4)
    view = replace(table, service=sv.view_of(svc, sv.Live(), 0.0))
    Renderer(SIZE).draw(surface, view, Animations(), 0)
    save_shot("SERVICE_SHOTS", surface, f"service-settings-{name}")
    return surface


def highlighted(surface: pygame.Surface) -> list[int]:
    """The rows of pixels behind the chosen line (its highlight, left of the text)."""
    x = MARGIN + 4
    return [y for y in range(SIZE[1]) if tuple(surface.get_at((x, y)))[:3] == HIGHLIGHT]


def arrow(surface: pygame.Surface, top: int, bottom: int) -> bool:
    """A grey arrow at the rows' right end between ``top`` and ``bottom``."""
    right = SIZE[0] - MARGIN
    return any(
        tuple(surface.get_at((x, y)))[:3] == GREY
        for x in range(right - 80, right)
        for y in range(top, bottom)
    )


def test_the_last_row_chosen_scrolls_into_view_above_the_message(screen: pygame.Surface) -> None:
    svc = settings(Control.LEFT, Control.SLOT1, Control.SLAM, done=True)  # attract 30 -> 20
    assert svc.rows[svc.cursor].key == "display.attract_volume"
    assert len(svc.rows) == 16  # more than 720 lines hold
    surface = drawn(svc, "4p-attract-row")
    rows = highlighted(surface)
    assert rows, "the chosen row is on screen"
    assert max(rows) < MESSAGE_TOP
    assert arrow(surface, U, U * 3)  # more rows above
    assert not arrow(surface, max(rows) - U, MESSAGE_TOP)


def test_the_first_row_chosen_shows_the_top_with_more_below(screen: pygame.Surface) -> None:
    surface = drawn(settings(), "4p-first-row")
    rows = highlighted(surface)
    assert rows
    assert min(rows) < MARGIN // 2 + round(U * 1.6) + U  # the first line's place
    assert arrow(surface, MESSAGE_TOP - 2 * U, MESSAGE_TOP)  # more rows below
    assert not arrow(surface, U, U * 3)
