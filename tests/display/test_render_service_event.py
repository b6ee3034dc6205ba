"""The service menu's event page on screen (SDL dummy driver), at 1920x1080 and 1280x720:
the page with no event, the start form, an event on with a hidden and a removed name, a
pick and a confirm step, a refusal, and a cabinet without events. Every line is drawn at
a readable size inside the gold frame, the chosen line highlighted, a refusal in red.
``SERVICE_SHOTS=/tmp/dir`` saves each page."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame
import pytest

from cabinet.config import Control
from cabinet.modes import service as sv
from cabinet.modes.event import EventFormat, EventRules
from display import service_menu
from display.animations import Animations
from display.palette import GOLD, LOCK_RED, WHITE
from display.renderer import Renderer
from display.service_menu import HIGHLIGHT
from display.typeset import BODY_PX_1080, body_floor
from engine.rules import Game
from tests.cabinet.modes.event_desk_rigs import CoreDesk, Operator, started
from tests.display import scenes
from tests.display.pixels import colours, save_shot

C = Control
SIZES = [(1920, 1080), (1280, 720)]
IDS = ["1080p", "720p"]
SIXTEEN = tuple(
    a + b + c for a, b, c in zip("ABCDEFGHJKLMNPQR", "OXYW" * 4, "ETAOINSRHLDCUMFP", strict=True)
)
"""Sixteen players (an event's most): clean initials, none blocked."""


def _no_event() -> Operator:
    op = Operator(CoreDesk())
    op.open_event_page()
    return op


def _form() -> Operator:
    op = _no_event()
    op.press(C.SLAM, C.RIGHT, C.RIGHT, C.RIGHT, C.RIGHT, C.SLOT2)  # ends after 10 games
    return op


def _refused() -> Operator:
    op = _form()
    form = replace(op.svc.event.form, streak_cap=0)
    op.svc = replace(op.svc, event=replace(op.svc.event, form=form))
    op.press(C.SLAM)
    return op


def _on() -> Operator:
    """Sixteen players (the most), one hidden, one removed, a game played, paused."""
    desk = started(EventRules(EventFormat.FAIR_STRIKES, Game.SPEED, 2), *SIXTEEN)
    desk.deal(1.0)
    desk.decide(2.0)
    assert desk.hide_name(SIXTEEN[3], 3.0) is None
    assert desk.remove_player(SIXTEEN[6], 3.0) is None
    assert desk.pause_event(3.0) is None
    op = Operator(desk)
    op.open_event_page()
    return op


def _pick() -> Operator:
    op = _on()
    op.choose("hide a name")
    op.press(C.SLAM)
    op.choose(SIXTEEN[9])
    return op


def _confirm() -> Operator:
    op = _on()
    op.choose("remove a player")
    op.press(C.SLAM)
    op.choose(SIXTEEN[4])
    op.press(C.SLAM)
    return op


def _none() -> Operator:
    op = Operator(None)
    op.open_event_page()
    return op


PAGES: dict[str, Callable[[], Operator]] = {
    "no-event": _no_event,
    "form": _form,
    "form-refused": _refused,
    "on-hidden-removed-paused": _on,
    "pick-hide": _pick,
    "confirm-remove": _confirm,
    "not-available": _none,
}


def drawn(
    op: Operator, name: str, size: tuple[int, int], texts: list[str]
) -> tuple[pygame.Surface, int]:
    """The page drawn over a table at ``size``; the smallest font size the page used."""
    surface = pygame.Surface(size)
    table = scenes.view(scenes.speed_new(2), players=2)
    service = sv.view_of(op.svc, sv.Live(), op.now)
    assert service is not None
    view = replace(table, service=service)
    renderer = Renderer(size, drift_clock=None)
    renderer.draw(surface, view, Animations(), 0)
    paint = renderer.paint
    paint.measure()
    texts.clear()
    service_menu.draw(paint, surface, service, renderer.layout_of(view))
    assert paint.smallest is not None
    save_shot("SERVICE_SHOTS", surface, f"service-event-{name}-{size[0]}x{size[1]}")
    return surface, paint.smallest[0]


def _geometry(size: tuple[int, int]) -> tuple[int, int, int]:
    """(u, margin, where the body starts), as display/service_menu.py ``draw`` has them."""
    w, h = size
    u = max(24, h // 14)
    margin = w // 20
    return u, margin, margin // 2 + round(u * 1.6)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("name", list(PAGES))
def test_every_event_page_is_whole_readable_and_opaque(
    screen: pygame.Surface, texts: list[str], name: str, size: tuple[int, int]
) -> None:
    op = PAGES[name]()
    service = sv.view_of(op.svc, sv.Live(), op.now)
    assert service is not None
    surface, smallest = drawn(op, name, size, texts)
    w, h = size
    u, margin, top = _geometry(size)
    floor = BODY_PX_1080 if h == 1080 else body_floor(h) - 2
    assert smallest >= floor, (name, smallest, texts)
    # Opaque: nothing of the table shows outside the frame, and no text runs past the
    # body's margins (blit_text shrinks a long line to fit: none is cut).
    edge = pygame.Rect(2, 2, margin // 2 - 6, h - 4)
    assert colours(surface, edge) == {(0, 0, 0)}
    gutter = pygame.Rect(margin // 2 + u // 6, top, margin // 2 - u // 6 - 2, h - top - margin)
    assert colours(surface, gutter) == {(0, 0, 0)}
    assert GOLD in colours(surface, pygame.Rect(margin, margin // 2, w - 2 * margin, u))
    drawn_lines = [t.removeprefix("> ").removesuffix(" <") for t in texts]
    assert service.title in drawn_lines
    if service.chosen is not None:  # the chosen line is on screen, highlighted, in gold
        chosen = service.lines[service.chosen]
        assert f"> {chosen} <" in texts
        rows = [y for y in range(h) if tuple(surface.get_at((margin + 4, y)))[:3] == HIGHLIGHT]
        assert rows
        band = pygame.Rect(margin, rows[0], w - 2 * margin, rows[-1] - rows[0] + 1)
        assert GOLD in colours(surface, band)
    bottom = h - margin // 2 - round(u * 0.9)
    message = colours(surface, pygame.Rect(margin, bottom - round(u * 1.4), w - 2 * margin, u))
    assert (LOCK_RED in message) == bool(service.error), name
    assert WHITE in colours(surface, pygame.Rect(margin, top, w - 2 * margin, u))


def test_the_event_on_shows_every_player_the_hidden_name_marked(
    screen: pygame.Surface, texts: list[str]
) -> None:
    op = _on()
    drawn(op, "on", (1920, 1080), texts)
    shown = "   ".join(texts)
    for name in SIXTEEN:
        assert name in shown
    assert f"{SIXTEEN[3]} (hidden)" in shown
    assert f"{SIXTEEN[6]} (removed)" in shown
    assert "games played: 1   event PAUSED" in texts
    assert "> resume the event <" in texts


def test_the_pick_and_the_confirm_name_the_player(screen: pygame.Surface, texts: list[str]) -> None:
    drawn(_pick(), "pick", (1280, 720), texts)
    assert f"> {SIXTEEN[9]} <" in texts
    assert f"{SIXTEEN[3]} (hidden)" not in texts  # hidden already: not offered
    drawn(_confirm(), "confirm", (1280, 720), texts)
    assert f"> SLAM again to remove {SIXTEEN[4]}: their games stay in it <" in texts
    assert "SERVICE: REMOVE A PLAYER" in texts
