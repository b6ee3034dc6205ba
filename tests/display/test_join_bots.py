"""The join menu's bots row names the kinds of player (issue 26 item 12): the level a
guest picks reads as who they play against, slowest first, "casual" unless changed."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from cabinet.config import Control, FlowConfig
from cabinet.modes.flow import FlowPress, match_view, start, step, view_of
from cabinet.modes.flow.director import DEFAULT_DIFFICULTY
from cabinet.modes.games import difficulties
from display.animations import Animations
from display.palette import GOLD
from display.renderer import Renderer
from engine.rules import Game
from tests.display import scenes
from tests.display.pixels import colours, save_shot

SHOTS = "ROUND_SHOTS"
"""Set to a folder to save the screens drawn here (as test_round_line.py does)."""


def _joined() -> Any:
    """P1 joined with the bots row picked; P2's seat is a bot's."""
    flow, _ = start(
        FlowConfig(60, 0, 3),
        seats=2,
        humans=(0, 1),
        games=(Game.SPIT, Game.SPEED, Game.CALIFORNIA),
        difficulties=difficulties(),
        difficulty=DEFAULT_DIFFICULTY,
        seed=3,
        now=0.0,
    )
    flow, _ = step(flow, FlowPress(0, Control.SLAM), 1.0)
    flow, _ = step(flow, FlowPress(0, Control.SLOT2), 1.1)
    return flow


def _bots_row(flow: Any) -> str:
    return dict(view_of(flow, 1.2).menu)["bots"]


def test_the_bots_row_cycles_the_kinds_of_player_slowest_first() -> None:
    flow = _joined()
    assert _bots_row(flow) == "1 x casual"
    seen = []
    for _ in difficulties():
        flow, _ = step(flow, FlowPress(0, Control.RIGHT), 1.2)
        seen.append(_bots_row(flow))
    assert seen == [
        "1 x quick",
        "1 x expert",
        "1 x impossible",
        "1 x beginner",
        "1 x casual",
    ]


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_join_menu_draws_the_bots_row(screen: pygame.Surface, size: tuple[int, int]) -> None:
    flow = _joined()
    surface = pygame.Surface(size).convert()
    view = scenes.view(scenes.spit_new(), humans=2, match=match_view(flow), flow=view_of(flow, 1.2))
    layout = Renderer(size).draw(surface, view, Animations(), 0)
    save_shot(SHOTS, surface, f"join-bots-casual-{size[1]}p")
    area = layout.centre_area
    assert GOLD in colours(surface, pygame.Rect(area.x, area.y, area.w, area.h))
