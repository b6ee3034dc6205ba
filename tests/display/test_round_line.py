"""The info line counts Spit's and California's rounds against the game's round limit
(issue 26 item 12): "round 2 of 3", so a guest knows how long the game still runs."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from display.animations import Animations
from display.games import ARTS
from display.layout import Rect
from display.paint import Painter
from display.palette import WHITE
from display.renderer import Renderer
from engine import game
from engine.rules import Game, Rules
from engine.state import Phase
from tests.display import scenes
from tests.display.pixels import colours, save_shot

SHOTS = "ROUND_SHOTS"
"""Set to a folder to save the screens drawn here."""


def _round_two(rules: Rules, seed: int) -> Any:
    """A bot game of ``rules`` in its second round, a few plays in."""
    state, _ = game.new_game(rules, random.Random(seed), seed)
    state, _ = scenes.bot_game(state, lambda s: s.round == 2 and s.phase is Phase.PLAYING)
    start = state.now
    state, _ = scenes.bot_game(state, lambda s: s.now > start + 4000 or s.round > 2)
    assert state.round == 2
    return state


def _drawn(
    state: Any, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> tuple[pygame.Surface, Rect, list[str]]:
    """``state`` drawn at ``size``: the screen, the info line's rect and the texts drawn
    into it."""
    texts: list[tuple[str, Rect]] = []
    blit = Painter.blit_text

    def spy(self: Painter, surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> None:
        texts.append((text, args[2] if len(args) > 2 else kw["rect"]))
        blit(self, surface, text, *args, **kw)

    monkeypatch.setattr(Painter, "blit_text", spy)
    surface = pygame.Surface(size).convert()
    layout = Renderer(size).draw(surface, scenes.view(state), Animations(), state.now)
    return surface, layout.info, [t for t, r in texts if r == layout.info]


def test_spit_counts_its_rounds_against_the_limit() -> None:
    state = _round_two(Rules(game=Game.SPIT, round_limit=3), 3)
    assert "round 2 of 3" in ARTS[Game.SPIT].info(state)
    assert "round 2 of 3" in ARTS[Game.SPIT].text_head(state)  # the headless demo's line


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_spit_table_shows_round_2_of_3(
    screen: pygame.Surface, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _round_two(Rules(game=Game.SPIT, round_limit=3), 3)
    surface, info, texts = _drawn(state, size, monkeypatch)
    save_shot(SHOTS, surface, f"spit-round-2-of-3-{size[1]}p")
    (line,) = texts
    assert line.startswith("SPIT   round 2 of 3   cards ")
    assert WHITE in colours(surface, pygame.Rect(info.x, info.y, info.w, info.h))  # written


def test_california_counts_its_rounds_against_its_limit(
    screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = scenes.california_new()
    _, _, texts = _drawn(state, (1920, 1080), monkeypatch)
    (line,) = texts
    assert f"round 1 of {state.rules.round_limit}" in line
