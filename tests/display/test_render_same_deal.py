"""The same deal again on the result card and the deal of the day on the join menu's page
2 (issue 28 item 4; docs/menus.md) at 1920x1080 and 1280x720. Views come from the real
flow; every line is on screen. ``SAME_DEAL_SHOTS=/tmp/dir`` also saves each screen."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from cabinet.config import Control, FlowConfig
from cabinet.modes.flow import (
    RESULT_GRACE_S,
    Flow,
    FlowPress,
    FlowTick,
    GameOver,
    match_view,
    start,
    step,
    view_of,
)
from cabinet.modes.flow.again import dated
from display.animations import Animations
from display.games import art_for
from display.overlays import join_card, result_card
from display.palette import GOLD
from display.renderer import Renderer
from engine.match import MatchRules
from engine.rules import Game
from tests.display import scenes
from tests.display.pixels import colours, save_shot

SIZES = ((1920, 1080), (1280, 720))
SLAM, S1, S2, S3, R = Control.SLAM, Control.SLOT1, Control.SLOT2, Control.SLOT3, Control.RIGHT
OVER = 30.0


def _flow(seats: int, *presses: tuple[float, Any]) -> Flow:
    flow, _ = start(
        FlowConfig(120, 0, 3),
        seats=seats,
        humans=range(seats),
        games=(Game.SPEED, Game.SPIT, Game.CALIFORNIA),
        difficulties=("casual", "expert"),
        match=MatchRules.parse("single"),
        seed=3,
    )
    flow = dated(flow, "2026-12-02", frozenset({"JAS"}))
    for now, inp in presses:
        flow, _ = step(flow, FlowPress(*inp) if isinstance(inp, tuple) else inp, now)
    return flow


def _result(seats: int) -> Flow:
    both = [(1.0, (s, SLAM)) for s in range(seats)] * 2
    flow = _flow(seats, *both, (5, FlowTick()))
    flow, _ = step(flow, GameOver(0, (0,) + (6,) * (seats - 1)), OVER)
    return flow


def _draw(size: tuple[int, int], flow: Flow, now: float, name: str) -> tuple[pygame.Surface, Any]:
    surface = pygame.Surface(size)
    renderer = Renderer(size, drift_clock=None)
    state = scenes.speed_won() if flow.phase.value == "result" else scenes.speed_new()
    view = scenes.view(state, humans=2, match=match_view(flow), flow=view_of(flow, now))
    layout = renderer.draw(surface, view, Animations(), 0)
    save_shot("SAME_DEAL_SHOTS", surface, f"{name}-{size[1]}p")
    return surface, (view, layout, renderer)


def _on_screen(rows: Any, size: tuple[int, int]) -> None:
    w, h = size
    assert all(r.rect.x >= 0 and r.rect.right <= w and r.rect.bottom <= h for r in rows)


@pytest.mark.parametrize("size", SIZES)
def test_the_result_offers_the_same_deal_and_says_who_asked(
    screen: pygame.Surface, size: tuple[int, int]
) -> None:
    flow = _result(2)
    now = OVER + RESULT_GRACE_S + 1
    _, (view, layout, renderer) = _draw(size, flow, now, "result-same-deal-offer")
    card = result_card(view, layout, art_for(Game.SPEED), renderer.paint.fonts)
    text = " ".join(r.text for r in card.rows)
    assert "2: same deal, hands swapped" in text
    _on_screen(card.rows, size)
    asked, _ = step(flow, FlowPress(1, S2), now)
    _, (view, layout, renderer) = _draw(size, asked, now, "result-same-deal-asked")
    card = result_card(view, layout, art_for(Game.SPEED), renderer.paint.fonts)
    text = " ".join(r.text for r in card.rows)
    assert "2 or SLAM: same deal, hands swapped (P2 asks)" in text
    assert "SLAM: rematch" not in text
    _on_screen(card.rows, size)


def test_four_seats_pass_the_hands_on(screen: pygame.Surface) -> None:
    size = SIZES[1]
    flow = _result(4)
    _, (view, layout, renderer) = _draw(size, flow, OVER + 3, "result-same-deal-4-seats")
    card = result_card(view, layout, art_for(Game.SPEED), renderer.paint.fonts)
    assert "2: same deal, hands passed on" in " ".join(r.text for r in card.rows)
    _on_screen(card.rows, size)


@pytest.mark.parametrize("size", SIZES)
def test_join_page_2_offers_the_deal_of_the_day(
    screen: pygame.Surface, size: tuple[int, int]
) -> None:
    off = _flow(2, (1, (0, SLAM)), (1, (1, SLAM)), (1, (0, S1)), (1, (0, S1)), (1, (0, S3)))
    on, _ = step(off, FlowPress(0, R), 1.2)
    fonts = None
    for flow, name in ((off, "join-page-2-daily-off"), (on, "join-page-2-daily-on")):
        surface, (view, layout, renderer) = _draw(size, flow, 1.3, name)
        fonts = renderer.paint.fonts
        assert view.flow is not None
        card = join_card(fonts, view.flow, layout)
        texts = [r.text for r in card.rows]
        _on_screen(card.rows, size)
        assert "2  party event:  SLAM: sign up players" in texts  # slot 2: the party event
        box = card.box
        assert GOLD in colours(surface, pygame.Rect(box.x, box.y, box.w, box.h))
        if flow is off:
            assert "3  deal of the day:  < off >" in texts
            assert "today's deal, the same for everyone, against a casual bot" in texts
        else:
            assert "3  deal of the day:  < on: play today's deal >" in texts
            assert (
                "enter initials first (4): your first try today counts on the day's board" in texts
            )
    # JAS played today's deal already: the line says this try does not count.
    named = _flow(2, (1, (0, SLAM)), (1, (0, Control.SLOT4)))
    for letter in "JAS":
        for _ in range(ord(letter) - ord("A")):
            named, _ = step(named, FlowPress(0, R), 1.1)
        named, _ = step(named, FlowPress(0, Control.SLOT4), 1.1)
    assert named.name_of(0) == "JAS"
    for control in (S1, S1, S3, R):
        named, _ = step(named, FlowPress(0, control), 1.2)
    _, (view, layout, renderer) = _draw(size, named, 1.3, "join-page-2-daily-repeat")
    assert view.flow is not None
    texts = [r.text for r in join_card(renderer.paint.fonts, view.flow, layout).rows]
    assert "JAS: played today already, this try plays but does not count" in texts


@pytest.mark.parametrize("size", SIZES)
def test_a_deal_of_the_day_result_says_whether_the_try_counted(
    screen: pygame.Surface, size: tuple[int, int]
) -> None:
    flow = _flow(2, (1, (0, SLAM)), (1, (0, S1)), (1, (0, S1)), (1, (0, S3)), (1, (0, R)))
    flow, _ = step(flow, FlowPress(0, Control.SLOT4), 1.1)  # AAA
    flow, _ = step(flow, FlowPress(0, SLAM), 1.2)  # done, and ready: the countdown
    flow, _ = step(flow, FlowTick(), 5)
    flow, _ = step(flow, GameOver(0, (0, 6)), OVER)
    again, _ = step(flow, FlowPress(0, SLAM), OVER + RESULT_GRACE_S)  # AAA's second try
    again, _ = step(again, FlowTick(), OVER + 5)
    again, _ = step(again, GameOver(0, (0, 6)), OVER + 60)
    for shown, now, name, line in (
        (flow, OVER + 2, "result-daily-counted", "this first try today counts"),
        (again, OVER + 62, "result-daily-not-counted", "AAA played it before today"),
    ):
        _, (view, layout, renderer) = _draw(size, shown, now, name)
        card = result_card(view, layout, art_for(Game.SPEED), renderer.paint.fonts)
        assert line in " ".join(r.text for r in card.rows)
        _on_screen(card.rows, size)
