"""The result screen's key map and countdown, and the join menu's two pages, on screen
(issue 26 items 5 and 7) at 1920x1080 and 1280x720. Views come from the real flow;
pixels are probed. ``FLOW_SHOTS=/tmp/dir`` also saves each screen as a PNG."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest

from cabinet.config import Control, FlowConfig
from cabinet.modes.flow import (
    RESULT_GRACE_S,
    RESULT_TIME_S,
    Flow,
    FlowPress,
    FlowRelease,
    FlowTick,
    GameOver,
    match_view,
    start,
    step,
    view_of,
)
from display.animations import Animations
from display.games import art_for
from display.overlays import join_card, result_card
from display.palette import GOLD
from display.renderer import Renderer
from engine.match import MatchRules
from engine.rules import Game
from tests.display import scenes
from tests.display.pixels import changed, colours, save_shot

SIZES = ((1920, 1080), (1280, 720))
SLAM = Control.SLAM
OVER = 30.0
KEYS = "SLAM: next game   2: same deal, hands swapped   4: initials   hold 5: menu"


def _flow(*presses: tuple[float, Any]) -> Flow:
    flow, _ = start(
        FlowConfig(120, 0, 3),
        seats=2,
        humans=(0, 1),
        games=(Game.SPEED, Game.SPIT, Game.CALIFORNIA),
        difficulties=("easy", "medium", "hard"),
        match=MatchRules.parse("best-of-3"),
        seed=3,
    )
    for now, inp in presses:
        flow, _ = step(flow, FlowPress(*inp) if isinstance(inp, tuple) else inp, now)
    return flow


def _result() -> Flow:
    flow = _flow((1, (0, SLAM)), (1, (1, SLAM)), (2, (0, SLAM)), (2, (1, SLAM)), (5, FlowTick()))
    flow, _ = step(flow, GameOver(0, (0, 6)), OVER)
    return flow


def _draw(size: tuple[int, int], flow: Flow, now: float, name: str) -> tuple[pygame.Surface, Any]:
    surface = pygame.Surface(size)
    renderer = Renderer(size, drift_clock=None)
    state = scenes.speed_won() if flow.phase.value == "result" else scenes.speed_new()
    view = scenes.view(state, humans=2, match=match_view(flow), flow=view_of(flow, now))
    layout = renderer.draw(surface, view, Animations(), 0)
    save_shot("FLOW_SHOTS", surface, f"{name}-{size[1]}p")
    return surface, (view, layout, renderer)


@pytest.mark.parametrize("size", SIZES)
def test_the_result_shows_its_key_map_and_countdown(
    screen: pygame.Surface, size: tuple[int, int]
) -> None:
    now = OVER + 8
    flow = _result()
    _, (view, layout, renderer) = _draw(size, flow, now, "result-keys")
    card = result_card(view, layout, art_for(Game.SPEED), renderer.paint.fonts)
    texts = [r.text for r in card.rows]
    assert KEYS in texts or all(part in " ".join(texts) for part in KEYS.split("   "))
    left = f"back to the menu in {RESULT_TIME_S - 8:.0f} s"
    assert left in texts
    row = next(r for r in card.rows if r.text == left)
    w, h = size
    assert row.rect.x >= 0
    assert row.rect.right <= w
    assert row.rect.bottom <= h
    # The countdown's line is drawn in gold, and a second later it reads another number.
    surface, _ = _draw(size, flow, now, "result-keys")
    band = pygame.Rect(row.rect.x, row.rect.y, row.rect.w, row.rect.h)
    assert GOLD in colours(surface, band)
    later, _ = _draw(size, flow, now + 1, "result-keys-later")
    assert changed(surface, later, band, 2) > 10


@pytest.mark.parametrize("size", SIZES)
def test_the_result_after_stray_presses_is_unchanged(
    screen: pygame.Surface, size: tuple[int, int]
) -> None:
    flow = _result()
    now = OVER + RESULT_GRACE_S + 3
    before, _ = _draw(size, flow, now, "result-before-strays")
    t = OVER + RESULT_GRACE_S
    for k, control in enumerate((Control.SLOT1, Control.SLOT3, Control.LEFT, Control.RIGHT)):
        flow, _ = step(flow, FlowPress(k % 2, control), t + 0.1 * k)
    flow, _ = step(flow, FlowPress(0, Control.SLOT5), t + 1)
    flow, _ = step(flow, FlowRelease(0, Control.SLOT5), t + 1.5)  # a short slot 5
    after, _ = _draw(size, flow, now, "result-after-strays")
    w, h = size
    assert changed(before, after, pygame.Rect(0, 0, w, h), 3) == 0


@pytest.mark.parametrize("size", SIZES)
def test_the_join_menus_two_pages(screen: pygame.Surface, size: tuple[int, int]) -> None:
    first = _flow((1, (0, SLAM)), (1, (1, SLAM)), (1.1, (0, SLAM)))
    second = _flow((1, (0, SLAM)), (1, (1, SLAM)), (1.1, (0, Control.SLOT1)))
    second, _ = step(second, FlowPress(0, Control.SLOT1), 1.2)
    one, (v1, layout, renderer) = _draw(size, first, 1.3, "join-page-1")
    two, (v2, _, _) = _draw(size, second, 1.3, "join-page-2")
    fonts = renderer.paint.fonts
    assert v1.flow is not None
    assert v2.flow is not None
    card1 = join_card(fonts, v1.flow, layout)
    card2 = join_card(fonts, v2.flow, layout)
    t1, t2 = [r.text for r in card1.rows], [r.text for r in card2.rows]
    assert "1  game:  < Speed >" in t1
    assert any(t.startswith("page 1 of 2") and "twice: call rule" in t for t in t1)
    assert "1  call rule:  < call it yourself >" in t2
    assert any(t.startswith("out of cards? SLAM") for t in t2)
    assert any(t.startswith("page 2 of 2") and "game, bots, match" in t for t in t2)
    w, h = size
    for card in (card1, card2):  # every line on screen
        assert all(r.rect.x >= 0 and r.rect.right <= w and r.rect.bottom <= h for r in card.rows)
    box = card2.box
    rect = pygame.Rect(box.x, box.y, box.w, box.h)
    assert GOLD in colours(two, rect)
    assert changed(one, two, rect, 4) > 100  # another page


def test_a_changed_call_rule_is_drawn_with_its_own_line(screen: pygame.Surface) -> None:
    flow = _flow((1, (0, SLAM)), (1, (0, Control.SLOT1)), (1, (0, Control.SLOT1)))
    auto, _ = step(flow, FlowPress(0, Control.RIGHT), 1.5)
    size = SIZES[0]
    _, (v1, layout, renderer) = _draw(size, flow, 2, "join-call-yourself")
    _, (v2, _, _) = _draw(size, auto, 2, "join-call-automatic")
    assert v1.flow is not None
    assert v2.flow is not None
    texts = [r.text for r in join_card(renderer.paint.fonts, v2.flow, layout).rows]
    assert "1  call rule:  < automatic >" in texts
    assert "your last card wins at once: no SLAM needed" in texts
    assert replace(v1.flow, menu=v2.flow.menu, menu_notes=v2.flow.menu_notes) == v2.flow
