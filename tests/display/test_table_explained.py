"""What lies on the table says what it is (issue 26 item 10): an empty pile reads "empty",
not a "0" under an empty box (read as slot 0), and the grey burned card says it is set
aside and, with a head start, whose."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from display.animations import Animations
from display.games.speed import head_start_text
from display.paint import EMPTY_PILE
from display.palette import GREY
from display.renderer import Renderer
from display.view import TableView
from engine import game
from engine.rules import Handicap, Rules
from tests.display import scenes
from tests.display.pixels import colours, save_shot

SIZES = ((1920, 1080), (1280, 720))


def _draw(view: TableView, size: tuple[int, int], name: str) -> tuple[pygame.Surface, Renderer]:
    surface = pygame.Surface(size).convert()
    renderer = Renderer(size)
    renderer.draw(surface, view, Animations(), view.state.now)
    save_shot("TABLE_SHOTS", surface, f"{name}-{size[1]}p")
    return surface, renderer


@pytest.mark.parametrize("size", SIZES)
def test_an_empty_pile_reads_empty_not_zero(
    screen: pygame.Surface, texts: list[str], size: tuple[int, int]
) -> None:
    """Both draw piles and P2's side pile are empty: each says "empty" in grey under its
    outline; no "0" anywhere."""
    state = scenes.speed_table("6C9H/KD4S -/5C 7D/QS 3C/- -")
    assert [len(p.draw) for p in state.players] == [0, 0]
    surface, renderer = _draw(scenes.view(state, humans=2), size, "empty-piles")
    assert texts.count(EMPTY_PILE) == 3
    assert "0" not in texts
    layout = renderer.layout_of(scenes.view(state, humans=2))
    for s in layout.seats:
        label = s.draw_label
        assert GREY in colours(surface, pygame.Rect(label.x, label.y, label.w, label.h))


def test_a_pile_with_cards_still_shows_its_count(screen: pygame.Surface, texts: list[str]) -> None:
    state = scenes.speed_table(scenes.PLAYABLE_2P)
    _draw(scenes.view(state, humans=2), (1920, 1080), "counts")
    assert EMPTY_PILE not in texts
    assert "1" in texts  # one card in each draw pile


def _speed(players: int, head_starts: dict[int, int]) -> Any:
    rules = Rules(
        players=players,
        handicaps=tuple(Handicap(head_start=head_starts.get(p, 0)) for p in range(players)),
    )
    state, _ = game.new_game(rules, random.Random(7), 7)
    return state


def test_head_start_text_says_whose_and_how_many() -> None:
    assert head_start_text(_speed(2, {})) == ""
    assert head_start_text(_speed(2, {1: 6})) == "P2 head start: 6 cards set aside"
    assert head_start_text(_speed(2, {0: 1})) == "P1 head start: 1 card set aside"
    assert head_start_text(_speed(3, {0: 2, 2: 3})) == "head starts: P1 2, P3 3 cards set aside"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("players", "starts", "caption", "info"),
    [
        (2, {}, "set aside 1", "2 players"),  # PLAYABLE_2P: one card the deal left over
        (2, {1: 6}, "set aside 6", "P2 head start: 6 cards set aside"),
        (3, {1: 6}, "set aside 7", "P2 head start: 6 cards set aside"),  # 1 left over + 6
    ],
)
def test_the_burned_card_says_it_is_set_aside_and_whose_head_start_it_is(
    screen: pygame.Surface,
    texts: list[str],
    size: tuple[int, int],
    players: int,
    starts: dict[int, int],
    caption: str,
    info: str,
) -> None:
    state = scenes.speed_table(scenes.PLAYABLE_2P) if not starts else _speed(players, starts)
    assert len(state.burned) == int(caption.rsplit(" ", 1)[1])
    _draw(scenes.view(state, humans=2), size, f"set-aside-{players}p-{len(starts)}")
    assert caption in texts
    assert any(info in t for t in texts), texts
    assert not any("burned" in t for t in texts)
